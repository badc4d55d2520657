"""Per-player totals a day (``PlayerDayTotal``) and a month (``PlayerMonthTotal``), kept in
the transaction of each write that changes a finished game's seats: its players' totals of the
day (league, season, date) it counted in before and counts in now are counted again from their
seats, and their totals of that day's month from the month's day totals. So a write costs its
players' games of that day and their days of that month, and a table sums months and days.

Two writes may recount one player's day at once (a correction of a game finished today and the
hand that finishes the same player's next game): each holds its players' totals lock
(``hold_players``, in id order) from before it reads until it commits, so the second recounts
after the first's seats are committed, never beside it (on PostgreSQL both deleted, then both
inserted the row: a unique key violation, and a count that missed the other's game)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from django.db.models import Q, Sum
from django.db.models.functions import TruncDate, TruncMonth
from django.utils import timezone

from hearts_site.database import locks as db_locks
from scoring.models import Game, GameSeat, GameStatus, Player, PlayerDayTotal, PlayerMonthTotal
from scoring.models.totals import SEAT_SUMS, next_month

TOTALS_LOCK = "player totals"

# A day's games: (league id or 0, season id or 0, the local date they finished).
Bucket = tuple[int, int, date]


def counted(club_id: int, seats: Q) -> list[PlayerDayTotal]:
    """The totals of the club's finished games' seats that ``seats`` selects, counted from
    the seats (the full recomputation)."""
    found = (
        GameSeat.objects.filter(seats, game__club_id=club_id, game__status=GameStatus.FINISHED)
        .annotate(day=TruncDate("game__finished_at"))
        .values("game__league_id", "game__season_id", "day", "player_id")
        .annotate(**SEAT_SUMS)
        .order_by()
    )
    return [
        PlayerDayTotal(
            club_id=club_id,
            league_key=row["game__league_id"] or 0,
            season_key=row["game__season_id"] or 0,
            day=row["day"],
            player_id=row["player_id"],
            **{name: row[name] for name in PlayerDayTotal.SUMMED_FIELDS},
        )
        for row in found
    ]


def bucket_of(game: Game, finished_at: datetime) -> Bucket:
    day = timezone.localdate(finished_at)
    return (game.league_id or 0, game.season_id or 0, day)


def game_changed(game: Game, finished_before: datetime | None) -> None:
    """After a write to ``game``'s seats: the day it counted in before (``finished_before``,
    None if it was not finished) and the day it counts in now, counted again."""
    buckets = set()
    if finished_before is not None:
        buckets.add(bucket_of(game, finished_before))
    if game.status == GameStatus.FINISHED and game.finished_at is not None:
        buckets.add(bucket_of(game, game.finished_at))
    # Only the game's own players' totals of that day can change: a handful of rows, one
    # statement each way, however many games the day holds.
    players = list(GameSeat.objects.filter(game=game).values_list("player_id", flat=True))
    hold_players(players)
    for bucket in sorted(buckets):
        _recount(game.club_id, bucket, players)


def hold_players(players: Iterable[int]) -> None:
    """Hold the totals lock of each player, in id order, until the transaction ends: every
    recount of a player's totals takes it first."""
    db_locks.hold(TOTALS_LOCK, sorted(set(players)))


def _recount(club_id: int, bucket: Bucket, players: list[int]) -> None:
    league, season, day = bucket
    zone = timezone.get_current_timezone()
    start = datetime.combine(day, time.min, zone)
    seats = Q(
        player_id__in=players,
        game__league_id=league or None,
        game__season_id=season or None,
        game__finished_at__gte=start,
        game__finished_at__lt=start + timedelta(days=1),
    )
    PlayerDayTotal.objects.filter(
        club_id=club_id, league_key=league, season_key=season, day=day, player_id__in=players
    ).delete()
    PlayerDayTotal.objects.bulk_create(counted(club_id, seats))
    month = day.replace(day=1)
    _replace_months(
        club_id,
        Q(league_key=league, season_key=season, month=month, player_id__in=players),
        Q(league_key=league, season_key=season, player_id__in=players)
        & Q(day__gte=month, day__lt=next_month(month)),
    )


def counted_months(club_id: int, days: Q) -> list[PlayerMonthTotal]:
    """The month totals of the club's day totals that ``days`` selects, summed from them."""
    found = (
        PlayerDayTotal.objects.filter(days, club_id=club_id)
        .annotate(month=TruncMonth("day"))
        .values("league_key", "season_key", "month", "player_id")
        .annotate(**{name: Sum(name) for name in PlayerDayTotal.SUMMED_FIELDS})
        .order_by()
    )
    return [PlayerMonthTotal(club_id=club_id, **row) for row in found]


def _replace_months(club_id: int, months: Q, days: Q) -> None:
    PlayerMonthTotal.objects.filter(months, club_id=club_id).delete()
    PlayerMonthTotal.objects.bulk_create(counted_months(club_id, days), batch_size=2000)


def players_changed(club_id: int, players: set[int]) -> None:
    """After seats moved between players (a merge): these players' totals counted again."""
    hold_players(players)
    PlayerDayTotal.objects.filter(club_id=club_id, player_id__in=players).delete()
    PlayerDayTotal.objects.bulk_create(counted(club_id, Q(player_id__in=players)), batch_size=2000)
    _replace_months(club_id, Q(player_id__in=players), Q(player_id__in=players))


def rebuild(club_id: int) -> int:
    """Every total of the club counted again from the seats; returns how many day rows."""
    hold_players(Player.objects.filter(club_id=club_id).values_list("pk", flat=True))
    PlayerDayTotal.objects.filter(club_id=club_id).delete()
    rows = counted(club_id, Q())
    PlayerDayTotal.objects.bulk_create(rows, batch_size=2000)
    _replace_months(club_id, Q(), Q())
    return len(rows)
