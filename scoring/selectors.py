"""Reads: who may see what, and the shapes the API and pages show."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from adjudication.engine import dealer_of_hand, pass_direction
from scoring.models import (
    Club,
    Game,
    GameStatus,
    Hand,
    HistoryEntry,
    League,
    Membership,
    Player,
    Role,
)

SCORERS = (Role.OWNER, Role.DIRECTOR, Role.SCORER)
DIRECTORS = (Role.OWNER, Role.DIRECTOR)


def role_in(user, club_id: int) -> str | None:
    """The user's role in a club, or None. Cached on the user object for the request."""
    if user is None or not user.is_authenticated:
        return None
    cache = user.__dict__.setdefault("_club_roles", None)
    if cache is None:
        cache = dict(Membership.objects.filter(user=user).values_list("club_id", "role"))
        user.__dict__["_club_roles"] = cache
    return cache.get(club_id)


def visible_clubs(user) -> QuerySet[Club]:
    """Public clubs, and the private clubs the user belongs to."""
    if user is not None and user.is_authenticated:
        return Club.objects.filter(Q(is_public=True) | Q(memberships__user=user)).distinct()
    return Club.objects.filter(is_public=True)


def can_read(user, club: Club) -> bool:
    return club.is_public or role_in(user, club.pk) is not None


def visible_club_ids(user):
    return visible_clubs(user).values("pk")


def players_for(user) -> QuerySet[Player]:
    return Player.objects.filter(club__in=visible_club_ids(user)).select_related("club")


def leagues_for(user) -> QuerySet[League]:
    return League.objects.filter(club__in=visible_club_ids(user)).select_related("club")


def games_for(user) -> QuerySet[Game]:
    return (
        Game.objects.filter(club__in=visible_club_ids(user))
        .select_related("club", "league", "season")
        .prefetch_related("seats__player")
    )


def game_still_at(game: Game) -> bool:
    """No write has changed the game since ``game`` was read (its version is still current)."""
    return Game.objects.filter(pk=game.pk, version=game.version).exists()


def scoreboard(game: Game) -> dict[str, Any]:
    """Every hand with its scores and the running totals, the totals, the end and the winners."""
    from scoring.services import rules_of

    rules = rules_of(game)
    running = [0] * rules.players
    rows = []
    # Named rows, not model instances: building those took a third of this function's time.
    hands = list(
        Hand.objects.filter(game=game)
        .order_by("number")
        .values_list(
            "number",
            "dealer",
            "pass_direction",
            "level",
            "points",
            "scores",
            "moon_shooter",
            "moon_choice",
            "jack_of_diamonds",
            "gems",
            "is_void",
            "renege_by",
            named=True,
        )
    )
    for hand in hands:
        if not hand.is_void:
            running = [t + s for t, s in zip(running, hand.scores, strict=True)]
        rows.append(
            {
                "number": hand.number,
                "dealer": hand.dealer,
                "pass_direction": hand.pass_direction,
                "level": hand.level,
                "points": hand.points,
                "scores": hand.scores,
                "moon": {"shooter": hand.moon_shooter, "choice": hand.moon_choice or None}
                if hand.moon_shooter is not None
                else None,
                "jack_of_diamonds": hand.jack_of_diamonds,
                "gems": hand.gems,
                "is_void": hand.is_void,
                "renege_by": hand.renege_by,
                "running_totals": list(running),
            }
        )
    seats = [
        {"seat": seat, "player": player, "name": name}
        for seat, player, name in game.seats.order_by("seat").values_list(
            "seat", "player_id", "player__name"
        )
    ]
    over = game.status != GameStatus.IN_PROGRESS
    number = len(hands) + 1
    return {
        "game": game.pk,
        "version": game.version,
        "status": game.status,
        "seats": seats,
        "hands": rows,
        "totals": game.totals,
        "gems": game.gems,
        "winners": game.winners,
        "next_hand": None if over else number,
        "next_dealer": None if over else dealer_of_hand(rules.players, game.first_dealer, number),
        "next_pass": None if over else pass_direction(rules, number),
        "target_score": rules.target_score,
    }


def history_of(game: Game) -> QuerySet[HistoryEntry]:
    return HistoryEntry.objects.filter(game=game).select_related("actor").order_by("at", "id")
