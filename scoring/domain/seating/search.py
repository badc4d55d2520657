"""The local search that plans the remaining rounds together: swaps of two players between
tables of one round, aimed at a pair that meets too often, the cost kept by increments.

The cost is the number of extra meetings: a pair that meets m times (history and plan) costs
m - 1. A swap only moves a player between tables of the same kind (both of 4, or both odd-size),
so the odd-size spread chosen beforehand stays as it was. Randomness comes from the caller's
seeded generator and the work is bounded by a move count, never by the clock: a seed always
gives the same draw.
"""

from __future__ import annotations

import math
import random

from .layout import STANDARD

Tables = list[list[int]]


class PairSet:
    """The pairs that meet more than once, with a random pick in constant time."""

    def __init__(self) -> None:
        self.items: list[tuple[int, int]] = []
        self.index: dict[tuple[int, int], int] = {}

    def add(self, pair: tuple[int, int]) -> None:
        if pair not in self.index:
            self.index[pair] = len(self.items)
            self.items.append(pair)

    def discard(self, pair: tuple[int, int]) -> None:
        at = self.index.pop(pair, None)
        if at is None:
            return
        last = self.items.pop()
        if at < len(self.items):
            self.items[at] = last
            self.index[last] = at


class Meetings:
    """How often each pair of players meets (history and plan), and the extra meetings."""

    def __init__(self, size: int) -> None:
        self.count = [[0] * size for _ in range(size)]
        self.extra = 0
        self.repeated = PairSet()

    def meet(self, table: list[int], step: int) -> None:
        """Count the pairs of ``table`` once more (``step`` 1) or once less (``step`` -1)."""
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                self.bump(a, b, step)

    def bump(self, a: int, b: int, step: int) -> None:
        row_a, row_b = self.count[a], self.count[b]
        before = row_a[b]
        after = before + step
        row_a[b] = row_b[a] = after
        self.extra += max(after - 1, 0) - max(before - 1, 0)
        pair = (a, b) if a < b else (b, a)
        if after > 1:
            self.repeated.add(pair)
        else:
            self.repeated.discard(pair)

    def swap_delta(self, a: int, left: list[int], b: int, right: list[int]) -> int:
        """The change in extra meetings if ``a`` (at ``left``) and ``b`` (at ``right``) swap."""
        row_a, row_b = self.count[a], self.count[b]
        delta = 0
        for x in left:
            if x != a:
                delta += (row_b[x] >= 1) - (row_a[x] >= 2)
        for y in right:
            if y != b:
                delta += (row_a[y] >= 1) - (row_b[y] >= 2)
        return delta

    def swap(self, a: int, left: list[int], b: int, right: list[int]) -> None:
        """Move ``a`` to ``right`` and ``b`` to ``left``, keeping the counts true."""
        for x in left:
            if x != a:
                self.bump(a, x, -1)
                self.bump(b, x, 1)
        for y in right:
            if y != b:
                self.bump(b, y, -1)
                self.bump(a, y, 1)
        left[left.index(a)] = b
        right[right.index(b)] = a


class Search:
    """Simulated annealing over swaps in the ``movable`` rounds of ``rounds``."""

    CANDIDATES = 6  # swaps tried per step; the best of them is the step's proposal

    def __init__(
        self, meetings: Meetings, rounds: list[Tables], movable: list[int], rng: random.Random
    ):
        self.meetings = meetings
        self.rounds = rounds
        self.movable = movable
        self.rng = rng
        self.where = [self._positions(tables) for tables in rounds]
        self.best_extra = meetings.extra
        self.best = [[list(t) for t in tables] for tables in rounds]

    @staticmethod
    def _positions(tables: Tables) -> dict[int, int]:
        return {player: at for at, table in enumerate(tables) for player in table}

    def run(self, steps: int, target: int) -> list[Tables]:
        """Search for up to ``steps`` moves or until the extra meetings reach ``target``; the
        best plan seen."""
        temperature = 0.6
        cooling = math.exp(math.log(0.02 / temperature) / max(steps, 1))
        for _ in range(steps):
            if self.meetings.extra <= target or not self.movable:
                break
            self._step(temperature)
            temperature *= cooling
            if self.meetings.extra < self.best_extra:
                self.best_extra = self.meetings.extra
                self.best = [[list(t) for t in tables] for tables in self.rounds]
        return self.best

    def _step(self, temperature: float) -> None:
        proposal = self._proposal()
        if proposal is None:
            return
        delta, r, a, b = proposal
        if delta > 0 and self.rng.random() >= math.exp(-delta / temperature):
            return
        where = self.where[r]
        left, right = self.rounds[r][where[a]], self.rounds[r][where[b]]
        self.meetings.swap(a, left, b, right)
        where[a], where[b] = where[b], where[a]

    def _proposal(self) -> tuple[int, int, int, int] | None:
        """The best of a few swaps that move one player of a pair met too often."""
        rng = self.rng
        repeated = self.meetings.repeated.items
        a, x = repeated[rng.randrange(len(repeated))]
        together = [r for r in self.movable if self.where[r].get(a, -1) == self.where[r].get(x)]
        if not together:
            r = rng.choice(self.movable)
            tables = self.rounds[r]
            a = rng.choice(rng.choice(tables))
        else:
            r = rng.choice(together)
            tables = self.rounds[r]
            a = a if rng.random() < 0.5 else x
        where = self.where[r]
        left = tables[where[a]]
        kind = len(left) == STANDARD
        others = [t for t in tables if t is not left and (len(t) == STANDARD) == kind]
        if not others:
            return None
        best = None
        for _ in range(self.CANDIDATES):
            right = rng.choice(others)
            b = rng.choice(right)
            delta = self.meetings.swap_delta(a, left, b, right)
            if best is None or delta < best[0]:
                best = (delta, r, a, b)
        return best
