"""A claim at the table, in Debian's Chromium at 360 x 800: the scorer taps the first trick,
then Dev lays down his cards and claims the rest; the record stops there, the hand counts as
claimed and links its ruling; the director, on their own phone, reads why the claim fails (the
counter-line, a trick at a time, the Law quoted) and accepts it. Another claim, kept offline,
goes with the hand when the connection returns. Every state passes ``check_page_state``
(axe-core, 44 px targets, nothing wider than the phone, no code words). Screenshots: claim-*."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scoring import services
from scoring.models import Hand, HandRuling
from tests.pages.conftest import build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_club_night_browser import phones  # noqa: F401 (fixture)
from tests.pages.test_offline_browser import open_kept_game, sign_in
from tests.pages.test_trick_entry_browser import tap
from tests.pages.trick_records import MOON_HOLDINGS, MOON_TRICKS

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(live_server, people):
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    return game, live_server.url


def claimed(page: Page, who: str, what: str) -> None:
    """Open the claim's panel and tap who claimed what."""
    page.locator("details.claim > summary").click()
    page.get_by_role("group", name="Who claimed or conceded").get_by_role(
        "button", name=who, exact=True
    ).click()
    page.get_by_role("group", name="What they claimed").get_by_role("button", name=what).click()


def test_a_claim_tapped_in_after_a_trick_is_ruled_on_and_accepted_by_the_director(
    table,
    page: Page,
    phones,  # noqa: F811 (the fixture imported above)
):
    game, url = table
    sign_in(page, url, f"/games/{game.pk}/enter/?mode=plays")
    page.goto(f"{url}/games/{game.pk}/enter/?mode=plays")
    page.locator("details.more-cards summary").click()
    page.fill("#id_hands", "\n".join(MOON_HOLDINGS))
    tap(page, MOON_TRICKS[0].split())
    submit = page.get_by_role("button", name="Record hand 1")
    expect(submit).to_be_disabled()  # 4 of 52 cards, and no claim yet
    claimed(page, "Dev", "The rest of the tricks")
    expect(page.locator("details.claim")).to_have_attribute("open", "")
    expect(page.locator("[data-moon-question]")).to_contain_text("Dev")  # as claimed: his moon
    page.get_by_label("+26 for everyone else").check()
    expect(submit).to_be_enabled()
    expect(page.locator("details.claim")).to_have_attribute("open", "")  # the answer kept it
    check_page_state(page, "claim-01-tapped")
    submit.click()
    awaiting = page.locator(".message.warning").filter(has_text="awaits a director")
    expect(awaiting).to_contain_text("the hand counts as claimed until then")
    hand = Hand.objects.get(game=game)
    assert hand.entry["claim"] == {"seat": 3, "outcome": "all_tricks"}
    assert hand.scores == [26, 26, 26, 0]
    check_page_state(page, "claim-02-recorded")
    link = awaiting.get_by_role("link", name="See the ruling").get_attribute("href")

    director = phones("olive")
    director.goto(url + link)
    ruling = director.locator("article.hand-ruling")
    expect(ruling.locator("h3")).to_have_text("Dev claimed the rest of the tricks at trick 2")
    expect(ruling).to_contain_text("The claim fails")
    expect(ruling).to_contain_text("A play that beats it:")
    beaten = ruling.locator("ol.proof li.beaten")
    expect(beaten).to_contain_text("trick 2: Dev 8♠, Ada 10♠, Ben 2♠, Cleo 5♠, won by Ada")
    expect(beaten).to_contain_text("(the claim is beaten here)")
    expect(ruling.locator(".source footer")).to_have_text(
        "Laws of Duplicate Bridge (2017), Law 70A and 70D"
    )
    expect(ruling).to_contain_text("Dev takes every point left (26).")
    check_page_state(director, "claim-03-ruling-for-the-director")
    ruling.get_by_label("Accept: the hand is scored from this rectification").check()
    ruling.get_by_role("button", name="Decide this ruling").click()
    expect(director.locator("[data-ruling-status]")).to_have_text("Accepted")
    check_page_state(director, "claim-04-accepted")
    hand.refresh_from_db()
    assert hand.scores == [0, 0, 0, 26]  # a failed claim's points: no moon
    assert HandRuling.objects.get().status == "accepted"
    director.goto(f"{url}/games/{game.pk}/")
    history = director.locator("main")
    expect(history).to_contain_text("Hand 1: the claim awaits a director's ruling")
    expect(history).to_contain_text("Hand 1: the ruling on “The claim” accepted")
    check_page_state(director, "claim-06-history")


def test_a_claim_kept_offline_goes_with_the_hand(table, page: Page, context: BrowserContext):
    game, url = table
    open_kept_game(page, url, game)
    page.goto(f"{url}/games/{game.pk}/enter/?mode=plays")  # kept too, once opened online
    context.set_offline(True)
    page.reload()
    page.locator("details.more-cards summary").click()
    page.fill("#id_hands", "\n".join(MOON_HOLDINGS))
    tap(page, MOON_TRICKS[0].split())
    claimed(page, "Ada", "The rest of the tricks")
    page.get_by_label("Every other player accepted it").check()
    page.get_by_label("−26 for Ada").check()
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("[data-outbox-status]")).to_contain_text("hand 1 is kept on this phone")
    check_page_state(page, "claim-05-offline-kept")
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.locator("li.pending")).to_contain_text("Hand 1: a trick record")
    assert not Hand.objects.filter(game=game).exists()
    context.set_offline(False)
    expect(page.locator("[data-outbox]")).to_be_hidden(timeout=10_000)
    hand = Hand.objects.get(game=game)
    assert hand.entry["claim"] == {"seat": 0, "outcome": "all_tricks", "accepted": True}
    assert hand.entry["plays"] == MOON_TRICKS[0].split() and hand.scores == [-26, 0, 0, 0]
    assert not HandRuling.objects.exists()
