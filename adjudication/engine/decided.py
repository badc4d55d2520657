"""A hand as a director's decisions on its irregularities leave it: the rectifications accepted,
applied together to the record as played.

A ruling (``Ruling.irregularities``) proposes one rectification an irregularity; a director
accepts some and overrides others. ``rectified_by`` scores the record with the accepted ones
alone, as ``Ruling.rectified`` does with all of them: so accepting every ruling gives the
rectified hand, and accepting none the hand as played.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .cards import QS_BIT
from .errors import HeartsError
from .rectify import scored_after
from .ruling import Ruling
from .scoring import HandScore
from .words import gettext as _


@dataclass(frozen=True, slots=True)
class Decided:
    """The record scored with the accepted rectifications: each seat's points, the score, and
    who took the Q♠ (None when nobody did)."""

    points: tuple[int, ...]
    score: HandScore
    queen_by: int | None


def rectified_by(
    ruling: Ruling,
    accepted: Collection[int],
    *,
    moon_choice: str | None = None,
    totals_before: Sequence[int] | None = None,
) -> Decided:
    """The complete record of ``ruling`` scored with the rectifications of the irregularities
    ``accepted`` (their places in the record's ``irregularities``); each must be one the
    ruling ruled on, and none may leave the score to the table (a redeal, a replay, the
    director's own score): those are not scored here."""
    by_index = {r.irregularity.index: r for r in ruling.irregularities}
    unknown = sorted(set(accepted) - set(by_index))
    if unknown:
        message = _("the record states no irregularity {index}").format(index=unknown[0])
        raise HeartsError("unknown_ruling", message, "accepted")
    chosen = [by_index[index] for index in sorted(accepted)]
    left = next((r for r in chosen if r.effect.left_to_table), None)
    if left is not None:
        message = _("irregularity {index} leaves the hand to the table: {what}")
        words = message.format(index=left.irregularity.index, what=left.effect.left_to_table)
        raise HeartsError("left_to_table", words, "accepted")
    if not ruling.complete:
        message = _("an unfinished record has no score to rectify")
        raise HeartsError("incomplete_record", message, "plays")
    taken, points, score = scored_after(
        ruling.rules,
        ruling.taken,
        ruling.tricks_won,
        [r.effect for r in chosen],
        moon_choice,
        totals_before,
    )
    queen = next((seat for seat, mask in enumerate(taken) if mask & QS_BIT), None)
    return Decided(points, score, queen)
