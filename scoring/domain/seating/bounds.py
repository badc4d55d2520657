"""A counted lower bound on the repeated meetings of any draw of the rounds to play.

Three facts, each a proof on its own, the largest taken:
- the extra meetings of the rounds played stay;
- the rounds to play hold a fixed number of pair meetings (the layout says how many), and only
  the pairs of present players who have never met can take one without a repeat;
- player by player: whoever meets more opponents in these rounds than there are present players
  they have never met repeats the difference, and each repeat is counted by both its players.
"""

from __future__ import annotations

from .search import Meetings


def lower_bound(
    played: Meetings,
    present: int,
    layout: tuple[int, ...],
    rounds: int,
    seeded_last: list[int] | None = None,
) -> int:
    """Fewest extra meetings any draw of ``rounds`` rounds of ``layout`` for the first
    ``present`` players can reach after ``played``; ``seeded_last`` fixes the last round's
    tables (the order cut into the layout)."""
    fresh = [
        sum(1 for j in range(present) if j != i and played.count[i][j] == 0) for i in range(present)
    ]
    free_pairs = sum(fresh) // 2
    meetings = rounds * sum(size * (size - 1) // 2 for size in layout)
    # A player meets at least (smallest table - 1) others a round; in a seeded last round
    # the table the standings give.
    smallest = min(layout) - 1
    opponents = [rounds * smallest] * present
    if seeded_last is not None:
        start = 0
        for size in layout:
            for player in seeded_last[start : start + size]:
                opponents[player] += size - 1 - smallest
            start += size
    per_player = sum(max(0, need - free) for need, free in zip(opponents, fresh, strict=True))
    return played.extra + max(0, meetings - free_pairs, -(-per_player // 2))
