"""Ruling on each kind of irregularity: is it what the record says, and what does the rule do.

One function a kind (``RULERS``: ``play_rulings`` and ``card_rulings``), each given the hand
(``rectify.Hand``) and the irregularity, each giving an ``IrregularityRuling`` whose words are
built in the active language. What the record contradicts is refused
(``irregularity_does_not_fit``, a 4xx naming the field).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from . import card_rulings, play_rulings
from .irregularities import Irregularity
from .rectify import Hand, IrregularityRuling, after


def rule_on(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """The ruling on ``irregularity``, with the points it gives applied alone to the record."""
    ruling = RULERS[irregularity.kind](hand, irregularity)
    points, score = after(hand, [ruling.effect])
    return replace(ruling, points=points, score=score)


RULERS: dict[str, Callable[[Hand, Irregularity], IrregularityRuling]] = {
    "revoke": play_rulings.revoke,
    "exposed_card": play_rulings.exposed_card,
    "lead_out_of_turn": play_rulings.lead_out_of_turn,
    "missed_trick": card_rulings.missed_trick,
    "card_short": card_rulings.card_short,
    "misdeal": card_rulings.misdeal,
    "card_played_twice": card_rulings.card_played_twice,
    "card_misplaced": card_rulings.card_misplaced,
}
