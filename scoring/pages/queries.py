"""The rows the pages list that ``scoring.selectors`` does not offer yet.

Each reads the database to decide what a page shows, so it belongs with the selectors; it
sits here until they offer it.
"""

from __future__ import annotations

from django.db.models import QuerySet

from scoring import selectors
from scoring.models import Club, DeviceToken, Game, Player

RECENT_GAMES = 10


def recent_games(user, **filters) -> list[Game]:
    """The latest games ``user`` may read among those ``filters`` pick, newest first."""
    games = selectors.games_for(user).filter(**filters).order_by("-started_at", "-id")
    return list(games[:RECENT_GAMES])


def players_to_seat(user, club: Club) -> QuerySet[Player]:
    """The club's players a new game may seat: not merged into another record."""
    return (
        selectors.players_for(user)
        .filter(club=club, merged_into__isnull=True)
        .order_by("name", "id")
    )


def next_hand_number(game: Game) -> int:
    """The number the next hand is entered under (``selectors.scoreboard`` also counts it)."""
    return game.hands.count() + 1


def seat_names(game: Game) -> list[str]:
    """The players' names in seat order."""
    return [seat.player.name for seat in game.seats.all()]


def device_tokens(user) -> QuerySet[DeviceToken]:
    """The user's device tokens, revoked ones too, newest first."""
    return DeviceToken.objects.filter(user=user).order_by("-created_at", "-id")
