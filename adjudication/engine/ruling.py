"""What an adjudication finds: the ruling on a hand, its violations and its open questions.

A ``Violation`` is proven: a play (or a pass) broke a rule, and ``held`` / ``shown`` say which
cards prove it and where the record shows them. An ``Undetermined`` play is one that a card not
yet seen would decide. A ``Ruling`` gathers them with the replay of the record: who won each
trick, the cards each seat took and, for a complete record, the score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import NAMES, Card, Mask
from .rules import Ruleset
from .scoring import HandScore, points_of
from .scoring_cards import takers_of
from .words import all_of
from .words import gettext as _

if TYPE_CHECKING:  # the irregularities' and the claim's rulings, kept beside the raw result
    from .claims import ClaimRuling
    from .rectify import IrregularityRuling, Rectified

#: One entry per trick of the record: (leader, winner or None while unfinished, cards played).
TrickLog = list[tuple[int, int | None, Mask]]


@dataclass(frozen=True, slots=True)
class Shown:
    """A later play that proves what a seat held."""

    play_index: int
    trick: int
    card: Card


@dataclass(frozen=True, slots=True)
class Violation:
    """A proven breach of a rule: by a play, or (``play_index`` None) by a pass."""

    play_index: int | None  # None for a pass violation
    trick: int | None  # from 1
    seat: int
    card: Card | None
    rule: str
    message: str
    held: tuple[Card, ...] = ()  # the cards whose holding breaks the rule
    shown: tuple[Shown, ...] = ()  # where the record later shows them
    source: str = "holdings"  # what the proof rests on: holdings, deal, record, shown

    def evidence(self) -> dict[str, Any]:
        """The proof as plain data: what it rests on, the cards held, where they were shown."""
        return {
            "source": self.source,
            "held": [NAMES[c] for c in self.held],
            "shown": [
                {"play_index": s.play_index, "trick": s.trick, "card": NAMES[s.card]}
                for s in self.shown
            ],
        }


@dataclass(frozen=True, slots=True)
class Undetermined:
    """A play of an incomplete record that a card not yet seen would decide."""

    play_index: int
    trick: int
    seat: int
    card: Card
    rule: str
    condition: str
    decided_by: tuple[Card, ...]  # showing any of these later proves the violation
    unless: bool = False  # True: showing one of them later clears the play instead


def shown_later(
    players: int, plays: tuple[Card, ...], index: int, held: Sequence[Card]
) -> tuple[Shown, ...]:
    """Where the record, after play ``index``, shows any of the ``held`` cards."""
    wanted = set(held)
    return tuple(
        Shown(j, j // players + 1, plays[j])
        for j in range(index + 1, len(plays))
        if plays[j] in wanted
    )


def the_record_shows(message: str, shown: Sequence[Shown]) -> str:
    """A violation's message, when a later play is the proof, with the plays that prove it."""
    places = all_of(
        [_("{card} at trick {trick}").format(card=NAMES[s.card], trick=s.trick) for s in shown]
    )
    # Translators: {ruling} is a sentence such as "5H does not follow clubs led, but the seat
    # held 2C"; {places} the later plays that prove it, such as "2C at trick 6".
    return _("{ruling}: the record shows {places}").format(ruling=message, places=places)


@cache
def _seat_order(players: int) -> tuple[tuple[int, ...], ...]:
    """For each leader, the seats in the order they play to a trick."""
    return tuple(tuple((leader + k) % players for k in range(players)) for leader in range(players))


class Trick(NamedTuple):
    """One trick of the record. (A named tuple rather than a frozen dataclass: every ruling that
    is shown builds one per trick, and a named tuple is cheaper to build.)"""

    number: int
    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int | None  # None while the trick is unfinished
    points: int


@dataclass(frozen=True, slots=True)
class Ruling:
    """The ruling on a hand's record (docs/rules.md, How a play is judged): legal or not, and
    why, trick by trick."""

    rules: Ruleset
    plays: tuple[Card, ...]
    first_leader: int | None
    complete: bool
    holdings: tuple[Mask, ...] | None  # after the pass: given, from the deal, or inferred
    holdings_source: str | None  # "hands", "deal", "record", "shown" (at a claim) or None
    violations: tuple[Violation, ...]
    undetermined: tuple[Undetermined, ...]
    trick_log: tuple[tuple[int, int | None, Mask], ...]  # (leader, winner, cards) per trick
    taken: tuple[Mask, ...]  # the cards each seat won
    tricks_won: tuple[int, ...]
    score: HandScore | None  # for a complete record
    pass_direction: str | None = None
    hand_number: int | None = None
    claim: ClaimRuling | None = None  # a claim made after the record's last play, judged
    _tricks: list[Trick] = field(default_factory=list, repr=False, compare=False)
    # A record with irregularities: the ruling on each, and the hand once they are rectified
    # (the fields above keep the raw result, the record as played).
    irregularities: tuple[IrregularityRuling, ...] = ()
    rectified: Rectified | None = None

    @property
    def legal(self) -> bool:
        """No violation is proven (undetermined plays may remain)."""
        return not self.violations

    @property
    def points_taken(self) -> tuple[int, ...]:
        """The penalty points in the cards each seat won."""
        return tuple(points_of(self.rules, cards) for cards in self.taken)

    @property
    def takers(self) -> dict[str, int | None]:
        """The seat that won each scoring card (scoring_cards.py), None where no seat did."""
        return takers_of(self.taken)

    @property
    def jack_of_diamonds(self) -> int | None:
        """The seat that won the J♦, if any seat did."""
        return self.takers["jack_of_diamonds"]

    @property
    def tricks(self) -> list[Trick]:
        """The record trick by trick, built on first use (the adjudication itself needs none)."""
        if not self._tricks and self.trick_log:
            n = self.rules.players
            plays, rules, order = self.plays, self.rules, _seat_order(n)
            for index, (leader, winner, mask) in enumerate(self.trick_log):
                cards = plays[index * n : index * n + n]
                seats = order[leader][: len(cards)]
                self._tricks.append(
                    Trick(index + 1, leader, cards, seats, winner, points_of(rules, mask))
                )
        return self._tricks
