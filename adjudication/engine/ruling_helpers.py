"""What every ruling on an irregularity shares: finding its trick and play, and the words of
a revoke's rectification (an established revoke, or a duty failed, which counts as one)."""

from __future__ import annotations

from typing import Any

from .irregular_play import LaidTrick, Play
from .irregularities import Irregularity, does_not_fit
from .rectify import (
    REPLAY,
    Effect,
    Hand,
    IrregularityRuling,
)
from .words import gettext as _


def trick_of(hand: Hand, irregularity: Irregularity) -> LaidTrick:
    number = irregularity.trick or 0
    if number > len(hand.layout.tricks):
        message = _("the record has no trick {trick}").format(trick=number)
        raise does_not_fit(irregularity, message, "trick")
    return hand.layout.tricks[number - 1]


def play_of(hand: Hand, irregularity: Irregularity) -> Play:
    trick = trick_of(hand, irregularity)
    play = next((p for p in trick.plays if p.seat == irregularity.seat), None)
    if play is None:
        message = _("seat {seat} played no card to trick {trick} in the record")
        words = message.format(seat=irregularity.seat, trick=trick.number)
        raise does_not_fit(irregularity, words, "seat")
    return play


def revoke_penalty(hand: Hand, seat: int) -> tuple[str, str, Effect]:
    """An established revoke (or a duty failed, which counts as one) under renege_penalty."""
    rules = hand.rules
    value = rules.renege_penalty
    if value == "takes_all":
        message = _("seat {seat} pays the entire losses: it scores {total}, every other seat 0")
        return (
            "revoker_takes_all",
            message.format(seat=seat, total=rules.penalty_total),
            Effect(offender=seat),
        )
    if value == "fixed":
        message = _("seat {seat} is charged {points} points on top of the hand's scores")
        return (
            "revoker_fined",
            message.format(seat=seat, points=rules.renege_points),
            Effect(offender=seat),
        )
    if value == "replay":
        return (
            "hand_replayed",
            _("the hand is void and played again: nothing is scored"),
            Effect(left_to_table=REPLAY),
        )
    return "scored_as_played", _("no penalty: the hand is scored as played"), Effect()


def make_ruling(
    irregularity: Irregularity,
    rule: str,
    found: bool,
    message: str,
    rectification: tuple[str, str, Effect],
    value: str,
    **facts: Any,
) -> IrregularityRuling:
    code, words, effect = rectification
    return IrregularityRuling(
        irregularity,
        rule,
        found,
        message,
        code,
        words,
        value,
        effect=effect,
        **facts,
    )


def nothing() -> tuple[str, str, Effect]:
    return "no_rectification", _("nothing to rectify"), Effect()
