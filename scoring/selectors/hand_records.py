"""The games of a game, a night, a league or a club as hand records' games (the JSON twin's
form, ``scoring.record``), read a batch of games at a time: three queries a batch however
many hands, so an export's memory stays flat and its queries bounded."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC
from typing import Any

from django.db.models import Prefetch, QuerySet

from scoring.models import Confirmation, Game, GameSeat, Hand
from scoring.record import hand_of
from scoring.record.spec import RULESET_OPTIONS, RULESET_VERSION

BATCH = 200
_HAND_FIELDS = (
    "game_id",
    "number",
    "dealer",
    "pass_direction",
    "level",
    "entry",
    "points",
    "scores",
    "moon_shooter",
    "moon_choice",
    "adjudication",
    "ruled",
    "is_void",
    "confirmation",
    "confirmed_by_id",
)


def one_game(game_id: int) -> QuerySet[Game]:
    return Game.objects.filter(pk=game_id)


def club_games(club_id: int) -> QuerySet[Game]:
    return Game.objects.filter(club_id=club_id)


def league_games(league_id: int) -> QuerySet[Game]:
    return Game.objects.filter(league_id=league_id)


def night_games(night_id: int) -> QuerySet[Game]:
    return Game.objects.filter(night_table__round__night_id=night_id)


def record_id(game: Game, club_slug: str) -> str:
    """The record's ``[Game]`` id: the one it was imported with, else ``<club slug>:<id>``."""
    origin = getattr(game, "record_origin", None)
    return origin.record_game if origin is not None else f"{club_slug}:{game.pk}"


def record_games(games: QuerySet[Game]) -> Iterator[dict[str, Any]]:
    """Each game in id order, as a record's game, read ``BATCH`` games at a time."""
    ids = list(games.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        batch = (
            Game.objects.filter(pk__in=ids[start : start + BATCH])
            .order_by("pk")
            .select_related("league", "club", "record_origin")
            .prefetch_related(
                Prefetch(
                    "seats",
                    GameSeat.objects.order_by("seat")
                    .select_related("player")
                    .only("game_id", "seat", "player_id", "player__name"),
                ),
                Prefetch("hands", Hand.objects.order_by("number").only(*_HAND_FIELDS)),
            )
        )
        for game in batch:
            yield record_game(game)


def record_game(game: Game) -> dict[str, Any]:
    """One game (its seats, hands, league, club and origin read) as a record's game. Its hands
    up to the first one still awaiting confirmation or queried: a record holds settled hands."""
    seats = list(game.seats.all())
    seat_of = {seat.player_id: seat.seat for seat in seats}
    hands = []
    for hand in game.hands.all():
        if hand.confirmation != Confirmation.CONFIRMED and not hand.is_void:
            break
        stored = {name: getattr(hand, name) for name in _HAND_FIELDS}
        hands.append(hand_of(stored, len(seats), seat_of.get(hand.confirmed_by_id)))
    options = game.ruleset
    return {
        "game": record_id(game, game.club.slug),
        "event": game.league.name if game.league is not None else "",
        "date": game.started_at.astimezone(UTC).date().isoformat(),
        "table": game.table,
        "status": game.status,
        "preset": options.get("preset", "standard"),
        "ruleset_version": RULESET_VERSION,
        "options": {name: options[name] for name in RULESET_OPTIONS},
        "seats": [seat.player.name for seat in seats],
        "first_dealer": game.first_dealer,
        "hands": hands,
    }


__all__ = ["club_games", "league_games", "night_games", "one_game", "record_games"]
