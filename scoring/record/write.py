"""Games (the JSON twin's form) written as a text record, one game at a time, so an export
streams (docs/hand-record.md). What the reader reads back, byte for byte."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .spec import HAND_LINES, HEAD_TAGS, OPTION_TAG, RULESET_OPTIONS, SEAT_TAG, TAIL_TAGS, VERSION
from .values import json_text, option_text, quoted


def write_text(games: Iterable[dict[str, Any]]) -> Iterator[str]:
    """The record's text, a game a piece; games are separated by a blank line."""
    for place, game in enumerate(games):
        yield ("\n" if place else "") + game_text(game)


def game_text(game: dict[str, Any]) -> str:
    out = [f"[HeartsRecord {quoted(VERSION)}]"]
    for tag in HEAD_TAGS:
        value = game[tag.key]
        if tag.kind == "date":
            value = value.replace("-", ".")
        out.append(f"[{tag.name} {quoted(value)}]")
    for name in RULESET_OPTIONS:
        out.append(f"[{OPTION_TAG}{name} {quoted(option_text(game['options'][name]))}]")
    for seat, name in enumerate(game["seats"]):
        out.append(f"[{SEAT_TAG}{seat} {quoted(name)}]")
    for tag in TAIL_TAGS:
        out.append(f"[{tag.name} {quoted(str(game[tag.key]))}]")
    for hand in game["hands"]:
        out.append("")
        out.extend(hand_lines(hand))
    return "\n".join(out) + "\n"


def hand_lines(hand: dict[str, Any]) -> list[str]:
    out = [f"Hand {hand['number']}"]
    for line in HAND_LINES:
        value = hand[line.key]
        if value is None or value is False:
            continue
        if line.kind == "seat_cards":
            out.extend(
                " ".join([line.keyword, str(seat), *cards]) for seat, cards in enumerate(value)
            )
        elif line.kind == "trick":
            out.extend(
                " ".join([line.keyword, str(trick["leader"]), *trick["cards"]]) for trick in value
            )
        elif line.kind == "per_seat":
            out.append(" ".join([line.keyword, *map(str, value)]))
        elif line.kind == "moon":
            out.append(f"{line.keyword} {value['seat']} {value['choice']}")
        elif line.kind == "json":
            out.append(f"{line.keyword} {json_text(value)}")
        elif line.kind == "flag":
            out.append(line.keyword)
        else:
            out.append(f"{line.keyword} {value}")
    return out
