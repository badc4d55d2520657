"""Phone pages: server-rendered HTML that reads without JavaScript.

Each view parses a form or the query string, calls a service (writes) or a selector / the
standings (reads), and renders. The scoring, the game end and every check of an entry stay in
scoring.services and the engine; refusals come back as ``HeartsError`` / ``DomainError`` and are
shown next to the field they name.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from adjudication.engine import RULE_CODES, HeartsError
from adjudication.services import present_ruling, rule_on_hand, ruleset_for
from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring import selectors, services
from scoring.forms import (
    AdjudicateForm,
    DeviceTokenForm,
    EntryForm,
    HandCorrectionForm,
    HandEntryForm,
    NewGameForm,
    ThrottledAuthenticationForm,
    card_label,
    pass_words,
)
from scoring.models import Club, DeviceToken, Game, GameStatus, Hand, League, Player
from scoring.selectors import standings

RECENT_GAMES = 10


# --- Helpers -----------------------------------------------------------------------------------


def _int_param(value: str | None, *, low: int = 1, high: int = 2**31 - 1) -> int | None:
    """A query parameter as a whole number in range, or None for anything else."""
    if value is None or not value.strip().isdigit() or len(value.strip()) > 12:
        return None
    number = int(value.strip())
    return number if low <= number <= high else None


def _can_score(user, club_id: int) -> bool:
    return selectors.role_in(user, club_id) in selectors.SCORERS


def _require_scorer(request: HttpRequest, club: Club) -> HttpResponse | None:
    """Anonymous: a redirect to sign in. Signed in without a scorer's role: 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not _can_score(request.user, club.pk):
        raise PermissionDenied("Only the club's scorers, directors and owners enter hands.")
    return None


def _readable_game(request: HttpRequest, pk: int) -> Game:
    return get_object_or_404(selectors.games_for(request.user), pk=pk)


def _recent_games(user, **filters) -> list[Game]:
    games = selectors.games_for(user).filter(**filters).order_by("-started_at", "-id")
    return list(games[:RECENT_GAMES])


def _seat_names(game: Game) -> list[str]:
    return [seat.player.name for seat in game.seats.all()]


def _next_step(board: dict[str, Any], names: list[str], rules) -> dict[str, Any] | None:
    if board["next_hand"] is None:
        return None
    return {
        "hand": board["next_hand"],
        "dealer": names[board["next_dealer"]],
        "passing": pass_words(board["next_pass"], rules.pass_count),
    }


SERIES_CLASSES = 6


def line_chart(
    series: list[tuple[str, list[float]]],
    *,
    width: int = 320,
    height: int = 170,
    x_labels: tuple[str, str] | None = None,
    zero: bool = True,
) -> dict[str, Any] | None:
    """The geometry of a small line chart for an inline <svg>: a polyline per series.

    Presentation only: the values come from the selectors and the standings.
    """
    values = [v for _, points in series for v in points]
    if not values:
        return None
    left, right, top, bottom = 34, 8, 8, 22
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high = min(values), max(values)
    if zero:
        low, high = min(low, 0), max(high, 0)
    if high == low:
        high, low = high + 1, low - 1
    longest = max(len(points) for _, points in series)

    def x(i: int) -> float:
        return left + (plot_w * i / (longest - 1) if longest > 1 else plot_w / 2)

    def y(v: float) -> float:
        return top + (high - v) * plot_h / (high - low)

    lines = []
    for index, (label, points) in enumerate(series):
        coords = [(round(x(i), 1), round(y(v), 1)) for i, v in enumerate(points)]
        lines.append(
            {
                "label": label,
                "cls": f"s{index % SERIES_CLASSES}",
                "points": " ".join(f"{a},{b}" for a, b in coords),
                "end": coords[-1] if coords else None,
                "last": points[-1] if points else None,
            }
        )
    ticks = [{"y": round(y(v), 1), "label": _short(v)} for v in sorted({low, high})]
    zero_y = round(y(0), 1) if low < 0 < high else None
    if zero_y is not None:
        ticks.append({"y": zero_y, "label": "0"})
    labels = []
    if x_labels:
        labels = [
            {"x": left, "label": x_labels[0], "anchor": "start"},
            {"x": left + plot_w, "label": x_labels[1], "anchor": "end"},
        ]
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": left + plot_w,
        "top": top,
        "bottom": top + plot_h,
        "lines": lines,
        "ticks": ticks,
        "zero_y": zero_y,
        "x_labels": labels,
        "label_y": height - 6,
    }


MOON_WORDS = {
    "shooter_choice": "the shooter chooses −{t} or +{t} to the others",
    "add_to_others": "+{t} to each other player",
    "subtract_from_shooter": "−{t} to the shooter",
    "add_unless_shooter_loses": "+{t} to the others, unless that makes the shooter lose",
    "off": "no moon",
}


def rules_text(rules) -> str:
    """A ruleset in a line: players, the game's end, the moon, the J♦."""
    end = f"game to {rules.target_score}" if rules.target_score else "one hand"
    moon = MOON_WORDS.get(rules.moon, rules.moon).format(t=rules.penalty_total)
    parts = [f"{rules.preset} preset", f"{rules.players} players", end, f"moon: {moon}"]
    if rules.jack_of_diamonds:
        parts.append(f"J♦ {rules.jack_of_diamonds:+d}")
    return ", ".join(parts)


def _short(value: float) -> str:
    return f"{value:.0f}" if abs(value) >= 10 or value == int(value) else f"{value:.1f}"


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


# --- Reading -----------------------------------------------------------------------------------


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    clubs = selectors.visible_clubs(request.user).prefetch_related("leagues").order_by("name")
    return render(request, "home.html", {"clubs": clubs})


@require_safe
def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not selectors.can_read(request.user, club):
        raise Http404("No such club.")
    table = standings.cached_table(
        club, "page:club", lambda: standings.club_table(club, standings.Period())
    )
    return render(
        request,
        "pages/club.html",
        {
            "club": club,
            "table": table,
            "leagues": club.leagues.all(),
            "games": _recent_games(request.user, club=club),
            "can_score": _can_score(request.user, club.pk),
        },
    )


# (key, heading, title, best first is descending)
LEAGUE_COLUMNS: list[tuple[str, str, str, bool]] = [
    ("rank", "#", "Rank", False),
    ("name", "Player", "Player", False),
    ("games", "G", "Games played", True),
    ("wins", "W", "Wins", True),
    ("win_rate", "Win", "Win rate", True),
    ("average_place", "Avg", "Average place", False),
    ("points_per_game", "Pts/G", "Points per game", False),
    ("rating", "Rating", "Rating (mu − 3 sigma)", True),
]
SORT_KEYS = {column[0]: column for column in LEAGUE_COLUMNS}


def _sorted_rows(rows: list[dict[str, Any]], key: str, descending: bool) -> list[dict[str, Any]]:
    """Reorder the table's rows for display; a missing value goes last either way."""
    if key == "rank":
        return list(reversed(rows)) if descending else list(rows)

    def value(row):
        v = row.get(key)
        return v.casefold() if isinstance(v, str) else v

    present = [r for r in rows if r.get(key) is not None]
    missing = [r for r in rows if r.get(key) is None]
    return sorted(present, key=value, reverse=descending) + missing


@require_safe
def league_page(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League.objects.select_related("club"), pk=pk)
    if not selectors.can_read(request.user, league.club):
        raise Http404("No such league.")
    seasons = list(league.seasons.all())
    season_id = _int_param(request.GET.get("season"))
    notice = None
    try:
        period = standings.period_for(league=league, season_id=season_id)
    except DomainError as exc:
        notice = f"{exc.detail} Showing every season."
        season_id = None
        period = standings.Period()
    described = json.dumps(["page:league", league.pk, season_id, league.ranking], sort_keys=True)
    variant = hashlib.sha256(described.encode()).hexdigest()  # a key fit for any cache
    table = standings.cached_table(
        league.club, variant, lambda: standings.league_table(league, period)
    )

    raw = request.GET.get("sort", "")[:40]
    key, descending = raw.removeprefix("-"), raw.startswith("-")
    if key not in SORT_KEYS:
        key, descending = "rank", False
    ranked = [row for row in table["rows"] if not row["provisional"]]
    provisional = [row for row in table["rows"] if row["provisional"]]
    base = {"season": season_id} if season_id else {}
    headers = []
    for column, heading, title, best_descending in LEAGUE_COLUMNS:
        link_descending = not descending if column == key else best_descending
        query = urlencode({**base, "sort": ("-" if link_descending else "") + column})
        headers.append(
            {
                "key": column,
                "heading": heading,
                "title": title,
                "href": f"?{query}",
                "active": column == key,
                "aria": ("descending" if descending else "ascending") if column == key else None,
            }
        )
    return render(
        request,
        "pages/league.html",
        {
            "league": league,
            "club": league.club,
            "table": table,
            "ranked": _sorted_rows(ranked, key, descending),
            "provisional": _sorted_rows(provisional, key, descending),
            "headers": headers,
            "sort": ("-" if descending else "") + key,
            "seasons": seasons,
            "season_id": season_id,
            "notice": notice,
            "rules_text": rules_text(ruleset_for(league.ruleset)),
            "games": _recent_games(request.user, league=league),
            "can_score": _can_score(request.user, league.club_id),
        },
    )


@require_safe
def player_page(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.select_related("club", "merged_into"), pk=pk)
    if not selectors.can_read(request.user, player.club):
        raise Http404("No such player.")
    stats = standings.player_stats(player)
    events = list(standings.rating_history(player))
    chart = None
    if events:
        # From a new player's rating (mu − 3 sigma = 0) to the rating after each game.
        chart = line_chart(
            [(player.name, [0.0] + [e.ordinal for e in events])],
            x_labels=(
                "start",
                f"{events[-1].at.date().isoformat()} ({len(events)} game"
                f"{'' if len(events) == 1 else 's'})",
            ),
        )
    return render(
        request,
        "pages/player.html",
        {
            "player": player,
            "club": player.club,
            "stats": stats["overall"],
            "leagues": stats["leagues"],
            "events": events,
            "latest": events[-1] if events else None,
            "chart": chart,
            "games": _recent_games(request.user, seats__player=player),
        },
    )


@require_safe
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = _readable_game(request, pk)
    board = selectors.scoreboard(game)
    rules = services.rules_of(game)
    names = [seat["name"] for seat in board["seats"]]
    rows = []
    for hand in board["hands"]:
        moon = hand["moon"]
        rows.append(
            {
                **hand,
                "cells": list(zip(hand["scores"], hand["running_totals"], strict=True)),
                "dealer_name": names[hand["dealer"]],
                "passing": pass_words(hand["pass_direction"], rules.pass_count),
                "moon_text": (
                    f"{names[moon['shooter']]} shot the moon"
                    + (f" ({moon['choice'].replace('_', ' ')})" if moon["choice"] else "")
                )
                if moon
                else "",
                "jack_name": names[hand["jack_of_diamonds"]]
                if hand["jack_of_diamonds"] is not None
                else None,
            }
        )
    series = [
        (name, [0] + [hand["running_totals"][seat] for hand in board["hands"]])
        for seat, name in enumerate(names)
    ]
    chart = (
        line_chart(series, x_labels=("start", f"hand {len(board['hands'])}"))
        if board["hands"]
        else None
    )
    can_score = _can_score(request.user, game.club_id)
    return render(
        request,
        "pages/game.html",
        {
            "game": game,
            "board": board,
            "names": names,
            "totals": list(zip(names, board["totals"], strict=True)),
            "rows": rows,
            "chart": chart,
            "next": _next_step(board, names, rules),
            "winners": [names[seat] for seat in board["winners"]],
            "rules": rules,
            "rules_text": rules_text(rules),
            "can_score": can_score and game.status != GameStatus.ABANDONED,
        },
    )


# --- Starting a game and entering hands --------------------------------------------------------


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    leagues = [
        league
        for league in selectors.leagues_for(request.user).order_by("club__name", "name")
        if _can_score(request.user, league.club_id)
    ]
    if not leagues:
        raise PermissionDenied("Only a club's scorers, directors and owners start games.")
    raw = request.POST.get("league") if request.method == "POST" else request.GET.get("league")
    league_id = _int_param(raw)
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
        "next": _next_step(board, names, rules),
        "moon_total": rules.penalty_total,
        "card_labels": {name: card_label(name) for name in form.penalty_card_names},
        **extra,
    }


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def hand_enter(request: HttpRequest, pk: int) -> HttpResponse:
    game = _readable_game(request, pk)
    denied = _require_scorer(request, game.club)
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
    game = _readable_game(request, pk)
    denied = _require_scorer(request, game.club)
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


# --- Adjudication ------------------------------------------------------------------------------


KEYPAD_SUITS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠")]
KEYPAD_RANKS = [(rank, "10" if rank == "T" else rank) for rank in "23456789TJQKA"]


@require_http_methods(["GET", "HEAD", "POST"])
def adjudicate_page(request: HttpRequest) -> HttpResponse:
    form = AdjudicateForm(request.POST if request.method == "POST" else None)
    ruling = None
    if request.method == "POST" and form.is_valid():
        try:
            ruling = present_ruling(rule_on_hand(form.request_data()))
        except HeartsError as exc:
            form.add_domain_error(exc.field, exc.message)
    context: dict[str, Any] = {
        "form": form,
        "ruling": ruling,
        "suits": KEYPAD_SUITS,
        "ranks": KEYPAD_RANKS,
    }
    if ruling is not None:
        context.update(_present_for_page(ruling))
    status = 400 if request.method == "POST" and ruling is None else 200
    return render(request, "pages/adjudicate.html", context, status=status)


def _present_for_page(ruling: dict[str, Any]) -> dict[str, Any]:
    offending = {v["play_index"] for v in ruling["violations"]}
    tricks = []
    index = 0
    for trick in ruling["tricks"]:
        plays = []
        for seat, card in zip(trick["seats"], trick["cards"], strict=True):
            plays.append(
                {
                    "seat": seat,
                    "card": card_label(card),
                    "red": card[-1] in "HD",
                    "illegal": index in offending,
                }
            )
            index += 1
        tricks.append({**trick, "plays": plays})
    violations = [
        {
            **v,
            "card_label": card_label(v["card"]) if v["card"] else None,
            "rule_text": RULE_CODES.get(v["rule"], ""),
            "held": [card_label(c) for c in v["evidence"]["held"]],
        }
        for v in ruling["violations"]
    ]
    scores = ruling["scores"]
    return {
        "tricks": tricks,
        "violations": violations,
        "undetermined": ruling["undetermined"],
        "score_rows": list(
            zip(
                range(len(ruling["points_taken"])),
                ruling["points_taken"],
                ruling["tricks_won"],
                scores if isinstance(scores, list) else [None] * len(ruling["points_taken"]),
                strict=True,
            )
        ),
        "moon_options": [(name.replace("_", " "), values) for name, values in scores.items()]
        if isinstance(scores, dict)
        else None,
    }


# --- Accounts ----------------------------------------------------------------------------------


class SignInView(auth_views.LoginView):
    form_class = ThrottledAuthenticationForm
    template_name = "registration/login.html"


@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def tokens_page(request: HttpRequest) -> HttpResponse:
    form = DeviceTokenForm(request.POST if request.method == "POST" else None)
    created = None
    if request.method == "POST" and form.is_valid():
        token, key = services.create_device_token(user=request.user, name=form.cleaned_data["name"])
        created = {"token": token, "key": key}
        form = DeviceTokenForm()
    tokens = DeviceToken.objects.filter(user=request.user).order_by("-created_at", "-id")
    return render(
        request, "pages/tokens.html", {"form": form, "tokens": tokens, "created": created}
    )


@login_required
@require_POST
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    token = get_object_or_404(DeviceToken, pk=pk, user=request.user)
    services.revoke_device_token(token=token)
    messages.success(request, f"Token “{token.name}” revoked: that device is signed out.")
    return redirect("page-tokens")
