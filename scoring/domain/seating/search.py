"""The local search that plans the remaining rounds together: swaps of two players between
tables of one round, aimed at a pair that meets too often, the cost kept by increments.

The cost is the number of extra meetings: a pair that meets m times (history and plan) costs
m - 1. A swap only moves a player between tables of the same kind (both of 4, or both odd-size),
so the odd-size spread chosen beforehand stays as it was. Randomness comes from the caller's
seeded generator and the work is bounded by a count of swaps weighed, never by the clock: a
seed always gives the same draw.

Who has met whom is kept twice: as counts, and as two bit sets per player (met at least once,
at least twice) so that weighing a swap is a few ``&`` and ``bit_count`` on Python ints.
"""

from __future__ import annotations

import random

from .layout import STANDARD

Tables = list[list[int]]


def mask(players: list[int]) -> int:
    """The bit set of ``players``."""
    bits = 0
    for player in players:
        bits |= 1 << player
    return bits


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
        if at is not None:
            last = self.items.pop()
            if at < len(self.items):
                self.items[at] = last
                self.index[last] = at


class Meetings:
    """How often each pair of players meets (history and plan), and the extra meetings."""

    def __init__(self, size: int) -> None:
        self.count = [[0] * size for _ in range(size)]
        self.once = [0] * size  # bit x of once[a]: a and x have met
        self.twice = [0] * size  # bit x of twice[a]: a and x have met more than once
        self.extra = 0
        self.repeated = PairSet()

    def meet(self, table: list[int], step: int) -> None:
        """Count the pairs of ``table`` once more (``step`` 1) or once less (``step`` -1)."""
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                self._add(a, b, step)

    def _add(self, a: int, b: int, step: int) -> None:
        before = self.count[a][b]
        after = before + step
        self.count[a][b] = self.count[b][a] = after
        self.extra += max(after - 1, 0) - max(before - 1, 0)
        if (before >= 2) != (after >= 2):
            pair = (a, b) if a < b else (b, a)
            if after >= 2:
                self.repeated.add(pair)
            else:
                self.repeated.discard(pair)
        for bits, held in ((self.once, after >= 1), (self.twice, after >= 2)):
            if held:
                bits[a] |= 1 << b
                bits[b] |= 1 << a
            else:
                bits[a] &= ~(1 << b)
                bits[b] &= ~(1 << a)

    def swap(self, a: int, left: list[int], b: int, right: list[int]) -> None:
        """Move ``a`` to ``right`` and ``b`` to ``left``, keeping the counts true."""
        for x in left:
            if x != a:
                self._add(a, x, -1)
                self._add(b, x, 1)
        for y in right:
            if y != b:
                self._add(b, y, -1)
                self._add(a, y, 1)
        left[left.index(a)] = b
        right[right.index(b)] = a


class Search:
    """Tabu search over swaps in the ``movable`` rounds of ``rounds`` (after Dotú and Van
    Hentenryck's search for the social golfer problem): each step takes a pair that meets
    too often in some round, weighs every swap that moves one of the two to another table of
    that round, and makes the best one not recently undone; a long stall restarts from the
    best plan seen, shaken by a few random swaps."""

    PATIENCE = 2000  # steps without a new best before a restart

    def __init__(
        self, meetings: Meetings, rounds: list[Tables], movable: list[int], rng: random.Random
    ):
        self.meetings = meetings
        self.rounds = rounds
        self.movable = movable
        self.rng = rng
        self._index()
        self.best_extra = meetings.extra
        self.best = [[list(t) for t in tables] for tables in rounds]
        self.tabu: dict[tuple[int, int, int], int] = {}
        self.step = 0

    def _index(self) -> None:
        """Where each player sits in each round, and each table's bit set."""
        self.where = [
            {player: at for at, table in enumerate(tables) for player in table}
            for tables in self.rounds
        ]
        self.masks = [[mask(table) for table in tables] for tables in self.rounds]

    def run(self, work: int, target: int) -> list[Tables]:
        """Search until about ``work`` swaps have been weighed or the extra meetings reach
        ``target``; the best plan seen."""
        stall = 0
        while work > 0 and self.meetings.extra > target and self.movable:
            self.step += 1
            work -= self._move()
            if self.meetings.extra < self.best_extra:
                self.best_extra, stall = self.meetings.extra, 0
                self.best = [[list(t) for t in tables] for tables in self.rounds]
            else:
                stall += 1
            if stall > self.PATIENCE:
                self._restart()
                stall = 0
        return self.best

    def _restart(self) -> None:
        """Back to the best plan seen, then a few random swaps to leave where it got stuck."""
        meetings = self.meetings
        for tables in self.rounds:
            for table in tables:
                meetings.meet(table, -1)
        self.rounds[:] = [[list(t) for t in tables] for tables in self.best]
        for tables in self.rounds:
            for table in tables:
                meetings.meet(table, 1)
        self._index()
        for _ in range(len(self.movable)):
            r = self.rng.choice(self.movable)
            a = self.rng.choice(self.rng.choice(self.rounds[r]))
            others = self._others(r, self.where[r][a])
            if others:
                self._swap(r, a, self.rng.choice(self.rounds[r][self.rng.choice(others)]))

    def _others(self, r: int, at: int) -> list[int]:
        """The tables of round ``r`` a player at table ``at`` may move to: same kind of size."""
        tables = self.rounds[r]
        kind = len(tables[at]) == STANDARD
        return [t for t in range(len(tables)) if t != at and (len(tables[t]) == STANDARD) == kind]

    def _swap(self, r: int, a: int, b: int) -> None:
        where, masks = self.where[r], self.masks[r]
        at_a, at_b = where[a], where[b]
        self.meetings.swap(a, self.rounds[r][at_a], b, self.rounds[r][at_b])
        moved = (1 << a) | (1 << b)
        masks[at_a] ^= moved
        masks[at_b] ^= moved
        tenure = self.step + self.rng.randint(4, 12)
        self.tabu[r, a, at_a] = self.tabu[r, b, at_b] = tenure
        where[a], where[b] = at_b, at_a

    def _conflict(self) -> tuple[int, int, int] | None:
        """A round and two players at one of its tables who meet more than once (a few random
        picks among such pairs; some may meet twice only in the rounds played)."""
        repeated, where, rng = self.meetings.repeated.items, self.where, self.rng
        for _ in range(4 if repeated else 0):
            a, x = repeated[rng.randrange(len(repeated))]
            together = [r for r in self.movable if where[r].get(a, -1) == where[r].get(x)]
            if together:
                return together[rng.randrange(len(together))], a, x
        return None

    def _move(self) -> int:
        """Make one step; how many swaps it weighed."""
        found = self._conflict()
        if found is None:  # only the rounds played repeat: anywhere will do
            r = self.rng.choice(self.movable)
            movers: tuple[int, ...] = (self.rng.choice(self.rng.choice(self.rounds[r])),)
        else:
            r, a, x = found
            movers = (a, x)
        best: list[tuple[int, int]] = []
        best_delta, weighed = 0, 0
        for a in movers:
            for delta, b in self._deltas(r, a):
                weighed += 1
                if best and delta > best_delta:
                    continue
                if self._forbidden(r, a, b, delta):
                    continue
                if not best or delta < best_delta:
                    best, best_delta = [(a, b)], delta
                else:
                    best.append((a, b))
        if best:
            self._swap(r, *best[self.rng.randrange(len(best))])
        return max(weighed, 1)

    def _deltas(self, r: int, a: int) -> list[tuple[int, int]]:
        """The change in extra meetings for each swap of ``a`` with a player at another table
        of round ``r`` it may move to."""
        once, twice = self.meetings.once, self.meetings.twice
        masks, at = self.masks[r], self.where[r][a]
        left = masks[at] & ~(1 << a)
        once_a = once[a]
        leaving = (twice[a] & left).bit_count()
        deltas = []
        for t in self._others(r, at):
            right = masks[t]
            joining = (once_a & right).bit_count() - leaving
            for b in self.rounds[r][t]:
                delta = joining - (once_a >> b & 1)
                delta += (once[b] & left).bit_count() - (twice[b] & right).bit_count()
                deltas.append((delta, b))
        return deltas

    def _forbidden(self, r: int, a: int, b: int, delta: int) -> bool:
        """Whether the swap undoes a recent one, and does not beat the best plan seen."""
        where, tabu, step = self.where[r], self.tabu, self.step
        recent = tabu.get((r, a, where[b]), 0) > step or tabu.get((r, b, where[a]), 0) > step
        return recent and self.meetings.extra + delta >= self.best_extra


class Annealing(Search):
    """Simulated annealing over the same swaps: a pair that meets too often, one of the two
    moved to a random other table of that round, the swap made when it does not add extra
    meetings, or by chance that shrinks as the search cools."""

    def run(self, work: int, target: int) -> list[Tables]:
        import math

        temperature, final = 0.5, 0.05
        cooling = math.exp(math.log(final / temperature) / max(work, 1))
        rng, meetings = self.rng, self.meetings
        once, twice = meetings.once, meetings.twice
        while work > 0 and meetings.extra > target and self.movable:
            work -= 1
            temperature *= cooling
            found = self._conflict()
            if found is None:
                r = rng.choice(self.movable)
                a = rng.choice(rng.choice(self.rounds[r]))
            else:
                r, a, x = found
                if rng.random() < 0.5:
                    a = x
            masks, at = self.masks[r], self.where[r][a]
            others = self._others(r, at)
            if not others:
                continue
            t = rng.choice(others)
            b = rng.choice(self.rounds[r][t])
            left, right = masks[at] & ~(1 << a), masks[t]
            delta = (
                (once[a] & right).bit_count()
                - (once[a] >> b & 1)
                - (twice[a] & left).bit_count()
                + (once[b] & left).bit_count()
                - (twice[b] & right).bit_count()
            )
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                self._swap(r, a, b)
                if meetings.extra < self.best_extra:
                    self.best_extra = meetings.extra
                    self.best = [[list(t) for t in tables] for tables in self.rounds]
        return self.best
