"""The small values of a record's text, read and written one way: cards, seats, numbers,
option values, tag values. Every refusal is a ``RecordError`` at its line and column."""

from __future__ import annotations

import json
import re
from typing import Any

from adjudication.engine import build_ruleset
from adjudication.engine.cards import NAMES
from adjudication.engine.words import gettext as _

from .errors import RecordError
from .spec import MAX_DEPTH

CARD_OF = {name: card for card, name in enumerate(NAMES)}
_INTEGER = re.compile(r"-?(0|[1-9][0-9]{0,8})")
#: Each option's type, as the standard ruleset spells it (target_score may also be null).
OPTION_TYPES: dict[str, type] = {
    name: type(value) for name, value in build_ruleset().options().items() if name != "preset"
}


class Token:
    """A word of a line and where it starts."""

    __slots__ = ("column", "line", "text")

    def __init__(self, text: str, line: int, column: int):
        self.text, self.line, self.column = text, line, column

    def error(self, code: str, message: str) -> RecordError:
        return RecordError(code, message, self.line, self.column)


def tokens(text: str, line: int, start: int = 1) -> list[Token]:
    """The words of ``text`` (single spaces between them), columns from ``start``."""
    found, column = [], start
    for word in text.split(" "):
        if not word:
            raise RecordError("extra_space", _("one space between words"), line, column)
        found.append(Token(word, line, column))
        column += len(word) + 1
    return found


def integer(token: Token, low: int, high: int) -> int:
    if not _INTEGER.fullmatch(token.text) or not low <= int(token.text) <= high:
        message = _("{text} is not a whole number from {low} to {high}")
        raise token.error(
            "bad_number", message.format(text=repr(token.text[:20]), low=low, high=high)
        )
    return int(token.text)


def seat(token: Token, players: int) -> int:
    if not _INTEGER.fullmatch(token.text) or not 0 <= int(token.text) < players:
        message = _("{text} is not a seat: 0 to {last}")
        raise token.error("bad_seat", message.format(text=repr(token.text[:20]), last=players - 1))
    return int(token.text)


def card(token: Token, deck: int) -> str:
    """A card as the service writes it (``2C`` … ``AS``), in the ruleset's deck."""
    found = CARD_OF.get(token.text)
    if found is None:
        message = _("{text} is not a card: rank then suit, e.g. 2C, TD, QS, AH")
        raise token.error("bad_card", message.format(text=repr(token.text[:20])))
    if not deck >> found & 1:
        message = _("{card} is not in this ruleset's deck")
        raise token.error("card_not_in_deck", message.format(card=token.text))
    return token.text


def choice(token: Token, allowed: tuple[str, ...], code: str) -> str:
    if token.text not in allowed:
        message = _("{text} is not one of {allowed}")
        raise token.error(
            code, message.format(text=repr(token.text[:30]), allowed=", ".join(allowed))
        )
    return token.text


def depth_of(text: str) -> int:
    """How deep a JSON text nests, outside its strings (counted before it is read)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise ValueError("a key twice")
    return found


def json_value(text: str, line: int, column: int, depth: int = MAX_DEPTH) -> Any:
    """A JSON value (irregularities, a claim, a ruling, the twin), at most ``depth`` deep,
    no key twice, no NaN or Infinity."""
    if depth_of(text) > depth:
        message = _("this JSON nests deeper than {depth} levels").format(depth=depth)
        raise RecordError("too_deep", message, line, column)
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        at_line = line + exc.lineno - 1
        at_column = (column if exc.lineno == 1 else 1) + exc.colno - 1
        message = _("not JSON: {why}").format(why=exc.msg)
        raise RecordError("bad_json", message, at_line, at_column) from None
    except ValueError as exc:
        raise RecordError("bad_json", _("not JSON: {why}").format(why=exc), line, column) from None


def json_text(value: Any) -> str:
    """A JSON value on one line, keys in order, as the writer writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def option_text(value: Any) -> str:
    """An option's value as a tag writes it: a list as its items with spaces between."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return " ".join(str(item) for item in value)
    return str(value)


def option_value(name: str, text: str, token: Token) -> Any:
    """An option's value read from its tag, typed as the engine spells it."""
    kind = OPTION_TYPES[name]
    if kind is list:
        return text.split(" ") if text else []
    if kind is bool:
        if text not in ("true", "false"):
            raise token.error("bad_option", _("{name} is true or false").format(name=name))
        return text == "true"
    if kind is int:
        if text == "null" and name == "target_score":
            return None
        return integer(Token(text, token.line, token.column), -1_000_000, 1_000_000)
    return text


def quoted(value: str) -> str:
    """A tag's value between quotes, a quote or backslash escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
