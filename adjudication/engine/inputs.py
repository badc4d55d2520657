"""Checking what a caller gives an adjudication: the record's cards, the holdings, the seats.

Each refusal is a ``HeartsError`` naming the field at fault down to the index (``plays.7``,
``hands.2.5``), so that an API client or a form can point at it.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from .cards import BIT, FULL_DECK, NAMES, Card, Mask, cards_in, parse_card
from .errors import HeartsError
from .rules import Ruleset
from .words import gettext as _
from .words import gettext_noop, ngettext

#: The refusals ``add_card_once`` makes of a card outside what it allows: the error code, and
#: the sentence (``{card}`` the card's name), marked here and translated where it is raised.
NOT_IN_DECK = ("card_not_in_deck", gettext_noop("{card} is not in the deck"))
REMOVED_FROM_DECK = (
    "card_not_in_deck",
    gettext_noop("{card} is removed from the deck under this ruleset"),
)
#: ``add_card_once``'s sentences for a card met twice.
GIVEN_TWICE = gettext_noop("{card} is given twice")
PASSED_TWICE = gettext_noop("{card} is passed twice")

_CANONICAL: dict[object, Card] = {
    **{name: card for card, name in enumerate(NAMES)},
    **{card: card for card in range(52)},
}


def add_card_once(
    seen: Mask,
    card: Card,
    where: str | None,
    *,
    allowed: Mask = FULL_DECK,
    refusal: tuple[str, str] = NOT_IN_DECK,
    twice: str = GIVEN_TWICE,
) -> Mask:
    """``seen`` plus ``card``, a card of ``allowed`` not seen yet: each card is in one place once.

    A card outside ``allowed`` is refused with ``refusal`` (the error code, and the sentence);
    a card already seen with ``duplicate_card`` and the sentence ``twice`` ("QS is given
    twice"). Both sentences are English messages with a ``{card}`` placeholder, marked with
    ``gettext_noop`` where they are written and translated here; both errors name the field
    ``where``.
    """
    bit = BIT[card]
    if not allowed & bit:
        code, sentence = refusal
        raise HeartsError(code, _(sentence).format(card=NAMES[card]), where)
    if seen & bit:
        raise HeartsError("duplicate_card", _(twice).format(card=NAMES[card]), where)
    return seen | bit


def record_cards(rules: Ruleset, plays: Sequence[Card | str]) -> tuple[Card, ...]:
    """The record: distinct cards of the deck in play order, no more than the deck holds."""
    if not isinstance(plays, list | tuple):
        raise HeartsError("not_a_list", _("plays must be a list of cards"), "plays")
    if len(plays) > rules.deck_size:
        # More plays than a deck holds are always many: no plural forms needed.
        message = _("{plays} plays, but this deck has {deck_size} cards")
        raise HeartsError(
            "too_many_plays", message.format(plays=len(plays), deck_size=rules.deck_size), "plays"
        )
    return cards_in_deck(rules, plays, "plays")[0]


def cards_in_deck(rules: Ruleset, cards: object, field_name: str) -> tuple[tuple[Card, ...], Mask]:
    """Distinct cards of the ruleset's deck, and their mask. Errors name the offending index."""
    if not isinstance(cards, list | tuple):
        message = _("{field} must be a list of cards").format(field=field_name)
        raise HeartsError("not_a_list", message, field_name)
    # A shortcut for the usual input, cards by canonical name or number, read in bulk. It must
    # accept only what the card-by-card reading below accepts, and give the same result: any
    # doubt (a bool, which would pass for 0 or 1; another spelling; a repeat; a removed card)
    # falls through to that reading, which words the error.
    try:
        if bool in map(type, cards):
            raise TypeError
        parsed = _looked_up(_CANONICAL, cards)
        # The bits summed: a repeated card carries into another bit, so the sum has as many
        # bits set as there are cards only when no card repeats (then it is their union).
        mask = sum(_looked_up(BIT, parsed))
        if mask.bit_count() == len(parsed) and not mask & ~rules.deck:
            return parsed, mask
    except (KeyError, TypeError):
        pass
    result = []
    mask = 0
    for index, item in enumerate(cards):
        where = f"{field_name}.{index}"
        if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 52:
            card = item
        else:
            card = parse_card(item, where)
        mask = add_card_once(mask, card, where, allowed=rules.deck, refusal=REMOVED_FROM_DECK)
        result.append(card)
    return tuple(result), mask


def _looked_up(table: Any, keys: Sequence[Any]) -> tuple[Any, ...]:
    """``table[key]`` for each key, all looked up in one call of ``itemgetter``."""
    if len(keys) < 2:  # the itemgetter of one key gives its value, not a tuple of one
        return tuple(table[key] for key in keys)
    return itemgetter(*keys)(table)


def holdings_of(rules: Ruleset, hands: object, field_name: str) -> list[Mask]:
    """Holdings must split the deck exactly: one per seat, a full hand each, no card twice."""
    if not isinstance(hands, list | tuple) or len(hands) != rules.players:
        message = _("{field} must list the cards of each of the {players} seats")
        raise HeartsError(
            "wrong_number_of_seats",
            message.format(field=field_name, players=rules.players),
            field_name,
        )
    holdings = []
    seen = 0
    for seat, cards in enumerate(hands):
        where = f"{field_name}.{seat}"
        if isinstance(cards, int) and not isinstance(cards, bool) and 0 <= cards < 1 << 52:
            if cards & ~rules.deck or cards.bit_count() != rules.hand_size or cards & seen:
                cards = cards_in(cards)  # let the card-by-card checks name the fault
            else:
                holdings.append(cards)
                seen |= cards
                continue
        parsed, mask = cards_in_deck(rules, cards, where)
        if len(parsed) != rules.hand_size:
            message = ngettext(
                "seat {seat} holds {count} card; a hand is {hand_size}",
                "seat {seat} holds {count} cards; a hand is {hand_size}",
                len(parsed),
            )
            words = message.format(seat=seat, count=len(parsed), hand_size=rules.hand_size)
            raise HeartsError("wrong_hand_size", words, where)
        if mask & seen:
            index = next(i for i, card in enumerate(parsed) if seen & BIT[card])
            owner = next(s for s, held in enumerate(holdings) if held & BIT[parsed[index]])
            message = _("{card} is given to seat {owner} and seat {seat}").format(
                card=NAMES[parsed[index]], owner=owner, seat=seat
            )
            raise HeartsError("duplicate_card", message, f"{where}.{index}")
        seen |= mask
        holdings.append(mask)
    return holdings


def seat_or_none(value: object, players: int, name: str) -> int | None:
    """A seat number from 0, or None when not given."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        message = _("{field} must be a seat from 0 to {last}").format(field=name, last=players - 1)
        raise HeartsError("invalid_seat", message, name)
    return value
