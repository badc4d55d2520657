"""A record's hand as OpenSpiel's ``hearts`` actions (docs/hand-record.md, "OpenSpiel's
hearts"): OpenSpiel numbers a card ``rank * 4 + suit``, opens a hand with a chance action for
the pass (0 none, 1 left, 2 across, 3 right), deals card k of its deal to seat k % 4, then
takes each play as its card. A record's holdings are after the pass, so its hand is given to
OpenSpiel as a hand without a pass, dealt those holdings."""

from __future__ import annotations

from typing import Any

from .values import CARD_OF

#: OpenSpiel's chance action for each pass direction.
PASS_ACTIONS = {"hold": 0, "left": 1, "across": 2, "right": 3}


def openspiel_card(name: str) -> int:
    """``rank * 4 + suit`` for a card the record writes (``2C`` 0, ``QS`` 43, ``AS`` 51)."""
    card = CARD_OF[name]
    return card % 13 * 4 + card // 13


def openspiel_actions(hand: dict[str, Any]) -> list[int] | None:
    """A four-seat hand recorded trick by trick with its holdings, as OpenSpiel's actions:
    no pass, the holdings dealt, the plays; None for a hand OpenSpiel cannot replay."""
    holdings, tricks = hand["holdings"], hand["tricks"]
    if holdings is None or tricks is None or len(holdings) != 4:
        return None
    ordered = [sorted(openspiel_card(name) for name in held) for held in holdings]
    deal = [ordered[k % 4][k // 4] for k in range(52)]
    plays = [openspiel_card(name) for trick in tricks for name in trick["cards"]]
    return [PASS_ACTIONS["hold"], *deal, *plays]
