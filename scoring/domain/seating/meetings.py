"""Who has met whom, kept by increments as the draw's search moves players between tables.

Kept twice: as counts, and as two bit sets per player (met at least once, at least twice) so
that weighing a swap is a few ``&`` and ``bit_count`` on Python ints. The extra meetings (a pair
that meets m times adds m - 1) and the pairs that meet more than once are kept as they change.
"""

from __future__ import annotations


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
        self._replace(a, b, left)
        self._replace(b, a, right)
        left[left.index(a)] = b
        right[right.index(b)] = a

    def _replace(self, out: int, into: int, table: list[int]) -> None:
        """Count ``out`` as leaving the others at ``table`` and ``into`` as joining them (the
        step :meth:`_add` takes, unrolled: this is the search's innermost loop)."""
        count, once, twice, repeated = self.count, self.once, self.twice, self.repeated
        row_out, row_in = count[out], count[into]
        bit_out, bit_in = 1 << out, 1 << into
        extra = self.extra
        for x in table:
            if x == out:
                continue
            row_x, bit_x = count[x], 1 << x
            met = row_out[x] - 1
            row_out[x] = row_x[out] = met
            if met == 0:
                once[out] &= ~bit_x
                once[x] &= ~bit_out
            else:
                extra -= 1
                if met == 1:
                    twice[out] &= ~bit_x
                    twice[x] &= ~bit_out
                    repeated.discard((out, x) if out < x else (x, out))
            met = row_in[x] + 1
            row_in[x] = row_x[into] = met
            if met == 1:
                once[into] |= bit_x
                once[x] |= bit_in
            else:
                extra += 1
                if met == 2:
                    twice[into] |= bit_x
                    twice[x] |= bit_in
                    repeated.add((into, x) if into < x else (x, into))
        self.extra = extra
