"""Players with accounts: the signed-in user's players, games and statistics, and the claims a
club's directors decide."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from scoring.models import (
    AccountLanguage,
    ClaimStatus,
    Club,
    Confirmation,
    Game,
    GameStatus,
    Player,
    PlayerClaim,
)
from scoring.selectors.access import DIRECTORS, games_for, role_in
from scoring.selectors.names import shown_player
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


def pin_state(player: Player) -> dict[str, Any]:
    """Whether the player has a PIN, and until when it rests after wrong guesses (None: it
    does not): what a director sees on the player's page, never the PIN."""
    resting = player.pin_blocked_until
    return {
        "is_set": bool(player.pin_hash),
        "resting_until": resting if resting is not None and resting > timezone.now() else None,
    }


def pending_claims(club: Club) -> QuerySet[PlayerClaim]:
    return (
        PlayerClaim.objects.filter(player__club=club, status=ClaimStatus.PENDING)
        .select_related("player", "user")
        .order_by("created_at", "id")
    )


def waiting_hands(game: Game, user) -> list[dict[str, Any]]:
    """The game's hands not counted yet (awaiting confirmation or queried), each with its
    points and scores as it will count and its revision (what a confirmation names); whether
    ``user`` may confirm it from their own account (seated at another seat than the one that
    entered it) or, as a director of the club, for the table (not their own entry); and the
    seated players who may confirm it by PIN on a scorer's device."""
    seats = list(game.seats.select_related("player").order_by("seat"))
    by_user = {s.player.user_id: s for s in seats if s.player.user_id is not None}
    user_id = getattr(user, "pk", None)
    own = by_user.get(user_id)
    director = role_in(user, game.club_id) in DIRECTORS
    hands = (
        game.hands.filter(is_void=False)
        .exclude(confirmation=Confirmation.CONFIRMED)
        .order_by("number")
        .values("number", "confirmation", "points", "scores", "revision", "submitted_by_id")
    )
    waiting = []
    for hand in hands:
        entering = by_user.get(hand["submitted_by_id"])
        others = [s for s in seats if entering is None or s.seat != entering.seat]
        not_own = hand["submitted_by_id"] != user_id and (own is None or own in others)
        waiting.append(
            {
                **hand,
                "mine": own is not None and not_own,
                "for_table": director and not_own,
                "pin_players": [(s.player_id, shown_player(s.player)) for s in others],
            }
        )
    return waiting


def account_language(user) -> str | None:
    """The language the account chose on the picker, or None (the browser's then)."""
    return AccountLanguage.objects.filter(user=user).values_list("language", flat=True).first()
