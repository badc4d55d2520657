"""The phone pages in a real browser: Debian's Chromium, 360 px wide, through pytest-playwright.

A scorer signs in, starts a game, enters four hands (a moon with its choice, one hand card by
card), corrects one, and sees the scoreboard and the league table change; anyone rules on a
renege on the adjudication page. Every page is saved as a screenshot at 360 px to
test-artifacts/screenshots/ (git-ignored).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Game, Hand
from tests.pages.conftest import PASSWORD, PHONE, SCREENSHOTS, build_club
from tests.pages.test_pages import renege_record

pytestmark = pytest.mark.django_db(transaction=True)


def shot(page: Page, name: str) -> None:
    """Save the whole page, and check nothing sticks out sideways at 360 px."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: the page is {width}px wide at {PHONE['width']}px"


def league_row(page: Page, name: str) -> list[str]:
    """The player's row once the league page is there (``all_inner_texts`` does not wait)."""
    row = page.locator("table.league-table tbody tr", has=page.get_by_role("link", name=name))
    expect(row).to_have_count(1)
    return [cell.strip() for cell in row.locator("td").all_inner_texts()]


def fill_points(page: Page, points: list[int]) -> None:
    for seat, value in enumerate(points):
        page.fill(f"#id_seat_{seat}", str(value))


def test_a_scorer_keeps_a_whole_game_on_a_phone(live_server, page: Page, people):
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    league = club.league
    url = live_server.url

    page.goto(f"{url}/")
    expect(page.get_by_role("link", name="Riverside League")).to_be_visible()
    shot(page, "01-home")

    # Sign in.
    page.get_by_role("link", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.fill("#id_username", "sam")
    page.fill("#id_password", "not the password")
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("#form-errors")).to_contain_text("correct username and password")
    shot(page, "02-sign-in")
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("footer")).to_contain_text("Signed in as sam")

    # The league has no finished game yet.
    page.goto(f"{url}/leagues/{league.pk}/")
    expect(page.locator("main")).to_contain_text("No finished games yet")

    # Start a game: players in seat order, Ada deals first.
    page.get_by_role("link", name="Start a game").click()
    for seat, name in enumerate(["Ada", "Ben", "Cleo", "Dev"]):
        page.select_option(f"#id_player_{seat}", label=name)
    page.select_option("#id_first_dealer", label="Seat 1")
    shot(page, "03-new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".message.success")).to_contain_text("Game started")
    game = Game.objects.get()
    expect(page.locator(".next")).to_contain_text("Hand 1: Ada deals · pass 3 to the left")

    # Hand 1, points per player: the live check holds back a sum that cannot be right.
    page.get_by_role("link", name="Enter hand 1").click()
    status = page.locator("[data-sum-status]")
    moon = page.locator("[data-moon]")
    record = page.get_by_role("button", name="Record hand 1")
    fill_points(page, [25, 1, 0])
    expect(page.locator("#id_seat_3")).to_have_value("0")  # the last seat, filled in
    expect(status).to_have_text("Adds up to 26 ✓")
    page.fill("#id_seat_3", "3")
    expect(status).to_contain_text("3 too many")
    expect(record).to_be_disabled()
    expect(moon).to_be_hidden()
    shot(page, "04-enter-error")
    page.fill("#id_seat_3", "0")
    expect(status).to_have_text("Adds up to 26 ✓")
    shot(page, "05-enter-points")
    record.click()
    # Straight to hand 2's form, with the new totals.
    expect(page.locator(".message.success")).to_contain_text("Hand 1 recorded")
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()

    # Hand 2: Ben shoots the moon; the question by name, and +26 to the others.
    fill_points(page, [0, 26, 0, 0])
    expect(status).to_have_text("Ben took all 26: a moon!")
    expect(moon).to_be_visible()
    page.get_by_label("+26 for everyone else").check()
    shot(page, "06-enter-moon")
    page.get_by_role("button", name="Record hand 2").click()
    expect(page.locator(".totals")).to_contain_text("51")

    # Hand 3, by penalty cards: a tap gives a card to the chosen player; Cleo then takes
    # every card (a moon), none of them tapped.
    page.get_by_role("link", name="Who took which card").click()
    expect(page.locator(".card-tap")).to_have_count(14)
    page.locator(".seat-picker").get_by_role("button", name="Ada").click()
    page.locator(".card-tap", has_text="Q♠").click()
    expect(page.locator("#id_card_QS")).to_have_value("0")
    page.locator(".card-tap", has_text="Q♠").click()  # a second tap takes it back
    expect(page.locator("#id_card_QS")).to_have_value("")
    page.select_option("#id_rest", label="Cleo")
    expect(status).to_contain_text("→ Cleo")
    page.get_by_label("+26 for everyone else").check()
    shot(page, "07-enter-cards")
    page.get_by_role("button", name="Record hand 3").click()
    expect(page.locator(".message.success")).to_contain_text("Hand 3 recorded")
    assert Hand.objects.get(game=game, number=3).level == "cards_taken"

    # Hand 4: Dev's moon ends the game (Ada 103); Cleo and Dev share the win on 52.
    page.get_by_role("link", name="Points per player").click()
    fill_points(page, [0, 0, 0, 26])
    page.get_by_label("+26 for everyone else").check()
    page.get_by_role("button", name="Record hand 4").click()
    expect(page.locator(".winner-banner")).to_have_text("Shared win: Cleo and Dev ★")
    expect(page.locator("table.scoreboard tbody tr:not(.note)")).to_have_count(4)
    expect(page.locator("svg polyline.series")).to_have_count(4)
    shot(page, "08-game-over")

    # The league table now has the game.
    page.get_by_role("link", name="Riverside League").first.click()
    assert league_row(page, "Cleo")[1:3] == ["1", "1"]  # games, wins
    assert league_row(page, "Ben")[1:3] == ["1", "0"]
    shot(page, "09-league")
    page.get_by_role("link", name="W", exact=True).click()
    expect(page).to_have_url(re.compile(r"sort=-wins"))
    expect(page.locator("th[aria-sort='descending']")).to_contain_text("W")

    # Correct hand 1: Ben's point was Cleo's, so Ben and Dev share the win instead.
    page.goto(f"{url}/games/{game.pk}/")
    page.get_by_title("Correct hand 1").click()
    expect(page.locator("#id_seat_0")).to_have_value("25")
    page.fill("#id_seat_1", "0")
    page.fill("#id_seat_2", "1")
    page.fill("#id_reason", "Ben's point was Cleo's")
    shot(page, "10-correct")
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator(".message.success")).to_contain_text("Hand 1 corrected")
    expect(page.locator(".winner-banner")).to_have_text("Shared win: Ben and Dev ★")

    page.get_by_role("link", name="Riverside League").first.click()
    assert league_row(page, "Ben")[1:3] == ["1", "1"]
    assert league_row(page, "Cleo")[1:3] == ["1", "0"]

    # The player page: statistics and the rating chart; the club page.
    page.get_by_role("link", name="Ben", exact=True).first.click()
    expect(page.get_by_role("heading", name="Ben")).to_be_visible()
    expect(page.locator("figure.chart svg polyline")).to_have_count(1)
    shot(page, "11-player")
    page.goto(f"{url}/clubs/{club.slug}/")
    expect(page.get_by_role("heading", name="Club table")).to_be_visible()
    shot(page, "12-club")

    # Device tokens: the key is shown once, then it can be revoked.
    page.get_by_role("link", name="Devices").click()
    page.fill("#id_name", "Club tablet")
    page.fill("#id_password", PASSWORD)  # asked again: a token outlives the session
    page.get_by_role("button", name="Create").click()
    key = page.locator("[data-token-key]").inner_text()
    assert len(key) > 30
    shot(page, "13-tokens")
    page.get_by_role("button", name="Revoke").click()
    expect(page.locator(".message.success")).to_contain_text("revoked")
    expect(page.locator("main")).not_to_contain_text(key)

    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("link", name="Sign in")).to_be_visible()


def test_a_double_tap_on_record_keeps_one_hand(live_server, page: Page, people):
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    page.goto(f"{live_server.url}/account/login/?next=/games/{game.pk}/enter/")
    page.fill("#id_username", "sam")
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    # A second tab holds the same form: a retry after a lost answer sends it again.
    retry = page.context.new_page()
    retry.goto(f"{live_server.url}/games/{game.pk}/enter/")
    fill_points(page, [13, 5, 4, 4])
    page.get_by_role("button", name="Record hand 1").dblclick()
    expect(page.locator(".messages")).to_contain_text("Hand 1")
    expect(page.locator(".totals")).to_contain_text("13")
    fill_points(retry, [13, 5, 4, 4])
    retry.get_by_role("button", name="Record hand 1").click()
    expect(retry.locator(".messages")).to_contain_text("already recorded with exactly these")
    assert Hand.objects.filter(game=game).count() == 1
    # The same hand number with other numbers: a friendly message and the scoreboard.
    retry.goto(f"{live_server.url}/games/{game.pk}/enter/")
    # Once the page has checked the number against hands kept offline, make it stale.
    retry.wait_for_selector("form[data-number-checked]", state="attached")
    retry.evaluate("document.querySelector('input[name=number]').value = '1'")
    fill_points(retry, [4, 5, 4, 13])
    retry.get_by_role("button", name="Record hand 2").click()
    expect(retry.locator(".messages")).to_contain_text("already on the score sheet")
    expect(retry.get_by_role("heading", name="Scoreboard")).to_be_visible()
    shot(retry, "15-conflict")
    assert Hand.objects.get(game=game).points == [13, 5, 4, 4]


def test_anyone_rules_on_a_renege(live_server, page: Page):
    plays, leader, renege = renege_record()
    page.goto(f"{live_server.url}/adjudicate/")
    # The keypad (shown by JavaScript) types cards into the plays box.
    keypad = page.locator("[data-cardpad]")
    expect(keypad).to_be_visible()
    keypad.get_by_role("button", name="2♣").click()
    keypad.get_by_role("button", name="Q♣").click()
    expect(page.locator("#id_plays")).to_have_value("2C QC")
    keypad.get_by_role("button", name="Undo").click()
    expect(page.locator("#id_plays")).to_have_value("2C")

    page.select_option("#id_preset", "standard")
    page.fill("#id_plays", ", ".join(plays))
    page.select_option("#id_first_leader", str(leader + 1))
    page.get_by_role("button", name="Rule on it").click()
    expect(page.locator(".banner.bad")).to_have_text("1 illegal play found.")
    violation = page.locator(".violation")
    expect(violation).to_contain_text("did not follow suit (a renege)")
    expect(violation).not_to_contain_text("must_follow_suit")
    expect(violation).to_contain_text(f"Seat {renege['seat'] + 1} did not follow suit")
    expect(page.locator(".play.illegal")).to_have_count(1)
    expect(page.locator("ol.tricks > li")).to_have_count(13)
    shot(page, "14-adjudicate")
