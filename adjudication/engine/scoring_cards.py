"""Each scoring card declared once, and the details of a hand entry that follow from them.

A scoring card is a card other than the hearts and the Q♠ whose taker changes the hand's
scores under a ruleset option (docs/rules.md, Scoring a hand): the J♦ and the 10♦. Its
``ScoringCard`` says everything the project needs of it, and every reader follows from it:

- ``name``: the entry detail on the wire (an API body's key, the stored entry's, a ruling's,
  the backup's), the ``Hand`` column that keeps its taker, the form's field, the error code
  ``<name>_required``. Never renamed: stored data and the API carry it.
- ``card`` and ``label``: the card by its name (``JD``), and how it is written (``J♦``, a
  symbol, never translated).
- ``option``: the ``Ruleset`` field that makes it score (0 or False: it does not).
- ``effect``: how it changes its taker's score (``Bonus``: the option's value added), applied
  on top of moon and sun scoring, in declaration order; its words (``+10``); and the values
  its option takes (``bounds``: a whole number within them; None: true or false), which the
  ruleset's check (option_values.py) and the API's ruleset schema follow.
- ``question``, ``required``, ``say_who``, ``table_says``: the sentences a person reads
  (marked with ``gettext_noop``, translated where they are shown): the hand form's question,
  the engine's refusal, the pages' refusal, a claim's words.

``ENTRY_DETAILS`` are the details a count (points or cards taken) may carry beside its points:
each scoring card's taker, the tricks won, the moon choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .cards import BIT, Mask, parse_card
from .words import gettext_noop

if TYPE_CHECKING:
    from .rules import Ruleset


class Effect(Protocol):
    """How a scoring card changes its taker's score, given its option's value."""

    @property
    def bounds(self) -> tuple[int, int] | None: ...

    def apply(self, value: int, scores: list[int], taker: int) -> None: ...

    def words(self, value: int) -> str: ...


@dataclass(frozen=True, slots=True)
class Bonus:
    """The option's value added to the taker's score (negative: a bonus off their points)."""

    bounds: tuple[int, int] | None = (-1000, 1000)  # points on a score sheet: bounded

    def apply(self, value: int, scores: list[int], taker: int) -> None:
        scores[taker] += value

    def words(self, value: int) -> str:
        return f"{value:+d}"


@dataclass(frozen=True, slots=True)
class ScoringCard:
    """One scoring card (module docstring)."""

    name: str
    card: str  # its name: JD
    label: str
    option: str
    effect: Effect
    question: str  # "{points}": the effect's words
    required: str
    say_who: str
    table_says: str

    @property
    def bit(self) -> Mask:
        return BIT[parse_card(self.card)]

    def scores(self, rules: Ruleset) -> bool:
        """Whether the ruleset scores this card."""
        return bool(getattr(rules, self.option))

    def in_play(self, rules: Ruleset) -> bool:
        """Whether it scores and is in the deck: then a count must say who took it."""
        return self.scores(rules) and bool(rules.deck & self.bit)

    def effect_words(self, rules: Ruleset) -> str:
        """What taking it does, for a marker or a question: ``+10``."""
        return self.effect.words(int(getattr(rules, self.option)))

    def apply(self, rules: Ruleset, scores: list[int], taker: int | None) -> None:
        if taker is not None and self.scores(rules):
            self.effect.apply(int(getattr(rules, self.option)), scores, taker)


SCORING_CARDS: tuple[ScoringCard, ...] = (
    ScoringCard(
        name="jack_of_diamonds",
        card="JD",
        label="J♦",
        option="jack_of_diamonds",
        effect=Bonus(),
        question=gettext_noop("Who took the J♦ ({points})?"),
        required=gettext_noop("this ruleset scores the J♦: say which seat took it"),
        say_who=gettext_noop("Say who took the J♦."),
        table_says=gettext_noop("The table says who takes the J♦."),
    ),
    ScoringCard(
        name="ten_of_diamonds",
        card="TD",
        label="10♦",
        option="ten_of_diamonds",
        effect=Bonus(),
        question=gettext_noop("Who took the 10♦ ({points})?"),
        required=gettext_noop("this ruleset scores the 10♦: say which seat took it"),
        say_who=gettext_noop("Say who took the 10♦."),
        table_says=gettext_noop("The table says who takes the 10♦."),
    ),
)

CARD_NAMES: tuple[str, ...] = tuple(card.name for card in SCORING_CARDS)
SCORING_CARD_BY_NAME: Mapping[str, ScoringCard] = {card.name: card for card in SCORING_CARDS}
CARD_LABELS: Mapping[str, str] = {card.name: card.label for card in SCORING_CARDS}
ENTRY_DETAILS: tuple[str, ...] = (*CARD_NAMES, "tricks_won", "moon_choice")

Takers = Mapping[str, int | None]


def cards_text() -> str:
    """The scoring cards in a schema's English: ``the J♦`` (``the J♦ and the 10♣``)."""
    return " and ".join(f"the {card.label}" for card in SCORING_CARDS)


def details_text(last: str = "or") -> str:
    """The entry details in a schema's English: ``jack_of_diamonds, tricks_won or
    moon_choice``."""
    return f"{', '.join(ENTRY_DETAILS[:-1])} {last} {ENTRY_DETAILS[-1]}"


def scored_cards(rules: Ruleset) -> tuple[ScoringCard, ...]:
    """The scoring cards this ruleset scores."""
    return tuple(card for card in SCORING_CARDS if card.scores(rules))


def cards_in_play(rules: Ruleset) -> tuple[ScoringCard, ...]:
    """The scoring cards this ruleset scores that are in its deck: a count says who took each."""
    return tuple(card for card in SCORING_CARDS if card.in_play(rules))


def scored_mask(rules: Ruleset) -> Mask:
    """The scoring cards in play, as a mask (a cards_taken entry accounts for each)."""
    return sum(card.bit for card in cards_in_play(rules))


def takers_of(taken: Sequence[Mask]) -> dict[str, int | None]:
    """Who took each scoring card, from the cards each seat won (None: nobody)."""
    return {
        card.name: next((seat for seat, won in enumerate(taken) if won & card.bit), None)
        for card in SCORING_CARDS
    }


def takers_given(details: Mapping[str, Any]) -> dict[str, int | None]:
    """The scoring cards' takers a mapping names (an entry, a result), the others left out."""
    return {name: details[name] for name in CARD_NAMES if details.get(name) is not None}


def scored_takers(rules: Ruleset, takers: Takers) -> dict[str, int | None]:
    """Each scored card's taker (None where not given); the cards the ruleset ignores left out."""
    return {card.name: takers.get(card.name) for card in scored_cards(rules)}


def every_taker(takers: Takers) -> dict[str, int | None]:
    """Each declared card's taker, None where ``takers`` has none (a ``Hand``'s columns)."""
    return {name: takers.get(name) for name in CARD_NAMES}


def with_cards(rules: Ruleset, base: Sequence[int], takers: Takers) -> tuple[int, ...]:
    """Scores with each scoring card's effect on its taker, in declaration order."""
    scores = list(base)
    for card in SCORING_CARDS:
        card.apply(rules, scores, takers.get(card.name))
    return tuple(scores)
