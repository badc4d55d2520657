"""A counted lower bound on the repeated meetings of any draw of the rounds to play.

Each fact below is a proof on its own; the extra meetings of the rounds played stay, and the
largest of the others is added:
- pairs: the rounds to play hold a fixed number of pair meetings (the layout says how many), and
  only the pairs of present players who have never met can take one without a repeat;
- players: whoever meets more opponents in these rounds than there are present players they
  have never met repeats the difference, and each repeat is counted by both its players;
- pigeonholes: the players of a table come from the tables of the round before; a table of 4
  drawn from only 3 earlier tables seats two who have just met. Summed over the rounds to play,
  each spreading its tables as evenly as can be over the tables before it (and each earlier
  table over its tables), since a meeting in a round is a repeat if the pair met in any earlier
  one. When the odd-size seats must be spread fairly, the players of an odd-size table can
  only go to the tables of 4 for a while, which forces more (``_fair_round``).

The bound is for draws that keep the odd-size spread fair (as every draw here does): "the least
possible" means the least such a draw can reach.
"""

from __future__ import annotations

from collections.abc import Sequence

from .layout import STANDARD
from .meetings import Meetings


def lower_bound(
    played: Meetings,
    present: int,
    layout: tuple[int, ...],
    rounds: int,
    seeded_last: list[int] | None = None,
    last_played: Sequence[int] = (),
    fair_rounds: int | None = None,
) -> int:
    """Fewest extra meetings any draw of ``rounds`` rounds of ``layout`` for the first
    ``present`` players can reach after ``played``. ``seeded_last`` fixes the last round's
    tables (the order cut into the layout); ``last_played`` gives the size of each table of the
    last round played, counting only present players (new ones as tables of 1).
    ``fair_rounds``: when the present players have had as many odd-size seats each, how many of
    the rounds to play (from the first) follow the rule of a fair spread (a seeded last round
    follows the standings instead); None otherwise."""
    # The present players each has never met: the others, less those met (ids below present).
    fresh = [present - 1 - sum(1 for j in played.met[i] if j < present) for i in range(present)]
    return played.extra + max(
        0,
        _by_pairs(fresh, layout, rounds),
        _by_players(fresh, layout, rounds, seeded_last),
        _by_pigeonholes(layout, rounds, last_played, fair_rounds),
    )


def _by_pairs(fresh: list[int], layout: tuple[int, ...], rounds: int) -> int:
    meetings = rounds * sum(size * (size - 1) // 2 for size in layout)
    return meetings - sum(fresh) // 2


def _by_players(
    fresh: list[int], layout: tuple[int, ...], rounds: int, seeded_last: list[int] | None
) -> int:
    # Each player meets at least (smallest table - 1) others a round; in a seeded last round,
    # those of the table the standings give.
    smallest = min(layout) - 1
    opponents = [rounds * smallest] * len(fresh)
    if seeded_last is not None:
        start = 0
        for size in layout:
            for player in seeded_last[start : start + size]:
                opponents[player] += size - 1 - smallest
            start += size
    excess = sum(max(0, need - free) for need, free in zip(opponents, fresh, strict=True))
    return -(-excess // 2)


def spread(players: int, tables: int) -> int:
    """The fewest pairs sharing a table when ``players`` are spread over ``tables`` tables."""
    low, high_count = divmod(players, tables)
    return high_count * (low + 1) * low // 2 + (tables - high_count) * low * (low - 1) // 2


def _pigeonholes(before: Sequence[int], after: Sequence[int]) -> int:
    """Fewest pairs at the tables ``after`` who sat together at the tables ``before``."""
    return max(
        sum(spread(size, len(before)) for size in after),
        sum(spread(size, len(after)) for size in before),
    )


def _by_pigeonholes(
    layout: tuple[int, ...], rounds: int, last_played: Sequence[int], fair_rounds: int | None
) -> int:
    """Round by round, the larger of the plain pigeonholes and, in the first ``fair_rounds``
    rounds (None: none), those the fair spread of odd-size seats forces (:func:`_fair_round`)."""
    total = _pigeonholes(last_played, layout) if last_played else 0
    for r in range(1, rounds):
        plain = _pigeonholes(layout, layout)
        fair = _fair_round(layout, r) if fair_rounds is not None and r < fair_rounds else 0
        total += max(plain, fair)
    return total


def _fair_round(layout: tuple[int, ...], r: int) -> int:
    """Repeats forced in round ``r`` (from 0) of a plan whose players start with as many
    odd-size seats each, while nobody has had a second one: each round's odd-size seats then
    go to players who have had none, so the players of the odd-size tables of each earlier
    round can only sit at tables of 4 (and spread over them), and the odd-size tables of this
    round are filled from the tables of 4 of the round before."""
    odd = [size for size in layout if size != STANDARD]
    fours = len(layout) - len(odd)
    if not odd or not fours or (r + 1) * sum(odd) > sum(layout):
        return 0
    return (r + 1) * sum(spread(size, fours) for size in odd)
