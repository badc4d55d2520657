"""A league's ruleset is fixed once it has games (each game keeps its snapshot); its own
ruleset sent again, to the league or with a new game, is no change."""

from __future__ import annotations

import pytest

from adjudication.services import ruleset_for
from scoring import services
from scoring.models import Game, HistoryEntry, League

from .support import API, error_of, snapshot

OMNIBUS = {"preset": "omnibus"}


@pytest.fixture
def league(public_club):
    return services.create_league(club=public_club, name="Thursday", ruleset="standard")


def patch_league(api, league, body):
    return api.patch(f"{API}/leagues/{league.pk}/", body, format="json")


def new_game(api, league, **body):
    players = [p.pk for p in league.club.seated[:4]]
    return api.post(
        f"{API}/games/", {"league": league.pk, "players": players, **body}, format="json"
    )


def test_a_league_without_games_may_change_its_ruleset(director_api, league):
    response = patch_league(director_api, league, {"ruleset": "omnibus"})
    assert response.status_code == 200, response.content
    assert response.json()["ruleset"] == ruleset_for("omnibus").options()
    assert League.objects.get(pk=league.pk).ruleset == ruleset_for("omnibus").options()


def test_a_league_with_games_keeps_its_ruleset(director_api, scorer_api, league):
    assert new_game(scorer_api, league).status_code == 201
    before = snapshot()
    response = patch_league(director_api, league, {"ruleset": OMNIBUS, "name": "Renamed"})
    code, attr = error_of(response, 409)
    assert (code, attr) == ("league_has_games", "ruleset")
    detail = response.json()["errors"][0]["detail"]
    assert "snapshot" in detail and "new league" in detail
    assert snapshot() == before
    assert League.objects.get(pk=league.pk).name == "Thursday"


@pytest.mark.parametrize("same", ["standard", {"preset": "standard"}, "full"], ids=str)
def test_a_league_with_games_takes_its_own_ruleset_again(director_api, scorer_api, league, same):
    assert new_game(scorer_api, league).status_code == 201
    if same == "full":
        same = ruleset_for("standard").options()
    stored = League.objects.get(pk=league.pk)
    response = patch_league(director_api, league, {"ruleset": same})
    assert response.status_code == 200, response.content
    assert response.json()["ruleset"] == stored.ruleset
    response = patch_league(director_api, league, {"ruleset": same, "name": "Renamed"})
    assert response.status_code == 200, response.content
    assert League.objects.get(pk=league.pk).name == "Renamed"


def test_a_league_game_may_name_the_leagues_own_ruleset(scorer_api, league):
    for same in ("standard", {"preset": "standard"}, ruleset_for("standard").options()):
        response = new_game(scorer_api, league, ruleset=same)
        assert response.status_code == 201, response.content
        assert response.json()["ruleset"] == league.ruleset
    assert Game.objects.filter(league=league).count() == 3


def test_a_league_game_may_not_name_another_ruleset(scorer_api, league):
    before = snapshot()
    response = new_game(scorer_api, league, ruleset="omnibus")
    assert error_of(response, 400) == ("ruleset_from_league", "ruleset")
    other = {"preset": "standard", "target_score": 50}
    assert error_of(new_game(scorer_api, league, ruleset=other), 400) == (
        "ruleset_from_league",
        "ruleset",
    )
    assert snapshot() == before
    assert not HistoryEntry.objects.filter(action="game_created").exists()


def test_a_league_games_ruleset_refused_by_the_engine_names_its_option(scorer_api, league):
    response = new_game(scorer_api, league, ruleset={"preset": "standard", "target_score": -5})
    assert error_of(response, 400)[1] == "ruleset.target_score"
