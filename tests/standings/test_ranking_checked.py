"""A league's ranking declaration is checked when it is stored, not when a table is read."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring import services
from scoring.models import League

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(django_user_model):
    user = django_user_model.objects.create_user("ranker", password="x")
    club = services.create_club(user=user, name="Ranked", slug="ranked")
    api = APIClient()
    api.force_authenticate(user)
    return api, club


@pytest.mark.parametrize(
    ("ranking", "attr"),
    [
        ({"criterion": "luck"}, "ranking.criterion"),
        ({"tie_breaks": ["coin_toss"]}, "ranking.tie_breaks"),
        ({"min_games": -1}, "ranking.min_games"),
        ({"criterion": "win_rate", "colour": "red"}, "ranking.colour"),
        # Not names at all (a 500 once: a dict or a list cannot be looked up among names).
        ({"criterion": ["win_rate"]}, "ranking.criterion"),
        ({"tie_breaks": [{"games": 1}]}, "ranking.tie_breaks"),
        (["win_rate"], "ranking"),
    ],
)
def test_a_bad_ranking_is_refused_when_the_league_is_created(director, ranking, attr):
    api, club = director
    response = api.post(
        "/api/v1/leagues/", {"club": club.pk, "name": "L", "ranking": ranking}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["errors"][0]["code"] == "invalid_ranking"
    assert response.json()["errors"][0]["attr"] == attr
    assert not League.objects.exists()


def test_a_bad_ranking_is_refused_when_the_league_is_changed(director):
    api, club = director
    league = services.create_league(club=club, name="L", ruleset="standard")
    response = api.patch(
        f"/api/v1/leagues/{league.pk}/", {"ranking": {"criterion": "luck"}}, format="json"
    )
    assert response.status_code == 400
    league.refresh_from_db()
    assert league.ranking == {}
    good = api.patch(
        f"/api/v1/leagues/{league.pk}/", {"ranking": {"criterion": "rating"}}, format="json"
    )
    assert good.status_code == 200 and good.json()["ranking"] == {"criterion": "rating"}


def test_club_tables_refuse_a_season(director):
    api, club = director
    response = api.get(f"/api/v1/clubs/{club.pk}/standings/?season=1")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "season_not_for_club"
