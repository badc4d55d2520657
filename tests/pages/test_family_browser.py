"""The Hearts family's presets at the table, on a phone (Debian's Chromium at 360 px): the hand
form follows the declarations, online and offline (docs/rules.md, The Hearts family)."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scoring import services
from scoring.models import Hand
from tests.pages.conftest import build_club
from tests.pages.test_offline_browser import open_kept_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_omnibus_hearts_slam_entered_offline_says_who_took_the_ten_of_diamonds(
    live_server, people, page: Page, context: BrowserContext
):
    club = build_club(people, name="Omni", slug="omni", is_public=True, ruleset="omnibus-hearts")
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    open_kept_game(page, live_server.url, game)
    context.set_offline(True)
    page.get_by_role("link", name="Enter hand 1").click()
    for seat, value in enumerate([26, 0, 0, 0]):
        page.fill(f"#id_seat_{seat}", str(value))
    # every point is a slam only with the 10♦ too: the form does not call it a moon
    expect(page.locator("form[data-hand-entry]")).to_contain_text("Adds up to 26 ✓")
    page.select_option("#id_ten_of_diamonds", "0")
    page.screenshot(path="test-artifacts/screenshots/family-omnibus-hearts-offline.png")
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("[data-outbox-status]")).to_contain_text("hand 1 is kept on this phone")
    context.set_offline(False)
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.locator("[data-outbox]")).to_be_hidden(timeout=10_000)
    hand = Hand.objects.get(game=game)
    assert hand.entry == {"points": [26, 0, 0, 0], "ten_of_diamonds": 0}
    assert (hand.ten_of_diamonds, hand.scores) == (0, [-26, 0, 0, 0])  # a slam: 26 plus


def test_a_black_maria_hand_of_43_points_is_entered_for_three(
    live_server, people, page: Page, context: BrowserContext
):
    club = build_club(people, name="Maria", slug="maria", is_public=True, ruleset="black-maria")
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:3], actor=people["owner"]
    )
    open_kept_game(page, live_server.url, game)
    page.get_by_role("link", name="Enter hand 1").click()
    for seat, value in enumerate([23, 10]):
        page.fill(f"#id_seat_{seat}", str(value))
    form = page.locator("form[data-hand-entry]")
    expect(form).to_contain_text("Hearts 1 each, Q♠ 13, K♠ 10, A♠ 7: they add up to 43")
    expect(form).to_contain_text("Adds up to 43 ✓")
    page.screenshot(path="test-artifacts/screenshots/family-black-maria-points.png")
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("body")).to_contain_text("Hand 1")
    page.wait_for_timeout(500)
    hand = Hand.objects.get(game=game)
    assert (hand.points, hand.scores) == ([23, 10, 10], [23, 10, 10])
