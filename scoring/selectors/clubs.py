"""A club's roster and its owner's outstanding invitations, as the club, invite and members
pages show them."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from hearts_site.text.names import skeleton
from scoring.models import Club, Invitation, Membership, Player, Role
from scoring.selectors.access import DIRECTORS, role_in, shown_name, username_shown

#: Who sees a club's members page: its directors and owners. Only its owners change a role,
#: remove a member or revoke an invitation (the API's ``IsClubOwner``, the invite page).
MEMBERS_READERS = DIRECTORS
MEMBERS_MANAGERS = (Role.OWNER,)


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
        .annotate(
            player_name=Subquery(linked.values("name")[:1]),
            player_id=Subquery(linked.values("pk")[:1]),
        )
        .order_by("pk")
    )


def member_name(membership: Membership) -> str:
    """How the club shows a member (selectors.access.shown_name): with ``player_name`` when
    ``memberships_of`` read it, else looked up."""
    if not hasattr(membership, "player_name"):
        linked = Player.objects.filter(
            club_id=membership.club_id, user_id=membership.user_id, merged_into__isnull=True
        )
        found = linked.order_by("id").values_list("pk", "name").first() or (None, None)
        membership.player_id, membership.player_name = found
    return shown_name(
        membership.player_name, membership.user, membership.role, membership.player_id
    )


@dataclass(frozen=True)
class MemberRow:
    """One member as the members page shows them: the name the club shows, the login name to
    an owner (``username_shown``), and whether it is the viewer."""

    membership: Membership
    name: str
    login: str | None
    is_you: bool


def may_manage_members(user, club: Club) -> bool:
    return role_in(user, club.pk) in MEMBERS_MANAGERS


def member_rows(viewer, club: Club) -> list[MemberRow]:
    """The club's members for ``viewer``'s members page, oldest first, in one query."""
    return [
        MemberRow(
            membership=membership,
            name=member_name(membership),
            login=username_shown(viewer, membership.user, club.pk),
            is_you=membership.user_id == viewer.pk,
        )
        for membership in memberships_of(club)
    ]


def club_players(club: Club) -> QuerySet[Player]:
    """Every current player of the club (a record merged into another is not one), by name:
    those without a game too."""
    return Player.objects.filter(club=club, merged_into__isnull=True).order_by("name", "id")


def look_alikes(player: Player) -> list[str]:
    """The names of the club's other current players that look like this one's (one
    skeleton: hearts_site/text/names.py), by name: the same name again, or one with a Cyrillic A
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
