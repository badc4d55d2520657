"""The scoreboard's writes for a club's scorers, as the API allows them (IsClubScorer):
void a hand, abandon the game, dispute a hand, and start the same table again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from adjudication.engine import HeartsError
from hearts_site.errors import DomainError, NotFoundError
from scoring import selectors, services
from scoring.models import Game, GameStatus
from scoring.pages import access
from scoring.pages.forms.game_actions import AbandonForm, DisputeForm, VoidForm
from scoring.pages.refusals import BAD_CLAIM, first_error, refusal_words


def _scorers_game(request: HttpRequest, pk: int) -> tuple[Game, HttpResponse | None]:
    game = access.readable_game(request, pk)
    return game, access.require_scorer(request, game.club)


def _back(game: Game, anchor: str = "") -> HttpResponse:
    response = redirect("page-game", pk=game.pk)
    response["Location"] += anchor
    return response


def _refused(request: HttpRequest, game: Game, form) -> HttpResponse:
    """A form the page cannot carry across a redirect: its first error, as a message."""
    messages.error(request, first_error(form))
    return _back(game, "#fix")


def _valid_form(request: HttpRequest, pk: int, make_form: Callable) -> tuple[Game, Any, Any]:
    """The scorer's game and its form (``make_form(data, game)``) once valid; else the answer
    the page gives instead (a refusal, or the form's first error on the scoreboard)."""
    game, denied = _scorers_game(request, pk)
    if denied:
        return game, None, denied
    form = make_form(request.POST, game)
    if not form.is_valid():
        return game, form, _refused(request, game, form)
    return game, form, None


def _carried_out(
    request: HttpRequest,
    game: Game,
    write: Callable[[], object],
    done: str,
    *,
    number: int | None = None,
    fallback: str | None = None,
    anchor: str = "",
) -> HttpResponse:
    """``write()`` done, said in ``done``; or its refusal in words; back on the scoreboard."""
    try:
        write()
    except NotFoundError as exc:
        raise Http404(exc.detail) from exc
    except (HeartsError, DomainError) as exc:
        messages.error(request, refusal_words(exc, number, *([fallback] if fallback else [])))
    else:
        messages.success(request, done)
    return _back(game, anchor)


@require_POST
def hand_void(request: HttpRequest, pk: int) -> HttpResponse:
    game, form, answer = _valid_form(
        request, pk, lambda data, game: VoidForm(data, hands=selectors.countable_hands(game))
    )
    if answer:
        return answer
    number, reason = form.cleaned_data["number"], form.cleaned_data["reason"]
    return _carried_out(
        request,
        game,
        lambda: services.void_hand(game_id=pk, number=number, reason=reason, actor=request.user),
        _("Hand {number} is void: it no longer counts.").format(number=number),
        number=number,
    )


@require_POST
def game_abandon(request: HttpRequest, pk: int) -> HttpResponse:
    game, form, answer = _valid_form(request, pk, lambda data, game: AbandonForm(data))
    if answer:
        return answer
    reason = form.cleaned_data["reason"]
    return _carried_out(
        request,
        game,
        lambda: services.abandon_game(game_id=pk, reason=reason, actor=request.user),
        _("The game is abandoned: it counts in no table."),
    )


@require_POST
def hand_dispute(request: HttpRequest, pk: int) -> HttpResponse:
    game, form, answer = _valid_form(
        request,
        pk,
        lambda data, game: DisputeForm(
            data, hands=selectors.countable_hands(game), seat_names=selectors.seat_names(game)
        ),
    )
    if answer:
        return answer
    number = form.cleaned_data["number"]
    return _carried_out(
        request,
        game,
        lambda: services.open_dispute(
            game_id=pk,
            number=number,
            record=form.record(),
            actor=request.user,
            reason=form.cleaned_data["reason"],
        ),
        _("Hand {number} is disputed: a director will decide.").format(number=number),
        number=number,
        fallback=BAD_CLAIM,
        anchor="#disputes",
    )


@require_POST
def same_table_again(request: HttpRequest, pk: int) -> HttpResponse:
    """A new game in the same league with the same players in the same seats; the deal moves
    one seat on from the last game's first dealer."""
    game, denied = _scorers_game(request, pk)
    if denied:
        return denied
    if game.status == GameStatus.IN_PROGRESS:
        messages.info(request, _("This game is still being played."))
        return _back(game)
    if not selectors.may_retable(request.user, game):
        messages.error(request, _("The night's draw seats its tables: ask a director."))
        return _back(game)
    players = [seat.player for seat in game.seats.select_related("player").order_by("seat")]
    try:
        again = services.create_game(
            club=game.club,
            league=game.league,
            players=players,
            actor=request.user,
            first_dealer=(game.first_dealer + 1) % len(players),
            table=game.table,
        )
    except (HeartsError, DomainError) as exc:
        messages.error(request, refusal_words(exc))
        return _back(game)
    messages.success(request, _("Same table again: a new game. Deal the first hand!"))
    return redirect("page-game", pk=again.pk)
