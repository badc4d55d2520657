"""Players with accounts: the signed-in user's players, games and statistics, and the claims a
club's directors decide."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from scoring.models import ClaimStatus, Club, Game, GameStatus, Player, PlayerClaim
from scoring.selectors.access import games_for
from scoring.selectors.standings import player_stats


def linked_players(user) -> QuerySet[Player]:
    """The club players the user's account is linked to (one a club), not merged away."""
    return (
        Player.objects.filter(user=user, merged_into__isnull=True)
        .select_related("club")
        .order_by("club__name", "id")
    )


def my_games(user, *, in_progress: bool | None = None) -> QuerySet[Game]:
    """The games the user's players sat in, newest first; ``in_progress``: "my table
    tonight" (True), or the finished and abandoned ones (False)."""
    games = games_for(user).filter(seats__player__user=user)
    if in_progress is not None:
        at_table = games.filter(status=GameStatus.IN_PROGRESS)
        games = at_table if in_progress else games.exclude(status=GameStatus.IN_PROGRESS)
    return games.order_by("-started_at", "-id")


def my_stats(user) -> list[dict[str, Any]]:
    """Each linked player's record (player_stats), one a club."""
    return [
        {"club": player.club_id, "club_name": player.club.name, **player_stats(player)}
        for player in linked_players(user)
    ]


def pending_claims(club: Club) -> QuerySet[PlayerClaim]:
    return (
        PlayerClaim.objects.filter(player__club=club, status=ClaimStatus.PENDING)
        .select_related("player", "user")
        .order_by("created_at", "id")
    )
