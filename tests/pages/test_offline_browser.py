"""Entry that survives a bad connection, and a scoreboard that updates itself: Debian's
Chromium at 360 px, the service worker and IndexedDB for real, offline through Playwright's
``context.set_offline``; the database checked after each step."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scoring import services
from scoring.models import Hand, HistoryEntry
from tests.pages.conftest import PASSWORD, build_club
from tests.pages.phone_checks import check_page_state

pytestmark = pytest.mark.django_db(transaction=True)

# Polls every 3 s; the bar is 5.
LIVE_WITHIN_MS = 5000

KEPT = """async (paths) => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("hearts-pages-")) continue;
    const cache = await caches.open(name);
    const hits = await Promise.all(paths.map((path) => cache.match(path)));
    if (hits.every(Boolean)) return true;
  }
  return false;
}"""

KEPT_HANDS = """new Promise((ok) => {
  const open = indexedDB.open("hearts-outbox");
  open.onsuccess = () => {
    const count = open.result.transaction("hands").objectStore("hands").count();
    count.onsuccess = () => ok(count.result);
  };
})"""


@pytest.fixture
def table(live_server, people):
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    return game, live_server.url


def sign_in(page: Page, url: str, next_path: str, username: str = "sam") -> None:
    page.goto(f"{url}/account/login/?next={next_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("footer")).to_contain_text(f"Signed in as {username}")


def wait_for_the_worker(page: Page) -> None:
    """Until install.js says the service worker runs. A locator, not ``wait_for_function`` with
    a string: Playwright evaluates a string it must poll with ``eval``, which the site's CSP
    refuses (an EvalError, whenever the worker was not ready at the first look)."""
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "true", timeout=30_000)


def open_kept_game(page: Page, url: str, game) -> None:
    """The game page, with the worker running and the page and its hand form kept."""
    sign_in(page, url, f"/games/{game.pk}/")
    wait_for_the_worker(page)
    paths = [f"/games/{game.pk}/", f"/games/{game.pk}/enter/"]
    page.wait_for_function(KEPT, arg=paths)


def enter_offline(page: Page, number: int, points: list[int]) -> None:
    expect(page.locator("main h1")).to_have_text(f"Hand {number}")
    for seat, value in enumerate(points):
        page.fill(f"#id_seat_{seat}", str(value))
    page.get_by_role("button", name=f"Record hand {number}").click()
    expect(page.locator("[data-outbox-status]")).to_contain_text(
        f"hand {number} is kept on this phone, not sent yet"
    )


def stored(game) -> list[tuple[int, list[int]]]:
    return list(Hand.objects.filter(game=game).order_by("number").values_list("number", "points"))


OFFLINE_HANDS = [[13, 5, 4, 4], [5, 13, 4, 4], [4, 4, 13, 5]]


def test_a_page_not_kept_is_missed_in_the_language_the_phone_last_read(
    table, page: Page, context: BrowserContext
):
    game, url = table
    open_kept_game(page, url, game)  # the worker came in English
    page.select_option("#language-choice", "fr")
    page.locator("form.language button").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    context.set_offline(True)
    page.goto(f"{url}/clubs/riverside/")
    expect(page.get_by_role("heading", name="Pas de connexion")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def test_hands_entered_offline_survive_a_reload_and_are_stored_once_each_in_order(
    table, page: Page, context: BrowserContext
):
    game, url = table
    open_kept_game(page, url, game)
    context.set_offline(True)
    page.get_by_role("link", name="Enter hand 1").click()  # the kept hand form
    for number, points in enumerate(OFFLINE_HANDS, start=1):
        enter_offline(page, number, points)
    check_page_state(page, "offline-01-hand-form-after-three")
    # Offline for the worker too: a page this phone never kept is not there.
    page.goto(f"{url}/clubs/riverside/")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    page.go_back()
    page.get_by_role("link", name="Back to the scoreboard").click()
    page.reload()
    outbox = page.locator("[data-outbox]")
    expect(outbox.get_by_role("heading", name="Not sent yet")).to_be_visible()
    expect(outbox.locator("li.pending")).to_have_count(3)
    expect(outbox.locator("li.pending").nth(0)).to_contain_text(
        "Hand 1: Ada 13, Ben 5, Cleo 4, Dev 4 not sent yet"
    )
    expect(outbox.locator("li.pending").nth(2)).to_contain_text("Hand 3: Ada 4, Ben 4, Cleo 13")
    inside = outbox.locator("li.pending").first.evaluate(
        "el => [getComputedStyle(el).paddingTop, getComputedStyle(el).paddingLeft]"
    )
    top, left = (float(side.removesuffix("px")) for side in inside)
    assert top >= 12 and left >= 16  # room inside the card
    expect(page.locator(".next a.button")).to_have_text("Enter hand 4")
    expect(page.locator(".next")).to_contain_text("Hand 4 comes after the hands kept on this phone")
    check_page_state(page, "offline-02-game-not-sent")
    assert stored(game) == []

    context.set_offline(False)
    expect(outbox).to_be_hidden(timeout=10_000)
    expect(page.locator("table.scoreboard tbody tr:not(.note)")).to_have_count(3)
    assert stored(game) == [(n, p) for n, p in enumerate(OFFLINE_HANDS, start=1)]
    assert HistoryEntry.objects.filter(game=game, action="hand_entered").count() == 3
    check_page_state(page, "offline-03-game-sent")

    # The next visit sends nothing again: every hand is stored once.
    page.reload()
    expect(page.locator("table.scoreboard tbody tr:not(.note)")).to_have_count(3)
    assert len(stored(game)) == 3


@pytest.mark.parametrize("public", [True, False], ids=["public-club", "private-club"])
def test_a_hand_entered_on_one_phone_appears_on_the_other_without_a_reload(
    live_server, new_context, people, public
):
    club = build_club(people, name="Corner", slug="corner", is_public=public)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    url = live_server.url
    watcher = new_context().new_page()
    sign_in(watcher, url, f"/games/{game.pk}/", username="milo")
    watcher.evaluate("window.notReloaded = true")
    scorer = new_context().new_page()
    sign_in(scorer, url, f"/games/{game.pk}/enter/")
    for seat, value in enumerate([13, 5, 4, 4]):
        scorer.fill(f"#id_seat_{seat}", str(value))
    scorer.get_by_role("button", name="Record hand 1").click()
    expect(scorer.locator(".message.success")).to_contain_text("Hand 1 recorded")

    rows = watcher.locator("table.scoreboard tbody tr:not(.note)")
    expect(rows).to_have_count(1, timeout=LIVE_WITHIN_MS)
    expect(watcher.locator(".ranking li").first).to_contain_text("Cleo")
    expect(watcher.locator(".next")).to_contain_text("Hand 2")

    services.void_hand(game_id=game.pk, number=1, reason="misdeal", actor=people["owner"])
    expect(watcher.locator("tr.note.void")).to_contain_text(
        "Hand 1 is void", timeout=LIVE_WITHIN_MS
    )
    expect(watcher.locator(".history")).to_contain_text("misdeal")
    assert watcher.evaluate("window.notReloaded") is True
    check_page_state(watcher, f"live-01-void-seen-{'public' if public else 'private'}")


def test_a_conflicting_offline_hand_shows_both_versions_and_resolves_either_way(
    table, new_context, people
):
    game, url = table
    other = new_context().new_page()
    sign_in(other, url, f"/games/{game.pk}/enter/", username="olive")
    phone_context = new_context()
    phone = phone_context.new_page()
    open_kept_game(phone, url, game)

    # Hand 1: kept offline on the phone while the other phone records it differently.
    phone_context.set_offline(True)
    phone.get_by_role("link", name="Enter hand 1").click()
    enter_offline(phone, 1, [13, 5, 4, 4])
    for seat, value in enumerate([4, 4, 5, 13]):
        other.fill(f"#id_seat_{seat}", str(value))
    other.get_by_role("button", name="Record hand 1").click()
    expect(other.locator(".message.success")).to_contain_text("Hand 1 recorded")
    phone.get_by_role("link", name="Back to the scoreboard").click()
    phone_context.set_offline(False)

    conflict = phone.locator("li.conflict")
    expect(conflict).to_contain_text("Hand 1 was recorded by another phone with other numbers")
    expect(conflict.locator('[data-version="server"]')).to_have_text("Ada 4, Ben 4, Cleo 5, Dev 13")
    expect(conflict.locator('[data-version="mine"]')).to_have_text("Ada 13, Ben 5, Cleo 4, Dev 4")
    check_page_state(phone, "offline-04-conflict")
    assert stored(game) == [(1, [4, 4, 5, 13])]

    # Keep mine: a correction, its reason in the history.
    conflict.get_by_role("button", name="Keep mine: correct hand 1").click()
    expect(conflict).to_contain_text("Say why")
    conflict.get_by_label("Why yours is right").fill("Ada took the queen")
    conflict.get_by_role("button", name="Keep mine: correct hand 1").click()
    expect(phone.locator("[data-outbox]")).to_be_hidden()
    assert stored(game) == [(1, [13, 5, 4, 4])]
    correction = HistoryEntry.objects.get(game=game, action="hand_corrected")
    assert correction.reason == "Ada took the queen"
    expect(phone.locator(".history")).to_contain_text("Ada took the queen")

    # Hand 2: this time the phone drops its version.
    phone.reload()
    phone_context.set_offline(True)
    phone.get_by_role("link", name="Enter hand 2").click()
    enter_offline(phone, 2, [5, 13, 4, 4])
    services.enter_hand(
        game_id=game.pk, number=2, entry={"points": [4, 13, 5, 4]}, actor=people["owner"]
    )
    phone.get_by_role("link", name="Back to the scoreboard").click()
    phone_context.set_offline(False)
    expect(conflict).to_contain_text("Hand 2 was recorded by another phone")
    conflict.get_by_role("button", name="Drop mine: keep the recorded hand").click()
    expect(phone.locator("[data-outbox]")).to_be_hidden()
    assert stored(game) == [(1, [13, 5, 4, 4]), (2, [4, 13, 5, 4])]
    assert phone.evaluate("indexedDB.databases().then((dbs) => dbs.length)") == 1
    assert phone.evaluate(KEPT_HANDS) == 0


def test_a_hand_tapped_card_by_card_offline_is_sent_as_the_cards_taken(
    table, page: Page, context: BrowserContext
):
    game, url = table
    open_kept_game(page, url, game)
    page.goto(f"{url}/games/{game.pk}/enter/?mode=cards")  # kept too, once opened online
    context.set_offline(True)
    page.reload()
    page.locator(".seat-pick", has_text="Ada").click()
    page.locator(".card-tap", has_text="Q♠").click()  # the hearts go to Dev, the rest
    page.get_by_role("button", name="Record hand 1").click()
    expect(page.locator("[data-outbox-status]")).to_contain_text("hand 1 is kept on this phone")
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.locator("li.pending")).to_contain_text("Hand 1: Ada: Q♠, Ben: none, Cleo: none")
    context.set_offline(False)
    expect(page.locator("[data-outbox]")).to_be_hidden(timeout=10_000)
    hand = Hand.objects.get(game=game)
    assert hand.points == [13, 0, 0, 13]
    assert hand.recorded_at < hand.created_at  # sent with when it was kept, for the bell
    assert hand.entry["cards_taken"][0] == ["QS"]
    assert len(hand.entry["cards_taken"][3]) == 13


def test_a_hand_form_kept_before_another_phones_hand_takes_the_next_number(
    table, page: Page, context: BrowserContext, people
):
    game, url = table
    open_kept_game(page, url, game)  # the hand form is kept while hand 1 comes next
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [4, 4, 5, 13]}, actor=people["owner"]
    )
    expect(page.locator(".next")).to_contain_text("Hand 2", timeout=LIVE_WITHIN_MS)
    context.set_offline(True)
    page.get_by_role("link", name="Enter hand 2").click()
    enter_offline(page, 2, [13, 5, 4, 4])
    page.get_by_role("link", name="Back to the scoreboard").click()
    context.set_offline(False)
    # The sent hand on the scoreboard, not only an outbox hidden: before the page has read its
    # outbox, the outbox is hidden too.
    rows = page.locator("table.scoreboard tbody tr:not(.note)")
    expect(rows).to_have_count(2, timeout=10_000)
    expect(page.locator("[data-outbox]")).to_be_hidden(timeout=10_000)
    assert stored(game) == [(1, [4, 4, 5, 13]), (2, [13, 5, 4, 4])]


def test_a_kept_hand_form_offline_has_the_words_of_its_scripts(
    table, page: Page, context: BrowserContext
):
    """The catalog of the scripts' words (jsi18n, one URL a language) is kept by the worker
    with the pages, so a page opened offline still writes in its language."""
    game, url = table
    open_kept_game(page, url, game)
    context.set_offline(True)
    page.get_by_role("link", name="Enter hand 1").click()
    expect(page.locator("main h1")).to_have_text("Hand 1")
    assert page.evaluate("typeof window.django === 'object' && typeof window.gettext") == (
        "function"
    )
    page.fill("#id_seat_0", "27")
    expect(page.locator("[data-sum-status]")).to_have_text(
        "Ada: at most 26, every point in the hand."
    )


def test_the_hand_form_writes_in_english_when_the_catalog_does_not_load(table, new_context):
    game, url = table
    # No worker: a request it answered would go past the route.
    page = new_context(service_workers="block").new_page()
    page.route(re.compile(r"/jsi18n/"), lambda route: route.abort())
    sign_in(page, url, f"/games/{game.pk}/enter/")
    assert page.evaluate("typeof window.gettext") == "undefined"
    page.fill("#id_seat_0", "27")
    expect(page.locator("[data-sum-status]")).to_have_text(
        "Ada: at most 26, every point in the hand."
    )
    for seat, points in enumerate([13, 5, 4]):
        page.fill(f"#id_seat_{seat}", str(points))
    expect(page.locator("#id_seat_3")).to_have_value("4")
    expect(page.locator("[data-sum-status]")).to_have_text("Adds up to 26 ✓")
