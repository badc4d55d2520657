"""A league changed from the pages (issue 52 point 6): its name, table and confirmations at any
time; its rules while no game was started under them, the options set through the API kept;
after, its rules stay and the page offers a new league. Only a director changes a league."""

from __future__ import annotations

import re

import pytest

from scoring import services
from scoring.models import League
from tests.pages.conftest import build_club
from tests.pages.test_pages import assert_page, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(people):
    club = build_club(people, name="Leagues", slug="leagues", is_public=True)
    return services.create_league(
        club=club, name="Tuesday", ruleset={"preset": "standard", "renege_penalty": "takes_all"}
    )


def posted(**changes) -> dict:
    return {
        "name": "Tuesday", "preset": "standard", "players": "4", "target_score": "",
        "pass_schedule": "", "moon": "", "criterion": "total_points", "min_games": "0",
        **changes,
    }  # fmt: skip


def test_only_a_director_is_offered_and_may_change_a_league(league, people):
    link = f"/leagues/{league.pk}/edit/"
    assert link in assert_page(client_for(people["owner"]).get(f"/leagues/{league.pk}/"))
    assert link not in assert_page(client_for(people["member"]).get(f"/leagues/{league.pk}/"))
    assert client_for(people["member"]).get(link).status_code == 403
    assert client_for(people["scorer"]).post(link, posted(name="Mine")).status_code == 403
    assert League.objects.get(pk=league.pk).name == "Tuesday"


def test_before_any_game_the_rules_change_and_the_apis_options_are_kept(league, people):
    owner = client_for(people["owner"])
    page = assert_page(owner.get(f"/leagues/{league.pk}/edit/"))
    assert 'value="Tuesday"' in page and "they may still change" in page
    assert "One more option, set through the API, stays as it is." in page
    answer = owner.post(
        f"/leagues/{league.pk}/edit/",
        posted(name="Tuesday night", moon="subtract_from_shooter", target_score="50"),
    )
    assert answer.status_code == 302
    league.refresh_from_db()
    assert league.name == "Tuesday night"
    assert (league.ruleset["moon"], league.ruleset["target_score"]) == ("subtract_from_shooter", 50)
    assert league.ruleset["renege_penalty"] == "takes_all"  # set through the API: kept


def test_once_a_game_started_the_rules_stay_and_a_new_league_is_offered(league, people):
    club = league.club
    services.create_game(club=club, league=league, players=club.seated[:4], actor=people["owner"])
    rules = dict(league.ruleset)
    owner = client_for(people["owner"])
    page = assert_page(owner.get(f"/leagues/{league.pk}/edit/"))
    assert "its rules stay as they are" in page and f"/clubs/{club.slug}/leagues/new/" in page
    for name in ("preset", "players", "target_score", "pass_schedule", "moon"):
        assert re.search(rf'<(select|input)[^>]* name="{name}"[^>]* disabled', page), name
    answer = owner.post(
        f"/leagues/{league.pk}/edit/", posted(name="Tuesday (old rules)", moon="add_to_others")
    )
    assert answer.status_code == 302
    league.refresh_from_db()
    assert league.name == "Tuesday (old rules)" and league.ruleset == rules
