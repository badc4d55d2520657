"""What a player reads, in Debian's Chromium at 360 x 800: the scoreboard (ranked totals, the
hands, the chart, the history, a scorer's fixes), a finished game and "same table again", the
league, club and player tables. Every page state passes ``check_page_state`` (axe-core, 44 px
tap targets, no code names, nothing wider than the phone) and is saved as a screenshot."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Game
from scoring.services import rerating
from tests.pages.conftest import FINISHING_HANDS, PASSWORD, PHONE, play_hands
from tests.pages.phone_checks import axe_violations, check_page_state, small_tap_targets

pytestmark = pytest.mark.django_db(transaction=True)

LONG_NAMES = [
    "Bartholomew Ng",
    "Christabel Orr",
    "Maximilian Poe",
    "Gwendolyn Quay",
    "Florentina Rix",
    "Alexandrina Su",
]


def check(page: Page, name: str) -> None:
    """``check_page_state``, saying first which targets or rules failed."""
    assert small_tap_targets(page) == [], name
    assert axe_violations(page) == [], name
    check_page_state(page, name)


def sign_in(page: Page, url: str, username: str = "sam") -> None:
    page.goto(f"{url}/account/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("footer")).to_contain_text("Signed in as")


def open_fix(page: Page, summary: str) -> None:
    page.locator("summary", has_text=summary).click()


def test_a_scorer_reads_corrects_voids_disputes_and_abandons_on_a_phone(
    live_server, page: Page, game, people
):
    play_hands(game, people["owner"], [{"points": [13, 5, 4, 4]}, {"points": [1, 2, 3, 20]}])
    services.correct_hand(
        game_id=game.pk,
        number=1,
        entry={"points": [5, 13, 4, 4]},
        reason="Ben had the queen",
        actor=people["owner"],
    )
    url = live_server.url
    page.goto(f"{url}/games/{game.pk}/")
    expect(page.locator(".ranking li").first).to_contain_text("Ada")
    expect(page.locator(".ranking")).to_contain_text("points from 100")
    check(page, "views-01-game-anonymous")

    sign_in(page, url)
    page.goto(f"{url}/games/{game.pk}/")
    expect(page.locator("table.scoreboard")).to_contain_text(
        "Hand 1 corrected: “Ben had the queen”"
    )
    owner = "an owner"  # no player or full name: their role, never a number or sign-in name
    expect(page.locator(".history")).to_contain_text(f"Hand 1 corrected by {owner}")
    expect(page.locator("svg line.target")).to_have_count(1)
    check(page, "views-02-game-scorer")

    open_fix(page, "Void a hand")
    check(page, "views-03-void-form")
    page.select_option("#void_number", label="Hand 2")
    page.fill("#void_reason", "A misdeal")
    page.get_by_role("button", name="Void the hand").click()
    expect(page.locator(".messages")).to_contain_text("Hand 2 is void")
    sam = "a scorer"  # no player or full name: their role, never a number or sign-in name
    expect(page.locator(".history")).to_contain_text(f"Hand 2 voided by {sam}: “A misdeal”")
    check(page, "views-04-after-void")

    open_fix(page, "Dispute a hand")
    page.fill("#dispute_reason", "Wrong")
    page.get_by_role("button", name="Open the dispute").click()
    expect(page.locator(".messages")).to_contain_text("entered as points, not card by card")
    check(page, "views-05-dispute-refused")
    open_fix(page, "Dispute a hand")
    for seat, points in enumerate([4, 13, 5, 4]):
        page.fill(f"#dispute_claim_{seat}", str(points))
    page.fill("#dispute_reason", "Cleo took the 9♥")
    check(page, "views-06-dispute-form")
    page.get_by_role("button", name="Open the dispute").click()
    expect(page.locator(".disputes")).to_contain_text(f"Hand 1, disputed by {sam}")
    check(page, "views-07-open-dispute")

    open_fix(page, "Abandon the game")
    check(page, "views-08-abandon-form")
    page.fill("#abandon_reason", "The café closed")
    page.get_by_role("button", name="Abandon the game").click()
    expect(page.locator(".banner.bad")).to_contain_text("abandoned")
    check(page, "views-09-abandoned")


def test_a_finished_game_shows_places_and_sits_the_same_table_again(
    live_server, page: Page, finished_game
):
    url = live_server.url
    sign_in(page, url)
    page.goto(f"{url}/games/{finished_game.pk}/")
    places = page.locator(".ranking li .place").all_inner_texts()
    assert places == ["1=", "1=", "3", "4"]
    expect(page.locator(".winner-banner")).to_have_text("Shared win: Cleo and Dev ★")
    check(page, "views-10-finished")
    page.get_by_role("button", name="Same table again").click()
    again = Game.objects.exclude(pk=finished_game.pk).get()
    expect(page).to_have_url(f"{url}/games/{again.pk}/")
    expect(page.locator(".next")).to_contain_text("Hand 1: Ben deals")
    check(page, "views-11-same-table-again")


def test_the_tables_read_on_a_phone(live_server, page: Page, club, finished_game, new_game):
    today = date.today()
    services.create_season(
        league=club.league,
        name="Autumn",
        starts_on=today - timedelta(days=10),
        ends_on=today + timedelta(days=10),
    )
    for _ in range(10):
        new_game()
    url = live_server.url
    page.goto(f"{url}/leagues/{club.league.pk}/")
    expect(page.locator("#season option:checked")).to_contain_text("Autumn")
    expect(page.locator("table.league-table tbody td.place")).to_have_text(["1=", "1=", "3", "4"])
    expect(page.locator("main")).to_contain_text("10 games still being played")
    check(page, "views-20-league")
    page.get_by_role("link", name="Older games").click()
    expect(page.locator(".pager")).to_contain_text("Page 2 of 2")
    check(page, "views-21-league-older-games")

    # The names stay in view while the table is swiped sideways.
    scroller = page.locator(".table-scroll")
    scroller.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    name = page.locator("table.league-table tbody th[scope=row]").first
    box, frame = name.bounding_box(), scroller.bounding_box()
    assert box["x"] >= frame["x"] - 1 and box["x"] + box["width"] <= frame["x"] + frame["width"]
    check(page, "views-22-league-swiped")

    page.goto(f"{url}/clubs/{club.slug}/")
    expect(page.locator("table.club-table tbody td.place")).to_have_text(["1=", "1=", "3", "4"])
    check(page, "views-23-club")
    page.goto(f"{url}/players/{club.seated[2].pk}/")
    check(page, "views-24-player")
    # Their finished game, saved for the app they log plays in.
    with page.expect_download() as saving:
        page.get_by_role("link", name="For BG Stats").click()
    assert saving.value.suggested_filename == f"hearts-{club.seated[2].pk}.bgsplay"
    saved = json.loads(Path(saving.value.path()).read_text())
    assert [s["score"] for s in saved["plays"][0]["playerScores"]] == [
        str(seat.total) for seat in finished_game.seats.order_by("seat")
    ]


def test_a_six_seat_game_with_fourteen_character_names_fits_a_phone(
    live_server, page: Page, club, people
):
    league = services.create_league(
        club=club, name="Six", ruleset={"preset": "standard", "players": 6}
    )
    players = [services.create_player(club=club, name=name) for name in LONG_NAMES]
    game = services.create_game(club=club, league=league, players=players, actor=people["owner"])
    hands = [{"points": [13, 4, 3, 2, 2, 2]}, {"points": [0, 13, 0, 1, 12, 0]}]
    play_hands(game, people["owner"], hands)

    page.goto(f"{live_server.url}/games/{game.pk}/")
    fit = page.evaluate(
        """() => {
          const box = document.querySelector('.board-scroll');
          const heads = [...box.querySelectorAll('thead th')];
          return {
            overflow: box.scrollWidth - box.clientWidth,
            right: box.querySelector('table').getBoundingClientRect().right,
            heads: heads.map(th => ({
              text: th.innerText.trim(),
              clipped: th.scrollWidth > th.clientWidth,
              title: th.querySelector('abbr')?.title || th.innerText.trim(),
            })),
          };
        }"""
    )
    assert fit["overflow"] <= 0, fit  # no sideways scroll hides a seat
    assert fit["right"] <= PHONE["width"], fit
    assert [head["title"] for head in fit["heads"]] == ["Hand", *LONG_NAMES]
    for head in fit["heads"]:
        assert head["text"] and not head["clipped"], head
    # The short headings are told apart, and the ranked totals spell every name in full.
    assert len({head["text"] for head in fit["heads"]}) == 7
    for name in LONG_NAMES:
        expect(page.locator(".ranking")).to_contain_text(name)
    check(page, "views-30-six-seats")


def test_a_table_says_its_ratings_are_updating_on_a_phone(live_server, page: Page, club, new_game):
    owner = club.memberships.get(role="owner").user
    first, second = new_game(), new_game()
    for game in (first, second):
        play_hands(game, owner, FINISHING_HANDS)
    # A fix to the earlier game: its re-rating waits on the task queue (no worker runs here).
    services.correct_hand(
        game_id=first.pk, number=1, entry={"points": [1, 25, 0, 0]}, reason="typo", actor=owner
    )
    page.goto(f"{live_server.url}/leagues/{club.league.pk}/")
    expect(page.get_by_role("status")).to_contain_text("Ratings updating")
    check(page, "views-25-league-ratings-updating")
    rerating.settle_ratings(club.pk)
    page.reload()
    expect(page.locator("main")).not_to_contain_text("Ratings updating")
