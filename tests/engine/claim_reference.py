"""A plain exhaustive search of a claim: the reference the claim search is held to.

Every legal card of every seat is tried (the engine's own ``legal_mask``), with no cut but the
AND/OR answer itself (``any`` stops at the first beating card, ``all`` at the first that keeps
the claim): no transpositions, no equivalent cards, no position judged before its end. The
trick, its winner, broken hearts and what beats each claim are worked out here, apart from
``claim_search.py``. ``tests/engine/test_claims.py`` holds the engine to it on positions with
up to 4 tricks left; ``bench/claims.py`` times the engine against it.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudication.engine import Situation, legal_mask
from adjudication.engine.rules import Ruleset

HEARTS = 0x1FFF << 26
QUEEN = 1 << 49
PENALTY = HEARTS | QUEEN


@dataclass
class Reference:
    """One claim from one position: ``beaten()`` says whether the other seats can beat it."""

    rules: Ruleset
    hold: list[int]
    trick_cards: list[int]  # the trick under way, from its lead
    leader: int
    trick: int  # from 0
    broken: bool
    claimer: int
    outcome: str  # all_tricks, no_points, moon, concede
    line: tuple[int, ...] = ()
    best_line: bool = False  # claim_without_line: best_line (else every_line)
    nodes: int = 0

    def beats(self, winner: int, cards: int) -> bool:
        """Whether a finished trick beats the claim (for a concession: spoils it)."""
        mine = winner == self.claimer
        if self.outcome == "all_tricks":
            return not mine
        if self.outcome == "no_points":
            return mine and bool(cards & PENALTY)
        return not mine and bool(cards & PENALTY)

    def choices(self, seat: int, situation: Situation) -> list[int]:
        legal = legal_mask(self.rules, self.hold[seat], situation)
        if seat == self.claimer and self.line:
            for card in self.line:
                if legal >> card & 1:
                    return [card]
            for card in self.line:
                legal &= ~(1 << card)
        return [card for card in range(52) if legal >> card & 1]

    def trying_to_beat(self, seat: int) -> bool:
        if self.outcome == "concede":
            return False
        return seat != self.claimer or not self.best_line

    def beaten(self) -> bool:
        cards = list(self.trick_cards)
        return self._from(self.leader, cards, self.trick, self.broken)

    def _from(self, leader: int, cards: list[int], trick: int, broken: bool) -> bool:
        self.nodes += 1
        n = self.rules.players
        if len(cards) == n:
            suit = cards[0] // 13
            best = max(card for card in cards if card // 13 == suit)
            winner = (leader + cards.index(best)) % n
            mask = sum(1 << card for card in cards)
            if self.beats(winner, mask):
                return True
            if not any(self.hold):
                return False
            now_broken = broken or bool(mask & self.rules.break_mask)
            return self._from(winner, [], trick + 1, now_broken)
        seat = (leader + len(cards)) % n
        led = cards[0] // 13 if cards else None
        outcomes = (
            self._after(seat, card, leader, cards, trick, broken)
            for card in self.choices(seat, Situation(trick, led, broken))
        )
        return any(outcomes) if self.trying_to_beat(seat) else all(outcomes)

    def _after(
        self, seat: int, card: int, leader: int, cards: list[int], trick: int, broken: bool
    ) -> bool:
        self.hold[seat] &= ~(1 << card)
        try:
            return self._from(leader, [*cards, card], trick, broken)
        finally:
            self.hold[seat] |= 1 << card
