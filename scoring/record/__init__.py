"""The Hearts hand record (docs/hand-record.md): a documented text format of any number of
games, and its JSON twin. Pure Python, no Django: ``read_text``/``read_json`` (strict, total:
a ``RecordError`` with code, line and column) and ``write_text``/``write_json`` (streamed)."""

from .entries import entry_of, hand_of
from .errors import RecordError
from .json_twin import read_json, write_json
from .read import Parsed, read_text
from .spec import FORMAT, VERSION, json_schema
from .write import game_text, write_text

__all__ = [
    "FORMAT",
    "VERSION",
    "Parsed",
    "RecordError",
    "entry_of",
    "game_text",
    "hand_of",
    "json_schema",
    "read_json",
    "read_text",
    "write_json",
    "write_text",
]
