"""One hand of a text record read: its lines in the order ``spec.HAND_LINES`` gives, each value
checked where it stands (a card twice, a holding of 14 cards, a play after the hand ended…)."""

from __future__ import annotations

from typing import Any

from adjudication.engine import Ruleset
from adjudication.engine.option_values import DIRECTIONS, MOON_CHOICES
from adjudication.engine.words import gettext as _

from .spec import HAND_LINES, LEVEL_LINES, LEVELS, LINES_BY_KEYWORD, REQUIRED_LINES, blank_hand
from .values import Token, card, choice, integer, json_value, seat, tokens

_PLACE = {line.keyword: place for place, line in enumerate(HAND_LINES)}
_PLAYS_ONLY = ("Holding", "FirstLeader", "Irregularities", "Claim")


def read_hand(lines: list[str], at: int, rules: Ruleset, number: int) -> tuple[dict, int]:
    """Hand ``number`` from line ``at`` (its ``Hand`` line) to the blank line after it."""
    opening = tokens(lines[at], at + 1)
    if opening[0].text != "Hand" or len(opening) != 2:
        raise opening[0].error("hand_expected", _("a hand begins Hand <number>"))
    if integer(opening[1], 1, 100_000) != number:
        message = _("hand {number} comes here").format(number=number)
        raise opening[1].error("hand_out_of_order", message)
    hand, said = blank_hand(number), []
    at += 1
    while at < len(lines) and lines[at] and not lines[at].startswith("["):
        words = tokens(lines[at], at + 1)
        keyword = words[0]
        line = LINES_BY_KEYWORD.get(keyword.text)
        if line is None:
            raise keyword.error("unknown_line", _("unknown line {word}").format(word=keyword.text))
        if said and (
            _PLACE[keyword.text] < _PLACE[said[-1]]
            or (keyword.text == said[-1] and not line.repeats)
        ):
            message = _("{word} out of place (lines come in the order docs/hand-record.md gives)")
            raise keyword.error("line_out_of_order", message.format(word=keyword.text))
        said.append(keyword.text)
        _read_line(hand, line.key, line.kind, words, lines[at], rules)
        at += 1
    _check_hand(hand, said, rules, opening[0])
    return hand, at


def _read_line(
    hand: dict[str, Any], key: str, kind: str, words: list[Token], text: str, rules: Ruleset
) -> None:
    keyword, rest = words[0], words[1:]
    players = rules.players
    if kind == "json":
        if not rest:
            raise keyword.error("value_expected", _("a JSON value follows"))
        start = len(keyword.text) + 2
        hand[key] = json_value(text[start - 1 :], keyword.line, start)
        return
    if kind == "flag":
        _count(keyword, rest, 0)
        hand[key] = True
    elif kind == "per_seat":
        _count(keyword, rest, players)
        hand[key] = [integer(token, -1_000_000, 1_000_000) for token in rest]
    elif kind == "seat_cards":
        _seat_cards(hand, key, keyword, rest, rules)
    elif kind == "trick":
        if len(rest) < 2 or len(rest) > players + 1:
            message = _("a trick is its leader, then 1 to {count} cards").format(count=players)
            raise keyword.error("bad_trick", message)
        hand[key] = _trick(hand[key] or [], keyword, rest, rules)
    elif kind == "moon":
        _count(keyword, rest, 2)
        hand[key] = {"seat": seat(rest[0], players), "choice": rest[1].text}
    else:
        _count(keyword, rest, 1)
        hand[key] = _single(kind, rest[0], players)


def _single(kind: str, token: Token, players: int) -> Any:
    if kind == "seat":
        return seat(token, players)
    if kind == "direction":
        return choice(token, DIRECTIONS, "bad_direction")
    if kind == "level":
        return choice(token, LEVELS, "bad_level")
    return choice(token, MOON_CHOICES, "bad_moon_choice")


def _count(keyword: Token, rest: list[Token], count: int) -> None:
    if len(rest) != count:
        message = _("{word} takes {count} values, not {given}")
        raise keyword.error(
            "wrong_count", message.format(word=keyword.text, count=count, given=len(rest))
        )


def _seat_cards(
    hand: dict[str, Any], key: str, keyword: Token, rest: list[Token], rules: Ruleset
) -> None:
    """``Holding``/``Taken`` lines: one a seat, seats in order, each with its cards."""
    if not rest:
        raise keyword.error("wrong_count", _("{word} names its seat").format(word=keyword.text))
    rows = hand[key] or []
    if seat(rest[0], rules.players) != len(rows):
        message = _("seat {seat} comes here").format(seat=len(rows))
        raise rest[0].error("seat_out_of_order", message)
    cards = [card(token, rules.deck) for token in rest[1:]]
    if key == "holdings" and len(cards) != rules.hand_size:
        message = _("a holding is {size} cards, not {given}")
        raise keyword.error(
            "wrong_holding_size", message.format(size=rules.hand_size, given=len(cards))
        )
    _once([c for row in rows for c in row], rest[1:])
    hand[key] = rows + [cards]


def _once(before: list[str], tokens_: list[Token]) -> None:
    """No card twice in one hand's holdings, tricks or cards taken."""
    seen = set(before)
    for token in tokens_:
        if token.text in seen:
            message = _("{card} is written twice in this hand").format(card=token.text)
            raise token.error("card_twice", message)
        seen.add(token.text)


def _check_hand(hand: dict[str, Any], said: list[str], rules: Ruleset, at: Token) -> None:
    """What the lines must say together: the required ones, the level's own, the seats'."""
    for keyword in REQUIRED_LINES:
        if keyword not in said:
            message = _("hand {number} has no {word} line").format(
                number=hand["number"], word=keyword
            )
            raise at.error("missing_line", message)
    own = LEVEL_LINES[hand["level"]]
    for level, keyword in LEVEL_LINES.items():
        if (keyword in said) != (level == hand["level"]):
            message = _("a hand entered at level {level} has {word} lines, no other level's")
            raise at.error("level_mismatch", message.format(level=hand["level"], word=own))
    if hand["level"] != "plays" and any(word in said for word in _PLAYS_ONLY):
        message = _("holdings, the first leader, irregularities and claims go with plays only")
        raise at.error("plays_only", message)
    for key in ("holdings", "taken"):
        if hand[key] is not None and len(hand[key]) != rules.players:
            message = _("one line a seat: {count}").format(count=rules.players)
            raise at.error("seat_missing", message)


def _trick(tricks: list[dict[str, Any]], keyword: Token, rest: list[Token], rules: Ruleset):
    """The tricks so far and this one: every trick full but a last one (a claim ends the
    record early), no card twice, none once the deck is played out."""
    played = sum(len(trick["cards"]) for trick in tricks)
    if played == rules.deck_size or (tricks and len(tricks[-1]["cards"]) < rules.players):
        raise keyword.error("play_after_end", _("a trick after the hand's last card"))
    cards = [card(token, rules.deck) for token in rest[1:]]
    _once([name for trick in tricks for name in trick["cards"]], rest[1:])
    return tricks + [{"leader": seat(rest[0], rules.players), "cards": cards}]
