"""Irregularities at the table, in Debian's Chromium at 360 x 800: a scorer taps a whole hand
and, in a few taps more, the revoke found three tricks later (what, who, which trick, when
noticed); the hand counts as played and links its ruling; the director, on their own phone,
reads it in words and accepts it, and the game's history says so. Another hand with a card
shown by accident is overridden with a reason. Every state passes ``check_page_state``
(axe-core, 44 px targets, nothing wider than the phone, no code words). Screenshots: rulings-*."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import BrowserContext, Page, expect

from adjudication.engine import adjudicate, build_ruleset, names
from scoring import services
from scoring.models import Hand, HandRuling
from tests.pages.conftest import SCREENSHOTS, build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_club_night_browser import phones  # noqa: F401 (fixture)
from tests.pages.test_languages_browser import Walk
from tests.pages.test_languages_browser import sign_in as languages_sign_in
from tests.pages.test_offline_browser import open_kept_game, sign_in
from tests.pages.test_trick_entry_browser import tap, tap_leader
from tests.pages.trick_records import clean_record, renege_record

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["Ada", "Ben", "Cleo", "Dev"]
STRICT = {"preset": "standard", "renege_penalty": "takes_all"}


@pytest.fixture
def strict(live_server, people):
    club = build_club(people, name="Strict", slug="strict", is_public=True, ruleset=STRICT)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    return game, live_server.url


def tapped_in(page: Page, url: str, game, plays: list[str], leader: int) -> None:
    page.goto(f"{url}/games/{game.pk}/enter/?mode=plays")
    expect(page.locator("[data-trick-pad]")).to_be_visible()
    tap_leader(page, NAMES[leader])
    tap(page, plays)


def what_went_wrong(page: Page, kind: str, who: str):
    """Open the panel and tap the kind and who, in its first row."""
    page.locator("details.irregularities > summary").click()
    row = page.locator('[data-irregularity-row="0"]')
    row.locator(".irregularity-picker").first.get_by_role("button", name=kind).click()
    row.locator(".irregularity-picker").nth(1).get_by_role("button", name=who, exact=True).click()
    return row


def test_a_late_revoke_tapped_in_is_accepted_by_the_director(
    strict,
    page: Page,
    phones,  # noqa: F811 (the fixture imported above)
):
    game, url = strict
    plays, leader, _ruling = renege_record()
    found = adjudicate(build_ruleset(**STRICT), plays, first_leader=leader).violations[0]
    offender = NAMES[found.seat]
    sign_in(page, url, f"/games/{game.pk}/enter/?mode=plays")
    tapped_in(page, url, game, plays, leader)
    row = what_went_wrong(page, "Revoke found late", offender)
    trick = row.locator('[data-irregularity="trick"]')
    expect(trick).to_have_value("13")  # the keypad's trick: every card is in
    trick.select_option(str(found.trick))
    row.locator('[data-irregularity="noticed_at_trick"]').select_option(str(found.trick + 3))
    # Only what a revoke takes: no lead stood, no card too many.
    expect(row.locator('[data-irregularity="stood"]')).to_be_hidden()
    expect(row.locator('[data-irregularity="too_many"]')).to_be_hidden()
    expect(row.locator('[data-irregularity="corrected"]')).to_be_visible()
    check_page_state(page, "rulings-01-revoke-tapped")
    page.get_by_role("button", name="Record hand 1").click()
    awaiting = page.locator(".message.warning").filter(has_text="awaits a director")
    expect(awaiting).to_contain_text("the hand counts as played until then")
    hand = Hand.objects.get(game=game)
    assert hand.entry["irregularities"] == [
        {"kind": "revoke", "seat": found.seat, "trick": found.trick,
         "noticed_at_trick": found.trick + 3}
    ]  # fmt: skip
    raw = list(hand.scores)
    check_page_state(page, "rulings-02-recorded")
    link = awaiting.get_by_role("link", name="See the ruling").get_attribute("href")

    director = phones("olive")
    director.goto(url + link)
    ruling = director.locator("article.hand-ruling")
    expect(ruling.locator("h3")).to_contain_text(f"{offender} revoked at trick {found.trick}")
    expect(ruling).to_contain_text("The rule: A revoke: the revoker takes every point")
    expect(ruling.locator(".source footer")).to_have_text("Foster's Complete Hoyle, Hearts")
    expect(ruling).to_contain_text(f"{offender} pays the entire losses")
    check_page_state(director, "rulings-03-ruling-for-the-director")
    ruling.get_by_label("Accept: the hand is scored from this rectification").check()
    ruling.get_by_label("Your reason").fill("Seen by the table")
    ruling.get_by_role("button", name="Decide this ruling").click()
    expect(director.locator("[data-ruling-status]")).to_have_text("Accepted")
    check_page_state(director, "rulings-04-accepted")
    hand.refresh_from_db()
    assert hand.scores == [26 if seat == found.seat else 0 for seat in range(4)] != raw
    director.goto(f"{url}/games/{game.pk}/")
    expect(director.locator("main")).to_contain_text(
        "Hand 1: the ruling on “Revoke found late” accepted"
    )
    check_page_state(director, "rulings-05-history")


def test_a_card_shown_is_overridden_with_a_reason(
    strict,
    page: Page,
    phones,  # noqa: F811 (the fixture imported above)
):
    game, url = strict
    plays, leader, ruling = clean_record()
    later = ruling.tricks[4]  # a card the second player of trick 5 still held at trick 3
    seat, card = later.seats[1], names([later.cards[1]])[0]
    sign_in(page, url, f"/games/{game.pk}/enter/?mode=plays")
    tapped_in(page, url, game, plays, leader)
    row = what_went_wrong(page, "Card shown", NAMES[seat])
    row.locator('[data-irregularity="trick"]').select_option("3")
    row.locator('[data-irregularity="card"]').select_option(card)
    expect(row.locator('[data-irregularity="noticed_at_trick"]')).to_be_hidden()
    check_page_state(page, "rulings-06-card-shown")
    page.get_by_role("button", name="Record hand 1").click()
    awaiting = page.locator(".message.warning").filter(has_text="awaits a director")
    link = awaiting.get_by_role("link", name="See the ruling").get_attribute("href")
    raw = list(Hand.objects.get(game=game).scores)

    director = phones("olive")
    director.goto(url + link)
    shown = director.locator("article.hand-ruling")
    expect(shown.locator("h3")).to_contain_text(f"{NAMES[seat]} showed")
    shown.get_by_label("Override: the hand stands as played for it").check()
    shown.get_by_role("button", name="Decide this ruling").click()
    expect(shown.locator(".errors")).to_contain_text("Say why you override the ruling.")
    check_page_state(director, "rulings-07-reason-needed")
    shown = director.locator("article.hand-ruling")
    shown.get_by_label("Override: the hand stands as played for it").check()
    shown.get_by_label("Your reason").fill("The dealer flashed it")
    shown.get_by_role("button", name="Decide this ruling").click()
    expect(director.locator("[data-ruling-status]")).to_have_text("Overridden")
    expect(director.locator("article.hand-ruling")).to_contain_text("The dealer flashed it")
    check_page_state(director, "rulings-08-overridden")
    assert HandRuling.objects.get().status == "overridden"
    assert list(Hand.objects.get(game=game).scores) == raw


def test_without_javascript_the_rows_are_plain_fields_at_360_px(
    strict, page: Page, browser_context_args
):
    game, url = strict
    context = page.context.browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        plain = context.new_page()
        sign_in(plain, url, f"/games/{game.pk}/enter/?mode=plays")
        plain.locator("details.irregularities > summary").click()
        row = plain.locator('[data-irregularity-row="0"]')
        for name in ("kind", "seat", "trick", "card", "noticed_at_trick", "corrected", "stood"):
            expect(row.locator(f'[data-irregularity="{name}"]')).to_be_visible()
        width = plain.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 360, width
        row.screenshot(path=SCREENSHOTS / "rulings-09-plain-fields.png")
    finally:
        context.close()


@pytest.mark.parametrize("language", [c for c, _ in settings.LANGUAGES if c != "en"])
def test_the_ruling_reads_in_each_language_at_360_px(strict, page: Page, people, language):
    """The hand form's panel, the ruling and the director's decision, and the history, with
    no English word left (``Walk``: the languages' walk)."""
    game, url = strict
    plays, leader, _ruling = renege_record()
    found = adjudicate(build_ruleset(**STRICT), plays, first_leader=leader).violations[0]
    revoke = {"kind": "revoke", "trick": found.trick, "seat": found.seat, "noticed_at_trick": 9}
    entry = {"plays": plays, "first_leader": leader, "irregularities": [revoke]}
    services.enter_hand(game_id=game.pk, number=1, entry=entry, actor=people["scorer"])
    dispute = HandRuling.objects.get().dispute
    page.goto(f"{url}/")
    page.select_option("#language-choice", language)
    page.locator("form.language button").click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    walk = Walk(page, language)
    languages_sign_in(page, url, f"/games/{game.pk}/enter/?mode=plays")
    page.locator("details.irregularities > summary").click()
    page.locator(".irregularity-picker").first.locator("button").first.click()
    walk.check("rulings-panel")
    page.goto(f"{url}/games/{game.pk}/hands/1/disputes/{dispute.pk}/")
    walk.check("rulings-ruling")
    page.locator("article.hand-ruling input[type=radio]").first.check()
    page.locator("article.hand-ruling button[type=submit]").click()
    expect(page.locator("[data-ruling-status]")).not_to_have_text("")
    walk.check("rulings-accepted")
    assert HandRuling.objects.get().status == "accepted"
    page.goto(f"{url}/games/{game.pk}/")
    walk.check("rulings-history")


def test_a_revoke_tapped_in_offline_waits_in_the_outbox_and_is_sent_with_the_hand(
    strict, page: Page, context: BrowserContext
):
    game, url = strict
    plays, leader, _ruling = renege_record()
    found = adjudicate(build_ruleset(**STRICT), plays, first_leader=leader).violations[0]
    open_kept_game(page, url, game)
    page.goto(f"{url}/games/{game.pk}/enter/?mode=plays")  # kept too, once opened online
    context.set_offline(True)
    page.reload()
    tap_leader(page, NAMES[leader])
    tap(page, plays)
    row = what_went_wrong(page, "Revoke found late", NAMES[found.seat])
    row.locator('[data-irregularity="trick"]').select_option(str(found.trick))
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("[data-outbox-status]")).to_contain_text("hand 1 is kept on this phone")
    # Cleared for hand 2: no kind chosen, the panel closed.
    expect(page.locator('[data-irregularity-row="0"] [data-irregularity="kind"]')).to_have_value("")
    check_page_state(page, "rulings-10-offline-kept")
    assert not Hand.objects.filter(game=game).exists()
    page.get_by_role("link", name="Back to the scoreboard").click()
    # Pending first: before the page has read its outbox, the outbox is hidden too.
    expect(page.locator("li.pending")).to_contain_text("Hand 1")
    context.set_offline(False)
    expect(page.locator("[data-outbox]")).to_be_hidden(timeout=10_000)
    hand = Hand.objects.get(game=game)
    assert hand.entry["irregularities"] == [
        {"kind": "revoke", "seat": found.seat, "trick": found.trick}
    ]
    assert HandRuling.objects.get().status == "awaiting"
