"""Issue 37's done-when: a 14-player night of 3 rounds run from the pages alone, in Debian's
Chromium at 360 px (the wall at 1920 x 1080): check-in by the wall's QR link and by the
director, a draw with tables of 4 and 5 (or 3) shown with its quality words, a round ended by
the clock with a hand in play (its minute moved by, not waited out), one by its hands, a late
arrival before round 3, the standings after each round, and the printed sheet (a PDF through
Chromium's print)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Game, GameEnd, NightRound, NightTable
from tests.pages.conftest import SCREENSHOTS, make_user
from tests.pages.phone_checks import axe_violations, code_words, shot, small_tap_targets

# The wall test's browsers: a phone, or the wall's computer at 1920 x 1080, signed in if asked.
from tests.pages.test_wall_browser import browsers as phones  # noqa: F401 - a fixture
from tests.pages.test_wall_browser import written

pytestmark = pytest.mark.django_db(transaction=True)

# The draw's quality in words, over the rounds it planned together (the last round alone).
QUALITY = r"(Over rounds \d to 3: )?([Nn]o two players meet twice|\d+ pairs? meets? twice.*)\."
LATER = ["Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max", "Ned"]


def check_page_state(page: Page, name: str) -> None:
    """The screenshot, and every bar a page state must pass at 360 px (phone_checks's, each
    failure naming what failed)."""
    shot(page, name)
    violations = axe_violations(page)
    assert violations == [], (name, violations)
    small = small_tap_targets(page)
    assert small == [], (name, small)
    assert code_words(page) == [], name


def press(page: Page, name: str) -> None:
    page.locator("main").get_by_role("button", name=name, exact=True).click()


def said(page: Page, words: str) -> None:
    expect(page.locator(".messages")).to_contain_text(words)


def check_in(director: Page, name: str) -> None:
    director.select_option("#check-in-player", label=name)
    press(director, "Check in")
    said(director, f"{name} is checked in")


def enter_hand(scorer: Page, url: str, game: Game) -> None:
    """The next hand of ``game`` from its score sheet: 13 to each of the first two seats."""
    game.refresh_from_db()
    number = game.hands_played + 1
    scorer.goto(f"{url}/games/{game.pk}/enter/")
    for seat in range(len(game.totals)):
        scorer.fill(f"#id_seat_{seat}", "13" if seat < 2 else "0")
    press(scorer, f"Record hand {number}")
    said(scorer, f"Hand {number} recorded")


def tables_of(number: int) -> list[NightTable]:
    return list(NightTable.objects.filter(round__number=number).select_related("game"))


def draw_and_publish(director: Page, number: int) -> str:
    press(director, f"Draw round {number}")
    said(director, f"Round {number} is drawn.")
    quality = director.locator("[data-quality]").inner_text()
    assert re.fullmatch(QUALITY, quality), quality
    check_page_state(director, f"night-{number}-1-draw")
    press(director, f"Publish round {number}")
    said(director, f"Round {number} is published")
    return quality


def start(director: Page, number: int, length: int, ends_by: str) -> None:
    director.fill("#round-length", str(length))
    director.select_option("#round-ends-by", ends_by)
    press(director, f"Start round {number}")
    said(director, f"Round {number} started")


def the_bell_rings(number: int, minutes: int) -> None:
    """The round's minute gone by, without waiting it out: its start and its bell (its own and
    its games') moved back to just before the server's clock, which every page and the hand
    entry read them against. First, the bell was where ``start`` asked: ``minutes`` after the
    start."""
    timed = NightRound.objects.get(number=number)
    assert timed.ends_at - timed.starts_at == timedelta(minutes=minutes)
    games = Game.objects.filter(pk__in=[t.game_id for t in tables_of(number)])
    assert {g.round_ends_at for g in games} == {timed.ends_at}
    # The bell now: after every hand recorded so far, which the round judges by their entry.
    back = max(timed.ends_at - timezone.now(), timedelta(0))

    def move_back() -> None:
        NightRound.objects.filter(pk=timed.pk).update(
            starts_at=F("starts_at") - back, ends_at=F("ends_at") - back
        )
        games.update(round_ends_at=F("round_ends_at") - back)

    written(move_back)


def end_and_read_standings(director: Page, number: int, players: int) -> None:
    press(director, f"End round {number}")
    said(director, f"Round {number} is over")
    standings = director.get_by_role("region", name=f"Standings after round {number}")
    expect(standings.locator("tbody tr")).to_have_count(players)
    standings.screenshot(path=SCREENSHOTS / f"night-{number}-4-standings-table.png")
    check_page_state(director, f"night-{number}-3-standings")


def test_a_fourteen_player_night_of_three_rounds_from_the_pages_alone(
    live_server,
    club,
    people,
    phones,  # noqa: F811 - the imported fixture
):
    url = live_server.url
    olive = people["owner"]
    for name in LATER:
        services.create_player(club=club, name=name)
    ada = club.seated[0]
    ada.user = people["member"]  # milo's account is Ada's
    ada.save(update_fields=["user"])
    make_user("wanda")  # no player of the club

    director = phones(olive.username)
    director.goto(f"{url}/clubs/{club.slug}/")
    director.get_by_role("link", name="Open a tournament night").click()
    director.select_option("#id_league", label=club.league.name)
    director.fill("#id_name", "Friday night")
    director.fill("#id_rounds", "3")
    director.get_by_label("After some minutes, on the server's clock").check()
    director.fill("#id_length", "1")
    press(director, "Open the night")
    said(director, "Friday night is open")
    night_url = director.url

    # Ada checks herself in from the wall's QR code (its link, printed under it).
    wall = phones(wall=True)
    wall.goto(f"{url}/clubs/{club.slug}/wall/")
    expect(wall.locator(".wall-night svg.qr")).to_be_visible()
    link = wall.locator("[data-check-in-link]").get_attribute("href")
    milo = phones(people["member"].username)
    milo.goto(link)
    press(milo, "Check in as Ada")
    said(milo, "You are checked in, Ada: you play from round 1.")
    check_page_state(milo, "night-0-qr-check-in")

    # The director checks in twelve more (Ned comes late), then draws round 1: 13 players.
    director.goto(night_url)
    for name in ["Ben", "Cleo", "Dev", "Edie", *LATER[:-1]]:
        check_in(director, name)
    draw_and_publish(director, 1)
    sizes = sorted(len(t.players) for t in tables_of(1))
    assert sum(sizes) == 13 and set(sizes) <= {3, 4, 5} and 4 in sizes

    # Between rounds, the wall shows where each one sits (it loads itself again meanwhile).
    seats = wall.locator("[data-seats]")
    expect(seats).to_contain_text(re.compile(r"Ada: table \d, seat \d"), timeout=20_000)
    wall.screenshot(path=SCREENSHOTS / "night-wall-1-seats-1920.png")

    # Round 1 on the clock: a hand at each table, the bell, then the hand in play at the bell.
    start(director, 1, 1, "minutes")
    expect(director.locator("[data-countdown-left]")).to_have_text(re.compile(r"0:[0-5]\d|1:00"))
    expect(wall.locator(".wall-night [data-countdown]")).to_be_visible(timeout=20_000)
    wall.screenshot(path=SCREENSHOTS / "night-wall-2-countdown-1920.png")
    check_page_state(director, "night-1-2-countdown")
    games = [t.game for t in tables_of(1)]
    for game in games:
        enter_hand(director, url, game)
    the_bell_rings(1, minutes=1)
    director.goto(night_url)
    bell = director.locator("[data-countdown-bell]")  # the bell's own words, not "… left"
    expect(bell).to_be_visible()
    expect(bell).to_have_text("Round 1: time. Finish the hand in play.")
    expect(director.locator("[data-countdown-running]")).to_be_hidden()
    for game in games:  # the hand in play at the bell is finished, and ends the game
        enter_hand(director, url, game)
        game.refresh_from_db()
        assert (game.status, game.end_reason, game.hands_played) == (
            "finished",
            GameEnd.ROUND_OVER,
            2,
        )
    expect(director.locator(".winner-banner")).to_contain_text("Round over")
    director.goto(night_url)
    end_and_read_standings(director, 1, 13)

    # Round 2 by its hands: two at every table.
    draw_and_publish(director, 2)
    start(director, 2, 2, "hands")
    for game in [t.game for t in tables_of(2)]:
        enter_hand(director, url, game)
        enter_hand(director, url, game)
        game.refresh_from_db()
        assert (game.status, game.end_reason) == ("finished", GameEnd.ROUND_OVER)
    director.goto(night_url)
    end_and_read_standings(director, 2, 13)

    # Ned arrives before round 3: fourteen players.
    check_in(director, "Ned")
    draw_and_publish(director, 3)
    assert sum(len(t.players) for t in tables_of(3)) == 14
    start(director, 3, 1, "hands")
    for game in [t.game for t in tables_of(3)]:
        enter_hand(director, url, game)
    director.goto(night_url)
    end_and_read_standings(director, 3, 14)
    said(director, "The night is over.")

    # The night on the club page, and its sheet printed to PDF by Chromium.
    director.goto(f"{url}/clubs/{club.slug}/")
    director.get_by_role("link", name="Friday night").click()
    director.get_by_role("link", name="The night sheet, to print").click()
    expect(director.locator("h1")).to_contain_text("Friday night")
    for number in (1, 2, 3):  # as each round ended, and the standings now
        expect(
            director.get_by_role("region", name=f"Standings when round {number} ended")
        ).to_be_visible()
    expect(director.get_by_role("region", name="Standings after round 3")).to_be_visible()
    assert code_words(director) == []
    check_page_state(director, "night-4-sheet")
    director.emulate_media(media="print")
    expect(director.locator("header.bar")).to_be_hidden()
    pdf = director.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF") and len(pdf) > 5_000
    (SCREENSHOTS / "night-sheet.pdf").write_bytes(pdf)
