"""Who may see my name at 360 px in Debian's Chromium, under the phone bar
(tests/pages/phone_checks.py): a member who is Ada opens their page, chooses "Nobody but me and
the directors" and saves; they still read their own name; an anonymous visitor reads the
club's standings with "Player <id>" where Ada was, and the numbers as they were."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Player
from tests.pages.conftest import PASSWORD
from tests.pages.phone_checks import check_page_state

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_hides_their_name_and_the_public_standings_show_the_pseudonym(
    live_server, page: Page, new_context, club, ada, finished_game
):
    url = live_server.url
    visitor = new_context().new_page()
    visitor.goto(f"{url}/clubs/{club.slug}/")
    standings = visitor.locator("table").first
    expect(standings).to_contain_text("Ada")
    totals_before = standings.locator("td").all_inner_texts()

    page.goto(f"{url}/account/login/?next=/account/me/")
    page.fill("#id_username", "milo")
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("footer")).to_contain_text("Signed in as Ada")
    page.get_by_label("Nobody but me and the directors").check()
    check_page_state(page, "visibility-01-choosing")
    page.locator("#name-visibility").get_by_role("button", name="Save").click()
    expect(page.locator(".message.success")).to_contain_text("who may see the name")
    expect(page.get_by_label("Nobody but me and the directors")).to_be_checked()
    assert Player.objects.get(pk=ada.pk).name_visibility == "hidden"
    page.goto(f"{url}/players/{ada.pk}/")
    expect(page.locator("h1")).to_have_text("Ada")

    visitor.goto(f"{url}/clubs/{club.slug}/")
    standings = visitor.locator("table").first
    expect(standings).to_contain_text(f"Player {ada.pk}")
    expect(visitor.locator("main")).not_to_contain_text("Ada")
    assert standings.locator("td").all_inner_texts() == totals_before
    check_page_state(visitor, "visibility-02-public-standings")
