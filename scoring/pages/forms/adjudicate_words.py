"""The engine's refusals of an adjudication request, in the words of a player at the table.

The engine names a fault by a code and a path (``invalid_card`` at ``plays.2``) and counts seats
from 0; the page says which card of what was entered is wrong, and names the seat as the table
does. Every code the adjudicate form can provoke has its words here; any other gets a plain
sentence, never the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine import HeartsError, Ruleset, card_name, parse_card
from adjudication.engine.legality import WRONG_LEADER
from scoring.pages.words import card_label, pass_words

#: The form's lists of cards, by the name the engine's paths give them.
LISTS = {"plays": "plays", "hands": "hands", "deal": "deal", "passes": "passes"}
WHAT = {
    "hands": gettext_lazy("the holdings after the pass"),
    "deal": gettext_lazy("the deal"),
    "passes": gettext_lazy("the passes"),
}
#: Where a seat's line sits, by the list it is in ({who}: the seat's name).
LINE_IN = {
    "hands": gettext_lazy("{who}'s line in the holdings after the pass"),
    "deal": gettext_lazy("{who}'s line in the deal"),
    "passes": gettext_lazy("{who}'s line in the passes"),
}
FALLBACK = gettext_lazy(
    "These cards cannot be ruled on as entered: check the plays, the holdings and the deal."
)


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
        # Translators: where a card sits in what was entered; it starts the sentences below.
        return _("Card {number} of the plays (trick {trick})").format(
            number=index + 1, trick=index // rules.players + 1
        )
    if head in WHAT and seat is not None:
        who = names[seat] if seat < len(names) else _("Seat {number}").format(number=seat + 1)
        return LINE_IN[head].format(who=who)
    return ""


def _label(token: str | None) -> str:
    """A typed card as the page shows cards (``10d`` → ``10♦``), else as it was typed."""
    if token is None:
        return _("a card")
    try:
        return card_label(card_name(parse_card(token)))
    except HeartsError:
        return _("“{token}”").format(token=token)


def _words(code, message, place, token, head, seat, data, rules, names) -> str:
    who = names[seat] if seat is not None and seat < len(names) else ""
    card = _label(token)
    lowest = card_label(card_name(rules.lowest_club)) if rules.lowest_club is not None else ""
    if code == "invalid_card":
        return _(
            "{place}: {card} is not a card. Write the rank, then the suit: 2C, 10D, QS, AH or Q♠."
        ).format(place=place, card=card)
    if code == "card_not_in_deck":
        return _("{place}: {card} is taken out of the deck with {players} players.").format(
            place=place, card=card, players=rules.players
        )
    if code == "duplicate_card":
        if head == "plays":
            return _("{place}: {card} was already played earlier in the plays.").format(
                place=place, card=card
            )
        if head == "passes":
            return _("{place}: {card} is passed twice.").format(place=place, card=card)
        return _(
            "{place}: {card} is also in another player's line. Each card is in one hand."
        ).format(place=place, card=card)
    if code == "too_many_plays":
        return _("There are {count} cards in the plays, but the deck has only {deck_size}.").format(
            count=len(data.get("plays") or []), deck_size=rules.deck_size
        )
    if code == "wrong_number_of_seats":
        return _("Give {what} on {players} lines: one per player.").format(
            what=WHAT.get(head) or _("the cards"), players=rules.players
        )
    if code == "wrong_hand_size":
        given = len((data.get(head) or [[]] * (seat + 1))[seat]) if seat is not None else 0
        return _("{who} has {given} cards in {what}; each player holds {hand_size}.").format(
            who=who, given=given, what=WHAT.get(head) or _("this line"), hand_size=rules.hand_size
        )
    if code == "first_leader_required":
        return _(
            "Say who led the first trick: without every player's cards the plays do not show "
            "who started."
        )
    if code == WRONG_LEADER:
        leader = data.get("first_leader")
        led = names[leader] if leader is not None else _("That player")
        return _(
            "{led} did not hold the {lowest}, so did not lead the first trick: choose who "
            "held it, or leave the leader to the holdings."
        ).format(led=led, lowest=lowest)
    if code == "conflicting_holdings":
        return _("Enter either the holdings after the pass, or the deal and the passes: not both.")
    if code == "hand_number_required":
        return _("Give the hand number: it says which way the cards were passed.")
    if code == "deal_required":
        return _("The passes are checked against the deal: enter the deal too.")
    if code == "passes_required":
        direction = message.split("passes ", 1)[-1].split(":", 1)[0]
        said = pass_words(direction, rules.pass_count) or _("a pass")
        return _(
            "On this hand the players {said}: enter each player's pass, one line each."
        ).format(said=said)
    if code == "too_many_cards":
        return _("{who} passes more cards than a hand holds.").format(who=who)
    if code == "invalid_seat":
        return _("Choose who led the first trick from the list.")
    return str(FALLBACK)
