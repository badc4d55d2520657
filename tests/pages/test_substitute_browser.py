"""A substitute after a hand, walked in Debian's Chromium at 360 x 800 by the night's director
(issue 52 point 1): the night page's "Substitute" form asks first, the substitute takes the
seat from the table's next hand, and the night page and the game page say who played which
hands. Every state passes ``check_page_state``. Screenshots: substitute-*."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import NightRound, Role, SeatChange
from tests.pages.conftest import build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

MORE = ["Eve", "Fay", "Gus", "Hal"]


def test_a_director_puts_a_substitute_in_after_a_hand_from_the_page(
    live_server, people, page: Page
):
    club = build_club(people, name="Subs", slug="subs", is_public=True)
    services.set_membership(club=club, user=people["scorer"], role=Role.DIRECTOR)
    for name in MORE[: 8 - len(club.seated)]:
        services.create_player(club=club, name=name)
    night = services.open_night(
        club=club, league=club.league, name="Friday", rounds=2, round_hands=4, actor=None
    )
    players = list(club.players.order_by("pk").values_list("pk", flat=True)[:8])
    services.check_in_many(club=club, night_id=night.pk, players=players, actor=None)
    services.draw_round(club=club, night_id=night.pk, actor=None)
    services.publish_round(club=club, night_id=night.pk, actor=None)
    services.start_round(club=club, night_id=night.pk, actor=None)
    table = NightRound.objects.get(night=night).tables.order_by("number").first()
    services.enter_hand(
        game_id=table.game_id, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["scorer"]
    )
    sub = services.create_player(club=club, name="Sub Sue")
    services.check_in(club=club, night_id=night.pk, player_id=sub.pk, actor=None)
    sign_in(page, live_server.url, f"/clubs/{club.slug}/nights/{night.pk}/", username="sam")
    page.locator("#fix-substitute summary").click()
    page.locator("#substitute-out").select_option(str(table.players[1]))
    page.locator("#substitute-in").select_option(str(sub.pk))
    check_page_state(page, "substitute-01-form")
    page.get_by_role("button", name="Put the substitute in").click()
    assert not SeatChange.objects.exists()  # the box unticked: the browser asks first
    page.get_by_label("Yes: the substitute plays from the next hand").check()
    page.get_by_role("button", name="Put the substitute in").click()
    expect(page.locator(".message.success")).to_contain_text(
        "Sub Sue takes the seat at Table 1 from its next hand."
    )
    expect(page.locator("#substitutions")).to_contain_text("Sub Sue substituted from hand 2")
    check_page_state(page, "substitute-02-night")
    page.goto(f"{live_server.url}/games/{table.game_id}/")
    expect(page.locator(".substitutions")).to_contain_text("Sub Sue substituted from hand 2")
    check_page_state(page, "substitute-03-game")
    assert SeatChange.objects.get().from_hand == 2
