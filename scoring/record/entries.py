"""A record's hand and the service's: the hand entry the API takes (``entry_of``), and a
stored hand's plain values as a record's hand (``hand_of``). Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudication.engine import parse_card
from adjudication.engine.cards import NAMES

from .spec import HAND_LINES, blank_hand

_CARD = {name: card for card, name in enumerate(NAMES)}
#: record key -> the API entry's key
ENTRY_KEYS: dict[str, str] = {line.key: line.entry for line in HAND_LINES if line.entry}


def entry_of(hand: Mapping[str, Any]) -> dict[str, Any]:
    """The hand's entry as the API takes it (``PUT …/hands/{number}/``)."""
    entry: dict[str, Any] = {}
    for key, api_key in ENTRY_KEYS.items():
        value = hand[key]
        if value is None:
            continue
        if key == "tricks":
            value = [name for trick in value for name in trick["cards"]]
        entry[api_key] = value
    return entry


def hand_of(stored: Mapping[str, Any], players: int, confirmed_seat: int | None) -> dict[str, Any]:
    """A stored hand (its ``number``, ``dealer``, ``pass_direction``, ``level``, ``entry``,
    ``points``, ``scores``, ``moon_shooter``, ``moon_choice``, ``adjudication``, ``ruled``,
    ``is_void``) as a record's hand."""
    hand = blank_hand(stored["number"])
    entry = stored["entry"]
    hand.update(dealer=stored["dealer"], level=stored["level"])
    hand["pass"] = stored["pass_direction"]
    for key, api_key in ENTRY_KEYS.items():
        if api_key in entry:
            hand[key] = entry[api_key]
    for key in ("holdings", "taken"):
        if hand[key] is not None:
            hand[key] = [[_name(card) for card in cards] for cards in hand[key]]
    if "plays" in entry:
        hand["tricks"] = tricks_of(entry, stored.get("adjudication") or {}, players)
    hand["points"] = list(stored["points"])
    hand["scores"] = list(stored["scores"])
    if stored["moon_shooter"] is not None:
        hand["moon"] = {"seat": stored["moon_shooter"], "choice": stored["moon_choice"] or "off"}
    hand["ruled"] = stored.get("ruled")
    hand["void"] = bool(stored["is_void"])
    hand["confirmed_by"] = confirmed_seat
    return hand


def tricks_of(entry: Mapping[str, Any], ruling: Mapping[str, Any], players: int) -> list[dict]:
    """A flat trick record as tricks, each with its leader: the ruling's when it kept them,
    else replayed (the winner of each trick leads the next)."""
    plays = [_name(card) for card in entry["plays"]]
    chunks = [plays[at : at + players] for at in range(0, len(plays), players)]
    kept = ruling.get("tricks") or []
    if len(kept) >= len(chunks) and all("leader" in trick for trick in kept):
        return [{"leader": kept[i]["leader"], "cards": cards} for i, cards in enumerate(chunks)]
    leader = entry.get("first_leader", ruling.get("first_leader"))
    if leader is None:
        leader = _holder(entry, plays[0]) if plays else 0
    tricks = []
    for cards in chunks:
        tricks.append({"leader": leader, "cards": cards})
        led = _CARD[cards[0]] // 13
        best = max(range(len(cards)), key=lambda i: _rank(cards[i], led))
        leader = (leader + best) % players
    return tricks


def _name(card: object) -> str:
    """A card as the record writes it, however it was typed (``10h``, ``Q♠``)."""
    return card if isinstance(card, str) and card in _CARD else NAMES[parse_card(card)]


def _rank(name: str, led: int) -> int:
    card = _CARD[name]
    return card if card // 13 == led else -1


def _holder(entry: Mapping[str, Any], first: str) -> int:
    for seat, held in enumerate(entry.get("hands") or []):
        if first in [_name(card) for card in held]:
            return seat
    return 0
