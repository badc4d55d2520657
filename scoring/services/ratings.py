"""Ratings: openskill's Plackett-Luce over a club's finished games, in the order they finished.

Deterministic (no randomness in the model, games ordered by finish time then id) and
recomputed from the earliest game a change touches, so a corrected past game re-rates every
game after it.

A shared place is rated as the average of the orderings that break the tie each way in turn:
openskill's Plackett-Luce, given tied ranks, moves the seat just below a tie as far up as the
tied seats themselves (a third place would end above two co-winners).
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import NamedTuple

from django.db import transaction
from django.db.models import OuterRef, Subquery
from openskill.models import PlackettLuce

from scoring import sql
from scoring.models import (
    Game,
    GameSeat,
    GameStatus,
    Player,
    RatingEvent,
    RatingsState,
    shown_events,
)

MODEL = PlackettLuce()
# Rows a transaction of a re-rating's unlocked writes: on SQLite every other write waits for the
# batch in progress, so a batch is kept short (its size chosen by measuring those waits:
# bench/RESULTS.md, "Writes during a re-rating").
BATCH = 1000


def ordinal(mu: float, sigma: float) -> float:
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def recompute(club_id: int, since: datetime | None = None) -> int:
    """Re-rate the club's finished games from ``since`` on, in the caller's transaction;
    returns how many games."""
    created, games = rated_events(club_id, since)
    replace_events(club_id, since, created)
    return games


class RatedEvent(NamedTuple):
    """One game's change to one player's rating: a ``RatingEvent`` row's values."""

    player_id: int
    game_id: int
    at: datetime
    mu: float
    sigma: float
    ordinal: float
    change: float


def replace_events(club_id: int, since: datetime | None, created: list[RatedEvent]) -> None:
    """The club's shown events from ``since`` on (all when None) replaced by ``created``, in
    the caller's transaction: a write that re-rates at once (its club's row locked)."""
    shown = RatingsState.objects.filter(club_id=club_id).values_list("shown", flat=True).first()
    events = RatingEvent.objects.filter(club_id=club_id)
    if since is not None:
        events = events.filter(generation=shown or 0, at__gte=since)
    events.delete()
    _insert(club_id, shown or 0, created)


def write_generation(club_id: int, since: datetime | None, shown: int, mine: int) -> int:
    """Generation ``mine`` of the club's events written whole beside the shown one, holding no
    lock: the shown events before ``since`` copied, the games from ``since`` on re-rated. Each
    batch commits alone, so on SQLite other writers take turns with it. Returns how many games
    were re-rated."""
    created, games = rated_events(club_id, since)
    if since is not None:
        before = RatingEvent.objects.filter(club_id=club_id, generation=shown, at__lt=since)
        rows = before.order_by("at", "pk").values_list("pk", *RatedEvent._fields)
        batch = list(rows[:BATCH])
        while batch:
            with transaction.atomic():
                _insert(club_id, mine, [RatedEvent(*row[1:]) for row in batch])
            # The next batch from where this one ended, along the (club, generation, at) index.
            pk, at = batch[-1][0], batch[-1][3]
            batch = list(rows.filter(at__gte=at).exclude(at=at, pk__lte=pk)[:BATCH])
    for start in range(0, len(created), BATCH):
        with transaction.atomic():
            _insert(club_id, mine, created[start : start + BATCH])
    return games


def drop_generations(club_id: int, keep: int | None = None, only: int | None = None) -> None:
    """Delete the club's events of generation ``only``, or of every generation below
    ``keep`` (shown no more), a batch a transaction."""
    events = RatingEvent.objects.filter(club_id=club_id)
    events = (
        events.filter(generation=only) if only is not None else events.filter(generation__lt=keep)
    )
    while ids := list(events.order_by().values_list("pk", flat=True)[:BATCH]):
        with transaction.atomic():
            RatingEvent.objects.filter(pk__in=ids).delete()


def _insert(club_id: int, generation: int, created: list[RatedEvent]) -> None:
    fields = ("club", "generation", *RatedEvent._fields)
    sql.insert_rows(RatingEvent, fields, [(club_id, generation, *event) for event in created])


def rated_events(club_id: int, since: datetime | None) -> tuple[list[RatedEvent], int]:
    """The events re-rating the club's finished games from ``since`` on would write, and how
    many games: reads only (events before ``since`` are the starting ratings)."""
    games = Game.objects.filter(club_id=club_id, status=GameStatus.FINISHED)
    if since is not None:
        games = games.filter(finished_at__gte=since)
    order = list(games.order_by("finished_at", "id").values_list("id", "finished_at"))
    if not order:
        return [], 0
    seats: dict[int, list[tuple[int, int]]] = {}
    # The seats of the same games, selected by the same conditions (not by a list of ids: a
    # re-rating from a club's first game names every game it has).
    for game_id, player_id, place in (
        GameSeat.objects.filter(game__in=games.order_by().values("pk"))
        .order_by("game_id", "seat")
        .values_list("game_id", "player_id", "place")
    ):
        seats.setdefault(game_id, []).append((player_id, place or 1))
    current = _ratings_before(club_id, since, {p for rows in seats.values() for p, _ in rows})
    created = []
    for game_id, finished_at in order:
        table = seats.get(game_id, [])
        if len(table) < 2:
            continue
        # A fresh rating object per newcomer: openskill tells teams apart by identity.
        before = [current.get(player) or MODEL.rating() for player, _ in table]
        after = rate_with_ties(before, [place for _, place in table])
        for (player, _), old, new in zip(table, before, after, strict=True):
            current[player] = new
            ordinal_after = new.ordinal()
            created.append(
                RatedEvent(
                    player,
                    game_id,
                    finished_at,
                    new.mu,
                    new.sigma,
                    ordinal_after,
                    ordinal_after - old.ordinal(),
                )
            )
    return created, len(order)


def rate_with_ties(before: list, places: list[int]) -> list:
    """New ratings for one table; tied places averaged over the orderings that split them."""
    groups: dict[int, list[int]] = {}
    for seat, place in enumerate(places):
        groups.setdefault(place, []).append(seat)
    tied = [seats for seats in groups.values() if len(seats) > 1]
    if not tied:
        return [team[0] for team in MODEL.rate([[r] for r in before], ranks=places)]
    turns = math.lcm(*(len(seats) for seats in tied))
    sums = [[0.0, 0.0] for _ in before]
    for turn in range(turns):
        ranks = [place * 10 for place in places]
        for seats in tied:
            for offset, seat in enumerate(seats):
                ranks[seat] += (offset + turn) % len(seats)
        rated = MODEL.rate([[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before], ranks=ranks)
        for seat, (new,) in enumerate(rated):
            sums[seat][0] += new.mu
            sums[seat][1] += new.sigma
    return [MODEL.rating(mu=mu / turns, sigma=sigma / turns) for mu, sigma in sums]


def _ratings_before(club_id: int, since: datetime | None, players: set[int]) -> dict:
    if since is None or not players:
        return {}
    latest = (
        shown_events(club_id)
        .filter(player=OuterRef("pk"), at__lt=since)
        .order_by("-at", "-game_id")
    )
    rows = (
        Player.objects.filter(pk__in=players)
        .annotate(mu=Subquery(latest.values("mu")[:1]), sigma=Subquery(latest.values("sigma")[:1]))
        .values_list("pk", "mu", "sigma")
    )
    return {pk: MODEL.rating(mu=mu, sigma=sigma) for pk, mu, sigma in rows if mu is not None}
