"""Cards as small integers and sets of cards as bitmasks.

A card is ``suit * 13 + rank`` with ranks 0..12 for 2..A and suits clubs, diamonds, hearts,
spades (0..3). Within a suit a higher integer is a higher card, so the winner of a trick is the
largest card of the led suit, and a holding is one Python int with bit ``card`` set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import HeartsError
from .words import gettext as _

Card = int
Mask = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"

FULL_DECK: Mask = (1 << 52) - 1
SUIT_MASK: tuple[Mask, ...] = tuple(0x1FFF << (13 * suit) for suit in range(4))
HEARTS_MASK: Mask = SUIT_MASK[HEARTS]
CLUBS_MASK: Mask = SUIT_MASK[CLUBS]
QUEEN_OF_SPADES: Card = SPADES * 13 + 10
JACK_OF_DIAMONDS: Card = DIAMONDS * 13 + 9
KING_OF_SPADES: Card = SPADES * 13 + 11
ACE_OF_SPADES: Card = SPADES * 13 + 12
QS_BIT: Mask = 1 << QUEEN_OF_SPADES
JD_BIT: Mask = 1 << JACK_OF_DIAMONDS
POINT_MASK: Mask = HEARTS_MASK | QS_BIT

#: ``SUIT_OF[card]``: the adjudication loop looks a card's suit up rather than dividing, the
#: lookup being the cheaper of the two in CPython.
SUIT_OF: tuple[int, ...] = tuple(card // 13 for card in range(52))
BIT: tuple[Mask, ...] = tuple(1 << card for card in range(52))

_SUIT_INPUT = {
    "C": CLUBS,
    "D": DIAMONDS,
    "H": HEARTS,
    "S": SPADES,
    "♣": CLUBS,
    "♦": DIAMONDS,
    "♥": HEARTS,
    "♠": SPADES,
}
_RANK_INPUT = {letter: index for index, letter in enumerate(RANK_LETTERS)}
_RANK_INPUT["10"] = RANK_LETTERS.index("T")
# Phone keyboards append the emoji presentation selector to suit symbols ("♥️").
_VARIATION_SELECTOR = "\ufe0f"
# Upper-case ASCII only: str.upper() also maps look-alikes such as U+017F (long s) to "S".
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
NAMES: tuple[str, ...] = tuple(
    RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13] for card in range(52)
)
_BY_NAME: dict[str, Card] = {name: card for card, name in enumerate(NAMES)}


def card_name(card: Card) -> str:
    """The canonical two-character name: ``2C`` … ``TC`` ``JC`` ``QS`` ``AH``."""
    return NAMES[card]


def parse_card(text: object, field: str | None = None) -> Card:
    """Read one card: ``QS``, ``10h``, ``q♠``, ``Q♠️``. Raises ``invalid_card`` naming the field."""
    if isinstance(text, str):
        cached = _BY_NAME.get(text)
        if cached is not None:
            return cached
        cleaned = text.strip().translate(_ASCII_UPPER).replace(_VARIATION_SELECTOR, "")
        if 2 <= len(cleaned) <= 3:
            rank = _RANK_INPUT.get(cleaned[:-1])
            suit = _SUIT_INPUT.get(cleaned[-1])
            if rank is not None and suit is not None:
                return suit * 13 + rank
    shown = repr(text) if len(repr(text)) <= 40 else repr(text)[:37] + "..."
    if field:
        # Translators: {text} is what was typed, quoted; {field} where, such as plays.7.
        message = _(
            "{text} at {field} is not a card: write rank then suit, e.g. 2C, TD, 10D, QS, AH or Q♠"
        )
    else:
        message = _("{text} is not a card: write rank then suit, e.g. 2C, TD, 10D, QS, AH or Q♠")
    raise HeartsError("invalid_card", message.format(text=shown, field=field), field)


def parse_cards(items: object, field: str) -> tuple[Card, ...]:
    """Read a list of cards; each bad one is named by its index (``plays.7``)."""
    if not isinstance(items, list | tuple):
        message = _("{field} must be a list of cards").format(field=field)
        raise HeartsError("not_a_list", message, field)
    return tuple(parse_card(item, f"{field}.{index}") for index, item in enumerate(items))


def mask_of(cards: Iterable[Card]) -> Mask:
    """The set of ``cards`` as a mask: bit ``card`` set for each."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: Mask) -> tuple[Card, ...]:
    """The cards of a mask in ascending order (clubs, diamonds, hearts, spades)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cards)


def names(cards: Sequence[Card] | Mask) -> list[str]:
    """The canonical names of a list of cards, or of a mask's cards in ascending order."""
    if isinstance(cards, int):
        cards = cards_in(cards)
    return [NAMES[card] for card in cards]


def suit_of(card: Card) -> int:
    return SUIT_OF[card]
