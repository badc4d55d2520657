"""The engine's refusals of an adjudication request, in the words of a player at the table.

The engine names a fault by a code and a path (``invalid_card`` at ``plays.2``) and counts seats
from 0; the page says which card of what was entered is wrong, and names the seat as the table
does. Every code the adjudicate form can provoke has its words here; any other gets a plain
sentence, never the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudication.engine import HeartsError, Ruleset, card_name, parse_card
from adjudication.engine.legality import WRONG_LEADER
from scoring.pages.words import card_label, pass_words

#: The form's lists of cards, by the name the engine's paths give them.
LISTS = {"plays": "plays", "hands": "hands", "deal": "deal", "passes": "passes"}
WHAT = {
    "hands": "the holdings after the pass",
    "deal": "the deal",
    "passes": "the passes",
}
FALLBACK = "These cards cannot be ruled on as entered: check the plays, the holdings and the deal."


@dataclass(frozen=True)
class Refusal:
    """Where the words go (a form field, or None for the top) and the words."""

    field: str | None
    words: str


def refusal_words(
    exc: HeartsError, data: dict[str, Any], rules: Ruleset, names: list[str]
) -> Refusal:
    """``exc`` as a player reads it; ``data`` is the form's cleaned data."""
    parts = (exc.field or "").split(".")
    head = parts[0] if parts[0] in LISTS else None
    seat = int(parts[1]) if head != "plays" and len(parts) > 1 and parts[1].isdigit() else None
    index = _index(head, parts)
    token = _token(data, head, seat, index)
    place = _place(head, seat, index, names, rules)
    words = _words(exc.code, exc.message, place, token, head, seat, data, rules, names)
    field = head if head else ("first_leader" if exc.field in {"first_leader", "dealer"} else None)
    if exc.code == "hand_number_required":
        field = "hand_number"
    return Refusal(field, words)


def _index(head: str | None, parts: list[str]) -> int | None:
    position = 1 if head == "plays" else 2
    if len(parts) > position and parts[position].isdigit():
        return int(parts[position])
    return None


def _token(data: dict, head: str | None, seat: int | None, index: int | None) -> str | None:
    if head is None or index is None:
        return None
    cards = data.get(head) or []
    if seat is not None:
        cards = cards[seat] if seat < len(cards) else []
    return cards[index] if index < len(cards) else None


def _place(head, seat, index, names: list[str], rules: Ruleset) -> str:
    """Where a card sits in what was entered: "card 6 of the plays (trick 2)"."""
    if head == "plays" and index is not None:
        return f"Card {index + 1} of the plays (trick {index // rules.players + 1})"
    if head in WHAT and seat is not None:
        who = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        return f"{who}'s line in {WHAT[head]}"
    return ""


def _label(token: str | None) -> str:
    """A typed card as the page shows cards (``10d`` → ``10♦``), else as it was typed."""
    if token is None:
        return "a card"
    try:
        return card_label(card_name(parse_card(token)))
    except HeartsError:
        return f"“{token}”"


def _words(code, message, place, token, head, seat, data, rules, names) -> str:
    who = names[seat] if seat is not None and seat < len(names) else ""
    card = _label(token)
    lowest = card_label(card_name(rules.lowest_club)) if rules.lowest_club is not None else ""
    if code == "invalid_card":
        return (
            f"{place}: {card} is not a card. Write the rank, then the suit: 2C, 10D, QS, AH or Q♠."
        )
    if code == "card_not_in_deck":
        return f"{place}: {card} is taken out of the deck with {rules.players} players."
    if code == "duplicate_card":
        if head == "plays":
            return f"{place}: {card} was already played earlier in the plays."
        if head == "passes":
            return f"{place}: {card} is passed twice."
        return f"{place}: {card} is also in another player's line. Each card is in one hand."
    if code == "too_many_plays":
        return (
            f"There are {len(data.get('plays') or [])} cards in the plays, but the deck has "
            f"only {rules.deck_size}."
        )
    if code == "wrong_number_of_seats":
        return f"Give {WHAT.get(head, 'the cards')} on {rules.players} lines: one per player."
    if code == "wrong_hand_size":
        given = len((data.get(head) or [[]] * (seat + 1))[seat]) if seat is not None else 0
        return (
            f"{who} has {given} cards in {WHAT.get(head, 'this line')}; each player holds "
            f"{rules.hand_size}."
        )
    if code == "first_leader_required":
        return (
            "Say who led the first trick: without every player's cards the plays do not show "
            "who started."
        )
    if code == WRONG_LEADER:
        leader = data.get("first_leader")
        led = names[leader] if leader is not None else "That player"
        return (
            f"{led} did not hold the {lowest}, so did not lead the first trick: choose who "
            "held it, or leave the leader to the holdings."
        )
    if code == "conflicting_holdings":
        return "Enter either the holdings after the pass, or the deal and the passes: not both."
    if code == "hand_number_required":
        return "Give the hand number: it says which way the cards were passed."
    if code == "deal_required":
        return "The passes are checked against the deal: enter the deal too."
    if code == "passes_required":
        direction = message.split("passes ", 1)[-1].split(":", 1)[0]
        said = pass_words(direction, rules.pass_count) or "a pass"
        return f"On this hand the players {said}: enter each player's pass, one line each."
    if code == "too_many_cards":
        return f"{who} passes more cards than a hand holds."
    if code == "invalid_seat":
        return "Choose who led the first trick from the list."
    return FALLBACK
