"""The director's room view: every table of a club evening (the games started that day) on one
page, with a version that changes whenever any of them does, for conditional polling."""

from __future__ import annotations

import hashlib
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, Max, QuerySet, Sum
from django.urls import reverse
from django.utils import timezone

from adjudication.services import ruleset_for
from scoring.models import Club, Confirmation, Dispute, DisputeStatus, Game, Hand
from scoring.selectors.games import next_deal

WAITING = (Confirmation.AWAITING, Confirmation.QUERIED)


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
    return {
        "club": club.pk,
        "date": day,
        "version": room_version(club, day),
        "tables": [_table(game, waiting[game.pk], disputes[game.pk]) for game in games],
    }


def _table(game: Game, waiting: list, disputes: list) -> dict[str, Any]:
    rules = ruleset_for(game.ruleset)
    seats = sorted(game.seats.all(), key=lambda seat: seat.seat)
    return {
        "game": game.pk,
        "league": game.league_id,
        "league_name": game.league.name if game.league else None,
        "status": game.status,
        "version": game.version,
        "seats": [
            {"seat": s.seat, "player": s.player_id, "name": s.player.name, "total": total}
            for s, total in zip(seats, game.totals, strict=True)
        ],
        "totals": game.totals,
        "hands_recorded": game.hands_recorded,
        "hands_counted": game.hands_played,
        "target_score": rules.target_score,
        **next_deal(game, rules, game.hands_recorded),
        "awaiting": waiting,
        "disputes": disputes,
        "link": reverse("page-game", args=[game.pk]),
    }
