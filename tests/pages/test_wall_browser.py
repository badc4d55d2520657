"""The wall on a 1920 x 1080 screen and on a 360 px phone, and issue 31's papercuts that only a
browser shows, in Debian's Chromium.

The wall: large type using the whole width, every table by its name with its players, hands
and totals, a finished table's winners, the night's leaders; it updates itself when another
browser enters a hand. The papercuts: a correction box cleared stays clear while typed in; the
messages of a page go when a live update swaps its parts; the pages a night uses pass
``check_page_state`` (breadcrumbs and "Back to the scoreboard" are 44 px targets now)."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from django.db import OperationalError, transaction
from django.utils import timezone
from playwright.sync_api import Page, expect

from scoring import services
from tests.pages.conftest import FINISHING_HANDS, PASSWORD, SCREENSHOTS, make_user
from tests.pages.phone_checks import axe_violations, check_page_state, code_words
from tests.pages.wall_support import night_of_players, play_round, rounds_played, start_round

pytestmark = pytest.mark.django_db(transaction=True)

WALL = {"width": 1920, "height": 1080}


@pytest.fixture
def browsers(page: Page, browser_context_args, live_server):
    """``browsers(username=None, wall=False)``: a new browser of its own (another person's
    phone, or the wall's computer at 1920 x 1080), signed in as ``username`` if given. Each is
    closed after the test: an open page keeps polling the live server. (Asking for ``page``
    also runs these tests with the other browser tests, last.)"""
    contexts = []

    def open_one(username: str | None = None, wall: bool = False) -> Page:
        args = dict(browser_context_args)
        if wall:
            args.update(viewport=WALL, device_scale_factor=1, is_mobile=False, has_touch=False)
        context = page.context.browser.new_context(**args)
        contexts.append(context)
        opened = context.new_page()
        if username:
            opened.goto(f"{live_server.url}/account/login/")
            opened.fill("#id_username", username)
            opened.fill("#id_password", PASSWORD)
            opened.locator("main").get_by_role("button", name="Sign in").click()
            expect(opened.locator("footer")).to_contain_text("Signed in as")
        return opened

    yield open_one
    for context in contexts:
        context.close()


def written(write) -> None:
    """A write from the test's own thread, tried again while SQLite's shared in-memory test
    database has a table locked by the live server's thread (a page polling it)."""
    for _ in range(50):
        try:
            with transaction.atomic():
                write()
            return
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            time.sleep(0.1)
    raise AssertionError("the test database stayed locked")


@pytest.fixture
def evening(club, people):
    """Table 1 finished (Cleo and Dev share the win), Table 2 one hand in."""
    seated = club.seated
    done = services.create_game(
        club=club, league=club.league, players=seated[:4], actor=people["owner"], table="Table 1"
    )
    for number, entry in enumerate(FINISHING_HANDS, start=1):
        services.enter_hand(game_id=done.pk, number=number, entry=entry, actor=people["owner"])
    playing = services.create_game(
        club=club,
        league=club.league,
        players=[seated[4], seated[0], seated[1], seated[2]],
        actor=people["owner"],
        table="Table 2",
    )
    services.enter_hand(
        game_id=playing.pk, number=1, entry={"points": [1, 12, 0, 13]}, actor=people["owner"]
    )
    return {"done": done, "playing": playing}


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def pixels(page: Page, selector: str, prop: str = "font-size") -> float:
    value = page.locator(selector).first.evaluate(
        "(el, prop) => getComputedStyle(el).getPropertyValue(prop)", prop
    )
    return float(value.removesuffix("px"))


def test_the_wall_reads_across_a_room_at_1920_and_updates_itself(
    live_server, browsers, evening, club
):
    wall = browsers(wall=True)  # a public club's wall: no one signed in on it
    wall.goto(f"{live_server.url}/clubs/{club.slug}/wall/")
    tables = wall.locator(".wall-table")
    expect(tables).to_have_count(2)
    expect(tables.nth(0).locator("h2")).to_have_text("Table 1")
    expect(tables.nth(1).locator("h2")).to_have_text("Table 2")
    finished = tables.nth(0)
    expect(finished.locator("li.winner")).to_have_count(2)
    expect(finished.locator("li.winner").nth(0)).to_contain_text("Cleo")
    expect(finished.locator("li.winner").nth(1)).to_contain_text("Dev")
    expect(finished).to_contain_text("finished after 4 hands")
    expect(tables.nth(1)).to_contain_text("1 hand played")
    expect(tables.nth(1).locator(".wall-seats li").nth(1)).to_contain_text("Ada")
    expect(tables.nth(1).locator(".wall-seats li").nth(1).locator(".total")).to_have_text("12")
    leaders = wall.locator(".wall-leaders li")
    expect(leaders).to_have_count(5)
    expect(leaders.nth(0)).to_contain_text("Cleo")
    expect(leaders.nth(0).locator(".place")).to_have_text("1=")

    # Large type: the totals and the names read from across a room (the phone's are 16 px).
    assert pixels(wall, ".wall-seats .total") >= 44
    assert pixels(wall, ".wall-seats .who") >= 32
    assert pixels(wall, ".wall-table h2") >= 32
    assert pixels(wall, ".wall-leaders .per-hand") >= 32
    # The whole width: the tables side by side from the left edge, the leaders to the right.
    first, second, aside = box(wall, ".wall-table"), tables.nth(1).bounding_box(), None
    aside = box(wall, ".wall-leaders")
    assert first["x"] < 60 and abs(first["y"] - second["y"]) < 1 and second["x"] > first["x"]
    assert aside["x"] > second["x"] + second["width"] - 1
    assert aside["x"] + aside["width"] > WALL["width"] - 60
    assert first["width"] > 600 and second["width"] > 600
    # All of it on one screen: no scrolling, nothing sticking out; no navigation bar.
    assert wall.evaluate("document.documentElement.scrollWidth") <= WALL["width"]
    assert wall.evaluate("document.documentElement.scrollHeight") <= WALL["height"]
    expect(wall.locator("header.bar")).to_be_hidden()
    assert axe_violations(wall) == []
    assert code_words(wall) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    wall.screenshot(path=SCREENSHOTS / "wall-01-1920.png")

    # Another browser enters Table 2's second hand: the wall shows it within 5 seconds.
    scorer = browsers("sam")
    scorer.goto(f"{live_server.url}/games/{evening['playing'].pk}/enter/")
    for seat, points in enumerate((4, 13, 4)):
        scorer.fill(f"#id_seat_{seat}", str(points))
    scorer.get_by_role("button", name="Record hand 2").click()
    expect(scorer.get_by_role("heading", name="Hand 3")).to_be_visible()
    expect(tables.nth(1)).to_contain_text("2 hands played", timeout=5000)
    expect(tables.nth(1).locator(".wall-seats li").nth(1).locator(".total")).to_have_text("25")
    assert pixels(wall, ".wall-seats .total") >= 44
    wall.screenshot(path=SCREENSHOTS / "wall-02-1920-after-a-hand.png")


def test_a_wall_of_six_tables_stays_on_one_screen(live_server, browsers, club, people):
    players = club.seated + [
        services.create_player(club=club, name=f"Guest {i}") for i in range(19)
    ]
    for index in range(6):
        game = services.create_game(
            club=club,
            league=club.league,
            players=players[index * 4 : index * 4 + 4],
            actor=people["owner"],
            table=f"Table {index + 1}",
        )
        services.enter_hand(
            game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
        )
    wall = browsers(wall=True)
    wall.goto(f"{live_server.url}/clubs/{club.slug}/wall/")
    expect(wall.locator(".wall-table")).to_have_count(6)
    assert pixels(wall, ".wall-seats .total") >= 40
    assert wall.evaluate("document.documentElement.scrollHeight") <= WALL["height"]
    assert wall.evaluate("document.documentElement.scrollWidth") <= WALL["width"]
    wall.screenshot(path=SCREENSHOTS / "wall-03-1920-six-tables.png")


def test_the_wall_and_the_room_on_a_phone(live_server, page: Page, browsers, evening, club):
    page.goto(f"{live_server.url}/clubs/{club.slug}/wall/")
    expect(page.locator(".wall-table")).to_have_count(2)
    expect(page.locator("header.bar")).to_be_visible()
    assert pixels(page, ".wall-seats .total") < 30
    check_page_state(page, "wall-04-phone")
    director = browsers("olive")
    director.goto(f"{live_server.url}/clubs/{club.slug}/room/")
    expect(director.locator(".room-table").first.locator("h2 a")).to_have_text("Table 1")
    expect(director.locator(".room-table li.winner")).to_have_count(2)
    check_page_state(director, "wall-05-room-on-a-phone")
    director.get_by_role("link", name="The wall screen").click()
    expect(director).to_have_url(f"{live_server.url}/clubs/{club.slug}/wall/")


def test_a_correction_box_cleared_stays_clear_while_typed_in(live_server, browsers, game, people):
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
    )
    scorer = browsers("sam")
    scorer.goto(f"{live_server.url}/games/{game.pk}/hands/1/correct/")
    ada = scorer.locator("#id_seat_0")
    expect(ada).to_have_value("13")
    ada.click()
    ada.press("Control+a")
    ada.press("Backspace")
    expect(ada).to_have_value("")
    ada.press_sequentially("0")
    expect(ada).to_have_value("0")  # was "130": the cleared box had been given its 13 back
    scorer.locator("#id_seat_1").fill("18")
    expect(scorer.locator("[data-sum-status]")).to_contain_text("Adds up to 26")
    # A box left blank when the scorer moves on is the one the others fill.
    ada.click()
    ada.press("Control+a")
    ada.press("Backspace")
    scorer.locator("#id_reason").click()
    expect(ada).to_have_value("0")
    check_page_state(scorer, "wall-06-correction-box")
    back = scorer.get_by_role("link", name="Back to the scoreboard").bounding_box()
    assert back["height"] >= 44


def test_a_live_update_takes_away_the_messages_of_the_loaded_page(
    live_server, browsers, game, people
):
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
    )
    scorer = browsers("sam")
    scorer.goto(f"{live_server.url}/games/{game.pk}/hands/1/correct/")
    scorer.locator("#id_seat_0").fill("5")
    scorer.locator("#id_seat_1").fill("13")
    scorer.fill("#id_reason", "Ben had the queen")
    scorer.get_by_role("button", name="Save correction").click()
    expect(scorer.locator(".message.success")).to_contain_text("Hand 1 corrected")
    written(
        lambda: services.enter_hand(
            game_id=game.pk, number=2, entry={"points": [4, 4, 13, 5]}, actor=people["owner"]
        )
    )
    expect(scorer.locator("table.scoreboard tbody tr").nth(2)).to_be_visible(timeout=6000)
    expect(scorer.locator(".message")).to_have_count(0)


def test_the_pages_of_a_night_pass_the_phone_checks(
    live_server, page: Page, browsers, evening, club, people
):
    """Breadcrumbs, the back link, the new game's table, the hand form saying what waits."""
    league = services.create_league(club=club, name="Night", ruleset="standard", confirmations=1)
    waiting = services.create_game(
        club=club, league=league, players=club.seated[1:5], actor=None, table="Table 3"
    )
    services.enter_hand(
        game_id=waiting.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
    )
    scorer = browsers("sam")
    url = live_server.url
    scorer.goto(f"{url}/games/{waiting.pk}/enter/")
    expect(scorer.locator("#totals-wait")).to_have_text(
        "Hand 1 awaits confirmation: the totals count confirmed hands only."
    )
    crumb = scorer.locator(".crumbs a").bounding_box()
    assert crumb["height"] >= 44
    check_page_state(scorer, "wall-07-hand-form-waits")
    scorer.goto(f"{url}/games/{waiting.pk}/")
    check_page_state(scorer, "wall-08-game-waits")
    scorer.goto(f"{url}/games/new/?league={club.league.pk}")
    expect(scorer.locator("#id_table")).to_have_value("Table 1")
    check_page_state(scorer, "wall-09-new-game-table")
    scorer.fill("#id_table", "Table 2")
    for seat, name in enumerate(("Ada", "Ben", "Cleo", "Dev")):
        scorer.select_option(f"#id_player_{seat}", label=name)
    scorer.get_by_role("button", name="Start the game").click()
    expect(scorer.locator("#id_table-errors, .errors").first).to_contain_text(
        "in progress at Table 2"
    )
    check_page_state(scorer, "wall-10-new-game-table-taken")
    scorer.goto(f"{url}/games/{evening['playing'].pk}/")
    expect(scorer.locator("h1")).to_contain_text("Table 2")
    check_page_state(scorer, "wall-11-game-at-a-table")
    page.goto(f"{url}/no/such/page/")
    check_page_state(page, "wall-12-not-found")
    ada = club.seated[0]
    ada.user = make_user("ada")
    ada.save()
    player = browsers("ada")
    player.goto(f"{url}/account/me/")
    expect(player.locator("main")).to_contain_text("Table 2")
    check_page_state(player, "wall-13-my-page")
    director = browsers("olive")
    director.goto(f"{url}/clubs/{club.slug}/claims/")
    expect(director.locator(".crumbs a")).to_have_count(2)
    check_page_state(director, "wall-14-claims")
    director.goto(f"{url}/leagues/{league.pk}/")
    check_page_state(director, "wall-15-league-with-waiting-hands")


# --- Issue 52 point 4: a night's wall on one screen ----------------------------------------------


def wall_fits(wall: Page, name: str) -> int:
    """The wall at 1920 x 1080 is one screen: no scrolling, every table shown inside the
    viewport, the standings in 28 px type; passes the axe checks; its screenshot taken."""
    height = wall.evaluate("document.scrollingElement.scrollHeight")
    assert height <= WALL["height"], height
    assert wall.evaluate("document.scrollingElement.scrollWidth") <= WALL["width"]
    for table in wall.locator(".wall-tables.current .wall-table").all():
        shown = table.bounding_box()
        assert shown["x"] >= 0 and shown["y"] >= 0, shown
        assert shown["x"] + shown["width"] <= WALL["width"], shown
        assert shown["y"] + shown["height"] <= WALL["height"], shown
    # Nothing cut off: no table and no standings hold more than their box shows.
    for part in wall.locator(".wall-tables.current .wall-table, .wall-leaders").all():
        assert part.evaluate("el => el.scrollHeight <= el.clientHeight + 1"), part.inner_text()
    for row in wall.locator(".wall-standings-page.current .wall-standings li").all():
        assert row.evaluate("el => parseFloat(getComputedStyle(el).fontSize)") >= 28
        shown = row.bounding_box()
        assert shown["y"] + shown["height"] <= WALL["height"], shown
    assert axe_violations(wall) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    wall.screenshot(path=SCREENSHOTS / f"{name}.png")
    return height


@pytest.mark.parametrize("players", [16, 32])
def test_a_nights_wall_of_4_or_8_tables_fits_1920_by_1080_with_its_standings(
    live_server, browsers, club, director, players
):
    night = night_of_players(club, director, players)
    rounds_played(club, night, director, 1)
    wall = browsers(wall=True)
    wall.goto(f"{live_server.url}/clubs/{club.slug}/wall/")
    tables = wall.locator(".wall-tables.current .wall-table")
    expect(tables).to_have_count(players // 4)
    expect(tables.nth(0).locator("h2")).to_have_text("Round 2 · Table 1")
    shown = wall.locator(".wall-standings-page.current .wall-standings li")
    expect(shown).to_have_count(16)
    if players > 16:
        expect(wall.locator(".wall-standings-page.current .wall-more")).to_have_text(
            f"Players 1\u201316 of {players}"
        )
    height = wall_fits(wall, f"wall-16-night-{players // 4}-tables-1920")
    print(f"wall height at 1920 x 1080 with {players // 4} tables: {height} px")


def test_a_wall_of_more_than_8_tables_turns_its_pages(live_server, browsers, club, director):
    night = night_of_players(club, director, 40)
    rounds_played(club, night, director, 0)
    wall = browsers(wall=True)
    wall.goto(f"{live_server.url}/clubs/{club.slug}/wall/")
    first = wall.locator(".wall-tables.current")
    expect(first.locator(".wall-table")).to_have_count(8)
    expect(first.locator(".wall-page-note")).to_have_text("Page 1 of 2")
    expect(first.locator(".wall-table h2").nth(0)).to_have_text("Round 1 · Table 1")
    wall_fits(wall, "wall-17-night-10-tables-page-1-1920")
    turned = wall.locator(".wall-tables.current .wall-page-note")
    expect(turned).to_have_text("Page 2 of 2", timeout=15_000)
    expect(wall.locator(".wall-tables.current .wall-table")).to_have_count(2)
    expect(wall.locator(".wall-tables.current .wall-table h2").nth(0)).to_have_text(
        "Round 1 · Table 9"
    )
    wall_fits(wall, "wall-18-night-10-tables-page-2-1920")


def test_a_wall_of_40_standings_turns_them_16_at_a_time_with_the_tables(
    live_server, browsers, club, director
):
    night = night_of_players(club, director, 40)
    rounds_played(club, night, director, 1)
    wall = browsers(wall=True)
    wall.goto(f"{live_server.url}/clubs/{club.slug}/wall/")
    standings = wall.locator(".wall-standings-page.current")
    expect(standings.locator(".wall-more")).to_have_text("Players 1\u201316 of 40")
    expect(standings.locator(".wall-standings li")).to_have_count(16)
    expect(standings.locator(".place").first).to_have_text(re.compile(r"^1=?$"))
    wall_fits(wall, "wall-18a-night-40-standings-page-1-1920")
    expect(standings.locator(".wall-more")).to_have_text("Players 17\u201332 of 40", timeout=15_000)
    expect(wall.locator(".wall-tables.current .wall-page-note")).to_have_text("Page 2 of 2")
    expect(standings.locator(".wall-standings li")).to_have_count(16)
    wall_fits(wall, "wall-18b-night-40-standings-page-2-1920")
    expect(standings.locator(".wall-more")).to_have_text("Players 33\u201340 of 40", timeout=15_000)
    expect(standings.locator(".wall-standings li")).to_have_count(8)


def test_at_the_bell_the_wall_says_so_in_words_and_the_close_keeps_the_standings(
    live_server, browsers, club, director
):
    night = night_of_players(club, director, 8, rounds=1)
    start_round(club, night, director)
    bell = timezone.now() + timedelta(seconds=3)
    written(lambda: night.rounds.filter(number=1).update(ends_at=bell))
    wall = browsers(wall=True)
    wall.goto(f"{live_server.url}/clubs/{club.slug}/wall/")
    clock = wall.locator(".wall-night [data-countdown]")
    running, rung = (
        clock.locator("[data-countdown-running]"),
        clock.locator("[data-countdown-bell]"),
    )
    expect(running).to_be_visible()
    expect(running).to_contain_text("left.")
    expect(rung).to_be_visible(timeout=8000)
    expect(rung).to_have_text("Round 1: time. Finish the hand in play.")
    expect(running).to_be_hidden()
    assert clock.inner_text().strip() == "Round 1: time. Finish the hand in play."
    wall_fits(wall, "wall-19-night-at-the-bell-1920")
    written(lambda: play_round(club, night, director, 1))  # the last round: the night closes
    heading = wall.locator("#wall-leaders-heading")
    expect(wall.locator(".wall-standings li")).to_have_count(8, timeout=8000)
    expect(heading).to_have_text("The night's standings")
    expect(wall.locator(".wall-night-qr")).to_have_count(0)  # closed: no more check-ins
    wall_fits(wall, "wall-20-night-closed-1920")
