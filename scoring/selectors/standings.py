"""League and club tables, ranked as the league declares; a player's own record.

A table sums the players' month totals for the whole months of its period and their day
totals for the days at its ends (``PlayerMonthTotal``, ``PlayerDayTotal``, kept by the
services), never the games or the hands. So its cost is a fixed handful of queries whatever
the league's size: the sums, the ratings, and the tied players' head-to-head seats when the
declaration names head_to_head. A player's own record sums their finished games' seats
(``_aggregate``), with the same sums (``SEAT_SUMS``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.api.json import utc_text, utc_text_or_none
from hearts_site.errors import DomainError
from hearts_site.http.rendering import kept_value
from scoring.domain.ranking import described, rank, ranking_of
from scoring.models import (
    COUNTED,
    Club,
    Game,
    GameSeat,
    GameStatus,
    Hand,
    League,
    Player,
    PlayerDayTotal,
    PlayerMonthTotal,
    RatingEvent,
    RatingsState,
    Season,
    shown_events,
)
from scoring.models.counts import TOTALLED
from scoring.models.totals import SEAT_SUMS, next_month
from scoring.selectors.names import private_names, shown_player, shown_player_name, shown_rows


@dataclass(frozen=True)
class Period:
    season: Season | None = None
    start: datetime | None = None
    end: datetime | None = None  # inclusive

    def describe(self) -> dict[str, Any]:
        return {
            "season": self.season.pk if self.season else None,
            "from": utc_text_or_none(self.start),
            "to": utc_text_or_none(self.end),
        }


def period_for(
    *,
    league: League | int | None,
    season_id: int | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    as_of: date | None = None,
) -> Period:
    """A season and/or dates; ``as_of`` is the table as it stood at the end of that day."""
    season = None
    if season_id is not None:
        season = Season.objects.filter(pk=season_id, league=league).first()
        if season is None:
            raise DomainError("unknown_season", _("No such season in this league."), "season")
        date_from = max(d for d in (date_from, season.starts_on) if d is not None)
        date_to = min(d for d in (date_to, season.ends_on) if d is not None)
    if as_of is not None:
        date_to = min(d for d in (date_to, as_of) if d is not None)
    if date_from and date_to and date_to < date_from:
        raise DomainError("empty_period", _("The period ends before it starts."), "to")
    zone = timezone.get_current_timezone()
    start = datetime.combine(date_from, time.min, zone) if date_from else None
    end = datetime.combine(date_to, time.max, zone) if date_to else None
    return Period(season, start, end)


def finished_seats(scope: Q, period: Period) -> Q:
    """Seats of finished games in ``scope`` (a condition on GameSeat) and the period.

    A condition on the seats' join to their game, not ``game__in=<subquery>``: SQLite reads an
    IN list of every game id slower than the join; PostgreSQL plans both alike.
    """
    seats = scope & Q(game__status=GameStatus.FINISHED)
    if period.start:
        seats &= Q(game__finished_at__gte=period.start)
    if period.end:
        seats &= Q(game__finished_at__lte=period.end)
    if period.season:
        seats &= Q(game__season=period.season) | Q(game__season__isnull=True)
    return seats


def cached_table(club: Club, variant: str, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """A table from the shared cache, built on a miss and kept under the club's results version.

    The version comes with the club's row, read before the table is built, and a write that
    changes the results commits a new version with them: so a table kept under a version is
    never older than that version, and a change is never served from the cache."""
    return kept_value(f"standings:{club.pk}:{club.results_version}:{variant}", build)


def kept_club_table(club: Club) -> dict[str, Any]:
    """Every finished game of the club, ranked by the default declaration, kept until the
    club's results change."""
    return cached_table(club, "page:club", lambda: club_table(club, Period()))


def kept_league_table(league: League, season_id: int | None) -> dict[str, Any]:
    """The league's table for one season (None: every season), kept until the club's results
    or the league's declaration change; refused (``unknown_season``) for another league's."""
    period = period_for(league=league, season_id=season_id)
    described = json.dumps(["page:league", league.pk, season_id, league.ranking], sort_keys=True)
    variant = hashlib.sha256(described.encode()).hexdigest()  # a key fit for any cache
    return cached_table(league.club, variant, lambda: league_table(league, period))


def table(
    scope: Q, kept: Q, period: Period, ranking: dict[str, Any], club_id: int
) -> dict[str, Any]:
    """The ranked rows, the declaration, and the period, for the seats ``scope`` selects
    (``kept``: the same games' per-day totals, which the rows sum)."""
    seats = finished_seats(scope, period)
    rows = _summed(kept, period)
    _attach_ratings(rows, period, club_id)
    return {
        "ranking": described(ranking),
        "period": period.describe(),
        **ratings_status(club_id),
        # Ranked by the stored names (a tie's last resort), then shown as the reader may see
        # them: a hidden name moves no row.
        "rows": shown_rows(rank(rows, ranking, lambda tied: _head_to_head(tied, seats))),
    }


def ratings_status(club_id: int) -> dict[str, Any]:
    """Whether the club's ratings wait for a re-rating on the queue, and when they were last
    brought up to date (null: never rated since this was kept)."""
    state = RatingsState.objects.filter(club_id=club_id).values_list("stale_since", "settled_at")
    stale_since, settled_at = state.first() or (None, None)
    return {
        "ratings_updating": stale_since is not None,
        "ratings_as_of": utc_text_or_none(settled_at),
    }


def _summed(kept: Q, period: Period) -> list[dict[str, Any]]:
    """One statement: the month totals of the period's whole months and the day totals of its
    days outside them, each grouped by player, added up per player here. A table's cost
    follows the players and the months (and at most two months' days), never the games."""
    first = timezone.localdate(period.start) if period.start else None
    last = timezone.localdate(period.end) if period.end else None
    if period.season:
        kept &= Q(season_key__in=[period.season.pk, 0])
    months, days = _whole_months(first, last)
    sums = {name: Sum(name) for name in PlayerDayTotal.SUMMED_FIELDS}
    parts = [
        model.objects.filter(kept & span).values("player_id").annotate(**sums).order_by()
        for model, span in ((PlayerMonthTotal, months), (PlayerDayTotal, days))
        if span is not None
    ]
    found = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    added: dict[int, dict[str, Any]] = {}
    for part in found:
        row = added.setdefault(part["player_id"], {"player_id": part["player_id"]})
        for name in PlayerDayTotal.SUMMED_FIELDS:
            value, before = part[name], row.get(name)
            row[name] = before if value is None else value + (before or 0)
    return _rows(row for _, row in sorted(added.items()) if row["games"])


def _whole_months(first: date | None, last: date | None) -> tuple[Q | None, Q | None]:
    """Which month totals and which day totals make up the days ``first`` to ``last``
    (inclusive; None: unbounded): the months wholly inside, and the days outside them (None:
    no rows of that kind)."""
    start = first if first is None or first.day == 1 else next_month(first)
    after_last = None if last is None else last + timedelta(days=1)
    end = after_last if after_last is None or after_last.day == 1 else after_last.replace(day=1)
    if start is not None and end is not None and start >= end:  # no whole month
        return None, Q(day__gte=first, day__lte=last)
    months = Q()
    if start is not None:
        months &= Q(month__gte=start)
    if end is not None:
        months &= Q(month__lt=end)
    edges = []
    if first is not None and first < start:
        edges.append(Q(day__gte=first, day__lt=start))
    if last is not None and end <= last:
        edges.append(Q(day__gte=end, day__lte=last))
    return months, (edges[0] | edges[1] if len(edges) == 2 else edges[0] if edges else None)


def _aggregate(seats: Q) -> list[dict[str, Any]]:
    """One GROUP BY player over the seat rows (a player's own record), summed as the totals
    are (``SEAT_SUMS``)."""
    found = GameSeat.objects.filter(seats).values("player_id").annotate(**SEAT_SUMS)
    return _rows(found.order_by("player_id"))


def _rows(found) -> list[dict[str, Any]]:
    """A player's row of a table or record from their sums: the games' figures and rates,
    then each of ``TOTALLED``."""
    rows = []
    for seat in found:
        games_played = seat["games"]
        hands = seat["hands"] or 0
        rows.append(
            {
                "player": seat["player_id"],
                "name": "",
                "games": games_played,
                "wins": seat["wins"],
                "win_rate": round(seat["wins"] / games_played, 4),
                "average_place": round(seat["place_sum"] / games_played, 4),
                "points_per_game": round(seat["total_points"] / games_played, 4),
                "points_per_hand": round(seat["total_points"] / hands, 4) if hands else None,
                "total_points": seat["total_points"],
                **{count.total: seat[count.total] for count in TOTALLED},
            }
        )
    return rows


def _attach_ratings(rows: list[dict[str, Any]], period: Period, club_id: int) -> None:
    """Each player's name, rating at the period's end and its change over the period: one
    query, two correlated subqueries a player, each one seek in the (player, generation, at,
    game) index, of the club's shown generation (read in the same statement)."""
    if not rows:
        return
    events = shown_events(club_id).filter(player=OuterRef("pk"))
    at_end = events.filter(at__lte=period.end) if period.end else events
    before = events.filter(at__lt=period.start) if period.start else events.none()
    found = (
        Player.objects.filter(pk__in=[r["player"] for r in rows])
        .annotate(
            rating=Subquery(at_end.order_by("-at", "-game_id").values("ordinal")[:1]),
            rating_before=Subquery(before.order_by("-at", "-game_id").values("ordinal")[:1]),
        )
        .values_list("pk", "name", "rating", "rating_before")
        .order_by()  # no sort by name: the rows are matched by id
    )
    players = {pk: (name, rating, before) for pk, name, rating, before in found}
    for row in rows:
        name, rating, start = players[row["player"]]
        row["name"] = name
        row["rating"] = round(rating, 3) if rating is not None else None
        start = start if start is not None else 0.0  # a new player's ordinal: mu - 3 sigma = 0
        row["rating_change"] = round(rating - start, 3) if rating is not None else None


def _head_to_head(tied: set[int], seats: Q) -> dict[tuple[int, int], int]:
    """Wins of a over b in games both played (a better place), among the tied players only.

    The query runs even when nothing is tied (it then matches no seat), so that a table's
    query count depends on its declaration only, never on its data."""
    who = Q(player_id__in=tied) if tied else Q(player_id__isnull=True)
    places: dict[int, dict[int, int]] = {}
    found = (
        GameSeat.objects.filter(seats, who)
        .values_list("game_id", "player_id", "place")
        .order_by()  # grouped by game below: no sort needed
    )
    for game_id, player_id, place in found:
        places.setdefault(game_id, {})[player_id] = place
    wins: dict[tuple[int, int], int] = {}
    for table_places in places.values():
        for a, place_a in table_places.items():
            for b, place_b in table_places.items():
                if a != b and place_a < place_b:
                    wins[(a, b)] = wins.get((a, b), 0) + 1
    return wins


def league_table(league: League, period: Period) -> dict[str, Any]:
    result = table(
        Q(game__league=league),
        Q(league_key=league.pk),
        period,
        ranking_of(league.ranking),
        league.club_id,
    )
    # A league without confirmations spends no query on them (its games count every hand;
    # one that stopped asking keeps the snapshot of its games, whose waits it then omits).
    waiting = awaiting_confirmation(Q(game__league=league)) if league.confirmations else 0
    return {"league": league.pk, "name": league.name, **result, "awaiting_confirmation": waiting}


def club_table(club: Club, period: Period) -> dict[str, Any]:
    result = table(Q(game__club=club), Q(club_id=club.pk), period, ranking_of(None), club.pk)
    return {"club": club.pk, "name": club.name, **result}


def awaiting_confirmation(games: Q) -> int:
    """The hands of these games (a condition on Hand) that a table does not count yet: not
    void, and awaiting confirmation or queried. Every change to it gives the club a new
    results version (services.hands.waiting_changed), so a kept table is never stale."""
    return Hand.objects.filter(games, is_void=False).exclude(COUNTED).count()


def player_stats(player: Player) -> dict[str, Any]:
    """A player's record over all finished games, overall and per league."""
    overall = _aggregate(finished_seats(Q(player=player), Period()))
    _attach_ratings(overall, Period(), player.club_id)
    overall = shown_rows(overall)
    per_league = []
    leagues = (
        GameSeat.objects.filter(player=player, game__status=GameStatus.FINISHED)
        .values("game__league_id", "game__league__name")
        .annotate(games=Count("id"), wins=Count("id", filter=Q(is_winner=True)))
        .annotate(average_place=Sum("place") * 1.0 / F("games"))
        .order_by("game__league__name")
    )
    for row in leagues:
        per_league.append(
            {
                "league": row["game__league_id"],
                "name": row["game__league__name"],
                "games": row["games"],
                "wins": row["wins"],
                "average_place": round(row["average_place"], 4),
            }
        )
    empty = {"player": player.pk, "name": shown_player(player), "games": 0}
    return {"overall": overall[0] if overall else empty, "leagues": per_league}


def current_season(league: League, today: date | None = None) -> Season | None:
    """The league's season running today (the latest to start, should two overlap)."""
    today = today or timezone.localdate()
    running = league.seasons.filter(starts_on__lte=today, ends_on__gte=today)
    return running.order_by("-starts_on", "-id").first()


def rating_history(player: Player) -> QuerySet[RatingEvent]:
    return shown_events(player.club_id).filter(player=player).order_by("at", "game_id")


HAND_COLUMNS = ["game", "finished_at", "hand", "seat", "player", "name", "points", "score"]


def league_hand_rows(league: League) -> Iterator[list[Any]]:
    """Every seat of every hand of the league's finished games, in ``HAND_COLUMNS`` order,
    read in chunks (a league's whole record need not fit in memory)."""
    games = Game.objects.filter(league=league, status=GameStatus.FINISHED).values("pk")
    private = private_names()
    seats = {
        (game_id, seat): (player_id, shown_player_name(player_id, name, private))
        for game_id, seat, player_id, name in GameSeat.objects.filter(game__in=games).values_list(
            "game_id", "seat", "player_id", "player__name"
        )
    }
    hands = (
        Hand.objects.filter(COUNTED, game__in=games)
        .order_by("game__finished_at", "game_id", "number")
        .values_list("game_id", "game__finished_at", "number", "points", "scores")
    )
    for game_id, finished_at, number, points, scores in hands.iterator(chunk_size=2000):
        for seat, (taken, score) in enumerate(zip(points, scores, strict=True)):
            player, name = seats.get((game_id, seat), ("", ""))
            yield [game_id, utc_text(finished_at), number, seat, player, name, taken, score]
