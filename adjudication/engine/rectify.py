"""The ruling on each irregularity of a record, and the hand's score once they are rectified.

Each ``IrregularityRuling`` names the rule code, the option and value it follows (and so the
source quoted for it, ``irregularity_options.SOURCES``), the seat, the trick, the evidence, the
rectification and the points per seat it gives, or what it leaves to the table (a redeal, a
replay, the director's own score). It is plain enough to store and show as it is, and for a
director to accept or override: the raw result, the record scored as played, stays beside it
in the ruling. ``after`` applies any set of them at once; ``irregularity_rulings`` rules on
each kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import BIT, NAMES, Card, Mask
from .irregular_play import Judgement, Layout, Play
from .irregularities import Irregularity
from .irregularity_options import SOURCES
from .rules import Ruleset
from .scoring import HandScore, score_taken

#: What a ruling may leave to the table instead of a score.
REDEAL, REPLAY, DIRECTOR = "redeal", "replay", "director"


@dataclass(frozen=True, slots=True)
class Effect:
    """What a rectification does to the hand: cards moved to a seat's tricks (and a trick
    counted for it), a seat charged as a revoker, or the score left to the table."""

    moves: tuple[tuple[Mask, int], ...] = ()  # (cards, the seat that now takes them)
    tricks: tuple[tuple[int, int], ...] = ()  # (from seat, to seat): a trick counted anew
    offender: int | None = None  # charged under renege_penalty
    left_to_table: str | None = None


@dataclass(frozen=True, slots=True)
class IrregularityRuling:
    """The ruling on one irregularity (module docstring)."""

    irregularity: Irregularity
    rule: str
    found: bool
    message: str
    rectification: str  # a stable code
    rectification_message: str
    value: str  # the value of the option it follows, as the ruleset had it
    seat: int | None = None
    trick: int | None = None
    play_index: int | None = None
    card: Card | None = None
    held: tuple[Card, ...] = ()
    plays: tuple[Play, ...] = ()
    source: str = "record"
    effect: Effect = field(default_factory=Effect)
    points: tuple[int, ...] | None = None
    score: HandScore | None = None
    option_name: str | None = None  # when not the kind's (a corrected revoke's)

    @property
    def option(self) -> str:
        return self.option_name or self.irregularity.option


@dataclass(frozen=True, slots=True)
class Rectified:
    """The hand once every irregularity's rectification applies: the points and score, or
    (both None) what the table is left to do."""

    points: tuple[int, ...] | None
    score: HandScore | None
    left_to_table: tuple[str, ...] = ()

    def as_data(self) -> dict[str, Any]:
        return {
            "points": list(self.points) if self.points is not None else None,
            "scores": scores_as_data(self.score),
            "left_to_table": list(self.left_to_table),
        }


@dataclass(frozen=True, slots=True)
class Hand:
    """The facts every ruling on an irregularity reads."""

    rules: Ruleset
    layout: Layout
    judgement: Judgement
    holdings: tuple[Mask, ...]
    dealt: tuple[Mask, ...] | None  # as given (hands or deal), None when read from the record
    source: str
    taken: tuple[Mask, ...]
    won: tuple[int, ...]
    moon_choice: str | None
    totals_before: Sequence[int] | None

    @property
    def complete(self) -> bool:
        return self.layout.complete


def after(hand: Hand, effects: Sequence[Effect]) -> tuple[tuple[int, ...] | None, HandScore | None]:
    """The points taken and the score once ``effects`` apply to the record as played (None for
    an unfinished record, or one whose score is left to the table)."""
    if not hand.complete or any(e.left_to_table for e in effects):
        return None, None
    _taken, points, score = scored_after(
        hand.rules, hand.taken, hand.won, effects, hand.moon_choice, hand.totals_before
    )
    return points, score


def scored_after(
    rules: Ruleset,
    taken_as_played: Sequence[Mask],
    won_as_played: Sequence[int],
    effects: Sequence[Effect],
    moon_choice: str | None,
    totals_before: Sequence[int] | None,
) -> tuple[tuple[Mask, ...], tuple[int, ...], HandScore]:
    """The cards and points each seat takes, and the score, of a complete record once
    ``effects`` (none leaving the score to the table) apply to what each seat won as played."""
    taken, won = list(taken_as_played), list(won_as_played)
    offenders: list[int] = []
    for effect in effects:
        for cards, seat in effect.moves:
            taken = [mask & ~cards for mask in taken]
            taken[seat] |= cards
        for source, target in effect.tricks:
            won[source] -= 1
            won[target] += 1
        if effect.offender is not None and effect.offender not in offenders:
            offenders.append(effect.offender)
    penalise = rules.renege_penalty in ("takes_all", "fixed")
    score = score_taken(
        rules,
        taken,
        tricks_won=won,
        moon_choice=moon_choice,
        totals_before=totals_before,
        renege_by=offenders[0] if offenders and penalise else None,
    )
    for offender in offenders[1:] if penalise else ():
        score = _charged_again(rules, score, offender)
    return tuple(taken), score.points, score


def _charged_again(rules: Ruleset, score: HandScore, offender: int) -> HandScore:
    """A second revoker in the hand: under ``takes_all`` each pays the entire losses as if
    alone in error (Foster's law 24); under ``fixed`` each pays the fine."""
    from dataclasses import replace
    from types import MappingProxyType

    def charge(values: tuple[int, ...]) -> tuple[int, ...]:
        if rules.renege_penalty == "takes_all":
            return tuple(
                rules.penalty_total if seat == offender else v for seat, v in enumerate(values)
            )
        return tuple(
            v + (rules.renege_points if s == offender else 0) for s, v in enumerate(values)
        )

    if score.scores is None:
        options = {name: charge(values) for name, values in score.options.items()}
        return replace(score, options=MappingProxyType(options))
    return replace(score, scores=charge(score.scores))


def scores_as_data(score: HandScore | None) -> Any:
    """Per seat, both moon options while the shooter's choice is open, or None."""
    if score is None:
        return None
    if score.scores is not None:
        return list(score.scores)
    return {choice: list(values) for choice, values in score.options.items()}


def ruling_as_data(ruling: IrregularityRuling) -> dict[str, Any]:
    """One irregularity's ruling as plain, JSON-safe data (docs/rules.md gives the shape)."""
    option, value, effect = ruling.option, ruling.value, ruling.effect
    return {
        "index": ruling.irregularity.index,
        "kind": ruling.irregularity.kind,
        "stated": ruling.irregularity.as_data(),
        "rule": ruling.rule,
        "found": ruling.found,
        "option": {"name": option, "value": value},
        "source": SOURCES[(option, value)].as_data(),
        "seat": ruling.seat,
        "trick": ruling.trick,
        "play_index": ruling.play_index,
        "card": NAMES[ruling.card] if ruling.card is not None else None,
        "message": ruling.message,
        "evidence": {
            "source": ruling.source,
            "held": [NAMES[c] for c in ruling.held],
            "plays": [
                {"play_index": p.index, "trick": p.trick, "seat": p.seat, "card": NAMES[p.card]}
                for p in ruling.plays
            ],
        },
        "rectification": {
            "code": ruling.rectification,
            "message": ruling.rectification_message,
            "offender": effect.offender,
        },
        "points": list(ruling.points) if ruling.points is not None else None,
        "scores": scores_as_data(ruling.score),
        "left_to_table": effect.left_to_table,
    }


def moved_last_trick(hand: Hand, seat: int, extra: Mask) -> Effect:
    """The last trick, and ``extra`` cards, to ``seat`` (a trick counted for it, not its
    winner)."""
    last = hand.layout.tricks[-1]
    tricks = ((last.winner, seat),) if last.winner is not None and last.winner != seat else ()
    return Effect(moves=((last.mask | extra, seat),), tricks=tricks)


def cards_mask(cards: Sequence[Card]) -> Mask:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask
