"""One phone, one browser profile, two accounts (issue 32, item 4): Alice opens a private game
and her session ends without the Sign out button (it expires, or her password is changed
elsewhere); Bob signs in on the same phone. Offline, Bob sees none of Alice's private pages; a
hand Alice kept offline, whose first send failed, is never sent as Bob: it is removed from the
phone when Bob signs in, and Bob is told (in words that name nothing of it). While nobody else
signs in it waits for Alice, unseen, and is sent as Alice when she signs in again. Debian's
Chromium at 360 px, the service worker and IndexedDB for real, offline through Playwright."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.utils import timezone
from playwright.sync_api import BrowserContext, Page, expect

from scoring import services
from scoring.models import Hand
from tests.pages.conftest import build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import (
    KEPT,
    KEPT_HANDS,
    enter_offline,
    sign_in,
    stored,
    wait_for_the_worker,
)

pytestmark = pytest.mark.django_db(transaction=True)

NEW_PASSWORD = "alice changed it on her laptop"
WARNING = "1 hand entered on this phone under another account was not sent"


@pytest.fixture
def private_game(live_server, people):
    club = build_club(people, name="Back Room", slug="back-room", is_public=False)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    return game, live_server.url


def end_session(how: str, context: BrowserContext, alice) -> None:
    """Alice's session on the phone ends without its Sign out button."""
    if how == "expired":
        [key] = [c["value"] for c in context.cookies() if c["name"] == "sessionid"]
        past = timezone.now() - timedelta(seconds=1)
        assert Session.objects.filter(session_key=key).update(expire_date=past) == 1
    else:  # her password changed on another device: this session's hash no longer matches
        alice.set_password(NEW_PASSWORD)
        alice.save()


def open_kept(page: Page, url: str, game, username: str = "sam") -> None:
    sign_in(page, url, f"/games/{game.pk}/", username=username)
    wait_for_the_worker(page)
    page.wait_for_function(KEPT, arg=[f"/games/{game.pk}/", f"/games/{game.pk}/enter/"])


def keep_a_hand_offline(page: Page, context: BrowserContext, game) -> None:
    context.set_offline(True)
    page.get_by_role("link", name="Enter hand 1").click()
    enter_offline(page, 1, [13, 5, 4, 4])
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.locator("li.pending")).to_have_count(1)


def first_send_fails(page: Page, context: BrowserContext, game) -> None:
    """Back online on Alice's kept page: the outbox tries hand 1, and is refused."""
    with page.expect_response(lambda r: f"/games/{game.pk}/hands/1/" in r.url) as sent:
        context.set_offline(False)
    assert sent.value.status in (401, 403)
    assert stored(game) == []


@pytest.mark.parametrize("how", ["expired", "signed-out-elsewhere"])
def test_offline_the_next_account_sees_none_of_the_previous_ones_private_pages(
    private_game, page: Page, context: BrowserContext, people, how
):
    game, url = private_game
    open_kept(page, url, game)
    expect(page.locator("main")).to_contain_text("Back Room")
    end_session(how, context, people["scorer"])

    sign_in(page, url, "/", username="otto")  # Bob, in no club
    wait_for_the_worker(page)
    context.set_offline(True)
    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/enter/", f"/clubs/{game.club.slug}/"):
        page.goto(url + path)
        expect(page.get_by_role("heading", name="No connection")).to_be_visible()
        expect(page.locator("main")).not_to_contain_text("Ada")
    assert page.evaluate(KEPT, [f"/games/{game.pk}/"]) is False
    check_page_state(page, f"shared-01-offline-nothing-of-alice-{how}")


@pytest.mark.parametrize("how", ["expired", "signed-out-elsewhere"])
def test_a_hand_kept_by_the_previous_account_is_never_sent_as_the_next_one(
    private_game, page: Page, context: BrowserContext, people, how
):
    game, url = private_game
    open_kept(page, url, game)
    keep_a_hand_offline(page, context, game)
    end_session(how, context, people["scorer"])
    first_send_fails(page, context, game)

    sign_in(page, url, f"/games/{game.pk}/", username="olive")  # Bob, who may score it
    page.wait_for_timeout(2000)  # time enough for any send to have gone
    assert list(Hand.objects.filter(game=game).values_list("number", "entered_by")) == []
    expect(page.locator("[data-outbox-dropped]")).to_contain_text(WARNING)
    expect(page.locator("[data-outbox]")).to_be_hidden()
    assert page.evaluate(KEPT_HANDS) == 0
    check_page_state(page, f"shared-02-dropped-for-bob-{how}")

    page.reload()  # said once
    expect(page.locator("[data-outbox-dropped]")).to_have_count(0)
    assert stored(game) == []


def test_a_hand_kept_through_an_expired_session_is_sent_as_its_scorer_when_they_sign_in_again(
    private_game, page: Page, context: BrowserContext, people
):
    game, url = private_game
    open_kept(page, url, game)
    keep_a_hand_offline(page, context, game)
    end_session("expired", context, people["scorer"])
    first_send_fails(page, context, game)

    page.goto(f"{url}/account/login/?next=/games/{game.pk}/")  # nobody signed in: it waits
    expect(page.locator("[data-outbox-dropped]")).to_have_count(0)
    assert page.evaluate(KEPT_HANDS) == 1
    sign_in(page, url, f"/games/{game.pk}/", username="sam")
    expect(page.locator("table.scoreboard tbody tr:not(.note)")).to_have_count(1, timeout=10_000)
    hand = Hand.objects.get(game=game)
    assert (hand.number, hand.points, hand.entered_by) == (1, [13, 5, 4, 4], people["scorer"])
    assert page.evaluate(KEPT_HANDS) == 0


def test_signing_out_with_a_hand_not_sent_asks_first_then_leaves_nothing_behind(
    private_game, page: Page, context: BrowserContext, people
):
    game, url = private_game
    open_kept(page, url, game)
    keep_a_hand_offline(page, context, game)
    page.route(f"**/games/{game.pk}/hands/**", lambda route: route.abort())  # it cannot go
    context.set_offline(False)
    asked: list[str] = []

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page.on("dialog", answer)
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("footer")).to_contain_text("Signed in as sam")  # dismissed: stays
    assert page.evaluate(KEPT_HANDS) == 1
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("header")).to_contain_text("Sign in")
    assert "1 hand not sent yet" in asked[0]
    assert page.evaluate(KEPT_HANDS) == 0
    page.unroute(f"**/games/{game.pk}/hands/**")
    sign_in(page, url, f"/games/{game.pk}/", username="olive")
    page.wait_for_timeout(1000)
    assert stored(game) == []
