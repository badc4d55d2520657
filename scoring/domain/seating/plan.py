"""The night's draw: the rounds still to play, planned together, with the counts of its quality.

``plan_rounds`` checks its input, lays out each round's tables, spreads the odd-size seats,
starts from a known design when one fits (constructions.py), searches for fewer repeated
meetings (search.py), then orders the seats (seats.py). ``history`` is never changed: a roster
that changes between rounds is re-planned from the rounds played.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from .bounds import lower_bound
from .constructions import first_draw, has_design
from .errors import SeatingError, gettext_noop
from .layout import STANDARD, checked_sizes, odd_seat_counts, odd_seat_takers, table_layout
from .meetings import Meetings
from .scorers import Scorers, fair_takers, spread, unscored
from .search import Search, Tables
from .seats import passes_in, seat_table

History = Sequence[Sequence[Sequence[str]]]
# Moves the search makes for one draw: 1,200 a seat to fill (a small night has few draws to
# try), at most 250,000 on a night the tabu search takes (search.py: about 1.2 s) and 150,000
# on a larger one (annealing only: about 1.5 s at 3,000 players), bounding the draw's time
# under the 2 s of CPU (bench/RESULTS.md); never the clock (a seed must give the same
# draw on any machine). The search stops sooner when it reaches the bound.
MOVES_PER_SEAT, SEARCH_MOVES, ANNEAL_MOVES = 1_200, 250_000, 150_000
# Seats planned ahead at most (players times rounds): a night of 2,000 players plans its 20
# rounds together, one of 10,000 four rounds, so the draw's work and memory stay bounded
# whatever the size (bench/RESULTS.md, "Seating draw at scale").
PLAN_SEATS = 40_000


@dataclass(frozen=True)
class NightPlan:
    """The rounds still to play: round -> tables -> player ids in seat order (seat 0 first;
    passing goes to the left, the next seat). ``repeats`` counts every meeting of a pair past
    its first, over the history and these rounds; ``lower_bound`` is a counted proof that no
    draw of these rounds does better. ``unscored``: for each round, the tables (from 0) where
    none of the ``scorers`` given sits (empty when none were given)."""

    rounds: tuple[tuple[tuple[str, ...], ...], ...]
    repeats: int
    lower_bound: int
    unscored: tuple[tuple[int, ...], ...] = ()

    def seat_of(self, player: str, round_index: int) -> tuple[int, int]:
        """The table and seat (both from 0) of ``player`` in round ``round_index`` of the plan."""
        for table_index, table in enumerate(self.rounds[round_index]):
            if player in table:
                return table_index, table.index(player)
        raise KeyError(player)


def rounds_ahead(players: int, rounds: int) -> int:
    """How many of ``rounds`` rounds a draw of ``players`` plans together: all of them while
    they hold at most ``PLAN_SEATS`` seats, else as many as do (one at least)."""
    return max(1, min(rounds, PLAN_SEATS // max(players, 1)))


def plan_rounds(
    players: Sequence[str],
    rounds: int,
    table_sizes: Collection[int],
    *,
    history: History = (),
    seed: int = 0,
    seeded_last: Sequence[str] | None = None,
    moves: int | None = None,
    scorers: Collection[str] | None = None,
) -> NightPlan:
    """Plan ``rounds`` rounds for ``players`` at the allowed ``table_sizes``, after the rounds
    of ``history``: every player once per round, odd-size seats spread, as few repeated
    meetings as the search finds, seats varied. ``seeded_last`` (the standings, leader first)
    makes the last round seat the leaders together: table 1 the top four, and so on (that
    round follows the standings alone, so its odd-size tables go to the bottom of the order).
    ``moves`` bounds the search (fewer: faster, maybe more repeats). ``scorers``: the players
    who can enter hands; each table gets one where there are enough (scorers.py), except in a
    seeded round, which follows the standings. A long night of many players is planned only
    ``rounds_ahead`` rounds ahead (a seeded last round then left to its own draw)."""
    layout = _checked(players, rounds, table_sizes, seeded_last, history)
    if rounds_ahead(len(players), rounds) < rounds:
        rounds, seeded_last = rounds_ahead(len(players), rounds), None
    rng = random.Random(seed)
    ids, meetings = _met_before(players, history)
    index = {player: i for i, player in enumerate(ids)}
    last = [index[player] for player in seeded_last] if seeded_last is not None else None
    is_scorer = [player in scorers for player in ids] if scorers is not None else None
    # The rule binds only when some present players can enter hands and some cannot.
    some = is_scorer is not None and 0 < sum(is_scorer[: len(players)]) < len(players)
    binding = is_scorer if some else None
    odd_before = _odd_seats_played(players, history)
    odd, fair = _odd_seat_takers(list(odd_before), rounds, layout, rng, binding)
    fair_rounds = rounds - (last is not None) if fair and len(set(odd_before)) == 1 else None
    bound = lower_bound(
        meetings,
        len(players),
        layout,
        rounds,
        last,
        _last_played(index, history, len(players)),
        fair_rounds,
    )
    if history and rounds > 1 and has_design(layout, len(history) + rounds):
        whole = _design_so_far(players, rounds, table_sizes, history, seed, seeded_last, scorers)
        if whole is not None:
            return replace(whole, lower_bound=bound)
    free = rounds - (last is not None)
    draw = first_draw(odd, free, layout, rng, binding, fresh=not history and last is None)
    if binding is not None:
        for tables in draw:
            spread(tables, binding)
    if last is not None:
        draw.append(_seeded_tables(last, layout))
    if moves is None:
        most = SEARCH_MOVES if len(ids) * free <= Search.TABU_SEATS else ANNEAL_MOVES
        moves = min(most, MOVES_PER_SEAT * len(players) * rounds)
    best, repeats = _searched(meetings, draw, free, rng, odd_before, binding, moves, bound)
    passes = passes_in(history)
    seated = tuple(
        tuple(seat_table([ids[i] for i in table], passes, rng) for table in tables)
        for tables in best
    )
    return NightPlan(
        rounds=seated,
        repeats=repeats,
        lower_bound=bound,
        unscored=tuple(unscored(t, is_scorer) for t in best) if is_scorer is not None else (),
    )


def _searched(
    meetings: Meetings,
    draw: list[Tables],
    free: int,
    rng: random.Random,
    odd_before: list[int],
    scorers: list[bool] | None,
    moves: int,
    bound: int,
) -> tuple[list[Tables], int]:
    """The best draw the search finds from ``draw`` (its first ``free`` rounds movable), and
    its extra meetings."""
    for tables in draw:
        for table in tables:
            meetings.meet(table, 1)
    kept = Scorers(scorers, draw) if scorers is not None else None
    search = Search(meetings, draw, list(range(free)), rng, odd_before, kept)
    return search.run(moves, bound), search.best_extra


def _design_so_far(
    players: Sequence[str],
    rounds: int,
    table_sizes: Collection[int],
    history: History,
    seed: int,
    seeded_last: Sequence[str] | None,
    scorers: Collection[str] | None,
) -> NightPlan | None:
    """When the rounds played are this seed's design so far, the rest of it (its lower bound
    the whole night's); else None. Only for a night planned whole (``PLAN_SEATS``)."""
    if len(players) * (len(history) + rounds) > PLAN_SEATS:
        return None
    whole = plan_rounds(
        players,
        len(history) + rounds,
        table_sizes,
        seed=seed,
        seeded_last=seeded_last,
        scorers=scorers,
    )
    if _as_sets(whole.rounds[: len(history)]) != _as_sets(history):
        return None
    return replace(
        whole, rounds=whole.rounds[len(history) :], unscored=whole.unscored[len(history) :]
    )


def _as_sets(rounds: History) -> list[set[frozenset[str]]]:
    return [{frozenset(table) for table in tables} for tables in rounds]


def _checked(
    players: Sequence[str],
    rounds: int,
    table_sizes: Collection[int],
    seeded_last: Sequence[str] | None,
    history: History,
) -> tuple[int, ...]:
    """The layout of every round, once the input is known to be drawable."""
    sizes = checked_sizes(table_sizes)
    for played in history:
        seated = [player for table in played for player in table]
        if len(seated) != len(set(seated)) or not all(played):
            raise SeatingError(
                "invalid_history",
                gettext_noop("Each round played seats each player once, at tables with players."),
                "history",
            )
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise SeatingError(
            "invalid_rounds", gettext_noop("A night has at least one round."), "rounds"
        )
    seen: set[str] = set()
    for player in players:
        if player in seen:
            raise SeatingError(
                "duplicate_player",
                gettext_noop("{player} is listed twice; each plays once a round."),
                "players",
                player=player,
            )
        seen.add(player)
    if len(players) < sizes[0]:
        raise SeatingError(
            "too_few_players",
            gettext_noop(
                "{count} players cannot fill a table (the smallest allowed seats {smallest})."
            ),
            "players",
            count=len(players),
            smallest=sizes[0],
        )
    layout = table_layout(len(players), sizes)
    if layout is None:
        allowed = ", ".join(map(str, sizes))
        raise SeatingError(
            "no_table_layout",
            gettext_noop("{count} players cannot be seated at tables of {allowed} only."),
            "table_sizes",
            count=len(players),
            allowed=allowed,
        )
    if seeded_last is not None and (len(seeded_last) != len(players) or set(seeded_last) != seen):
        raise SeatingError(
            "invalid_seeded_order",
            gettext_noop("The seeded order lists every player of the draw once."),
            "seeded_last",
        )
    return layout


def _met_before(players: Sequence[str], history: History) -> tuple[list[str], Meetings]:
    """Every player id (this draw's first, then those who have left) and the meetings of the
    rounds played."""
    ids = list(players)
    index = {player: i for i, player in enumerate(ids)}
    for tables in history:
        for table in tables:
            for player in table:
                if player not in index:
                    index[player] = len(ids)
                    ids.append(player)
    meetings = Meetings(len(ids))
    for tables in history:
        for table in tables:
            meetings.meet([index[player] for player in table], 1)
    return ids, meetings


def _odd_seats_played(players: Sequence[str], history: History) -> list[int]:
    """How many odd-size seats each player (by index) has taken in the rounds played."""
    played = odd_seat_counts(players, history)
    return [played[player] for player in players]


def _odd_seat_takers(
    odd_before: list[int],
    rounds: int,
    layout: tuple[int, ...],
    rng: random.Random,
    scorers: list[bool] | None,
) -> tuple[list[set[int]], bool]:
    """For each planned round, the players (by index) who take its odd-size seats (settled to
    seat ``scorers`` apart, when given); and whether the spread stayed fair doing so."""
    counts = dict(enumerate(odd_before))
    seats = sum(size for size in layout if size != STANDARD)
    if seats == len(odd_before):
        return [set(counts) for _ in range(rounds)], True
    if scorers is None:
        return [odd_seat_takers(counts, seats, rng) for _ in range(rounds)], True
    fair = True

    def choose(order: list[int], counts: dict[int, int], seats: int) -> set[int]:
        nonlocal fair
        takers, kept = fair_takers(order, counts, seats, scorers, layout)
        fair = fair and kept
        return takers

    return [odd_seat_takers(counts, seats, rng, choose) for _ in range(rounds)], fair


def _last_played(index: dict[str, int], history: History, present: int) -> list[int]:
    """The size of each table of the last round played, counting present players only; a
    present player who did not play it is a table of 1."""
    if not history:
        return []
    sizes = [sum(index[p] < present for p in table) for table in history[-1]]
    seated = sum(sizes)
    return [size for size in sizes if size] + [1] * (present - seated)


def _seeded_tables(order: list[int], layout: tuple[int, ...]) -> Tables:
    """The leaders together: the first table takes the first players of the order, and so on."""
    tables, start = [], 0
    for size in layout:
        tables.append(order[start : start + size])
        start += size
    return tables
