"""Who may do what in a club, composed in views with ``&`` and ``|``.

Views that use these define ``get_club_id()`` (the mixins of scoring/api/scopes.py); a club the
user may not read is a 404 there, so private clubs are not revealed.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated

from scoring.models import Role
from scoring.selectors import DIRECTORS, SCORERS, role_in


class ClubRole(BasePermission):
    roles: tuple[str, ...] = ()
    message = gettext_lazy("Your role in this club does not allow this.")

    def has_permission(self, request, view) -> bool:
        return role_in(request.user, view.get_club_id()) in self.roles


class IsClubScorer(ClubRole):
    """Owners, directors and scorers write a club's games."""

    roles = SCORERS


class IsClubDirector(ClubRole):
    """Directors (and owners) resolve disputes, merge players and run leagues."""

    roles = DIRECTORS


class IsClubOwner(ClubRole):
    """Owners manage memberships."""

    roles = (Role.OWNER,)


class ReadOnly(BasePermission):
    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS


class IsClubMember(ClubRole):
    """Any role: members read what their club keeps private."""

    roles = tuple(Role.values)


class IsThePlayer(BasePermission):
    """The account linked to the player the URL names (views with ``get_player()``)."""

    message = gettext_lazy("Only the player's own account (or a director) may do this.")

    def has_permission(self, request, view) -> bool:
        return request.user.is_authenticated and view.get_player().user_id == request.user.pk


#: Anyone who may read the club reads; its scorers (and up) write.
SCORERS_WRITE = [ReadOnly | (IsAuthenticated & IsClubScorer)]
#: Anyone who may read the club reads; its directors (and up) write.
DIRECTORS_WRITE = [ReadOnly | (IsAuthenticated & IsClubDirector)]
