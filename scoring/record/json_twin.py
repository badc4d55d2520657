"""The JSON twin of a text record: the same games as one JSON document, checked against its
published JSON Schema (``spec.json_schema``), then as the text it writes, so the two forms
follow one set of checks. An error's words begin with the twin's path, and its line and
column are where the hand (or game) it concerns begins in the twin (a syntax error's, where
it stands)."""

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
    starts = value_starts(data)
    try:
        _check(document, _SCHEMA, "")
    except RecordError as exc:
        raise _placed(exc, data, starts, exc.path) from None
    parsed = Parsed()
    for index, game in enumerate(document["games"]):
        text = game_text(game)
        try:
            one = read_text(text)
        except RecordError as exc:
            raise _placed(exc, data, starts, _path_of(index, text, exc.line)) from None
        parsed.lines[(index, None)] = _line_col(data, starts, ("games", index))[0]
        for place in range(len(game["hands"])):
            where = ("games", index, "hands", place)
            parsed.lines[(index, place)] = _line_col(data, starts, where)[0]
        parsed.games.extend(one.games)
    return parsed


def _path_of(index: int, text: str, line: int) -> str:
    """The twin's path of what a game's text has at ``line``: its hand, else the game."""
    hands = sum(1 for row in text.split("\n")[:line] if row.startswith("Hand "))
    return f"/games/{index}/hands/{hands - 1}" if hands else f"/games/{index}"


def _placed(error: RecordError, data: str, starts: dict, path: str) -> RecordError:
    """The error at the twin's line and column of the game or hand its path names."""
    parts = tuple(int(p) if p.isdigit() else p for p in path.strip("/").split("/") if p)
    while parts and parts not in starts:
        parts = parts[:-1]
    line, column = _line_col(data, starts, parts)
    placed = RecordError(error.code, f"{path}: {error.message}", line, column, path)
    return placed


def _line_col(data: str, starts: dict, path: tuple) -> tuple[int, int]:
    offset = starts.get(path, 0)
    line = data.count("\n", 0, offset) + 1
    return line, offset - (data.rfind("\n", 0, offset) + 1) + 1


def value_starts(data: str) -> dict[tuple, int]:
    """Where each game and each hand of a (well-formed) twin begins: ``("games", 2)`` and
    ``("games", 2, "hands", 0)`` to their offsets in ``data``."""
    starts: dict[tuple, int] = {}
    stack: list[list] = []  # [kind, key or index, expecting a key]
    at, size = 0, len(data)
    while at < size:
        char = data[at]
        if char == '"':
            end = at + 1
            while data[end] != '"':
                end += 2 if data[end] == "\\" else 1
            if stack and stack[-1][0] == "{" and stack[-1][2]:
                stack[-1][1], stack[-1][2] = json.loads(data[at : end + 1]), False
            else:
                _started(starts, stack, at)
            at = end + 1
            continue
        if char in "[{":
            _started(starts, stack, at)
            stack.append([char, 0 if char == "[" else None, char == "{"])
        elif char in "]}":
            stack.pop()
        elif char == "," and stack:
            if stack[-1][0] == "[":
                stack[-1][1] += 1
            else:
                stack[-1][2] = True
        elif not char.isspace() and char != ":":
            _started(starts, stack, at)
            while at + 1 < size and data[at + 1] not in ",]} \n\t\r":
                at += 1
        at += 1
    return starts


def _started(starts: dict, stack: list, at: int) -> None:
    path = tuple(frame[1] for frame in stack)
    if path[:1] == ("games",) and len(path) in (2, 4) and (len(path) == 2 or path[2] == "hands"):
        starts.setdefault(path, at)


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
