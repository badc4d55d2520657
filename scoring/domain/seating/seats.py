"""Seat order at each table: who sits to whose left decides who passes to whom, so the draw
varies it. Passing goes to the left, which is the next seat; the order chosen for a table is
the one whose left-hand neighbours have been left-hand neighbours least often before."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import permutations

Passes = Counter[tuple[str, str]]


def passes_in(rounds: Sequence[Sequence[Sequence[str]]]) -> Passes:
    """How often each player has passed to each other (sat with them on the next seat)."""
    passes: Passes = Counter()
    for tables in rounds:
        for table in tables:
            for passer, receiver in zip(table, (*table[1:], *table[:1]), strict=True):
                passes[passer, receiver] += 1
    return passes


def seat_table(table: Sequence[str], passes: Passes, rng: random.Random) -> tuple[str, ...]:
    """The seat order of ``table`` that repeats the fewest earlier passes (then the fewest
    reversed ones), ties drawn at random; ``passes`` is updated with the order chosen."""
    players = list(table)
    rng.shuffle(players)
    first, rest = players[0], players[1:]
    best: tuple[tuple[int, int], tuple[str, ...]] | None = None
    earlier = passes.get  # read without adding the pairs never seen (a Counter would)
    for order in permutations(rest):
        seats = (first, *order)
        again = back = 0
        for passer, receiver in zip(seats, (*seats[1:], first), strict=True):
            again += earlier((passer, receiver), 0)
            back += earlier((receiver, passer), 0)
        key = (again, back)
        if best is None or key < best[0]:
            best = (key, seats)
    assert best is not None
    seats = best[1]
    for passer, receiver in zip(seats, (*seats[1:], seats[0]), strict=True):
        passes[passer, receiver] += 1
    # Seat 0 is whoever the draw puts there: rotate by chance so it varies too.
    turn = rng.randrange(len(seats))
    return seats[turn:] + seats[:turn]
