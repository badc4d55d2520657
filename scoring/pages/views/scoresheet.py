"""Writing the score sheet: start a game, enter the next hand, correct a hand.

The services judge every entry; a refusal is shown next to the field it names
(``form.add_refusal``), a conflict with another phone's entry as a message on the scoreboard.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from adjudication.engine import HeartsError, dealer_of_hand
from adjudication.services import ruleset_for
from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring import selectors, services
from scoring.models import Game, GameStatus, Hand
from scoring.pages import access, scoreboard
from scoring.pages.forms.refusals import refusal_words
from scoring.pages.forms.scoresheet import EntryForm, HandCorrectionForm, HandEntryForm, NewGameForm
from scoring.pages.params import form_page, posted
from scoring.pages.ruling import ruling_found
from scoring.pages.throttling import write_throttled


@login_required
@form_page
@write_throttled
def game_new(request: HttpRequest) -> HttpResponse:
    leagues = access.leagues_to_start_in(request.user)
    asked = request.POST.get("league") if request.method == "POST" else request.GET.get("league")
    league = access.league_to_start(request.user, leagues, asked)
    if league is None:
        return render(request, "pages/game_new.html", {"leagues": leagues, "form": None})
    rules = ruleset_for(league.ruleset)
    players = selectors.players_to_seat(request.user, league.club)
    form = NewGameForm(
        posted(request),
        players=players,
        seats=rules.players,
        initial={"table": selectors.next_free_table(league.club)},
    )
    game = form.written(
        lambda: services.create_game(
            club=league.club,
            league=league,
            players=form.players(),
            actor=request.user,
            first_dealer=form.cleaned_data["first_dealer"],
            table=form.cleaned_data["table"],
        )
    )
    if game is not None:
        if game.table:
            started = _("Game started at {table} in {league}. Deal the first hand!").format(
                table=game.table, league=league.name
            )
        else:
            started = _("Game started in {league}. Deal the first hand!").format(league=league.name)
        messages.success(request, started)
        return redirect("page-game", pk=game.pk)
    context = {"leagues": leagues, "league": league, "form": form, "rules": rules}
    return render(request, "pages/game_new.html", context)


@never_cache
@form_page
@write_throttled
def hand_enter(request: HttpRequest, pk: int) -> HttpResponse:
    game = access.readable_game(request, pk)
    if denied := access.require_scorer(request, game.club):
        return denied
    data = posted(request)
    if data is None and game.status != GameStatus.IN_PROGRESS:
        messages.info(
            request,
            _("The game is finished: no more hands.")
            if game.status == GameStatus.FINISHED
            else _("The game is abandoned: no more hands."),
        )
        return redirect("page-game", pk=game.pk)
    number = selectors.next_hand_number(game)
    mode = (data or request.GET).get("mode", "points")
    seats = _seats(game, number)
    form = HandEntryForm(data, mode=mode, initial={"number": number}, **seats)
    if form.is_bound and form.is_valid():
        done = _record_hand(request, game, form)
        if done:
            return done
    shown = form["number"].value() or number
    title = _("Hand {number}").format(number=shown)
    return _hand_form(
        request,
        game,
        form,
        reverse("page-hand-enter", args=[game.pk]),
        title,
        record_label=_("Record hand {number}").format(number=shown),
    )


@never_cache
@form_page
@write_throttled
def hand_correct(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game = access.readable_game(request, pk)
    if denied := access.require_scorer(request, game.club):
        return denied
    hand = get_object_or_404(Hand, game=game, number=number)
    if hand.is_void:
        messages.info(
            request, _("Hand {number} is void: there is nothing to correct.").format(number=number)
        )
        return redirect("page-game", pk=game.pk)
    data = posted(request)
    stored_mode, initial = EntryForm.initial_from(hand.entry, hand.points)
    mode = (data or request.GET).get("mode", stored_mode)
    initial = initial if mode == stored_mode else {}
    form = HandCorrectionForm(data, mode=mode, initial=initial, **_seats(game, number))
    if form.is_bound and form.is_valid():
        done = _save_correction(request, game, number, form)
        if done:
            return done
    url = reverse("page-hand-correct", args=[game.pk, number])
    return _hand_form(
        request, game, form, url, _("Correct hand {number}").format(number=number), correcting=hand
    )


def _seats(game: Game, number: int) -> dict:
    """What hand ``number``'s form is built from: the game's ruleset, its players' names, and
    the hand's dealer (a trick record's first lead may follow from it)."""
    rules = services.rules_of(game)
    dealer = dealer_of_hand(rules.players, game.first_dealer, number)
    return {"rules": rules, "seat_names": selectors.seat_names(game), "dealer": dealer}


def _record_hand(request: HttpRequest, game: Game, form: HandEntryForm) -> HttpResponse | None:
    """Enter the hand, then straight to the next hand's form (the game page once it is over);
    None with the refusal on the form."""
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
        form.add_refusal(exc)
        return None
    if created:
        scores = ", ".join(f"{n} {s:+d}" for n, s in zip(form.seat_names, hand.scores, strict=True))
        messages.success(
            request,
            _("Hand {number} recorded: {scores}.").format(number=hand.number, scores=scores),
        )
        if found := ruling_found(hand, form.seat_names):
            messages.warning(request, found)
    else:
        messages.info(
            request,
            _(
                "Hand {number} was already recorded with exactly these numbers: it is on the "
                "score sheet once."
            ).format(number=hand.number),
        )
    game.refresh_from_db(fields=["status"])
    if game.status != GameStatus.IN_PROGRESS:
        return redirect("page-game", pk=game.pk)
    next_form = reverse("page-hand-enter", args=[game.pk])
    return redirect(next_form if form.mode == "points" else f"{next_form}?mode={form.mode}")


def _save_correction(
    request: HttpRequest, game: Game, number: int, form: HandCorrectionForm
) -> HttpResponse | None:
    """Correct the hand; back to the scoreboard, or None with the refusal on the form."""
    try:
        hand = services.correct_hand(
            game_id=game.pk,
            number=number,
            entry=form.entry(),
            reason=form.cleaned_data["reason"],
            actor=request.user,
        )
    except NotFoundError as exc:
        raise Http404(exc.detail) from exc
    except (HeartsError, DomainError) as exc:
        form.add_refusal(exc)
        return None
    messages.success(
        request, _("Hand {number} corrected; every later total follows.").format(number=number)
    )
    if found := ruling_found(hand, form.seat_names):
        messages.warning(request, found)
    return redirect("page-game", pk=game.pk)


def _conflict_message(exc: Conflict, number: int) -> str:
    if exc.code == "hand_exists":
        return _(
            "Hand {number} is already on the score sheet with different numbers (another "
            "phone may have entered it). Nothing was changed: check the scoreboard, and "
            "correct hand {number} if it is wrong."
        ).format(number=number)
    if exc.code == "hand_out_of_order":
        return _("{detail} The scoreboard below is up to date.").format(detail=exc.detail)
    if exc.code == "game_busy":
        return _(
            "Another phone was saving at the same moment: hand {number} was not recorded. "
            "Enter it again."
        ).format(number=number)
    if exc.code == "game_over":
        return _("The game is over: no more hands can be entered.")
    return refusal_words(exc.code, exc.detail, {})


def _hand_form(
    request: HttpRequest, game: Game, form: EntryForm, url: str, title: str, **extra
) -> HttpResponse:
    """The hand form with the totals so far; a 400 when it comes back with errors."""
    context = {
        "game": game,
        "form": form,
        "rules": form.rules,
        "url": url,
        "title": title,
        "moon": form.moon_texts(),
        **scoreboard.summary(selectors.scoreboard(game), form.rules),
        **extra,
    }
    return render(request, "pages/hand_form.html", context, status=400 if form.is_bound else 200)
