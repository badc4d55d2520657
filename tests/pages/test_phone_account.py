"""The pages around the score sheet, under the same bar as the rest (tests/pages/phone_checks.py):
the home page, signing in (and failing to), the 404 page, device tokens, and an invitation
made by an owner and accepted by the person invited. Chromium at 360 x 800."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.models import Membership
from tests.pages.conftest import PASSWORD, build_club, make_user
from tests.pages.phone_checks import check_page_state

pytestmark = pytest.mark.django_db(transaction=True)


def sign_in(page: Page, url: str, username: str) -> None:
    page.goto(f"{url}/account/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("footer")).to_contain_text("Signed in as")


def test_the_pages_before_signing_in_pass_the_phone_bar(live_server, page: Page, people):
    build_club(people, name="Riverside", slug="riverside", is_public=True)
    page.goto(live_server.url + "/")
    check_page_state(page, "account-01-home")
    page.goto(live_server.url + "/account/login/")
    check_page_state(page, "account-02-sign-in")
    page.fill("#id_username", "olive")
    page.fill("#id_password", "not the password")
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("main")).to_contain_text("username")
    check_page_state(page, "account-03-sign-in-refused")
    page.goto(live_server.url + "/clubs/no-such-club/")
    check_page_state(page, "account-04-not-found")


def test_an_owner_makes_a_token_and_an_invitation_that_a_newcomer_accepts(
    live_server, page: Page, browser, browser_context_args, people
):
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    sign_in(page, live_server.url, "olive")
    page.goto(live_server.url + "/account/tokens/")
    check_page_state(page, "account-05-tokens")
    page.fill("#id_name", "Table 3 tablet")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Create").click()
    expect(page.locator("[data-token-key]")).to_be_visible()
    check_page_state(page, "account-06-token-made")

    page.goto(f"{live_server.url}/clubs/{club.slug}/invite/")
    check_page_state(page, "account-07-invite")
    page.get_by_role("button", name="Make a link").click()
    link = page.locator("[data-invitation-link]").inner_text().strip()
    check_page_state(page, "account-08-invitation-made")

    newcomer = make_user("nell")
    other = browser.new_context(**browser_context_args)
    try:
        theirs = other.new_page()
        sign_in(theirs, live_server.url, "nell")
        theirs.goto(link)
        check_page_state(theirs, "account-09-invitation")
        theirs.get_by_role("button", name="Accept").click()
        expect(theirs.locator("h1")).to_contain_text("Riverside")
        check_page_state(theirs, "account-10-joined")
    finally:
        other.close()
    assert Membership.objects.filter(club=club, user=newcomer).count() == 1
