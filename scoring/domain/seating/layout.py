"""How many tables of which size seat a round, and who takes the odd-size seats.

A table of 4 is Hearts as designed; any other size the ruleset allows (3, 5 or 6) is the "odd
size", and the draw spreads it: nobody sits at an odd-size table a second time while someone else
has never sat at one (counting the rounds already played).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import combinations_with_replacement

from .errors import SeatingError, gettext_noop

STANDARD = 4
ENGINE_SIZES = range(3, 7)


def checked_sizes(table_sizes: Collection[int]) -> tuple[int, ...]:
    """The allowed sizes, sorted; each one the engine plays (3 to 6), at least one."""
    sizes = tuple(sorted(set(table_sizes)))
    if not sizes or any(
        isinstance(size, bool) or not isinstance(size, int) or size not in ENGINE_SIZES
        for size in sizes
    ):
        raise SeatingError(
            "invalid_table_sizes",
            gettext_noop("Table sizes are some of 3, 4, 5 and 6 (the sizes the engine plays)."),
            "table_sizes",
        )
    return sizes


def table_layout(player_count: int, table_sizes: Collection[int]) -> tuple[int, ...] | None:
    """The table sizes of one round (4s first, then the rest in ascending order), or None when
    no mix of allowed sizes seats exactly ``player_count``. Rule: as many tables of 4 as can be,
    then the fewest odd-size tables, then the odd sizes nearest 4 (5 before 3 before 6)."""
    sizes = checked_sizes(table_sizes)
    odd_sizes = [size for size in sizes if size != STANDARD]
    best: tuple[tuple[int, int, tuple[int, ...]], tuple[int, ...]] | None = None
    fewest = 0 if STANDARD in sizes else -(-player_count // sizes[-1])
    for odd_count in range(fewest, player_count // 3 + 1):
        if best is not None and (
            STANDARD not in sizes or (player_count - 3 * odd_count) // STANDARD <= -best[0][0]
        ):
            break  # more odd tables can no longer seat more players at tables of 4
        for odd in combinations_with_replacement(odd_sizes, odd_count):
            rest = player_count - sum(odd)
            if rest < 0 or (rest and (STANDARD not in sizes or rest % STANDARD)):
                continue
            fours = rest // STANDARD
            key = (-fours, odd_count, tuple(sorted(abs(s - 4.4) for s in odd)))
            if best is None or key < best[0]:
                best = (key, (STANDARD,) * fours + tuple(sorted(odd)))
    return best[1] if best else None


def odd_seat_counts(players: Iterable[str], history: Sequence[Sequence[Sequence[str]]]):
    """How often each player has sat at an odd-size table in the rounds given."""
    counts = dict.fromkeys(players, 0)
    for round_tables in history:
        for table in round_tables:
            if len(table) != STANDARD:
                for player in table:
                    if player in counts:
                        counts[player] += 1
    return counts


def odd_seat_takers(
    counts: dict[int, int],
    seats: int,
    rng: random.Random,
    choose: Callable[[list[int], dict[int, int], int], set[int]] | None = None,
) -> set[int]:
    """Who sits at the ``seats`` odd-size seats of a round: those who have sat there least,
    ties drawn at random (or ``choose`` picks, given that order). ``counts`` is updated for the
    round."""
    order = list(counts)
    rng.shuffle(order)
    order.sort(key=counts.__getitem__)
    takers = set(order[:seats]) if choose is None else choose(order, counts, seats)
    for player in takers:
        counts[player] += 1
    return takers
