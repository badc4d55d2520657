"""A night that bends, walked in Debian's Chromium at 360 x 800 by its director (issue 52):
twelve players checked in from one form, the round drawn again, two seats swapped after
publishing, the round started, one table given five minutes more, another ended now. Every
state passes ``check_page_state``. Screenshots: bend-*."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import GameStatus, NightRound, Role
from tests.pages.conftest import build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]


def test_a_director_bends_a_night_from_the_page_alone(live_server, people, page: Page):
    club = build_club(people, name="Bend", slug="bend", is_public=True)
    services.set_membership(club=club, user=people["scorer"], role=Role.DIRECTOR)
    for name in NAMES[len(club.seated) :]:
        services.create_player(club=club, name=name)
    night = services.open_night(
        club=club, league=club.league, name="Friday", rounds=3, round_minutes=30, actor=None
    )
    sign_in(page, live_server.url, f"/clubs/{club.slug}/nights/{night.pk}/", username="sam")
    page.locator("#check-in-many summary").click()
    for box in page.locator("#check-in-many input[type=checkbox]").all()[:12]:
        box.check()
    check_page_state(page, "bend-01-several")
    page.get_by_role("button", name="Check them in").click()
    expect(page.locator(".message.success")).to_contain_text("12 players are checked in.")
    page.get_by_role("button", name="Draw round 1").click()
    expect(page.locator(".message.success")).to_contain_text("Round 1 is drawn.")
    first = {frozenset(t.players) for t in NightRound.objects.get(night=night).tables.all()}
    page.get_by_role("button", name="Draw again").click()
    expect(page.locator(".message.success")).to_contain_text("Round 1 is drawn.")
    again = {frozenset(t.players) for t in NightRound.objects.get(night=night).tables.all()}
    assert again != first
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.locator(".message.success")).to_contain_text("published")
    page.locator("#fix-swap summary").click()
    tables = list(NightRound.objects.get(night=night).tables.order_by("number"))
    page.locator("#swap-player").select_option(str(tables[0].players[0]))
    page.locator("#swap-other").select_option(str(tables[1].players[0]))
    check_page_state(page, "bend-02-swap")
    page.get_by_role("button", name="Change the seats").click()
    expect(page.locator(".message.success")).to_contain_text("The seats are changed.")
    swapped = NightRound.objects.get(night=night).tables.order_by("number").first()
    assert swapped.players[0] == tables[1].players[0]
    page.get_by_role("button", name="Start round 1").click()
    expect(page.locator(".countdown")).to_contain_text("Round 1 ends at")
    page.locator("#fix-extend summary").click()
    page.locator("#extend-table").select_option("2")
    page.locator("#extend-reason").fill("Started late")
    check_page_state(page, "bend-03-extend")
    page.get_by_role("button", name="Give the time").click()
    expect(page.locator(".message.success")).to_contain_text("Table 2 plays on")
    expect(page.locator(".night-tables")).to_contain_text("+5 minutes: Started late")
    page.locator("#fix-finish summary").click()
    page.locator("#finish-table").select_option("3")
    page.locator("#finish-reason").fill("Their phone died")
    page.get_by_role("button", name="End the table now").click()
    expect(page.locator(".message.success")).to_contain_text(
        "Table 3 is over: it had no hand, so its game is abandoned."
    )
    expect(page.locator(".night-tables")).to_contain_text("ended by the director")
    check_page_state(page, "bend-04-ended")
    ended = NightRound.objects.get(night=night).tables.get(number=3).game
    assert ended.status == GameStatus.ABANDONED
