"""A record's hand as OpenSpiel's ``hearts`` actions (docs/hand-record.md, "OpenSpiel's
hearts"), through the engine's mapping (adjudication/engine/openspiel.py): a record's holdings
are after the pass, so its hand is given to OpenSpiel as a hand without a pass, dealt those
holdings, then its tricks' cards."""

from __future__ import annotations

from typing import Any

from adjudication.engine import HeartsError, Ruleset
from adjudication.engine.openspiel import PASS_ACTIONS
from adjudication.engine.openspiel import openspiel_actions as engine_actions
from adjudication.engine.openspiel import openspiel_card as engine_card

from .values import CARD_OF

__all__ = ["PASS_ACTIONS", "openspiel_actions", "openspiel_card"]


def openspiel_card(name: str) -> int:
    """``rank * 4 + suit`` for a card the record writes (``2C`` 0, ``QS`` 43, ``AS`` 51)."""
    return engine_card(CARD_OF[name])


def openspiel_actions(rules: Ruleset, hand: dict[str, Any]) -> list[int] | None:
    """A hand recorded trick by trick with its holdings, as OpenSpiel's actions: no pass, the
    holdings dealt, the plays; None for a hand OpenSpiel cannot replay (no holdings or
    tricks, or a ruleset its game cannot play: ``openspiel_parameters`` says which)."""
    holdings, tricks = hand["holdings"], hand["tricks"]
    if holdings is None or tricks is None:
        return None
    dealt = [sum(1 << CARD_OF[name] for name in held) for held in holdings]
    plays = [CARD_OF[name] for trick in tricks for name in trick["cards"]]
    try:
        return engine_actions(rules, dealt, "hold", None, plays)
    except HeartsError:
        return None
