"""The room of a club evening (the games started that day): every table, for the director's room
view and the wall screen, with the night's leaders and a version that changes whenever any of
the games does, for conditional polling."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from itertools import count
from typing import Any

from django.db.models import Count, Max, Q, QuerySet, Sum
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudication.services import ruleset_for
from scoring.models import (
    Club,
    Confirmation,
    Dispute,
    DisputeStatus,
    Game,
    GameStatus,
    Hand,
    Night,
    NightStatus,
)
from scoring.selectors.games import next_deal
from scoring.selectors.names import shown_player, shown_rows
from scoring.selectors.night_results import state_of
from scoring.selectors.night_standings import standings_of

WAITING = (Confirmation.AWAITING, Confirmation.QUERIED)
# A night closed up to this long before midnight is the next day's evening's too: one that
# ends past midnight keeps its standings on the wall.
SMALL_HOURS = timedelta(hours=6)


def evening_games(club: Club, day: date) -> QuerySet[Game]:
    """The club's games started on ``day`` (the site's time zone): one evening's tables."""
    zone = timezone.get_current_timezone()
    start = datetime.combine(day, time.min, zone)
    return Game.objects.filter(
        club=club, started_at__gte=start, started_at__lt=start + timedelta(days=1)
    )


def room_version(club: Club, day: date) -> str:
    """Changes with every write to a game of the evening (each bumps its game's version) and
    with a game started: one aggregate over the evening's games, 304s included."""
    found = evening_games(club, day).aggregate(
        n=Count("id"), versions=Sum("version"), last=Max("updated_at"), newest=Max("id")
    )
    described = (
        f"{club.pk}:{day}:{found['n']}:{found['versions']}:{found['last']}:{found['newest']}"
    )
    return hashlib.sha256(described.encode()).hexdigest()[:32]


def room(club: Club, day: date) -> dict[str, Any]:
    """Each table: seats, totals, the last hand, what comes next, the hands waiting for
    confirmation and the disputes waiting for a director (with the page that rules on each).
    A fixed handful of queries whatever the number of tables."""
    games = list(
        evening_games(club, day)
        .select_related("league")
        .prefetch_related("seats__player")
        .annotate(hands_recorded=Count("hands"))
        .order_by("started_at", "id")
    )
    waiting: dict[int, list[dict[str, Any]]] = {g.pk: [] for g in games}
    for game_id, number, state in (
        Hand.objects.filter(game__in=games, is_void=False, confirmation__in=WAITING)
        .order_by("game_id", "number")
        .values_list("game_id", "number", "confirmation")
    ):
        waiting[game_id].append({"number": number, "confirmation": state})
    disputes: dict[int, list[dict[str, Any]]] = {g.pk: [] for g in games}
    for dispute_id, game_id, number in (
        Dispute.objects.filter(hand__game__in=games, status=DisputeStatus.OPEN)
        .order_by("opened_at", "id")
        .values_list("pk", "hand__game_id", "hand__number")
    ):
        link = reverse("page-dispute", args=[game_id, number, dispute_id])
        disputes[game_id].append({"id": dispute_id, "hand": number, "link": link})
    night = evening_night(club, day)
    return {
        "club": club.pk,
        "date": day,
        "version": room_version(club, day),
        "tables": [_table(game, waiting[game.pk], disputes[game.pk]) for game in games],
        "night": night_summary(night) if night else None,
        "leaders_by": "night" if night else "evening",
        "leaders": night_leaders(night) if night else leaders(games),
    }


def evening_night(club: Club, day: date) -> Night | None:
    """The evening's tournament night: the club's open night, else the last closed that day
    (or in the small hours before it: a night that ends past midnight still stands on the
    wall). Its standings are the evening's leaders."""
    zone = timezone.get_current_timezone()
    start = datetime.combine(day, time.min, zone)
    closed = Q(closed_at__gte=start - SMALL_HOURS, closed_at__lt=start + timedelta(days=1))
    nights = Night.objects.filter(club=club).filter(Q(status=NightStatus.OPEN) | closed)
    return nights.order_by("-status", "-created_at", "-id").first()  # "open" before "closed"


def night_summary(night: Night) -> dict[str, Any]:
    return {"id": night.pk, "name": night.name, "results": state_of(night)}


def night_leaders(night: Night) -> list[dict[str, Any]]:
    """The night's standings now (``night_standings``), one leader a row in their order:
    ``place`` shared (``2=``) by equal ranks, the formula's value beside the evening's
    figures."""
    latest = standings_of(night)["latest"]
    rows = latest["rows"] if latest else []
    ranks = [row["rank"] for row in rows]
    return [
        {
            "place": f"{row['rank']}{'=' if ranks.count(row['rank']) > 1 else ''}",
            "player": row["player"],
            "name": row["name"],
            "games": row["games"],
            "wins": row["wins"],
            "hands": row["hands"],
            "points": row["total_points"],
            "per_hand": round(row["total_points"] / row["hands"], 2) if row["hands"] else 0.0,
            "place_points": row["place_points"],
            "scaled_points": row["scaled_points"],
        }
        for row in rows
    ]


def _table(game: Game, waiting: list, disputes: list) -> dict[str, Any]:
    rules = ruleset_for(game.ruleset)
    seats = sorted(game.seats.all(), key=lambda seat: seat.seat)
    return {
        "game": game.pk,
        "table": game.table,
        "league": game.league_id,
        "league_name": game.league.name if game.league else None,
        "status": game.status,
        "version": game.version,
        "seats": [
            {
                "seat": s.seat,
                "player": s.player_id,
                "name": shown_player(s.player),
                "total": total,
                "is_winner": s.seat in game.winners,
            }
            for s, total in zip(seats, game.totals, strict=True)
        ],
        "totals": game.totals,
        "winners": game.winners,
        "hands_recorded": game.hands_recorded,
        "hands_counted": game.hands_played,
        "target_score": rules.target_score,
        **next_deal(game, rules, game.hands_recorded),
        "awaiting": waiting,
        "disputes": disputes,
        "link": reverse("page-game", args=[game.pk]),
    }


def leaders(games: Iterable[Game]) -> list[dict[str, Any]]:
    """The night's leaders: every player with a hand counted tonight (abandoned games left
    out), ranked by the games they won tonight (a shared win counts), then by the fewest
    points a counted hand; ``place`` is shared (``2=``) by those equal on both."""
    found: dict[int, dict[str, Any]] = {}
    for game in games:
        if game.status == GameStatus.ABANDONED or not game.hands_played:
            continue
        for seat in game.seats.all():
            mine = found.setdefault(seat.player_id, _newcomer(seat))
            mine["games"] += 1
            mine["wins"] += game.status == GameStatus.FINISHED and seat.seat in game.winners
            mine["hands"] += game.hands_played
            mine["points"] += game.totals[seat.seat]
    for mine in found.values():
        mine["per_hand"] = round(mine["points"] / mine["hands"], 2)
    ranked = sorted(found.values(), key=_standing)  # ties by the stored name
    for row in ranked:
        ahead = sum(_standing(other)[:2] < _standing(row)[:2] for other in ranked)
        tied = sum(_standing(other)[:2] == _standing(row)[:2] for other in ranked) > 1
        row["place"] = f"{ahead + 1}{'=' if tied else ''}"
    return shown_rows(ranked)


def _newcomer(seat) -> dict[str, Any]:
    name = seat.player.name
    return {
        "player": seat.player_id,
        "name": name,
        "games": 0,
        "wins": 0,
        "hands": 0,
        "points": 0,
        "place_points": None,
        "scaled_points": None,
    }


def _standing(row: dict[str, Any]) -> tuple:
    return (-row["wins"], row["points"] / row["hands"], row["name"], row["player"])


def next_free_table(club: Club) -> str:
    """The first of "Table 1", "Table 2", … (in the reader's language) where no game of the
    club is in progress."""
    taken = {
        name.casefold()
        for name in Game.objects.filter(club=club, status=GameStatus.IN_PROGRESS)
        .exclude(table="")
        .values_list("table", flat=True)
    }
    names = (_("Table {number}").format(number=n) for n in count(1))
    return next(name for name in names if name.casefold() not in taken)
