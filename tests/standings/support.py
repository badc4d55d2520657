"""Leagues built through scoring.services, so every seat result and rating is the real thing.

``qq_league``: four players, ruleset qq with a 30-point target (games of two or three hands),
three finished games computed by hand in tests/standings/test_columns.py, plus a voided hand,
an abandoned game and a game in progress that must not count. Games finish on fixed dates
(10 January, 10 February, 10 March 2026) in two seasons (Winter: January to February; Spring:
March to May).

``single_hand_league(...)``: games of one hand each (standard with no target score), for the
ranking tests: a hand's points are the game's total.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from types import SimpleNamespace

from rest_framework.test import APIClient

from scoring import services
from scoring.models import Game, GameStatus, League, Player, Season
from scoring.services import ratings, totals

QQ_30 = {"preset": "qq", "target_score": 30}
SINGLE_HAND = {"preset": "standard", "target_score": None}
# Points of a single-hand game by finishing place (1st to 4th): a table of 26 with the Q♠.
POINTS_BY_PLACE = (0, 5, 8, 13)
FINISHED = [
    datetime(2026, 1, 10, 20, 0, tzinfo=UTC),
    datetime(2026, 2, 10, 20, 0, tzinfo=UTC),
    datetime(2026, 3, 10, 20, 0, tzinfo=UTC),
]


def play(
    league: League,
    seats: Sequence[Player],
    hands: Sequence[Sequence[int]],
    actor,
    *,
    season: Season | None = None,
) -> Game:
    """A game of the league with these hands entered as points, in order."""
    game = services.create_game(
        club=league.club, players=list(seats), actor=actor, league=league, season=season
    )
    for number, points in enumerate(hands, start=1):
        services.enter_hand(
            game_id=game.pk, number=number, entry={"points": list(points)}, actor=actor
        )
    game.refresh_from_db()
    return game


def finish_on(games: Sequence[Game], moments: Sequence[datetime]) -> None:
    """Fix when each game finished, then re-rate the club in that order."""
    for game, moment in zip(games, moments, strict=True):
        Game.objects.filter(pk=game.pk).update(finished_at=moment)
    # Changed outside the services (as an admin edit is): totals counted again, re-rated.
    totals.rebuild(games[0].club_id)
    ratings.recompute(games[0].club_id)


def build_qq_league(owner, slug: str, ranking: dict | None = None) -> SimpleNamespace:
    club = services.create_club(user=owner, name=f"Club {slug}", slug=slug)
    ada, ben, cleo, dev = (
        services.create_player(club=club, name=name) for name in ("Ada", "Ben", "Cleo", "Dev")
    )
    league = services.create_league(club=club, name="QQ Thirty", ruleset=QQ_30, ranking=ranking)
    winter = services.create_season(
        league=league, name="Winter", starts_on=date(2026, 1, 1), ends_on=date(2026, 2, 28)
    )
    spring = services.create_season(
        league=league, name="Spring", starts_on=date(2026, 3, 1), ends_on=date(2026, 5, 31)
    )
    g1 = play(league, [ada, ben, cleo, dev], [[0, 13, 5, 8], [2, 1, 0, 23]], owner, season=winter)
    # Cleo (seat 1) shoots the moon in the first hand: qq subtracts 26 from the shooter.
    g2 = play(
        league,
        [ben, cleo, dev, ada],
        [[0, 26, 0, 0], [17, 0, 9, 0], [14, 3, 9, 0]],
        owner,
        season=winter,
    )
    # Hand 1 is voided (a misdeal); hands 2 and 3 are the game. Ada and Ben share the win.
    g3 = play(league, [ada, ben, cleo, dev], [[10, 16, 0, 0]], owner, season=spring)
    services.void_hand(game_id=g3.pk, number=1, reason="misdeal", actor=owner)
    services.enter_hand(game_id=g3.pk, number=2, entry={"points": [0, 0, 13, 13]}, actor=owner)
    services.enter_hand(game_id=g3.pk, number=3, entry={"points": [0, 0, 4, 22]}, actor=owner)
    g3.refresh_from_db()
    # Neither an abandoned game nor one still in progress counts.
    abandoned = play(league, [ada, ben, cleo, dev], [[0, 0, 0, 26]], owner, season=spring)
    services.abandon_game(game_id=abandoned.pk, reason="the venue closed", actor=owner)
    in_progress = play(league, [dev, cleo, ben, ada], [[26, 0, 0, 0]], owner, season=spring)
    assert [g.status for g in (g1, g2, g3)] == [GameStatus.FINISHED] * 3
    assert Game.objects.get(pk=in_progress.pk).status == GameStatus.IN_PROGRESS
    finish_on([g1, g2, g3], FINISHED)
    return SimpleNamespace(
        club=club,
        league=league,
        players={"Ada": ada, "Ben": ben, "Cleo": cleo, "Dev": dev},
        games=[g1, g2, g3],
        abandoned=abandoned,
        in_progress=in_progress,
        seasons={"Winter": winter, "Spring": spring},
    )


def single_hand_league(
    owner, slug: str, names: Sequence[str], tables: Sequence[Sequence[tuple[str, int]]], **kw
) -> SimpleNamespace:
    """Games of one hand: each table lists (player, place); points follow POINTS_BY_PLACE."""
    club = services.create_club(user=owner, name=f"Club {slug}", slug=slug)
    players = {name: services.create_player(club=club, name=name) for name in names}
    league = services.create_league(club=club, name=slug, ruleset=SINGLE_HAND, **kw)
    games = []
    for table in tables:
        seats = [players[name] for name, _ in table]
        games.append(play(league, seats, [[POINTS_BY_PLACE[p - 1] for _, p in table]], owner))
    moments = [datetime(2026, 4, 1 + i, 20, 0, tzinfo=UTC) for i in range(len(games))]
    finish_on(games, moments)
    return SimpleNamespace(club=club, league=league, players=players, games=games)


def standings_url(league: League, query: str = "") -> str:
    return f"/api/v1/leagues/{league.pk}/standings/" + (f"?{query}" if query else "")


def table_of(api: APIClient, league: League, query: str = "") -> dict:
    response = api.get(standings_url(league, query))
    assert response.status_code == 200, response.content
    return response.json()


def rows_by_name(body: dict) -> dict[str, dict]:
    return {row["name"]: row for row in body["rows"]}
