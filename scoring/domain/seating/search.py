"""The local search that plans the remaining rounds together: a tabu search first (tabu.py,
on a club night), then simulated annealing, over swaps of two players between tables of one
round, aimed at a pair that meets too often.

The cost is the number of extra meetings (meetings.py). A swap moves a player between tables of
the same kind (both of 4, or both odd-size); now and then a move crosses kinds instead: two
players with as many odd-size seats before a round exchange their odd-size seats from that round
on (and their tables wherever those differ). Either way the odd-size spread stays fair, and the
search still chooses who sits at the only odd table of a round. When some players can enter
hands (``scorers``), no move leaves a table without one that had one (scorers.py).

Each move costs the same whatever the size of the night: a table's neighbours by kind are
found by index, and the best plan is not copied at each improvement but kept as the moves
since it, undone at the end. Randomness comes from the caller's seeded generator and the work
is a count of moves, never the clock: a seed gives the same draw on any machine.
"""

from __future__ import annotations

import math
import random

from .layout import STANDARD
from .meetings import Meetings
from .scorers import Scorers
from .tabu import tabu_search

Tables = list[list[int]]


class Search:
    """Simulated annealing in the ``movable`` rounds of ``rounds``; ``odd_before`` gives each
    present player's odd-size seats in the rounds played."""

    CROSSING = 0.15  # share of moves that try to exchange two players' odd-size seats
    HOT, COLD = 0.5, 0.05  # temperatures at the start and the end of the search
    # Two thirds of the moves search by tabu, each move weighing 8 swaps (a weighed swap costs
    # about a fifth of an annealing move; the tabu search found fewer repeats in the same time
    # on the wide gaps of bench/RESULTS.md, the annealing polishes what it found).
    # Only a night of up to 2,000 seats to plan: on larger ones a random swap finds the few
    # repeats as well, and weighing every table would cost more than it finds.
    TABU_SHARE, WEIGHS_PER_MOVE, TABU_SEATS = 2 / 3, 8, 2_000

    def __init__(
        self,
        meetings: Meetings,
        rounds: list[Tables],
        movable: list[int],
        rng: random.Random,
        odd_before: list[int],
        scorers: Scorers | None = None,
    ):
        self.meetings = meetings
        self.rounds = rounds
        self.movable = movable
        self.rng = rng
        self.odd_before = odd_before
        self.scorers = scorers
        self.where = [self._seats(tables) for tables in rounds]
        # Table sizes never change: each round's tables of 4 and odd-size tables, in order,
        # and the place of each table in its list.
        self.kinds = [self._kinds(tables) for tables in rounds]
        self.place = [self._places(k, len(t)) for k, t in zip(self.kinds, rounds, strict=True)]
        self.best_extra = meetings.extra
        self.since_best: list[tuple[int, int, int]] = []  # the swaps made since the best plan

    def _seats(self, tables: Tables) -> list[int]:
        """The table of each player in a round, -1 for those not in it (who have left)."""
        where = [-1] * len(self.meetings.met)
        for at, table in enumerate(tables):
            for player in table:
                where[player] = at
        return where

    @staticmethod
    def _kinds(tables: Tables) -> dict[bool, list[int]]:
        kinds: dict[bool, list[int]] = {True: [], False: []}
        for at, table in enumerate(tables):
            kinds[len(table) == STANDARD].append(at)
        return kinds

    @staticmethod
    def _places(kinds: dict[bool, list[int]], count: int) -> list[int]:
        place = [0] * count
        for listed in kinds.values():
            for index, at in enumerate(listed):
                place[at] = index
        return place

    def run(self, moves: int, target: int) -> list[Tables]:
        """Search for ``moves`` moves or until the extra meetings reach ``target``; the best
        plan seen. On a night of up to ``TABU_SEATS`` seats to plan, the first ``TABU_SHARE`` of
        the moves go to the tabu search (tabu.py), each weighing ``WEIGHS_PER_MOVE`` swaps;
        the rest anneal from the best plan it found."""
        seats = len(self.meetings.met) * len(self.movable)
        tabu_moves = int(moves * self.TABU_SHARE) if seats <= self.TABU_SEATS else 0
        tabu_search(self, tabu_moves * self.WEIGHS_PER_MOVE, target)
        self._back_to_best()
        moves -= tabu_moves
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
                self.since_best.clear()
        self._back_to_best()
        return self.rounds

    def _back_to_best(self) -> None:
        for r, a, b in reversed(self.since_best):  # back to the best plan: a swap undoes itself
            self._swap(r, a, b, kept=False)
        self.since_best.clear()

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
        """Weigh a swap of ``a`` with a random player at another table of the same kind."""
        at = self.where[r][a]
        tables = self.rounds[r]
        kin = self.kinds[r][len(tables[at]) == STANDARD]
        if len(kin) < 2:
            return
        pick = int(self.rng.random() * (len(kin) - 1))  # any table of the kind but its own
        t = kin[pick + (pick >= self.place[r][at])]
        table = tables[t]
        b = table[int(self.rng.random() * len(table))]
        if self.scorers is not None and not self.scorers.may_swap(r, a, at, b, t):
            return
        met = self.meetings.met
        met_a, met_b = met[a], met[b]
        delta = 0
        for x in tables[at]:
            if x != a:  # a leaves x, b joins x
                delta += (met_b.get(x, 0) >= 1) - (met_a.get(x, 0) >= 2)
        for x in table:
            if x != b:  # b leaves x, a joins x
                delta += (met_a.get(x, 0) >= 1) - (met_b.get(x, 0) >= 2)
        if self._accepts(delta, temperature):
            self._swap(r, a, b)

    def _cross(self, r: int, a: int, temperature: float) -> None:
        """Weigh exchanging the odd-size seats of ``a`` and a random player of the other kind
        from round ``r`` on; only when both had as many odd-size seats before ``r``."""
        tables = self.rounds[r]
        others = self.kinds[r][len(tables[self.where[r][a]]) != STANDARD]
        if not others:
            return
        b = self._pick(tables[self._pick(others)])
        if self._odd_seats(a, r) != self._odd_seats(b, r):
            return
        rounds = [
            later
            for later in self.movable
            if later >= r and self._is_odd(a, later) != self._is_odd(b, later)
        ]
        if self.scorers is not None and not all(
            self.scorers.may_swap(e, a, self.where[e][a], b, self.where[e][b]) for e in rounds
        ):
            return
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
        met, delta = self.meetings.met, 0
        for (player, x), change in changes.items():
            times = met[player].get(x, 0)
            delta += max(times + change - 1, 0) - max(times - 1, 0)
        return delta

    def _is_odd(self, player: int, r: int) -> bool:
        return len(self.rounds[r][self.where[r][player]]) != STANDARD

    def _odd_seats(self, player: int, r: int) -> int:
        """Odd-size seats of ``player`` before round ``r`` (rounds played and planned)."""
        return self.odd_before[player] + sum(self._is_odd(player, e) for e in range(r))

    def _swap(self, r: int, a: int, b: int, kept: bool = True) -> None:
        where = self.where[r]
        at_a, at_b = where[a], where[b]
        self.meetings.swap(a, self.rounds[r][at_a], b, self.rounds[r][at_b])
        where[a], where[b] = at_b, at_a
        if self.scorers is not None:
            self.scorers.swapped(r, a, at_a, b, at_b)
        if kept:
            self.since_best.append((r, a, b))
