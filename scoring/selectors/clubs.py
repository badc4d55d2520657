"""A club's roster and its owner's outstanding invitations, as the club and invite pages show
them."""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from hearts_site.names import skeleton
from scoring.models import Club, Invitation, Membership, Player
from scoring.selectors.access import shown_name


def memberships_of(club: Club) -> QuerySet[Membership]:
    """The club's memberships, oldest first, each with its user and the name of the player
    linked to that user in the club (``player_name``, or None): what ``member_name`` shows, in
    one query however many members."""
    linked = Player.objects.filter(
        club_id=OuterRef("club_id"), user_id=OuterRef("user_id"), merged_into__isnull=True
    ).order_by("id")
    return (
        Membership.objects.filter(club=club)
        .select_related("user")
        .annotate(player_name=Subquery(linked.values("name")[:1]))
        .order_by("pk")
    )


def member_name(membership: Membership) -> str:
    """How the club shows a member (selectors.access.shown_name): with ``player_name`` when
    ``memberships_of`` read it, else looked up."""
    if not hasattr(membership, "player_name"):
        linked = Player.objects.filter(
            club_id=membership.club_id, user_id=membership.user_id, merged_into__isnull=True
        )
        membership.player_name = linked.order_by("id").values_list("name", flat=True).first()
    return shown_name(membership.player_name, membership.user, membership.role)


def club_players(club: Club) -> QuerySet[Player]:
    """Every current player of the club (a record merged into another is not one), by name:
    those without a game too."""
    return Player.objects.filter(club=club, merged_into__isnull=True).order_by("name", "id")


def look_alikes(player: Player) -> list[str]:
    """The names of the club's other current players that look like this one's (one
    skeleton: hearts_site/names.py), by name: the same name again, or one with a Cyrillic A
    for a Latin A."""
    wanted = skeleton(player.name)
    others = club_players(player.club).exclude(pk=player.pk).values_list("name", flat=True)
    return [name for name in others if skeleton(name) == wanted]


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
