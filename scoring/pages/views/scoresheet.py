"""Writing the score sheet: start a game, enter the next hand, correct a hand."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from adjudication.engine import HeartsError
from adjudication.services import ruleset_for
from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring import selectors, services
from scoring.models import Game, GameStatus, Hand
from scoring.pages import access
from scoring.pages.forms.scoresheet import EntryForm, HandCorrectionForm, HandEntryForm, NewGameForm
from scoring.pages.words import card_label


def _seat_names(game: Game) -> list[str]:
    return [seat.player.name for seat in game.seats.all()]


def _conflict_message(exc: Conflict, number: int | None) -> str:
    if exc.code == "hand_exists":
        return (
            f"Hand {number} is already on the score sheet with different numbers (another "
            "phone may have entered it). Nothing was changed: check the scoreboard, and "
            f"correct hand {number} if it is wrong."
        )
    if exc.code == "hand_out_of_order":
        return f"{exc.detail} The scoreboard below is up to date."
    if exc.code == "game_over":
        return "The game is over: no more hands can be entered."
    return exc.detail


def _put_error_on(form, exc: Exception) -> None:
    if isinstance(exc, HeartsError):
        form.add_domain_error(exc.field, exc.message)
    elif isinstance(exc, DomainError):
        form.add_domain_error(exc.attr, exc.detail)
    else:  # pragma: no cover - only the two error kinds reach here
        raise exc


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    leagues = [
        league
        for league in selectors.leagues_for(request.user).order_by("club__name", "name")
        if access.can_score(request.user, league.club_id)
    ]
    if not leagues:
        raise PermissionDenied("Only a club's scorers, directors and owners start games.")
    raw = request.POST.get("league") if request.method == "POST" else request.GET.get("league")
    league_id = access.int_param(raw)
    if raw is not None and league_id is None:
        raise Http404("No such league.")
    league = next((item for item in leagues if item.pk == league_id), None)
    if league_id is not None and league is None:
        if selectors.leagues_for(request.user).filter(pk=league_id).exists():
            raise PermissionDenied("You do not score for this league's club.")
        raise Http404("No such league.")
    if league is None and len(leagues) == 1:
        league = leagues[0]
    if league is None:
        return render(request, "pages/game_new.html", {"leagues": leagues, "form": None})

    rules = ruleset_for(league.ruleset)
    players = (
        selectors.players_for(request.user)
        .filter(club=league.club, merged_into__isnull=True)
        .order_by("name", "id")
    )
    form = NewGameForm(
        request.POST if request.method == "POST" else None, players=players, seats=rules.players
    )
    if request.method == "POST" and form.is_valid():
        try:
            game = services.create_game(
                club=league.club,
                league=league,
                players=form.players(),
                actor=request.user,
                first_dealer=form.cleaned_data["first_dealer"],
            )
        except (HeartsError, DomainError) as exc:
            _put_error_on(form, exc)
        else:
            messages.success(request, f"Game started in {league.name}. Deal the first hand!")
            return redirect("page-game", pk=game.pk)
    return render(
        request,
        "pages/game_new.html",
        {"leagues": leagues, "league": league, "form": form, "rules": rules},
    )


def _entry_context(game: Game, form: EntryForm, **extra) -> dict[str, Any]:
    board = selectors.scoreboard(game)
    names = [seat["name"] for seat in board["seats"]]
    rules = form.rules
    return {
        "game": game,
        "board": board,
        "form": form,
        "rules": rules,
        "totals": list(zip(names, board["totals"], strict=True)),
        "next": access.next_step(board, names, rules),
        "moon_total": rules.penalty_total,
        "card_labels": {name: card_label(name) for name in form.penalty_card_names},
        **extra,
    }


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def hand_enter(request: HttpRequest, pk: int) -> HttpResponse:
    game = access.readable_game(request, pk)
    denied = access.require_scorer(request, game.club)
    if denied:
        return denied
    rules = services.rules_of(game)
    names = _seat_names(game)
    data = request.POST if request.method == "POST" else None
    mode = (request.POST if data else request.GET).get("mode", "points")
    if data is None and game.status != GameStatus.IN_PROGRESS:
        messages.info(request, f"The game is {game.get_status_display()}: no more hands.")
        return redirect("page-game", pk=game.pk)
    number = game.hands.count() + 1
    form = HandEntryForm(data, rules=rules, seat_names=names, mode=mode, initial={"number": number})
    if data is not None and form.is_valid():
        number = form.cleaned_data["number"]
        try:
            hand, created = services.enter_hand(
                game_id=game.pk, number=number, entry=form.entry(), actor=request.user
            )
        except Conflict as exc:
            messages.warning(request, _conflict_message(exc, number))
            return redirect("page-game", pk=game.pk)
        except NotFoundError as exc:
            raise Http404(exc.detail) from exc
        except (HeartsError, DomainError) as exc:
            _put_error_on(form, exc)
        else:
            if created:
                messages.success(request, f"Hand {hand.number} recorded.")
            else:
                messages.info(
                    request,
                    f"Hand {hand.number} was already recorded with exactly these numbers: "
                    "it is on the score sheet once.",
                )
            return redirect("page-game", pk=game.pk)
    status = 400 if data is not None else 200
    context = _entry_context(
        game,
        form,
        action=reverse("page-hand-enter", args=[game.pk]),
        title=f"Hand {form['number'].value() or number}",
        switch_url=reverse("page-hand-enter", args=[game.pk]),
    )
    return render(request, "pages/hand_form.html", context, status=status)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def hand_correct(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game = access.readable_game(request, pk)
    denied = access.require_scorer(request, game.club)
    if denied:
        return denied
    hand = get_object_or_404(Hand, game=game, number=number)
    if hand.is_void:
        messages.info(request, f"Hand {number} is void: there is nothing to correct.")
        return redirect("page-game", pk=game.pk)
    rules = services.rules_of(game)
    names = _seat_names(game)
    stored_mode, initial = EntryForm.initial_from(hand.entry, hand.points)
    data = request.POST if request.method == "POST" else None
    mode = (request.POST if data else request.GET).get("mode", stored_mode)
    if mode != stored_mode:
        initial = {}
    form = HandCorrectionForm(data, rules=rules, seat_names=names, mode=mode, initial=initial)
    if data is not None and form.is_valid():
        try:
            services.correct_hand(
                game_id=game.pk,
                number=number,
                entry=form.entry(),
                reason=form.cleaned_data["reason"],
                actor=request.user,
            )
        except NotFoundError as exc:
            raise Http404(exc.detail) from exc
        except (HeartsError, DomainError) as exc:
            _put_error_on(form, exc)
        else:
            messages.success(request, f"Hand {number} corrected; every later total follows.")
            return redirect("page-game", pk=game.pk)
    status = 400 if data is not None else 200
    url = reverse("page-hand-correct", args=[game.pk, number])
    context = _entry_context(
        game,
        form,
        action=url,
        title=f"Correct hand {number}",
        switch_url=url,
        correcting=hand,
    )
    return render(request, "pages/hand_form.html", context, status=status)
