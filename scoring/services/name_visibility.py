"""Who may read a player's name (issue 55, point 1; docs/deploy.md: who may see a name):
the player's own choice, or a director's for a player without an account. Results do not
change: the club's tables get a new results version and the player's games a new version, so
no kept body or ETag shows the old choice."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import DomainError, Forbidden
from scoring.models import EventType, Game, NameVisibility, Player
from scoring.selectors.access import DIRECTORS, role_in

from .events import record_event
from .versions import tables_changed


def may_choose_visibility(user, player: Player) -> bool:
    """The player's own account chooses; a director chooses for a player without one."""
    if user is None or not user.is_authenticated or player.merged_into_id is not None:
        return False
    if player.user_id is not None:
        return player.user_id == user.pk
    return role_in(user, player.club_id) in DIRECTORS


@transaction.atomic
def set_name_visibility(*, player: Player, visibility: str, actor) -> Player:
    """Set who may read the player's name. An event says so, with the player's id alone."""
    if visibility not in NameVisibility.values:
        raise DomainError(
            "invalid_name_visibility",
            _("Choose public, members or hidden."),
            "name_visibility",
        )
    if not may_choose_visibility(actor, player):
        raise Forbidden(
            "not_yours_to_choose",
            _("Only the player, or a director for a player without an account, chooses this."),
            "name_visibility",
        )
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.name_visibility == visibility:
        return player
    player.name_visibility = visibility
    player.save(update_fields=["name_visibility"])
    games = Game.objects.filter(seats__player=player).distinct()
    Game.objects.filter(pk__in=games.values("pk")).update(
        version=F("version") + 1, updated_at=timezone.now()
    )
    record_event(
        player.club_id,
        EventType.PLAYER_NAME_VISIBILITY,
        {"player": player.pk, "name_visibility": visibility},
    )
    tables_changed(player.club_id)
    return player
