"""Someone at every table who can enter its hands: the draw's rule for the players it is told
are scorers (a scorer's role or better in the club; the service says who).

Where a round has at least as many scorers as tables, every table gets one; where it has fewer,
each scorer sits at a table of their own, so as many tables as can be have one. The rule comes
before the fair spread of odd-size seats (layout.py) where it must: who takes those seats is
settled so that the scorers can sit apart, by the ties of the spread when they allow it, else
by the nearest counts (:func:`fair_takers`). The tables are then mended within each kind
(:func:`spread`), and the search never undoes it (:meth:`Scorers.may_swap`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .layout import STANDARD


def fair_takers(
    order: list[int],
    counts: dict[int, int],
    seats: int,
    is_scorer: Sequence[bool],
    layout: tuple[int, ...],
) -> tuple[set[int], bool]:
    """The ``seats`` takers of a round's odd-size seats from ``order`` (fewest odd seats first,
    ties in random order), exchanged with the others so that the scorers among them and among
    the others cover the most tables, the fewest exchanges made and the nearest counts first
    (the ties at the edge, which keep the spread fair); and whether the spread stayed fair."""
    takers, rest = order[:seats], order[seats:]
    if not takers or not rest:
        return set(takers), True
    odd_tables = sum(1 for size in layout if size != STANDARD)
    fours = len(layout) - odd_tables
    total = sum(is_scorer[p] for p in order)
    inside = sum(is_scorer[p] for p in takers)

    def covered(k: int) -> int:
        return min(k, odd_tables) + min(total - k, fours)

    # Nearest the edge first: the takers from the last, the others from the first.
    in_scorers = [p for p in reversed(takers) if is_scorer[p]]
    in_others = [p for p in reversed(takers) if not is_scorer[p]]
    out_scorers = [p for p in rest if is_scorer[p]]
    out_others = [p for p in rest if not is_scorer[p]]
    low = inside - min(len(in_scorers), len(out_others))
    high = inside + min(len(in_others), len(out_scorers))
    best = max(range(low, high + 1), key=lambda k: (covered(k), -abs(k - inside)))
    gone, come = (in_others, out_scorers) if best > inside else (in_scorers, out_others)
    exchanges = abs(best - inside)  # no more than either list holds: see low and high
    edge = counts[takers[-1]]
    chosen = set(takers)
    fair = True
    for leaving, coming in zip(gone[:exchanges], come[:exchanges], strict=True):
        chosen.discard(leaving)
        chosen.add(coming)
        fair = fair and counts[leaving] == counts[coming] == edge
    return chosen, fair


def spread(tables: list[list[int]], is_scorer: Sequence[bool]) -> None:
    """Mend one round in place: while a table has no scorer and another of its kind (both of
    4, or both odd-size) has two, a scorer of the second changes places with a player of the
    first. The odd-size seats stay with whom they were given."""
    for standard in (True, False):
        kin = [t for t in tables if (len(t) == STANDARD) == standard]
        lacking = [t for t in kin if not any(is_scorer[p] for p in t)]
        spare = [t for t in kin if sum(is_scorer[p] for p in t) > 1]
        while lacking and spare:
            table, giver = lacking.pop(), spare[-1]
            at = next(i for i, p in enumerate(giver) if is_scorer[p])
            giver[at], table[0] = table[0], giver[at]
            if sum(is_scorer[p] for p in giver) < 2:
                spare.pop()


def unscored(tables: Sequence[Sequence[int]], is_scorer: Sequence[bool]) -> tuple[int, ...]:
    """The tables (by index, from 0) where nobody can enter hands."""
    return tuple(i for i, table in enumerate(tables) if not any(is_scorer[p] for p in table))


class Scorers:
    """How many scorers sit at each table of each round, kept as the search swaps players,
    so that no swap leaves a table without the scorer it had."""

    def __init__(self, is_scorer: Sequence[bool], rounds: Sequence[Sequence[Sequence[int]]]):
        self.is_scorer = is_scorer
        self.at_table = [[sum(is_scorer[p] for p in t) for t in tables] for tables in rounds]

    def may_swap(self, r: int, a: int, at_a: int, b: int, at_b: int) -> bool:
        scorer_a, scorer_b = self.is_scorer[a], self.is_scorer[b]
        if scorer_a == scorer_b:
            return True
        return self.at_table[r][at_a if scorer_a else at_b] > 1

    def swapped(self, r: int, a: int, at_a: int, b: int, at_b: int) -> None:
        change = self.is_scorer[a] - self.is_scorer[b]
        if change:
            self.at_table[r][at_a] -= change
            self.at_table[r][at_b] += change
