"""A player's finished games where players already log their plays (issue 53, point 5): a play
file BG Stats opens (``bg_stats_plays``) and BoardGameGeek's play-logging fields
(``bgg_plays``), each game one play, oldest first (docs/hand-record.md, "Where players' data
already lives").

Hearts on BoardGameGeek is thing 6887, lowest score wins. Every id BG Stats matches on is a
UUID made from the service's own ids (``uuid5``), so importing a later export again updates
the same plays and players instead of adding them twice. Times are UTC, as stored. Three
queries (the games, their seats, the names not public), whatever the number of games."""

from __future__ import annotations

import uuid
from collections import defaultdict
from datetime import UTC
from typing import Any

from django.utils import timezone

from scoring.models import Game, GameSeat, GameStatus, Player
from scoring.selectors.names import shown_player

BGG_HEARTS = 6887
BGG_HEARTS_YEAR = 1850
# A namespace of this service's own, for the UUIDs BG Stats dedupes on.
_NAMESPACE = uuid.UUID("2f3c6c0e-6f6b-4a8e-9a53-6b1f2d9c8e41")
_ABOUT = (
    "A play file for Board Game Stats, written by the Hearts scorekeeping service: "
    "open it with Board Game Stats (share, export or open-in) to import these plays."
)


def _uuid(kind: str, pk: int) -> str:
    return str(uuid.uuid5(_NAMESPACE, f"{kind}:{pk}"))


def _moment(value) -> str:
    return timezone.localtime(value, UTC).strftime("%Y-%m-%d %H:%M:%S")


def _minutes(game: Game) -> int:
    if game.finished_at is None:
        return 0
    return max(0, round((game.finished_at - game.started_at).total_seconds() / 60))


def finished_games(player: Player) -> tuple[list[Game], dict[int, list[GameSeat]]]:
    """The player's finished games, oldest first, and every seat of each (its player read)."""
    games = list(
        Game.objects.filter(seats__player=player, status=GameStatus.FINISHED)
        .select_related("club", "league")
        .order_by("started_at", "pk")
    )
    seats: dict[int, list[GameSeat]] = defaultdict(list)
    rows = GameSeat.objects.filter(game__in=[g.pk for g in games]).select_related("player")
    for seat in rows.order_by("game_id", "seat"):
        seats[seat.game_id].append(seat)
    return games, seats


def _player_entry(player: Player) -> dict[str, Any]:
    return {
        "uuid": _uuid("player", player.pk),
        "id": player.pk,
        "name": shown_player(player),
        "isAnonymous": False,
        "modificationDate": _moment(player.created_at),
        "bggUsername": "",
    }


def _play(game: Game, seats: list[GameSeat]) -> dict[str, Any]:
    return {
        "uuid": _uuid("game", game.pk),
        "modificationDate": _moment(game.updated_at),
        "entryDate": _moment(game.started_at),
        "playDate": _moment(game.started_at),
        "usesTeams": False,
        "durationMin": _minutes(game),
        "ignored": False,
        "manualWinner": False,
        "rounds": game.hands_played,
        "locationRefId": game.club_id,
        "gameRefId": 1,
        "board": game.league.name if game.league_id else "",
        "playerScores": [
            {
                "score": str(seat.total),
                "winner": seat.is_winner,
                "newPlayer": False,
                "startPlayer": False,
                "playerRefId": seat.player_id,
                "rank": seat.place or 0,
                "seatOrder": seat.seat,
            }
            for seat in seats
        ],
    }


def bg_stats_plays(player: Player) -> dict[str, Any]:
    """The player's finished games as a BG Stats play file (.bgsplay): the players who sat in
    them, the clubs as locations, Hearts as the game, each game a play."""
    games, seats = finished_games(player)
    people = {s.player_id: s.player for g in games for s in seats[g.pk]}
    clubs = {g.club_id: g.club for g in games}
    return {
        "about": _ABOUT,
        "players": [_player_entry(p) for _, p in sorted(people.items())],
        "locations": [
            {
                "uuid": _uuid("club", club.pk),
                "id": club.pk,
                "name": club.name,
                "modificationDate": _moment(club.created_at),
            }
            for _, club in sorted(clubs.items())
        ],
        "games": [
            {
                "uuid": _uuid("game-kind", BGG_HEARTS),
                "id": 1,
                "name": "Hearts",
                "modificationDate": _moment(games[-1].updated_at) if games else "",
                "cooperative": False,
                "highestWins": False,
                "noPoints": False,
                "usesTeams": False,
                "bggId": BGG_HEARTS,
                "bggName": "Hearts",
                "bggYear": BGG_HEARTS_YEAR,
            }
        ],
        "plays": [_play(game, seats[game.pk]) for game in games],
    }


def bgg_plays(player: Player) -> list[dict[str, Any]]:
    """The player's finished games in BoardGameGeek's play-logging fields (its "Log play"
    form and XML API 2's plays): one play each, a player a seat, position 1 for seat 0."""
    games, seats = finished_games(player)
    return [
        {
            "objectid": BGG_HEARTS,
            "objecttype": "thing",
            "playdate": timezone.localtime(game.started_at, UTC).date().isoformat(),
            "length": _minutes(game),
            "location": game.club.name,
            "quantity": 1,
            "incomplete": False,
            "nowinstats": False,
            "comments": game.league.name if game.league_id else "",
            "players": [
                {
                    "name": shown_player(seat.player),
                    "username": "",
                    "score": str(seat.total),
                    "win": seat.is_winner,
                    "position": str(seat.seat + 1),
                    "new": False,
                }
                for seat in seats[game.pk]
            ],
        }
        for game in games
    ]
