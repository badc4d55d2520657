"""Reads: who may see what, and the shapes the API and pages show."""

from __future__ import annotations

import json
from functools import cache
from typing import Any, NamedTuple

from django.db import connection
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
    roles = user.__dict__.setdefault("_club_roles", None)
    if roles is None:
        roles = dict(_all_rows(_roles_sql(), [user.pk]))
        user.__dict__["_club_roles"] = roles
    return roles.get(club_id)


@cache
def _roles_sql() -> str:
    # Plain SQL: each write asks it, and the ORM took 0.3 ms to build it (cProfile).
    table = connection.ops.quote_name(Membership._meta.db_table)
    club, role, user = _columns(Membership, "club", "role", "user")
    return f"SELECT {club}, {role} FROM {table} WHERE {user} = %s"


def visible_clubs(user) -> QuerySet[Club]:
    """Public clubs, and the private clubs the user belongs to."""
    if user is not None and user.is_authenticated:
        return Club.objects.filter(Q(is_public=True) | Q(memberships__user=user)).distinct()
    return Club.objects.filter(is_public=True)


def can_read(user, club: Club) -> bool:
    return may_read(user, club.pk, club.is_public)


def may_read(user, club_id: int, is_public: bool) -> bool:
    """A club's data is for everyone when the club is public, else for its members."""
    return is_public or role_in(user, club_id) is not None


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


def game_still_at(game_id: int, version: int) -> bool:
    """No write has changed the game since it was read at ``version``."""
    return Game.objects.filter(pk=game_id, version=version).exists()


# --- Versions: what a kept body or a 304 needs to know, in one plain statement -----------------
#
# A scoreboard or a league table asked for again is answered from its kept rendering (or with a
# 304) after one read of the version of what it shows. Built by the ORM, that read was 0.3 ms of
# Python (compiling a select of the game's and its club's every column) where the database took
# 0.02: 60% of a kept scoreboard's time in cProfile. These are the same reads as plain SQL.


class GameVersion(NamedTuple):
    club_id: int
    club_is_public: bool
    version: int
    changed: str  # the time of the last write, as the database gives it (a key, not shown)


class LeagueVersion(NamedTuple):
    club_id: int
    club_is_public: bool
    results_version: str
    ranking: Any  # the league's declared ranking (a table's ETag names it)


def _columns(model, *names: str) -> list[str]:
    quote = connection.ops.quote_name
    return [quote(model._meta.get_field(name).column) for name in names]


def _one_row(sql: str, params: list[Any]) -> tuple | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def _all_rows(sql: str, params: list[Any]) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


@cache
def _game_version_sql() -> str:
    quote = connection.ops.quote_name
    game, club = quote(Game._meta.db_table), quote(Club._meta.db_table)
    g_id, g_club, version, changed = _columns(Game, "id", "club", "version", "updated_at")
    c_id, public = _columns(Club, "id", "is_public")
    return (
        f"SELECT g.{g_club}, c.{public}, g.{version}, g.{changed} FROM {game} g "
        f"JOIN {club} c ON c.{c_id} = g.{g_club} WHERE g.{g_id} = %s"
    )


@cache
def _league_version_sql() -> str:
    quote = connection.ops.quote_name
    league, club = quote(League._meta.db_table), quote(Club._meta.db_table)
    l_id, l_club, ranking = _columns(League, "id", "club", "ranking")
    c_id, public, results = _columns(Club, "id", "is_public", "results_version")
    return (
        f"SELECT l.{l_club}, c.{public}, c.{results}, l.{ranking} FROM {league} l "
        f"JOIN {club} c ON c.{c_id} = l.{l_club} WHERE l.{l_id} = %s"
    )


def game_version(game_id: int, user) -> GameVersion | None:
    """The game's club, whether it is public, and the game's version and last change; None
    for no such game, or one in a private club the user is not a member of."""
    row = _one_row(_game_version_sql(), [game_id])
    if row is None or not may_read(user, row[0], bool(row[1])):
        return None
    return GameVersion(row[0], bool(row[1]), row[2], str(row[3]))


def league_version(league_id: int, user) -> LeagueVersion | None:
    """The league's club, whether it is public, the club's results version and the league's
    ranking; None for no such league, or one in a private club the user is not a member of."""
    row = _one_row(_league_version_sql(), [league_id])
    if row is None or not may_read(user, row[0], bool(row[1])):
        return None
    declared = json.loads(row[3]) if isinstance(row[3], str | bytes) else row[3]
    return LeagueVersion(row[0], bool(row[1]), row[2], declared)


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
