"""Who may read what and who may score, as the pages ask it.

These decide, so they belong with ``scoring.selectors`` (which has ``role_in``, ``can_read``
and ``games_for`` to build on); they sit here until the selectors offer them.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from scoring import selectors
from scoring.models import Club, Game, GameStatus, League
from scoring.pages.params import int_param


def readable(user, queryset: type[Model] | QuerySet, what: str, **lookup) -> Any:
    """The club, league or player ``lookup`` finds, if ``user`` may read its club; a 404
    saying "No such ``what``." both when there is none and when the club is private to them."""
    found = get_object_or_404(queryset, **lookup)
    club = found if isinstance(found, Club) else found.club
    if not selectors.can_read(user, club):
        raise Http404(f"No such {what}.")
    return found


def readable_game(request: HttpRequest, pk: int) -> Game:
    return get_object_or_404(selectors.games_for(request.user), pk=pk)


def can_score(user, club_id: int) -> bool:
    return selectors.role_in(user, club_id) in selectors.SCORERS


def can_score_game(user, game: Game) -> bool:
    """A scorer of the game's club, and the game not abandoned (over: it may be corrected)."""
    return can_score(user, game.club_id) and game.status != GameStatus.ABANDONED


def takes_hands(game: Game) -> bool:
    return game.status == GameStatus.IN_PROGRESS


def require_scorer(request: HttpRequest, club: Club) -> HttpResponse | None:
    """Anonymous: a redirect to sign in. Signed in without a scorer's role: 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_score(request.user, club.pk):
        raise PermissionDenied("Only the club's scorers, directors and owners enter hands.")
    return None


def leagues_to_start_in(user) -> list[League]:
    """The leagues whose club ``user`` scores for, by club and name; 403 when there are none."""
    leagues = [
        league
        for league in selectors.leagues_for(user).order_by("club__name", "name")
        if can_score(user, league.club_id)
    ]
    if not leagues:
        raise PermissionDenied("Only a club's scorers, directors and owners start games.")
    return leagues


def league_to_start(user, leagues: list[League], raw: str | None) -> League | None:
    """The league a new game is for: the one ``raw`` names, else the only one; None to ask.

    404 for a malformed or unknown league (or one private to another club), 403 for a league
    the user may read but whose club they do not score for.
    """
    league_id = int_param(raw)
    if raw is not None and league_id is None:
        raise Http404("No such league.")
    league = next((item for item in leagues if item.pk == league_id), None)
    if league_id is not None and league is None:
        if selectors.leagues_for(user).filter(pk=league_id).exists():
            raise PermissionDenied("You do not score for this league's club.")
        raise Http404("No such league.")
    if league is None and len(leagues) == 1:
        return leagues[0]
    return league
