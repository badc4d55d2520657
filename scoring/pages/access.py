"""What a page answers when the user may not read or score: a 404 for what they may not see,
a redirect to sign in or a 403 for what they may not do (the decisions are the selectors')."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import selectors
from scoring.models import Club, Game, League
from scoring.pages.params import int_param

#: The 404's words by what was looked for, each a whole sentence.
NO_SUCH = {
    "club": gettext_lazy("No such club."),
    "league": gettext_lazy("No such league."),
    "player": gettext_lazy("No such player."),
}


def readable(user, queryset: type[Model] | QuerySet, what: str, **lookup) -> Any:
    """The club, league or player ``lookup`` finds, if ``user`` may read its club; a 404
    saying "No such ``what``." both when there is none and when the club is private to them."""
    found = get_object_or_404(queryset, **lookup)
    club = found if isinstance(found, Club) else found.club
    if not selectors.can_read(user, club):
        raise Http404(str(NO_SUCH.get(what) or _("Not found.")))
    return found


def club_in_role(user, slug: str, roles: Collection[str], refusal: str) -> Club:
    """The club ``slug`` names, as ``readable`` finds it, when ``user`` holds one of ``roles``
    there; a 403 saying ``refusal`` when they do not."""
    club = readable(user, Club, "club", slug=slug)
    if selectors.role_in(user, club.pk) not in roles:
        raise PermissionDenied(refusal)
    return club


def readable_game(request: HttpRequest, pk: int) -> Game:
    return get_object_or_404(selectors.games_for(request.user), pk=pk)


def require_scorer(request: HttpRequest, club: Club) -> HttpResponse | None:
    """Anonymous: a redirect to sign in. Signed in without a scorer's role: 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not selectors.can_score(request.user, club.pk):
        raise PermissionDenied(_("Only the club's scorers, directors and owners enter hands."))
    return None


def leagues_to_start_in(user) -> list[League]:
    """The leagues whose club ``user`` scores for, by club and name; 403 when there are none."""
    leagues = [
        league
        for league in selectors.leagues_for(user).order_by("club__name", "name")
        if selectors.can_score(user, league.club_id)
    ]
    if not leagues:
        raise PermissionDenied(_("Only a club's scorers, directors and owners start games."))
    return leagues


def league_to_start(user, leagues: list[League], raw: str | None) -> League | None:
    """The league a new game is for: the one ``raw`` names, else the only one; None to ask.

    404 for a malformed or unknown league (or one private to another club), 403 for a league
    the user may read but whose club they do not score for.
    """
    league_id = int_param(raw)
    if raw is not None and league_id is None:
        raise Http404(_("No such league."))
    league = next((item for item in leagues if item.pk == league_id), None)
    if league_id is not None and league is None:
        if selectors.leagues_for(user).filter(pk=league_id).exists():
            raise PermissionDenied(_("You do not score for this league's club."))
        raise Http404(_("No such league."))
    if league is None and len(leagues) == 1:
        return leagues[0]
    return league
