"""A user linked to a club's player: what an accepted player invitation and an approved claim
both do (scoring.services.accounts)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from hearts_site.errors import Conflict
from scoring.models import Membership, Player, Role
from scoring.services.clubs import set_membership


def check_linkable(player: Player, user) -> None:
    if player.merged_into_id is not None:
        raise Conflict("player_merged", _("The player was merged into another record."), "player")
    refuse_erased(player)
    if player.user_id is not None and player.user_id != user.pk:
        raise Conflict("player_linked", _("Another account is linked to this player."), "player")
    elsewhere = Player.objects.filter(club_id=player.club_id, user=user).exclude(pk=player.pk)
    if elsewhere.exists():
        raise Conflict(
            "already_linked", _("Your account is linked to another player of this club."), None
        )


def refuse_erased(player: Player) -> None:
    """A player whose name was erased (issue 55) is no one's to become: its results stay
    under its pseudonym, linked to no account."""
    if player.erasures.exists():
        raise Conflict(
            "player_erased",
            _("This player's name was erased: no account can become it."),
            "player",
        )


def link_player(player: Player, user) -> Player:
    """The user becomes the player (in the caller's transaction, the player's row locked) and
    a member of its club if not one already."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    check_linkable(player, user)
    player.user = user
    player.save(update_fields=["user"])
    if not Membership.objects.filter(club_id=player.club_id, user=user).exists():
        set_membership(club=player.club, user=user, role=Role.MEMBER)
    return player
