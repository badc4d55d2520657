"""Invitations: an owner invites someone into a club with a role; whoever holds the link
accepts it, signed in or by making their account (services.signup). No one is added to a club
without accepting, no one learns through it whether a username exists, and an acceptance that
would change nothing leaves the invitation for someone else. Until then an owner may revoke it."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring.models import Club, Invitation, Membership, Role
from scoring.services.clubs import set_membership
from scoring.services.links import link_player

VALID_FOR = timedelta(days=7)
RANK = {Role.MEMBER: 0, Role.SCORER: 1, Role.DIRECTOR: 2, Role.OWNER: 3}
# An invitation that would change nothing, in words, by the role the account already holds.
_ALREADY_IN = {
    Role.OWNER: lambda: _(
        "You are already in {club} as owner: this invitation would change nothing, so it "
        "stays unused for whoever it was meant for."
    ),
    Role.DIRECTOR: lambda: _(
        "You are already in {club} as director: this invitation would change nothing, so it "
        "stays unused for whoever it was meant for."
    ),
    Role.SCORER: lambda: _(
        "You are already in {club} as scorer: this invitation would change nothing, so it "
        "stays unused for whoever it was meant for."
    ),
    Role.MEMBER: lambda: _(
        "You are already in {club} as member: this invitation would change nothing, so it "
        "stays unused for whoever it was meant for."
    ),
}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def issue(**fields) -> tuple[Invitation, str]:
    """A new invitation with ``fields`` and its token (shown once: only its hash is kept),
    valid a week: an owner's for a role, or a director's to be one player
    (``services.accounts.invite_player``)."""
    token = new_token()
    invitation = Invitation.objects.create(
        token_hash=hash_token(token), expires_at=timezone.now() + VALID_FOR, **fields
    )
    return invitation, token


def create_invitation(*, club: Club, role: str, actor) -> tuple[Invitation, str]:
    """A new invitation into ``club`` with ``role``, and its token."""
    return issue(club=club, role=role, created_by=actor)


def open_invitation(token: str, *, lock: bool = False) -> Invitation:
    """The invitation this token opens, still unused, unrevoked and unexpired; else
    ``unknown_invitation`` (400), the same whether it never existed, was used, revoked or has
    expired. ``lock``: its row is locked until the transaction ends (two acceptances of one
    link, or an acceptance and a revocation: one wins)."""
    rows = Invitation.objects.select_for_update(of=("self",)) if lock else Invitation.objects
    invitation = (
        rows.select_related("club", "player")
        .filter(
            token_hash=hash_token(token),
            accepted_at=None,
            revoked_at=None,
            expires_at__gt=timezone.now(),
        )
        .first()
    )
    if invitation is None:
        raise DomainError(
            "unknown_invitation",
            _("No such invitation, or it was used, revoked or has expired."),
            "token",
        )
    return invitation


@transaction.atomic
def accept_invitation(*, token: str, user) -> Membership:
    """The user joins the club with the invitation's role; a member already there gets it if
    it is higher than theirs (an invitation never lowers a role). An invitation to be one of
    the club's players links the account to it. The invitation is used up; one that would
    change nothing (the user holds the role or a higher one, and is the player already if it
    names one: an owner opening their own club's link) is refused with ``role_unchanged``
    (409) and stays unused."""
    invitation = open_invitation(token, lock=True)
    held = Membership.objects.filter(club=invitation.club, user=user).first()
    raises = held is None or RANK[Role(held.role)] < RANK[Role(invitation.role)]
    links = invitation.player_id is not None and invitation.player.user_id != user.pk
    if not raises and not links:
        raise Conflict(
            "role_unchanged",
            _ALREADY_IN[Role(held.role)]().format(club=invitation.club.name),
            "token",
        )
    invitation.accepted_by, invitation.accepted_at = user, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    if links:
        link_player(invitation.player, user)
    if not raises:
        return Membership.objects.get(club=invitation.club, user=user)
    return set_membership(club=invitation.club, user=user, role=invitation.role)


@transaction.atomic
def revoke_invitation(*, club: Club, invitation_id: int) -> Invitation:
    """An owner takes back an invitation not yet accepted: its link opens nothing any more
    (revoked again: unchanged). One of another club is ``invitation_not_found`` (404); one
    already accepted is ``invitation_used`` (409): the member it made is removed instead. Its
    row is locked, so an acceptance at the same moment either wins or finds it revoked."""
    invitation = Invitation.objects.select_for_update().filter(pk=invitation_id, club=club).first()
    if invitation is None:
        raise NotFoundError("invitation_not_found", _("No such invitation in this club."), None)
    if invitation.accepted_at is not None:
        raise Conflict(
            "invitation_used",
            _("That invitation was accepted already: change or remove the member it made instead."),
            None,
        )
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation
