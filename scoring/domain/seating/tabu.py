"""The draw's second search: tabu search over the same swaps as the annealing (search.py).

Each step takes a player of a pair that meets too often, in a round where they meet, weighs
every swap of that player with someone at another table of the same kind (both of 4, or both
odd-size: the odd-size spread stays as it was) and makes the best one, even when it adds a
meeting, unless one of the two players moved lately (tabu), which only a new best plan
overrides. When the best plan has not improved for a while, the search goes back to it and
shakes it with a few random swaps. The work is counted in swaps weighed, never the clock, and
the randomness is the caller's seeded generator: a seed gives the same draw on any machine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .layout import STANDARD

if TYPE_CHECKING:
    from .search import Search

# A player who moved sits still for 4 to 13 steps; after 400 steps without a better plan the
# search goes back to the best one and makes 3 random swaps; a step weighs the swaps with at
# most 48 other tables (all of them at a club night).
TENURE, TENURE_SPREAD, STALL, SHAKE, TABLES = 4, 10, 400, 3, 48
# A step weighs the swaps of 32 players of pairs met too often and makes the best of them;
# each player weighed costs 8 swaps of the budget on top of the swaps it weighs.
MOVERS, MOVER_COST = 32, 8


def tabu_search(search: Search, weighs: int, target: int) -> None:
    """Search from ``search``'s plan for ``weighs`` swaps weighed or until its extra meetings
    reach ``target``; ``search.best_extra`` and ``search.since_best`` follow the best plan."""
    meetings, rng = search.meetings, search.rng
    moved: dict[tuple[int, int], int] = {}  # (round, player): the step it may move again
    step = stalled = 0
    while weighs > 0 and search.best_extra > target and search.movable:
        step += 1
        found, weighed = _best_of_movers(search, moved, step)
        weighs -= weighed
        if found is None:
            continue
        r, a, b = found
        search._swap(r, a, b)
        moved[r, a] = moved[r, b] = step + TENURE + int(rng.random() * TENURE_SPREAD)
        if meetings.extra < search.best_extra:
            search.best_extra = meetings.extra
            search.since_best.clear()
            stalled = 0
        else:
            stalled += 1
        if stalled >= STALL:
            stalled = 0
            _back_and_shake(search)
            weighs -= SHAKE


def _best_of_movers(
    search: Search, moved: dict[tuple[int, int], int], step: int
) -> tuple[tuple[int, int, int] | None, int]:
    """The best swap allowed of ``MOVERS`` players picked as the annealing picks them (ties
    at random): (round, player, other player) or None; and the swaps weighed."""
    found, least, weighed = None, 0, 1
    for _ in range(MOVERS):
        r, a = search._mover()
        one = _best_swap(search, r, a, moved, step)
        weighed += MOVER_COST
        if one is not None:
            delta, b, count = one
            weighed += count
            if found is None or delta < least or (delta == least and search.rng.random() < 0.5):
                found, least = (r, a, b), delta
    return found, weighed


def _best_swap(
    search: Search, r: int, a: int, moved: dict[tuple[int, int], int], step: int
) -> tuple[int, int, int] | None:
    """The best swap of ``a`` in round ``r`` allowed now: (its change in extra meetings, the
    other player, the swaps weighed); None when there is none."""
    tables, where = search.rounds[r], search.where[r]
    at = where[a]
    home = tables[at]
    kin = search.kinds[r][len(home) == STANDARD]
    if len(kin) < 2:
        return None
    rng, met, scorers = search.rng, search.meetings.met, search.scorers
    if len(kin) > TABLES + 1:
        others = [kin[int(rng.random() * len(kin))] for _ in range(TABLES)]
    else:
        others = kin
    # Written with ``in`` and subscripts, no calls: this is the search's innermost loop, and
    # tests/engine/test_seating_scale.py counts calls.
    met_a = met[a]
    leave_a = 0
    for x in home:
        if x != a and x in met_a and met_a[x] >= 2:
            leave_a += 1
    a_tabu = (r, a) in moved and moved[r, a] > step
    aspire = search.best_extra - search.meetings.extra  # a delta below it is a new best
    best: list[int] = []
    best_delta, weighed = 1 << 30, 0
    for t in others:
        if t == at:
            continue
        table = tables[t]
        join_a = 0
        for x in table:
            if x in met_a:
                join_a += 1
        for b in table:
            weighed += 1
            met_b = met[b]
            delta = join_a - leave_a - (b in met_a)
            for x in home:
                if x != a and x in met_b:
                    delta += 1
            for x in table:
                if x != b and x in met_b and met_b[x] >= 2:
                    delta -= 1
            if delta > best_delta:
                continue
            if (a_tabu or ((r, b) in moved and moved[r, b] > step)) and delta >= aspire:
                continue
            if scorers is not None and not scorers.may_swap(r, a, at, b, t):
                continue
            if delta < best_delta:
                best_delta, best = delta, [b]
            else:
                best.append(b)
    if not best:
        return None
    return best_delta, best[int(rng.random() * len(best))], weighed


def _back_and_shake(search: Search) -> None:
    """Back to the best plan, then a few random swaps within a kind."""
    for r, a, b in reversed(search.since_best):
        search._swap(r, a, b, kept=False)
    search.since_best.clear()
    rng = search.rng
    for _ in range(SHAKE):
        r = search.movable[int(rng.random() * len(search.movable))]
        tables = search.rounds[r]
        kin = search.kinds[r][rng.random() < 0.5]
        if len(kin) < 2:
            continue
        t, u = rng.sample(kin, 2)
        a = tables[t][int(rng.random() * len(tables[t]))]
        b = tables[u][int(rng.random() * len(tables[u]))]
        if search.scorers is None or search.scorers.may_swap(r, a, t, b, u):
            search._swap(r, a, b)
