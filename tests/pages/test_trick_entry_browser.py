"""A scorer enters a whole hand trick by trick, by taps, in Debian's Chromium at 360 x 800: who
led, then each of the 52 cards as played; whose turn, the trick so far and the running points
as the engine would count them; undo; the moon asked by name; the engine's flag on a renege the
record proves, recorded as played; the same record kept offline in the outbox and sent when the
connection returns; and the pages in German. Every state passes ``check_page_state`` (axe-core,
44 px targets, nothing wider than the phone, no code words). Screenshots: tricks-*."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scoring import services
from scoring.models import Hand
from tests.pages.conftest import PHONE, SCREENSHOTS, build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_languages_browser import Walk
from tests.pages.test_offline_browser import open_kept_game, sign_in
from tests.pages.trick_records import MOON_HOLDINGS, MOON_TRICKS, clean_record, renege_record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(live_server, people):
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    return game, live_server.url


def tap_leader(page: Page, name: str) -> None:
    page.locator(".leader-picker").get_by_role("button", name=name, exact=True).click()


def tap(page: Page, cards: list[str]) -> None:
    for card in cards:
        page.locator(f'button[data-card="{card}"]').click()


def tile(page: Page, seat: int):
    return page.locator(f'[data-trick-seat="{seat}"]')


def open_trick_level(page: Page, url: str, game) -> None:
    sign_in(page, url, f"/games/{game.pk}/enter/")
    page.get_by_role("link", name="Every trick").click()
    expect(page.locator("[data-trick-pad]")).to_be_visible()


def test_a_whole_hand_of_thirteen_tricks_is_entered_by_taps(table, page: Page):
    game, url = table
    open_trick_level(page, url, game)
    turn = page.locator("[data-trick-turn]")
    submit = page.get_by_role("button", name="Record hand 1")
    # The plain fields are the script's now: hidden, and filled as the cards are tapped.
    expect(page.locator("[data-trick-fields]")).to_be_hidden()
    expect(turn).to_have_text("Choose who led the first trick, then tap each card as it is played.")
    expect(page.locator('button[data-card="2C"]')).to_be_disabled()
    expect(submit).to_be_disabled()
    check_page_state(page, "tricks-01-who-led")

    tap_leader(page, "Ada")
    expect(turn).to_have_text("Trick 1 of 13: Ada to lead.")
    # The trick, the points and every key on one screen: no scrolling between cards.
    top = page.locator("[data-trick-now]").evaluate("el => el.getBoundingClientRect().top")
    keys_end = page.locator(".trick-keys").evaluate("el => el.getBoundingClientRect().bottom")
    assert top >= 0 and keys_end <= PHONE["height"], (top, keys_end)
    page.screenshot(path=SCREENSHOTS / "tricks-01b-one-screen.png")
    tap(page, MOON_TRICKS[0].split()[:2])
    expect(turn).to_have_text("Trick 1 of 13: Cleo to play.")
    expect(tile(page, 0)).to_contain_text("2♣")
    expect(tile(page, 1)).to_contain_text("3♣")
    expect(tile(page, 2)).to_have_class(re.compile(r"\bturn\b"))
    expect(page.locator('button[data-card="2C"]')).to_be_disabled()  # played: not again
    check_page_state(page, "tricks-02-trick-so-far")
    # A wrong tap, undone.
    tap(page, ["KH"])
    expect(tile(page, 2)).to_contain_text("K♥")
    page.get_by_role("button", name="Undo the last card").click()
    expect(tile(page, 2)).not_to_contain_text("K♥")
    expect(page.locator('button[data-card="KH"]')).to_be_enabled()
    tap(page, MOON_TRICKS[0].split()[2:])
    # Dev's J♣ won it: the trick stays in view with its winner, and Dev leads the next.
    expect(turn).to_have_text("Trick 1 went to Dev. Trick 2 of 13: Dev to lead.")
    expect(tile(page, 3)).to_have_class(re.compile(r"\bwon\b"))
    for trick in MOON_TRICKS[1:4]:
        tap(page, trick.split())
    expect(turn).to_have_text("Trick 4 went to Ada. Trick 5 of 13: Ada to lead.")
    expect(tile(page, 0).locator("[data-taken]")).to_have_text("3")  # 2♥ 6♥ 10♥
    expect(page.locator("[data-trick-list] li")).to_have_count(4)
    expect(page.locator("[data-trick-list] li").nth(3)).to_contain_text("→ Ada +3")
    expect(page.locator("[data-submit-why]")).to_have_text("Tap every card first: 16 of 52 are in.")
    check_page_state(page, "tricks-03-four-tricks")
    for trick in MOON_TRICKS[4:]:
        tap(page, trick.split())

    expect(turn).to_contain_text("All 13 tricks are in")
    expect(tile(page, 0).locator("[data-taken]")).to_have_text("26")
    expect(page.locator("[data-moon-question]")).to_have_text(
        "Ada shot the moon: −26 for Ada, or +26 for everyone else?"
    )
    expect(submit).to_be_disabled()
    check_page_state(page, "tricks-04-moon")
    page.locator("input[value='add_to_others']").check()
    expect(submit).to_be_enabled()
    submit.click()
    expect(page.locator(".message.success")).to_contain_text("Hand 1 recorded")
    hand = Hand.objects.get(game=game)
    assert hand.entry == {
        "plays": " ".join(MOON_TRICKS).split(),
        "first_leader": 0,
        "moon_choice": "add_to_others",
    }
    assert hand.points == [26, 0, 0, 0] and hand.scores == [0, 26, 26, 26]
    # The next hand's form, at the same level, empty again.
    expect(page.locator("main h1")).to_have_text("Hand 2")
    expect(turn).to_have_text("Choose who led the first trick, then tap each card as it is played.")
    check_page_state(page, "tricks-05-next-hand")


def test_a_renege_is_flagged_by_the_engine_and_recorded_as_played(table, page: Page):
    game, url = table
    plays, leader, ruling = renege_record()
    found = ruling.violations[0]
    offender = ["Ada", "Ben", "Cleo", "Dev"][found.seat]
    open_trick_level(page, url, game)
    tap_leader(page, ["Ada", "Ben", "Cleo", "Dev"][leader])
    flags = page.locator("[data-trick-flags]")
    tap(page, plays)
    headline = f"Trick {found.trick}: {offender} did not follow suit (a renege)"
    expect(flags.locator(".violation")).to_contain_text(headline)
    expect(page.locator("[data-trick-list] .play.illegal")).to_have_count(1)
    expect(page.locator("[data-trick-list] li").nth(found.trick - 1)).to_contain_text(offender)
    check_page_state(page, "tricks-06-renege-flagged")
    page.get_by_role("button", name="Record hand 1").click()
    warning = page.locator(".message.warning")
    expect(warning).to_contain_text("The engine found 1 illegal play.")
    expect(warning).to_contain_text(headline)
    expect(page.locator("[data-trick-pad]")).to_be_visible()  # hand 2's form, its script run
    check_page_state(page, "tricks-07-renege-recorded")
    hand = Hand.objects.get(game=game)
    assert hand.points == list(ruling.points_taken) and hand.renege_by is None
    warning.get_by_role("link", name="See the ruling").click()
    expect(page.locator(".violation")).to_contain_text(f"{offender} did not follow suit")
    check_page_state(page, "tricks-08-ruling-kept")


def test_a_hand_tapped_trick_by_trick_offline_waits_in_the_outbox_and_is_sent(
    table, page: Page, context: BrowserContext
):
    game, url = table
    plays, leader, ruling = clean_record()
    open_kept_game(page, url, game)
    page.goto(f"{url}/games/{game.pk}/enter/?mode=plays")  # kept too, once opened online
    context.set_offline(True)
    page.reload()
    tap_leader(page, ["Ada", "Ben", "Cleo", "Dev"][leader])
    tap(page, plays[:4])
    expect(page.locator("[data-trick-flags]")).to_have_text(
        "No connection: the rules are checked when the hand is sent."
    )
    tap(page, plays[4:])
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("[data-outbox-status]")).to_contain_text("hand 1 is kept on this phone")
    # The form is clear for hand 2, at the same level.
    expect(page.locator("main h1")).to_have_text("Hand 2")
    expect(page.locator("[data-trick-turn]")).to_contain_text("Choose who led the first trick")
    expect(page.locator("[data-trick-list] li")).to_have_count(0)
    check_page_state(page, "tricks-09-offline-kept")
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.locator("li.pending")).to_contain_text("Hand 1: a trick record")
    assert not Hand.objects.filter(game=game).exists()
    context.set_offline(False)
    expect(page.locator("[data-outbox]")).to_be_hidden(timeout=10_000)
    hand = Hand.objects.get(game=game)
    assert hand.entry == {"plays": plays, "first_leader": leader}
    assert hand.points == list(ruling.points_taken)


def test_the_trick_level_reads_in_german_at_360_px(table, page: Page):
    game, url = table
    page.goto(f"{url}/")
    page.select_option("#language-choice", "de")
    page.locator("form.language button").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    walk = Walk(page, "de")
    sign_in_as_owner(page, url, f"/games/{game.pk}/enter/?mode=plays")
    walk.check("tricks-empty")
    tap_leader(page, "Ada")
    for trick in MOON_TRICKS[:4]:
        tap(page, trick.split())
    tap(page, MOON_TRICKS[4].split()[:2])
    expect(page.locator("[data-trick-turn]")).to_have_text("Stich 5 von 13: Cleo spielt.")
    walk.check("tricks-tapped")
    for trick in MOON_TRICKS[4:]:
        tap(page, trick.split()[2:] if trick == MOON_TRICKS[4] else trick.split())
    expect(page.locator("[data-moon-question]")).to_contain_text("Ada")
    walk.check("tricks-moon")


def sign_in_as_owner(page: Page, url: str, next_path: str) -> None:
    page.goto(f"{url}/account/login/?next={next_path}")
    page.fill("#id_username", "olive")
    page.fill("#id_password", "a long page-test password")
    page.locator("main button[type=submit]").click()
    expect(page.locator("[data-trick-pad]")).to_be_visible()


def test_holdings_entered_name_the_leader_and_mark_the_cards_a_player_lacks(table, page: Page):
    game, url = table
    open_trick_level(page, url, game)
    page.locator("details.more-cards summary").click()
    page.fill("#id_hands", "\n".join(MOON_HOLDINGS))
    # Ada holds the 2♣: she leads, no tap needed; the cards she lacks are marked, not forbidden.
    expect(page.locator("[data-trick-turn]")).to_have_text("Trick 1 of 13: Ada to lead.")
    three = page.locator('button[data-card="3C"]')
    expect(three).to_have_class(re.compile(r"\bunheld\b"))
    expect(three).to_have_attribute("aria-label", "3♣, not in Ada's cards as entered")
    expect(three).to_be_enabled()
    check_page_state(page, "tricks-10-holdings")
    tap(page, ["2C"])
    expect(three).not_to_have_class(re.compile(r"\bunheld\b"))  # Ben's, and Ben plays next
    expect(page.locator('button[data-card="6C"]')).to_have_class(re.compile(r"\bunheld\b"))
    # A card Ben was not given, played anyway: recorded, and the engine says it.
    tap(page, ["6C"])
    expect(page.locator("[data-trick-flags] .violation")).to_contain_text(
        "Trick 1: Ben played a card they did not hold"
    )
    expect(tile(page, 1)).to_have_class(re.compile(r"\billegal\b"))
