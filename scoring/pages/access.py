"""Who may read a game and who may score it, for the pages; small helpers the views share."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from scoring import selectors
from scoring.models import Club, Game
from scoring.pages.words import pass_words


def int_param(value: str | None, *, low: int = 1, high: int = 2**31 - 1) -> int | None:
    """A query parameter as a whole number in range, or None for anything else."""
    if value is None or not value.strip().isdigit() or len(value.strip()) > 12:
        return None
    number = int(value.strip())
    return number if low <= number <= high else None


def can_score(user, club_id: int) -> bool:
    return selectors.role_in(user, club_id) in selectors.SCORERS


def require_scorer(request: HttpRequest, club: Club) -> HttpResponse | None:
    """Anonymous: a redirect to sign in. Signed in without a scorer's role: 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_score(request.user, club.pk):
        raise PermissionDenied("Only the club's scorers, directors and owners enter hands.")
    return None


def readable_game(request: HttpRequest, pk: int) -> Game:
    return get_object_or_404(selectors.games_for(request.user), pk=pk)


def next_step(board: dict[str, Any], names: list[str], rules) -> dict[str, Any] | None:
    if board["next_hand"] is None:
        return None
    return {
        "hand": board["next_hand"],
        "dealer": names[board["next_dealer"]],
        "passing": pass_words(board["next_pass"], rules.pass_count),
    }
