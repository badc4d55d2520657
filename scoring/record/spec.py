"""The one definition of the Hearts hand record, version "1" (docs/hand-record.md): its tags,
each hand's lines and what the JSON twin calls them. The text reader and writer, the JSON
twin's reader and its published JSON Schema are all made from these tables
(``tests/records/test_one_definition.py`` holds them to the API's entry and the engine's
options).

Pure Python: nothing of Django (a contract in pyproject.toml)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudication.engine import OPTION_NAMES
from adjudication.engine.option_values import DIRECTIONS, MOON_CHOICES
from adjudication.engine.scoring_cards import CARD_NAMES

FORMAT = "hearts-record"
VERSION = "1"
#: The ruleset options a version-1 record spells out, in this order. The engine's options
#: today; an option added to the engine makes a ruleset version 2.
RULESET_VERSION = "1"
RULESET_OPTIONS: tuple[str, ...] = OPTION_NAMES

MAX_BYTES = 8_000_000
MAX_GAMES = 5_000
MAX_HANDS = 400  # hands a game
MAX_LINE = 20_000  # characters a line (a JSON value on one line included)
MAX_DEPTH = 8  # nesting of a JSON value (irregularities, a claim, a ruling), or the twin's
MAX_SEATS = 6
STATUSES = ("in_progress", "finished", "abandoned")
LEVELS = ("points", "cards_taken", "plays")


@dataclass(frozen=True)
class Tag:
    """One tag pair, ``[Name "value"]``: its JSON twin key and kind."""

    name: str
    key: str
    kind: str  # "text", "date", "status", "seat"


#: The game's tags before its ruleset options, then after its seats.
HEAD_TAGS: tuple[Tag, ...] = (
    Tag("Game", "game", "text"),
    Tag("Event", "event", "text"),
    Tag("Date", "date", "date"),
    Tag("Table", "table", "text"),
    Tag("Status", "status", "status"),
    Tag("Ruleset", "preset", "text"),
    Tag("RulesetVersion", "ruleset_version", "text"),
)
OPTION_TAG = "Option."  # Option.<name>, every option of RULESET_OPTIONS in order
SEAT_TAG = "Seat"  # Seat0 .. SeatN-1, the player names
TAIL_TAGS: tuple[Tag, ...] = (Tag("FirstDealer", "first_dealer", "seat"),)


@dataclass(frozen=True)
class Line:
    """One kind of line of a hand: its keyword, its JSON twin key, its kind, whether it may
    repeat (one a seat, one a trick), and the API entry key it carries (None: the result)."""

    keyword: str
    key: str
    kind: str
    repeats: bool = False
    entry: str | None = None


def keyword_of(name: str) -> str:
    """A line's keyword for an entry's key: ``jack_of_diamonds`` is ``JackOfDiamonds``."""
    return "".join(word.capitalize() for word in name.split("_"))


#: A hand's lines, in the order a record writes them. ``Hand`` opens it.
HAND_LINES: tuple[Line, ...] = (
    Line("Dealer", "dealer", "seat"),
    Line("Pass", "pass", "direction"),
    Line("Level", "level", "level"),
    Line("Holding", "holdings", "seat_cards", repeats=True, entry="hands"),
    Line("FirstLeader", "first_leader", "seat", entry="first_leader"),
    Line("Trick", "tricks", "trick", repeats=True, entry="plays"),
    Line("Taken", "taken", "seat_cards", repeats=True, entry="cards_taken"),
    Line("Entered", "entered_points", "per_seat", entry="points"),
    # Who took each scoring card (adjudication/engine/scoring_cards.py): JackOfDiamonds, …
    *(Line(keyword_of(name), name, "seat", entry=name) for name in CARD_NAMES),
    Line("TricksWon", "tricks_won", "per_seat", entry="tricks_won"),
    Line("MoonChoice", "moon_choice", "moon_choice", entry="moon_choice"),
    Line("Irregularities", "irregularities", "json", entry="irregularities"),
    Line("Claim", "claim", "json", entry="claim"),
    Line("Points", "points", "per_seat"),
    Line("Moon", "moon", "moon"),
    Line("Scores", "scores", "per_seat"),
    Line("Ruled", "ruled", "json"),
    Line("Void", "void", "flag"),
    Line("Confirmed", "confirmed_by", "seat"),
)
LINES_BY_KEYWORD = {line.keyword: line for line in HAND_LINES}
REQUIRED_LINES = ("Dealer", "Pass", "Level", "Points", "Scores")
#: The lines each level needs (its entry).
LEVEL_LINES = {"points": "Entered", "cards_taken": "Taken", "plays": "Trick"}


def blank_hand(number: int) -> dict[str, Any]:
    """A hand of the JSON twin with nothing said yet: every key, in order."""
    hand: dict[str, Any] = {"number": number}
    for line in HAND_LINES:
        hand[line.key] = False if line.kind == "flag" else None
    return hand


_CARD = {"type": "string", "pattern": "^[2-9TJQKA][CDHS]$"}
_SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1}
_INT = {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000}
_CARDS = {"type": "array", "items": _CARD, "maxItems": 52}
_KINDS: dict[str, dict[str, Any]] = {
    "seat": _SEAT,
    "direction": {"enum": list(DIRECTIONS)},
    "level": {"enum": list(LEVELS)},
    "seat_cards": {"type": "array", "items": _CARDS, "maxItems": MAX_SEATS},
    "trick": {
        "type": "array",
        "maxItems": 52,
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": ["leader", "cards"],
            "properties": {"leader": _SEAT, "cards": {**_CARDS, "maxItems": MAX_SEATS}},
        },
    },
    "per_seat": {"type": "array", "items": _INT, "minItems": 3, "maxItems": MAX_SEATS},
    "moon_choice": {"enum": list(MOON_CHOICES)},
    "json": {},
    "moon": {
        "type": "object",
        "additionalProperties": False,
        "required": ["seat", "choice"],
        "properties": {"seat": _SEAT, "choice": {"type": "string", "maxLength": 24}},
    },
    "flag": {"type": "boolean"},
}
_TAG_KINDS: dict[str, dict[str, Any]] = {
    "text": {"type": "string", "maxLength": 200},
    "date": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
    "status": {"enum": list(STATUSES)},
    "seat": _SEAT,
}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]} if schema else {}


def _hand_schema() -> dict[str, Any]:
    properties: dict[str, Any] = {"number": {"type": "integer", "minimum": 1}}
    for line in HAND_LINES:
        kind = _KINDS[line.kind]
        required = line.keyword in REQUIRED_LINES or line.kind == "flag"
        properties[line.key] = kind if required else _nullable(kind)
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(properties),
        "properties": properties,
    }


def _game_schema() -> dict[str, Any]:
    properties: dict[str, Any] = {tag.key: _TAG_KINDS[tag.kind] for tag in HEAD_TAGS}
    properties["options"] = {
        "type": "object",
        "additionalProperties": False,
        "required": list(RULESET_OPTIONS),
        "properties": {name: {} for name in RULESET_OPTIONS},
    }
    properties["seats"] = {
        "type": "array",
        "items": _TAG_KINDS["text"],
        "minItems": 3,
        "maxItems": MAX_SEATS,
    }
    properties.update({tag.key: _TAG_KINDS[tag.kind] for tag in TAIL_TAGS})
    properties["hands"] = {"type": "array", "items": _hand_schema(), "maxItems": MAX_HANDS}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(properties),
        "properties": properties,
    }


def json_schema() -> dict[str, Any]:
    """The JSON twin's JSON Schema (draft 2020-12), served at
    ``/api/v1/hand-record.schema.json``."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "/api/v1/hand-record.schema.json",
        "title": "Hearts hand record, JSON twin, version 1",
        "type": "object",
        "additionalProperties": False,
        "required": ["format", "version", "games"],
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "games": {"type": "array", "items": _game_schema(), "maxItems": MAX_GAMES},
        },
    }
