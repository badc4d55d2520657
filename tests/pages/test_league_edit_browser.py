"""A director changes a league's rules from its page, in Debian's Chromium at 360 x 800: the
league's page links to the form, the form shows the rules as they stand, the change is saved
and the league's page says so. Every state passes ``check_page_state``. Screenshots: league-*."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import League
from tests.pages.conftest import build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_director_changes_a_leagues_moon_before_its_first_game(live_server, people, page: Page):
    club = build_club(people, name="Leagues", slug="leagues", is_public=True)
    league = services.create_league(club=club, name="Tuesday", ruleset="standard")
    sign_in(page, live_server.url, f"/leagues/{league.pk}/", username="olive")
    page.get_by_role("link", name="Change the league").click()
    expect(page.locator("main h1")).to_contain_text("Change Tuesday")
    check_page_state(page, "league-01-change")
    page.get_by_label("Shooting the moon").select_option("subtract_from_shooter")
    page.get_by_role("button", name="Save the league").click()
    expect(page.locator(".message.success")).to_contain_text("Tuesday is changed.")
    check_page_state(page, "league-02-changed")
    assert League.objects.get(pk=league.pk).ruleset["moon"] == "subtract_from_shooter"
