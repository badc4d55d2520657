"""Invitations: an owner invites someone into a club with a role; whoever holds the link
accepts it while signed in. No one is added to a club without accepting, and no one learns
through it whether a username exists."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from hearts_site.errors import DomainError
from scoring.models import Club, Invitation, Membership, Role
from scoring.services.clubs import set_membership
from scoring.services.links import link_player

VALID_FOR = timedelta(days=7)
RANK = {Role.MEMBER: 0, Role.SCORER: 1, Role.DIRECTOR: 2, Role.OWNER: 3}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def create_invitation(*, club: Club, role: str, actor) -> tuple[Invitation, str]:
    """A new invitation and its token (shown once: only its hash is kept), valid a week."""
    token = new_token()
    invitation = Invitation.objects.create(
        club=club,
        role=role,
        token_hash=hash_token(token),
        created_by=actor,
        expires_at=timezone.now() + VALID_FOR,
    )
    return invitation, token


def open_invitation(token: str, *, lock: bool = False) -> Invitation:
    """The invitation this token opens, still unused and unexpired; else ``unknown_invitation``
    (400), the same whether it never existed, was used or has expired. ``lock``: its row is
    locked until the transaction ends (two acceptances of one link: one wins)."""
    rows = Invitation.objects.select_for_update() if lock else Invitation.objects
    invitation = (
        rows.select_related("club")
        .filter(token_hash=hash_token(token), accepted_at=None, expires_at__gt=timezone.now())
        .first()
    )
    if invitation is None:
        raise DomainError(
            "unknown_invitation", "No such invitation, or it was used or has expired.", "token"
        )
    return invitation


@transaction.atomic
def accept_invitation(*, token: str, user) -> Membership:
    """The user joins the club with the invitation's role; a member already there gets it if
    it is higher than theirs (an invitation never lowers a role). An invitation to be one of
    the club's players links the account to it. The invitation is used up."""
    invitation = open_invitation(token, lock=True)
    invitation.accepted_by, invitation.accepted_at = user, timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    if invitation.player_id is not None:
        link_player(invitation.player, user)
    held = Membership.objects.filter(club=invitation.club, user=user).first()
    if held is not None and RANK[Role(held.role)] >= RANK[Role(invitation.role)]:
        return held
    return set_membership(club=invitation.club, user=user, role=invitation.role)
