"""The text record read, strictly and totally: any input gives games (the JSON twin's form)
or one ``RecordError`` with its code, line and column; never another exception."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from adjudication.engine import HeartsError, Ruleset, build_ruleset
from adjudication.engine.words import gettext as _

from .errors import RecordError
from .hand_lines import read_hand
from .spec import (
    HEAD_TAGS,
    MAX_BYTES,
    MAX_GAMES,
    MAX_HANDS,
    MAX_LINE,
    OPTION_TAG,
    RULESET_OPTIONS,
    RULESET_VERSION,
    SEAT_TAG,
    STATUSES,
    TAIL_TAGS,
    VERSION,
)
from .values import Token, integer, option_value

_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_.]*) "((?:[^"\\]|\\["\\])*)"\]')
_DATE = re.compile(r"[0-9]{4}\.[0-9]{2}\.[0-9]{2}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass
class Parsed:
    """The games read, and where each game and hand began (line numbers)."""

    games: list[dict[str, Any]] = field(default_factory=list)
    lines: dict[tuple[int, int | None], int] = field(default_factory=dict)


def read_text(data: bytes | str) -> Parsed:
    """Every game of a text record (docs/hand-record.md)."""
    if len(data) > MAX_BYTES:
        message = _("a record is at most {size} bytes").format(size=MAX_BYTES)
        raise RecordError("record_too_large", message, 1, 1)
    text = _decoded(data)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise RecordError("line_too_long", _("a line this long is refused"), number, 1)
        bad = _CONTROL.search(line)
        if bad:
            message = _("a control character (a tab, a carriage return…) is refused")
            raise RecordError("bad_character", message, number, bad.start() + 1)
    parsed, at = Parsed(), 0
    while at < len(lines):
        if not lines[at]:
            at += 1
            continue
        if len(parsed.games) == MAX_GAMES:
            message = _("a record holds at most {count} games").format(count=MAX_GAMES)
            raise RecordError("too_many_games", message, at + 1, 1)
        at = _read_game(lines, at, parsed)
    if not parsed.games:
        raise RecordError("empty_record", _("the record holds no game"), 1, 1)
    return parsed


def _decoded(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise RecordError("not_utf8", _("the record is not UTF-8 text"), line, column) from None


def _read_game(lines: list[str], at: int, parsed: Parsed) -> int:
    index = len(parsed.games)
    parsed.lines[(index, None)] = at + 1
    tags: list[tuple[str, str, Token]] = []
    while at < len(lines) and lines[at].startswith("["):
        match = _TAG.fullmatch(lines[at])
        if not match:
            message = _('a tag is [Name "value"], a quote or backslash in it escaped')
            raise RecordError("bad_tag", message, at + 1, 1)
        value = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
        tags.append((match.group(1), value, Token(value, at + 1, match.start(2) + 1)))
        at += 1
    if not tags:
        raise RecordError("tags_expected", _("a game begins with its tags"), at + 1, 1)
    game, rules = _game_of(tags)
    game["hands"] = []
    while at < len(lines) and not lines[at].startswith("["):
        if not lines[at]:
            at += 1
            continue
        if len(game["hands"]) == MAX_HANDS:
            message = _("a game holds at most {count} hands").format(count=MAX_HANDS)
            raise RecordError("too_many_hands", message, at + 1, 1)
        parsed.lines[(index, len(game["hands"]))] = at + 1
        hand, at = read_hand(lines, at, rules, len(game["hands"]) + 1)
        game["hands"].append(hand)
    parsed.games.append(game)
    return at


def _expected_tags(players: int) -> list[str]:
    return (
        ["HeartsRecord"]
        + [tag.name for tag in HEAD_TAGS]
        + [OPTION_TAG + name for name in RULESET_OPTIONS]
        + [f"{SEAT_TAG}{seat}" for seat in range(players)]
        + [tag.name for tag in TAIL_TAGS]
    )


def _game_of(tags: list[tuple[str, str, Token]]) -> tuple[dict[str, Any], Ruleset]:
    known = set(_expected_tags(6))
    seen: dict[str, Token] = {}
    for name, _value, token in tags:
        if name not in known:
            raise RecordError(
                "unknown_tag", _("unknown tag {name}").format(name=name), token.line, 1
            )
        if name in seen:
            raise RecordError("tag_twice", _("tag {name} twice").format(name=name), token.line, 1)
        seen[name] = token
    first = tags[0]
    if first[0] != "HeartsRecord":
        raise RecordError(
            "tags_expected", _('a game begins with [HeartsRecord "1"]'), first[2].line, 1
        )
    if first[1] != VERSION:
        message = _("unsupported record version {version}: this service reads {supported}")
        raise first[2].error(
            "unsupported_version", message.format(version=repr(first[1]), supported=VERSION)
        )
    values = {name: token for name, _value, token in tags}
    rules = _ruleset(values, first[2])
    expected = _expected_tags(rules.players)
    for place, (name, _value, token) in enumerate(tags):
        if place >= len(expected) or name != expected[place]:
            wanted = expected[place] if place < len(expected) else _("the first hand")
            message = _("tag {name} out of place: {wanted} comes here").format(
                name=name, wanted=wanted
            )
            raise RecordError("tag_out_of_order", message, token.line, 1)
    if len(tags) < len(expected):
        missing = expected[len(tags)]
        message = _("tag {name} is missing").format(name=missing)
        raise RecordError("missing_tag", message, tags[-1][2].line + 1, 1)
    return _head(values, rules), rules


def _ruleset(values: dict[str, Token], first: Token) -> Ruleset:
    version = values.get("RulesetVersion")
    if version is not None and version.text != RULESET_VERSION:
        message = _("unsupported ruleset version {version}: this service reads {supported}")
        raise version.error(
            "unsupported_ruleset_version",
            message.format(version=repr(version.text), supported=RULESET_VERSION),
        )
    options: dict[str, Any] = {}
    for name in RULESET_OPTIONS:
        token = values.get(OPTION_TAG + name)
        if token is None:
            message = _("tag {name} is missing").format(name=OPTION_TAG + name)
            raise RecordError("missing_tag", message, first.line, 1)
        options[name] = option_value(name, token.text, token)
    preset = values.get("Ruleset")
    try:
        return build_ruleset(preset.text if preset else "standard", **options)
    except HeartsError as exc:
        token = values.get(OPTION_TAG + str(exc.field), preset or first)
        raise token.error("invalid_ruleset", exc.message) from None


def _head(values: dict[str, Token], rules: Ruleset) -> dict[str, Any]:
    game: dict[str, Any] = {}
    for tag in HEAD_TAGS:
        token = values[tag.name]
        if tag.kind == "date":
            if not _DATE.fullmatch(token.text):
                raise token.error("bad_date", _("a date is written YYYY.MM.DD"))
            game[tag.key] = token.text.replace(".", "-")
        elif tag.kind == "status" and token.text not in STATUSES:
            message = _("a game's status is one of {statuses}").format(statuses=", ".join(STATUSES))
            raise token.error("bad_status", message)
        elif len(token.text) > 200:
            raise token.error("tag_too_long", _("a tag's value is at most 200 characters"))
        else:
            game[tag.key] = token.text
    game["options"] = {name: rules.options()[name] for name in RULESET_OPTIONS}
    seats = [values[f"{SEAT_TAG}{seat}"] for seat in range(rules.players)]
    for token in seats:
        if not token.text.strip() or len(token.text) > 200:
            raise token.error("bad_name", _("a seat names its player (1 to 200 characters)"))
    game["seats"] = [token.text for token in seats]
    game["first_dealer"] = integer(values["FirstDealer"], 0, rules.players - 1)
    return game
