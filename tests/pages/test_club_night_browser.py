"""A club night in Debian's Chromium at 360 x 800: a league with confirmations, three tables,
hands confirmed from other seats' phones (each player's own browser) and by PIN on the
scorer's phone, a query turned dispute and resolved by the director, a correction confirmed
again; after each step the league table counts exactly the confirmed hands. And the
director's room view shows a new hand from another browser within 5 seconds.

Each page state passes ``check_page_state`` (axe-core, 44 px tap targets, a screenshot)."""

from __future__ import annotations

import time

import pytest
from django.db import OperationalError, transaction
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import COUNTED, GameStatus, Hand, League
from scoring.selectors import standings
from tests.pages.conftest import PASSWORD, SCREENSHOTS, make_user
from tests.pages.phone_checks import axe_violations, check_page_state, small_tap_targets

pytestmark = pytest.mark.django_db(transaction=True)

TARGET = 30
CLEO_PIN = "271828"


def check(page: Page, name: str) -> None:
    assert small_tap_targets(page) == [], name
    assert axe_violations(page) == [], name
    check_page_state(page, name)


@pytest.fixture
def phones(page: Page, browser_context_args, live_server):
    """``phones(username)``: a new browser (its own cookies: another person's phone), signed
    in. Each is closed after the test: an open page keeps polling (live.js) the live server,
    which outlives the test. (Asking for ``page`` also runs these tests with the other browser
    tests, last.)"""
    contexts = []

    def signed_in(username: str) -> Page:
        context = page.context.browser.new_context(**browser_context_args)
        contexts.append(context)
        phone = context.new_page()
        phone.goto(f"{live_server.url}/account/login/")
        phone.fill("#id_username", username)
        phone.fill("#id_password", PASSWORD)
        phone.locator("main").get_by_role("button", name="Sign in").click()
        expect(phone.locator("footer")).to_contain_text("Signed in as")
        return phone

    yield signed_in
    for context in contexts:
        context.close()


@pytest.fixture
def night(club, people):
    """A league with confirmations and a target of 30; three tables of four; Ada and Ben (table
    one) and the first two seats of the other tables have accounts; Cleo a PIN."""
    league = services.create_league(
        club=club,
        name="Club night",
        ruleset={"preset": "standard", "target_score": TARGET},
        confirmations=1,
    )
    players = club.seated + [services.create_player(club=club, name=f"Guest {i}") for i in range(7)]
    games, accounts = [], {}
    for index in range(3):
        seated = players[index * 4 : index * 4 + 4]
        games.append(
            services.create_game(club=club, league=league, players=seated, actor=people["owner"])
        )
        for player in seated[:2]:
            username = player.name.split()[-1].lower() if index else player.name.lower()
            account = make_user(username)
            player.user = account
            player.save()
            accounts[player.name] = username
    services.set_pin(player=players[2], pin=CLEO_PIN)
    return {"league": league, "games": games, "accounts": accounts}


def counted(league: League) -> tuple[int, int]:
    """(hands the league table counts, summed over its rows / 4; hands it says wait)."""
    table = standings.league_table(league, standings.Period())
    return sum(row["hands"] for row in table["rows"]) // 4, table["awaiting_confirmation"]


def expected(league: League) -> tuple[int, int]:
    """What it should count: the confirmed hands of the finished games; the others wait."""
    finished = Hand.objects.filter(COUNTED, game__league=league, game__status=GameStatus.FINISHED)
    waiting = Hand.objects.filter(game__league=league, is_void=False).exclude(COUNTED)
    return finished.count(), waiting.count()


def step(league: League, hands_counted: int, waiting: int) -> None:
    """The league table counts exactly the confirmed hands of the finished games."""
    assert counted(league) == expected(league) == (hands_counted, waiting)


def test_a_league_evening_with_confirmations_at_the_tables(live_server, phones, night, people):
    url, phone = live_server.url, phones
    devices = {"sam": phone("sam"), "ben": phone("ben"), "ada": phone("ada")}
    table_one(url, night, people, devices, phone("olive"))
    other_tables(url, night, people, phone)
    correction(url, night, people, devices["ada"], phone("milo"))


def table_one(url: str, night, people, phones: dict, director: Page) -> None:
    """Confirmed from Ben's phone, by Cleo's PIN on the scorer's, and queried by Ada."""
    league, one = night["league"], night["games"][0]
    scorer, ben, ada = phones["sam"], phones["ben"], phones["ada"]
    # Hand 1: entered on the scorer's phone, it waits; Ben, looking at the game on his phone,
    # sees it come (the page updates itself) and confirms it.
    ben.goto(f"{url}/games/{one.pk}/")
    scorer.goto(f"{url}/games/{one.pk}/enter/")
    for seat, points in enumerate((13, 5, 4)):
        scorer.fill(f"#id_seat_{seat}", str(points))
    scorer.get_by_role("button", name="Record hand 1").click()
    expect(scorer.get_by_role("heading", name="Hand 2")).to_be_visible()
    step(league, 0, 1)
    expect(ben.get_by_role("button", name="Confirm hand 1")).to_be_visible(timeout=6000)
    check(ben, "night-01-ben-sees-hand-waiting")
    ben.get_by_role("button", name="Confirm hand 1").click()
    expect(ben.locator(".message.success")).to_contain_text("Hand 1 is confirmed")
    expect(ben.locator(".ranking")).to_contain_text("13")
    step(league, 0, 0)

    # Hand 2: Cleo has no phone: she types her PIN on the scorer's.
    enter(one, 2, [13, 5, 4, 4], people["scorer"])
    scorer.goto(f"{url}/games/{one.pk}/")
    scorer.locator("summary", has_text="Confirm with a player's PIN").click()
    scorer.select_option("#pin-player-2", label="Cleo")
    scorer.fill("#pin-2", CLEO_PIN)
    check(scorer, "night-02-pin-on-the-scorers-phone")
    scorer.locator("ul.waiting").get_by_role("button", name="Confirm hand 2").click()
    expect(scorer.locator(".message.success")).to_contain_text("Hand 2 is confirmed")
    step(league, 0, 0)

    # Hand 3: Ada queries it from her phone; the director dismisses the query from the room
    # view's dispute link: the entry stands, it counts, and the game (39) is over.
    enter(one, 3, [13, 5, 4, 4], people["scorer"])
    ada.goto(f"{url}/games/{one.pk}/")
    ada.locator("summary", has_text="Query hand 3").click()
    ada.fill("#query-reason-3", "I never had the queen")
    ada.get_by_role("button", name="Query the hand").click()
    expect(ada.locator(".message.success")).to_contain_text("Hand 3 is queried")
    step(league, 0, 1)
    director.goto(f"{url}/clubs/{league.club.slug}/room/")
    director.get_by_role("link", name="rule on hand 3").click()
    check(director, "night-03-query-as-a-dispute")
    director.get_by_text("Dismiss: the hand stands as recorded").click()
    director.fill("#id_note", "Ada had it: the table agrees")
    director.get_by_role("button", name="Decide").click()
    expect(director.locator(".dispute-status")).to_have_text("Dismissed")
    step(league, 3, 0)


def written(write) -> None:
    """A write from the test's own thread, tried again while SQLite's shared in-memory test
    database has a table locked by the live server's thread (a phone's page polling it)."""
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


def enter(game, number: int, points: list[int], actor) -> None:
    entry = {"points": points}
    written(lambda: services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor))


def other_tables(url: str, night, people, phone) -> None:
    """Tables two and three: each hand confirmed from a player's own phone."""
    _, two, three = night["games"]
    for game, confirmer in ((two, "0"), (three, "4")):  # Guest 0's and Guest 4's accounts
        device = phone(confirmer)
        for number in (1, 2, 3):
            enter(game, number, [4, 4, 13, 5], people["scorer"])
            device.goto(f"{url}/games/{game.pk}/")
            device.get_by_role("button", name=f"Confirm hand {number}").click()
            expect(device.locator(".message.success")).to_contain_text(
                f"Hand {number} is confirmed"
            )
    step(night["league"], 9, 0)


def correction(url: str, night, people, ada: Page, member: Page) -> None:
    """A correction of table one's first hand is confirmed again: meanwhile the game is
    unfinished (Ada's confirmed hands add to 26, under 30) and out of the table."""
    league, one = night["league"], night["games"][0]
    written(
        lambda: services.correct_hand(
            game_id=one.pk,
            number=1,
            entry={"points": [5, 13, 4, 4]},
            reason="Ben had the queen",
            actor=people["scorer"],
        )
    )
    step(league, 6, 1)
    member.goto(f"{url}/leagues/{league.pk}/")
    expect(member.locator("#awaiting-count")).to_contain_text("1 hand awaits confirmation")
    check(member, "night-04-league-says-one-hand-waits")
    ada.goto(f"{url}/games/{one.pk}/")
    ada.get_by_role("button", name="Confirm hand 1").click()
    expect(ada.locator(".message.success")).to_contain_text("Hand 1 is confirmed")
    step(league, 9, 0)
    one.refresh_from_db()
    assert one.status == GameStatus.FINISHED and one.totals == [31, 23, 12, 12]


def test_the_room_view_shows_a_new_hand_from_another_browser_within_5_seconds(
    live_server, phones, night
):
    url, two = live_server.url, night["games"][1]
    director = phones("olive")
    director.goto(f"{url}/clubs/{night['league'].club.slug}/room/")
    expect(director.locator(".room-table")).to_have_count(3)
    check(director, "night-05-room-on-a-phone")
    table = director.locator(f'.room-table[data-game="{two.pk}"]')
    expect(table.locator(".current-hand")).to_have_text("0")

    scorer = phones("sam")
    scorer.goto(f"{url}/games/{two.pk}/enter/")
    for seat, points in enumerate((4, 4, 13)):
        scorer.fill(f"#id_seat_{seat}", str(points))
    scorer.get_by_role("button", name="Record hand 1").click()
    expect(scorer.get_by_role("heading", name="Hand 2")).to_be_visible()

    expect(table.locator(".current-hand")).to_have_text("1", timeout=5000)
    expect(table.locator(".waiting-line")).to_contain_text("Hand 1 awaits confirmation")
    check(director, "night-06-room-after-a-hand")
    director.set_viewport_size({"width": 1600, "height": 900})
    director.screenshot(
        path=str(SCREENSHOTS / "night-07-room-on-a-wall-screen.png"), full_page=True
    )
