"""The scoreboard's writes for a club's scorers, as the API allows them (IsClubScorer):
void a hand, abandon the game, dispute a hand, and start the same table again."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from adjudication.engine import HeartsError
from hearts_site.errors import DomainError, NotFoundError
from scoring import selectors, services
from scoring.models import Game, GameStatus
from scoring.pages import access
from scoring.pages.forms.game_actions import AbandonForm, DisputeForm, VoidForm
from scoring.pages.refusals import BAD_CLAIM, refusal_words


def _scorers_game(request: HttpRequest, pk: int) -> tuple[Game, HttpResponse | None]:
    game = access.readable_game(request, pk)
    return game, access.require_scorer(request, game.club)


def _back(game: Game, anchor: str = "") -> HttpResponse:
    response = redirect("page-game", pk=game.pk)
    response["Location"] += anchor
    return response


def _refused(request: HttpRequest, game: Game, form) -> HttpResponse:
    """A form the page cannot carry across a redirect: its first error, as a message."""
    errors = [error for errors in form.errors.values() for error in errors]
    messages.error(request, errors[0] if errors else "That could not be done.")
    return _back(game, "#fix")


@require_POST
def hand_void(request: HttpRequest, pk: int) -> HttpResponse:
    game, denied = _scorers_game(request, pk)
    if denied:
        return denied
    form = VoidForm(request.POST, hands=selectors.countable_hands(game))
    if not form.is_valid():
        return _refused(request, game, form)
    number = form.cleaned_data["number"]
    try:
        services.void_hand(
            game_id=game.pk, number=number, reason=form.cleaned_data["reason"], actor=request.user
        )
    except NotFoundError as exc:
        raise Http404(exc.detail) from exc
    except DomainError as exc:
        messages.error(request, refusal_words(exc, number))
    else:
        messages.success(request, f"Hand {number} is void: it no longer counts.")
    return _back(game)


@require_POST
def game_abandon(request: HttpRequest, pk: int) -> HttpResponse:
    game, denied = _scorers_game(request, pk)
    if denied:
        return denied
    form = AbandonForm(request.POST)
    if not form.is_valid():
        return _refused(request, game, form)
    try:
        services.abandon_game(
            game_id=game.pk, reason=form.cleaned_data["reason"], actor=request.user
        )
    except DomainError as exc:
        messages.error(request, refusal_words(exc))
    else:
        messages.success(request, "The game is abandoned: it counts in no table.")
    return _back(game)


@require_POST
def hand_dispute(request: HttpRequest, pk: int) -> HttpResponse:
    game, denied = _scorers_game(request, pk)
    if denied:
        return denied
    form = DisputeForm(
        request.POST,
        hands=selectors.countable_hands(game),
        seat_names=selectors.seat_names(game),
    )
    if not form.is_valid():
        return _refused(request, game, form)
    number = form.cleaned_data["number"]
    try:
        services.open_dispute(
            game_id=game.pk,
            number=number,
            record=form.record(),
            actor=request.user,
            reason=form.cleaned_data["reason"],
        )
    except NotFoundError as exc:
        raise Http404(exc.detail) from exc
    except (HeartsError, DomainError) as exc:
        messages.error(request, refusal_words(exc, number, BAD_CLAIM))
    else:
        messages.success(request, f"Hand {number} is disputed: a director will decide.")
    return _back(game, "#disputes")


@require_POST
def same_table_again(request: HttpRequest, pk: int) -> HttpResponse:
    """A new game in the same league with the same players in the same seats; the deal moves
    one seat on from the last game's first dealer."""
    game, denied = _scorers_game(request, pk)
    if denied:
        return denied
    if game.status == GameStatus.IN_PROGRESS:
        messages.info(request, "This game is still being played.")
        return _back(game)
    players = [seat.player for seat in game.seats.select_related("player").order_by("seat")]
    try:
        again = services.create_game(
            club=game.club,
            league=game.league,
            players=players,
            actor=request.user,
            first_dealer=(game.first_dealer + 1) % len(players),
        )
    except (HeartsError, DomainError) as exc:
        messages.error(request, refusal_words(exc))
        return _back(game)
    messages.success(request, "Same table again: a new game. Deal the first hand!")
    return redirect("page-game", pk=again.pk)
