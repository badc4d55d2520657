"""A club's roster and its owner's outstanding invitations, as the club and invite pages show
them."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone

from scoring.models import Club, Invitation, Player


def club_players(club: Club) -> QuerySet[Player]:
    """Every current player of the club (a record merged into another is not one), by name:
    those without a game too."""
    return Player.objects.filter(club=club, merged_into__isnull=True).order_by("name", "id")


def outstanding_invitations(club: Club) -> QuerySet[Invitation]:
    """The club's invitations that can still be accepted (neither accepted, revoked nor
    expired), newest first, with the player each names."""
    return (
        Invitation.objects.filter(
            club=club, accepted_at=None, revoked_at=None, expires_at__gt=timezone.now()
        )
        .select_related("player")
        .order_by("-created_at", "-id")
    )
