"""The JSON twin of a text record: the same games as one JSON document, checked against its
published JSON Schema (``spec.json_schema``), then as the text it writes, so the two forms
follow one set of checks. An error names the twin's path; its line and column are the
JSON text's for a syntax error, else the game's text record's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from adjudication.engine.words import gettext as _

from .errors import RecordError
from .read import Parsed, read_text
from .spec import FORMAT, MAX_BYTES, MAX_DEPTH, VERSION, json_schema
from .values import json_value
from .write import game_text

#: The twin's own nesting (document, games, game, hands, hand, tricks, trick, cards) and a
#: stated value's within a hand.
TWIN_DEPTH = 5 + MAX_DEPTH
_SCHEMA = json_schema()


def write_json(games: Iterable[dict[str, Any]]) -> Iterator[str]:
    """The twin's text, a game a piece."""
    yield json.dumps({"format": FORMAT, "version": VERSION})[:-1] + ', "games": ['
    for place, game in enumerate(games):
        yield ("," if place else "") + json.dumps(game, ensure_ascii=False, sort_keys=False)
    yield "]}\n"


def read_json(data: bytes | str) -> Parsed:
    if len(data) > MAX_BYTES:
        message = _("a record is at most {size} bytes").format(size=MAX_BYTES)
        raise RecordError("record_too_large", message, 1, 1)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("not_utf8", _("the record is not UTF-8 text"), 1, 1) from None
    document = json_value(data, 1, 1, TWIN_DEPTH)
    _check(document, _SCHEMA, "")
    parsed = Parsed()
    for index, game in enumerate(document["games"]):
        try:
            one = read_text(game_text(game))
        except RecordError as exc:
            exc.path = f"games/{index}"
            raise
        parsed.lines[(index, None)] = 1
        parsed.games.extend(one.games)
    return parsed


def _fail(path: str, message: str) -> RecordError:
    error = RecordError("schema_mismatch", f"{path or '/'}: {message}", 1, 1)
    error.path = path
    return error


def _check(value: Any, schema: dict[str, Any], path: str) -> None:
    """``value`` against the subset of JSON Schema that ``spec.json_schema`` uses."""
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            try:
                _check(value, option, path)
                return
            except RecordError:
                continue
        raise _fail(path, _("matches none of its forms"))
    if "const" in schema and value != schema["const"]:
        raise _fail(path, _("must be {value}").format(value=json.dumps(schema["const"])))
    if "enum" in schema and value not in schema["enum"]:
        raise _fail(path, _("must be one of {values}").format(values=", ".join(schema["enum"])))
    kind = schema.get("type")
    if kind is not None and not _is(value, kind):
        raise _fail(path, _("must be of type {kind}").format(kind=kind))
    if kind == "integer" and not schema.get("minimum", value) <= value <= schema.get(
        "maximum", value
    ):
        raise _fail(path, _("out of range"))
    if kind == "string":
        if len(value) > schema.get("maxLength", len(value)):
            raise _fail(path, _("too long"))
        if "pattern" in schema and not re.search(schema["pattern"], value):
            raise _fail(path, _("not in its form"))
    if kind == "array":
        if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
            raise _fail(path, _("has a wrong number of items"))
        for index, item in enumerate(value):
            _check(item, schema.get("items", {}), f"{path}/{index}")
    if kind == "object":
        properties = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                raise _fail(path, _("key {key} is missing").format(key=key))
        for key, item in value.items():
            if key not in properties:
                raise _fail(path, _("unknown key {key}").format(key=key))
            _check(item, properties[key], f"{path}/{key}")


def _is(value: Any, kind: str) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, {"string": str, "array": list, "object": dict, "boolean": bool,
                              "null": type(None)}[kind])  # fmt: skip
