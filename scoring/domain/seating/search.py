"""The local search that plans the remaining rounds together: simulated annealing over swaps
of two players between tables of one round, aimed at a pair that meets too often.

The cost is the number of extra meetings (meetings.py). A swap moves a player between tables of
the same kind (both of 4, or both odd-size); now and then a move crosses kinds instead: two
players with as many odd-size seats before a round exchange their odd-size seats from that round
on (and their tables wherever those differ). Either way the odd-size spread stays fair, and the
search still chooses who sits at the only odd table of a round.

Randomness comes from the caller's seeded generator and the work is a count of moves, never the
clock: a seed gives the same draw on any machine.
"""

from __future__ import annotations

import math
import random

from .layout import STANDARD
from .meetings import Meetings, mask

Tables = list[list[int]]


class Search:
    """Simulated annealing in the ``movable`` rounds of ``rounds``; ``odd_before`` gives each
    present player's odd-size seats in the rounds played."""

    CROSSING = 0.15  # share of moves that try to exchange two players' odd-size seats
    HOT, COLD = 0.5, 0.05  # temperatures at the start and the end of the search
    CANDIDATES = 1  # swaps weighed per move, the best of them proposed

    def __init__(
        self,
        meetings: Meetings,
        rounds: list[Tables],
        movable: list[int],
        rng: random.Random,
        odd_before: list[int],
    ):
        self.meetings = meetings
        self.rounds = rounds
        self.movable = movable
        self.rng = rng
        self.odd_before = odd_before
        self.where = [self._seats(tables) for tables in rounds]
        self.masks = [[mask(table) for table in tables] for tables in rounds]
        # Table sizes never change: the tables of each kind, by round and table.
        self.kin = [self._kin(tables, same=True) for tables in rounds]
        self.unlike = [self._kin(tables, same=False) for tables in rounds]
        self.best_extra = meetings.extra
        self.best = [[list(t) for t in tables] for tables in rounds]

    def _seats(self, tables: Tables) -> list[int]:
        """The table of each player in a round, -1 for those not in it (who have left)."""
        where = [-1] * len(self.meetings.count)
        for at, table in enumerate(tables):
            for player in table:
                where[player] = at
        return where

    @staticmethod
    def _kin(tables: Tables, *, same: bool) -> list[list[int]]:
        kinds = [len(table) == STANDARD for table in tables]
        return [
            [t for t, kind in enumerate(kinds) if t != at and (kind == mine) == same]
            for at, mine in enumerate(kinds)
        ]

    def run(self, moves: int, target: int) -> list[Tables]:
        """Search for ``moves`` moves or until the extra meetings reach ``target``; the best
        plan seen."""
        temperature = self.HOT
        cooling = math.exp(math.log(self.COLD / self.HOT) / max(moves, 1))
        random_, meetings = self.rng.random, self.meetings
        while moves > 0 and meetings.extra > target and self.movable:
            moves -= 1
            temperature *= cooling
            r, a = self._mover()
            if random_() < self.CROSSING:
                self._cross(r, a, temperature)
            else:
                self._within(r, a, temperature)
            if meetings.extra < self.best_extra:
                self.best_extra = meetings.extra
                self.best = [[list(t) for t in tables] for tables in self.rounds]
        return self.best

    def _pick(self, items: list):
        return items[int(self.rng.random() * len(items))]

    def _mover(self) -> tuple[int, int]:
        """A round and a player of a pair who meet there and have met before (a few random
        picks among such pairs: some met twice only in the rounds played), else anyone."""
        repeated, where = self.meetings.repeated.items, self.where
        for _ in range(4 if repeated else 0):
            a, x = self._pick(repeated)
            together = [r for r in self.movable if where[r][a] == where[r][x] != -1]
            if together:
                return self._pick(together), (a if self.rng.random() < 0.5 else x)
        r = self._pick(self.movable)
        return r, self._pick(self._pick(self.rounds[r]))

    def _accepts(self, delta: int, temperature: float) -> bool:
        return delta <= 0 or self.rng.random() < math.exp(-delta / temperature)

    def _within(self, r: int, a: int, temperature: float) -> None:
        """Weigh the best of a few swaps of ``a`` with a random player at another table of the
        same kind."""
        at = self.where[r][a]
        others = self.kin[r][at]
        if not others:
            return
        once, twice, masks, tables = (
            self.meetings.once,
            self.meetings.twice,
            self.masks[r],
            self.rounds[r],
        )
        random_ = self.rng.random
        left = masks[at] & ~(1 << a)
        once_a = once[a]
        leaving = (twice[a] & left).bit_count()
        best, best_b = None, -1
        for _ in range(self.CANDIDATES):
            t = others[int(random_() * len(others))]
            table = tables[t]
            b = table[int(random_() * len(table))]
            right = masks[t]
            delta = (
                (once_a & right).bit_count()
                - (once_a >> b & 1)
                - leaving
                + (once[b] & left).bit_count()
                - (twice[b] & right).bit_count()
            )
            if best is None or delta < best:
                best, best_b = delta, b
        if self._accepts(best, temperature):
            self._swap(r, a, best_b)

    def _cross(self, r: int, a: int, temperature: float) -> None:
        """Weigh exchanging the odd-size seats of ``a`` and a random player of the other kind
        from round ``r`` on; only when both had as many odd-size seats before ``r``."""
        others = self.unlike[r][self.where[r][a]]
        if not others:
            return
        b = self._pick(self.rounds[r][self._pick(others)])
        if self._odd_seats(a, r) != self._odd_seats(b, r):
            return
        rounds = [
            later
            for later in self.movable
            if later >= r and self._is_odd(a, later) != self._is_odd(b, later)
        ]
        if rounds and self._accepts(self._exchange_delta(a, b, rounds), temperature):
            for later in rounds:
                self._swap(later, a, b)

    def _exchange_delta(self, a: int, b: int, rounds: list[int]) -> int:
        """The change in extra meetings if ``a`` and ``b`` swap tables in each of ``rounds``
        (where they sit apart): each pair's net change in meetings, then its cost."""
        changes: dict[tuple[int, int], int] = {}
        for r in rounds:
            tables, where = self.rounds[r], self.where[r]
            for mover, stayer in ((a, b), (b, a)):
                for x in tables[where[mover]]:
                    if x != mover:
                        changes[mover, x] = changes.get((mover, x), 0) - 1
                        changes[stayer, x] = changes.get((stayer, x), 0) + 1
        count, delta = self.meetings.count, 0
        for (player, x), change in changes.items():
            met = count[player][x]
            delta += max(met + change - 1, 0) - max(met - 1, 0)
        return delta

    def _is_odd(self, player: int, r: int) -> bool:
        return len(self.rounds[r][self.where[r][player]]) != STANDARD

    def _odd_seats(self, player: int, r: int) -> int:
        """Odd-size seats of ``player`` before round ``r`` (rounds played and planned)."""
        return self.odd_before[player] + sum(self._is_odd(player, e) for e in range(r))

    def _swap(self, r: int, a: int, b: int) -> None:
        where, masks = self.where[r], self.masks[r]
        at_a, at_b = where[a], where[b]
        self.meetings.swap(a, self.rounds[r][at_a], b, self.rounds[r][at_b])
        moved = (1 << a) | (1 << b)
        masks[at_a] ^= moved
        masks[at_b] ^= moved
        where[a], where[b] = at_b, at_a
