"""A scoring card's taker entered offline: the outbox builds the API body from the details the
page declares (data-scoring-cards), so the kept hand says who took the J♦ and is stored with it.
Debian's Chromium at 360 px, offline through Playwright's ``context.set_offline``."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scoring import services
from scoring.models import Hand
from tests.pages.conftest import build_club
from tests.pages.test_offline_browser import open_kept_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_hand_entered_offline_says_who_took_the_jack_and_is_stored_with_it(
    live_server, people, page: Page, context: BrowserContext
):
    club = build_club(people, name="Omni", slug="omni", is_public=True, ruleset="omnibus")
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    open_kept_game(page, live_server.url, game)
    context.set_offline(True)
    page.get_by_role("link", name="Enter hand 1").click()  # the kept hand form
    for seat, value in enumerate([13, 5, 4, 4]):
        page.fill(f"#id_seat_{seat}", str(value))
    page.select_option("#id_jack_of_diamonds", "1")
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("[data-outbox-status]")).to_contain_text("hand 1 is kept on this phone")
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.locator("li.pending")).to_contain_text(
        "Hand 1: Ada 13, Ben 5, Cleo 4, Dev 4, J♦ Ben"
    )
    context.set_offline(False)
    expect(page.locator("[data-outbox]")).to_be_hidden(timeout=10_000)
    hand = Hand.objects.get(game=game)
    assert hand.entry == {"points": [13, 5, 4, 4], "jack_of_diamonds": 1}
    assert (hand.jack_of_diamonds, hand.scores) == (1, [13, -5, 4, 4])
