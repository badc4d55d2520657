"""Reading: the clubs, a club, a league's table, a player, a game's scoreboard."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from adjudication.services import ruleset_for
from scoring import selectors
from scoring.models import Club, GameStatus, League, Player, Role
from scoring.pages import access, charts, scoreboard, tables
from scoring.pages.forms.account import PlayerInvitationForm
from scoring.pages.forms.confirmations import PinForm
from scoring.pages.params import int_param
from scoring.pages.views.name_visibility import visibility_form
from scoring.pages.words import rules_text
from scoring.selectors import standings
from scoring.selectors.nights import club_nights


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    clubs = selectors.visible_clubs(request.user).prefetch_related("leagues").order_by("name")
    return render(request, "home.html", {"clubs": clubs})


@require_safe
def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.readable(request.user, Club, "club", slug=slug)
    table = standings.kept_club_table(club)
    context = {
        "club": club,
        "table": table,
        "rows": tables.with_places(table["rows"]),
        "leagues": club.leagues.all(),
        **_games(request, club=club),
        "can_score": selectors.can_score(request.user, club.pk),
        "is_owner": selectors.role_in(request.user, club.pk) == Role.OWNER,
        "is_director": selectors.role_in(request.user, club.pk) in selectors.DIRECTORS,
        "players": selectors.club_players(club),
        "nights": list(club_nights(club)[:10]),
    }
    if context["is_owner"]:  # an owner is told here of an endpoint disabled by failures
        context["disabled_webhooks"] = selectors.disabled_endpoints(club.pk)
    return render(request, "pages/club.html", context)


@require_safe
def league_page(request: HttpRequest, pk: int) -> HttpResponse:
    league = access.readable(request.user, League.objects.select_related("club"), "league", pk=pk)
    seasons = list(league.seasons.all())
    asked = tables.chosen_season(league, request.GET.get("season"))
    table, season_id, notice = tables.league_table(league, asked)
    sort = request.GET.get("sort", "")[:40]
    context = {
        "league": league,
        "club": league.club,
        "table": table,
        **tables.sorted_table(table, sort, season_id, keep_all=bool(seasons)),
        "seasons": seasons,
        "season_id": season_id,
        "notice": notice,
        "rules_text": rules_text(ruleset_for(league.ruleset)),
        **_games(request, league=league),
        "can_score": selectors.can_score(request.user, league.club_id),
        "is_director": selectors.role_in(request.user, league.club_id) in selectors.DIRECTORS,
    }
    return render(request, "pages/league.html", context)


@require_safe
def player_page(request: HttpRequest, pk: int) -> HttpResponse:
    players = Player.objects.select_related("club", "merged_into")
    player = access.readable(request.user, players, "player", pk=pk)
    stats = standings.player_stats(player)
    events = list(standings.rating_history(player))
    is_director = selectors.role_in(request.user, player.club_id) in selectors.DIRECTORS
    context = {
        "player": player,
        "club": player.club,
        "stats": stats["overall"],
        "leagues": stats["leagues"],
        "latest": events[-1] if events else None,
        "chart": charts.rating_chart(selectors.shown_player(player), events),
        "is_director": is_director,
        "is_erased": player.erasures.exists(),
        "pin": _pin_state(player) if is_director else None,
        "invitation_form": PlayerInvitationForm(auto_id="invite_%s") if is_director else None,
        "visibility_form": visibility_form(request.user, player),
        **_games(request, seats__player=player),
    }
    return render(request, "pages/player.html", context)


def _pin_state(player: Player) -> dict:
    """What a director sees of a player's PIN, and the form that sets a new one."""
    return {**selectors.pin_state(player), "form": PinForm(auto_id="pin_%s")}


def _games(request: HttpRequest, **filters) -> dict:
    """A page of the games ``filters`` pick (``?page=``), with the links to the others, and
    how many of them are still being played (no table counts them until they end)."""
    games = selectors.games_page(request.user, int_param(request.GET.get("page")), **filters)
    playing = selectors.games_for(request.user).filter(status=GameStatus.IN_PROGRESS)
    return {
        "games": games,
        "pages": tables.page_links(request.GET, games),
        "in_progress": playing.filter(**filters).count(),
    }


@require_safe
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = access.readable_game(request, pk)
    context = scoreboard.game_context(game, request.user)
    return render(request, "pages/game.html", context)
