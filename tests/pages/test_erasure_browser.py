"""Forget me at 360 px in Debian's Chromium, under the phone bar (tests/pages/phone_checks.py):
a member opens it from their page, reads what goes and what stays, opens the box that asks,
mistypes their username and is told, types it and is forgotten, signed out, told the
pseudonym; then a director reads the club's erasures, and erases a player without an account
from its page."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scoring.models import Player
from tests.pages.conftest import PASSWORD
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_member_walks_forget_me_on_a_phone(live_server, page: Page, new_context, club, ada):
    url = live_server.url
    page.goto(f"{url}/account/login/?next=/account/me/")
    page.fill("#id_username", "milo")
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("footer")).to_contain_text("Signed in as Ada")
    page.get_by_role("link", name="Forget me").click()
    expect(page.locator("h1")).to_have_text("Forget me")
    expect(page.locator("main")).to_contain_text("What stays")
    check_page_state(page, "erasure-01-forget-me")

    page.locator("summary", has_text="Forget me now").click()
    page.fill("#id_confirm", "mlio")
    page.get_by_role("button", name="Forget me, for good").click()
    expect(page.locator("#confirm-errors")).to_contain_text("Type your username to confirm")
    check_page_state(page, "erasure-02-mistyped")

    page.fill("#id_confirm", "milo")
    page.get_by_role("button", name="Forget me, for good").click()
    expect(page.locator(".message.success")).to_contain_text(f"as Player {ada.pk}")
    expect(page.locator("footer")).not_to_contain_text("Signed in")
    check_page_state(page, "erasure-03-forgotten")
    assert not get_user_model().objects.filter(username="milo").exists()
    assert Player.objects.get(pk=ada.pk).name == f"Player {ada.pk}"

    director = new_context().new_page()
    sign_in(director, url, f"/clubs/{club.slug}/members/", username="olive")
    director.get_by_role("link", name="People forgotten").click()
    expect(director.locator("li.card").first).to_contain_text(f"Player {ada.pk}")
    expect(director.locator("main")).not_to_contain_text("milo")
    check_page_state(director, "erasure-04-club-erasures")

    ben = club.seated[1]
    director.goto(f"{url}/players/{ben.pk}/")
    director.get_by_role("link", name="Erase this player's name").click()
    expect(director.locator("h1")).to_have_text("Erase a player's name")
    director.locator("summary", has_text="Erase this name now").click()
    check_page_state(director, "erasure-05-erase-a-player")
    director.fill("#id_confirm", "ben")
    director.get_by_role("button", name="Erase the name, for good").click()
    expect(director.locator(".message.success")).to_contain_text(f"as Player {ben.pk}")
    expect(director.locator("li.card")).to_have_count(2)
    check_page_state(director, "erasure-06-erased")
