"""Reading: the clubs, a club, a league's table, a player, a game's scoreboard."""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from adjudication.services import ruleset_for
from hearts_site.errors import DomainError
from scoring import selectors, services, standings
from scoring.models import Club, Game, GameStatus, League, Player
from scoring.pages import access
from scoring.pages.charts import line_chart
from scoring.pages.words import pass_words, rules_text

RECENT_GAMES = 10


def _recent_games(user, **filters) -> list[Game]:
    games = selectors.games_for(user).filter(**filters).order_by("-started_at", "-id")
    return list(games[:RECENT_GAMES])


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
            "can_score": access.can_score(request.user, club.pk),
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
    season_id = access.int_param(request.GET.get("season"))
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
            "can_score": access.can_score(request.user, league.club_id),
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
    game = access.readable_game(request, pk)
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
    can_score = access.can_score(request.user, game.club_id)
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
            "next": access.next_step(board, names, rules),
            "winners": [names[seat] for seat in board["winners"]],
            "rules": rules,
            "rules_text": rules_text(rules),
            "can_score": can_score and game.status != GameStatus.ABANDONED,
        },
    )
