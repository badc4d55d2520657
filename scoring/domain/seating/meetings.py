"""Who has met whom, kept by increments as the draw's search moves players between tables.

Kept sparse: each player's row holds only the players they have met, with how often, so the
memory grows with the meetings of the night (a few per player a round), never with the square
of the players. The extra meetings (a pair that meets m times adds m - 1) and the pairs that
meet more than once are kept as they change.
"""

from __future__ import annotations


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
        self.met: list[dict[int, int]] = [{} for _ in range(size)]  # met[a][x]: times, >= 1
        self.extra = 0
        self.repeated = PairSet()

    def times(self, a: int, b: int) -> int:
        return self.met[a].get(b, 0)

    def meet(self, table: list[int], step: int) -> None:
        """Count the pairs of ``table`` once more (``step`` 1) or once less (``step`` -1)."""
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                self._add(a, b, step)

    def _add(self, a: int, b: int, step: int) -> None:
        before = self.met[a].get(b, 0)
        after = before + step
        if after:
            self.met[a][b] = self.met[b][a] = after
        else:
            del self.met[a][b], self.met[b][a]
        self.extra += (after - 1 if after > 1 else 0) - (before - 1 if before > 1 else 0)
        if (before >= 2) != (after >= 2):
            pair = (a, b) if a < b else (b, a)
            if after >= 2:
                self.repeated.add(pair)
            else:
                self.repeated.discard(pair)

    def swap(self, a: int, left: list[int], b: int, right: list[int]) -> None:
        """Move ``a`` to ``right`` and ``b`` to ``left``, keeping the counts true."""
        self._replace(a, b, left)
        self._replace(b, a, right)
        left[left.index(a)] = b
        right[right.index(b)] = a

    def _replace(self, out: int, into: int, table: list[int]) -> None:
        """Count ``out`` as leaving the others at ``table`` and ``into`` as joining them (the
        step :meth:`_add` takes, unrolled: this is the search's innermost loop)."""
        met, repeated = self.met, self.repeated
        row_out, row_in = met[out], met[into]
        extra = self.extra
        for x in table:
            if x == out:
                continue
            row_x = met[x]
            times = row_out[x] - 1
            if times == 0:
                del row_out[x], row_x[out]
            else:
                row_out[x] = row_x[out] = times
                extra -= 1
                if times == 1:
                    repeated.discard((out, x) if out < x else (x, out))
            times = row_in.get(x, 0) + 1
            row_in[x] = row_x[into] = times
            if times > 1:
                extra += 1
                if times == 2:
                    repeated.add((into, x) if into < x else (x, into))
        self.extra = extra
