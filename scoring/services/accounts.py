"""Players with accounts: a member's user linked to one of a club's players, by a director's
invitation the member accepts, or by the member's claim a director approves. One player a user
in a club, one user a player; a merge carries the link to the record that remains."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring.models import AccountLanguage, ClaimStatus, Invitation, Player, PlayerClaim, Role
from scoring.services.invitations import issue
from scoring.services.links import check_linkable, link_player, refuse_erased

# The roles a player's invitation may carry: a seat at the table, or a seat and the score sheet.
PLAYER_INVITATION_ROLES = (Role.MEMBER, Role.SCORER)


def invite_player(*, player: Player, actor, role: str = Role.MEMBER) -> tuple[Invitation, str]:
    """A director's invitation to be ``player``: whoever accepts it is linked (a week) and
    joins with ``role``, a member's or a scorer's (who also enters the table's hands)."""
    if role not in PLAYER_INVITATION_ROLES:
        raise DomainError(
            "invalid_role", _("A player is invited as a member or as a scorer."), "role"
        )
    if player.merged_into_id is not None:
        raise Conflict("player_merged", _("The player was merged into another record."), None)
    if player.user_id is not None:
        raise Conflict("player_linked", _("An account is already linked to this player."), None)
    refuse_erased(player)
    return issue(club_id=player.club_id, role=role, player=player, created_by=actor)


@transaction.atomic
def claim_player(*, player: Player, user) -> PlayerClaim:
    """The signed-in user claims to be ``player``; a director approves or refuses it."""
    check_linkable(player, user)
    if player.user_id == user.pk:
        raise Conflict("player_linked", _("Your account is already linked to this player."), None)
    claim, _created = PlayerClaim.objects.get_or_create(
        player=player, user=user, status=ClaimStatus.PENDING
    )
    return claim


@transaction.atomic
def decide_claim(*, claim_id: int, club_id: int, decision: str, actor) -> PlayerClaim:
    """Approve (the account is linked to the player) or refuse a pending claim, once."""
    claim = (
        PlayerClaim.objects.select_for_update()
        .filter(pk=claim_id, player__club_id=club_id)
        .select_related("player", "user")
        .first()
    )
    if claim is None:
        raise NotFoundError("claim_not_found", _("No such claim."), None)
    if claim.status != ClaimStatus.PENDING:
        decided = {
            ClaimStatus.APPROVED: _("The claim was already approved."),
            ClaimStatus.REFUSED: _("The claim was already refused."),
        }
        raise Conflict("claim_decided", decided[claim.status], None)
    if decision == "approve":
        claim.player = link_player(claim.player, claim.user)
        claim.status = ClaimStatus.APPROVED
    else:
        claim.status = ClaimStatus.REFUSED
    claim.decided_by, claim.decided_at = actor, timezone.now()
    claim.save(update_fields=["status", "decided_by", "decided_at"])
    return claim


def carry_link(source: Player, target: Player) -> None:
    """A merge keeps the link: the source's account moves to the target (locked rows); two
    different accounts cannot become one player."""
    if source.user_id is None:
        return
    if target.user_id is not None and target.user_id != source.user_id:
        raise Conflict(
            "players_linked_apart",
            _("Each player is linked to a different account: they are two people."),
            "into",
        )
    user_id, source.user = source.user_id, None
    source.save(update_fields=["user"])
    target.user_id = user_id
    target.save(update_fields=["user"])


def choose_language(*, user, language: str) -> str:
    """The language an account reads the pages in, one of ``settings.LANGUAGES``."""
    if language not in dict(settings.LANGUAGES):
        raise DomainError("invalid_language", _("Choose one of the languages offered."), "language")
    if user is not None and user.is_authenticated:
        AccountLanguage.objects.update_or_create(user=user, defaults={"language": language})
    return language
