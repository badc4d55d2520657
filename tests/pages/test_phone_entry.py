"""A scorer enters a game on a 360 px phone: each hand one form and one load, the last seat
filled in, the moon asked by name, penalty cards tapped onto one grid, a correction with its
reason; every state passes ``check_page_state`` (axe-core, 44 px targets, no code words)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Game, Hand
from tests.pages.conftest import PASSWORD, build_club
from tests.pages.phone_checks import check_page_state

pytestmark = pytest.mark.django_db(transaction=True)


class Loads:
    """Counts the main frame's navigations: a POST answered by a redirect and the page it
    leads to is one load."""

    def __init__(self, page: Page):
        self.count = 0
        page.on("framenavigated", self._seen)
        self._main = page.main_frame

    def _seen(self, frame) -> None:
        if frame == self._main:
            self.count += 1

    def since(self, start: int) -> int:
        return self.count - start


def sign_in(page: Page, url: str, next_path: str) -> None:
    page.goto(f"{url}/account/login/?next={next_path}")
    page.fill("#id_username", "sam")
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()


@pytest.fixture
def table(live_server, people):
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    return club, live_server.url


def test_a_scorer_enters_each_hand_in_one_form_and_one_load(table, page: Page):
    _club, url = table
    sign_in(page, url, "/games/new/")
    check_page_state(page, "entry-01-new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#form-errors")).to_contain_text("Choose who sits here.")
    check_page_state(page, "entry-02-new-game-errors")
    for seat, name in enumerate(["Ada", "Ben", "Cleo", "Dev"]):
        page.select_option(f"#id_player_{seat}", label=name)
    page.get_by_role("button", name="Start the game").click()
    game = Game.objects.get()
    loads = Loads(page)

    # Points: three seats typed, the fourth filled in; one load to the next hand's form.
    page.get_by_role("link", name="Enter hand 1").click()
    submit = page.get_by_role("button", name="Record hand 1")
    status = page.locator("[data-sum-status]")
    why = page.locator("[data-submit-why]")
    # A fresh form says what it waits for once: in the sum's line, not again by the button.
    expect(status).to_have_text("Enter every player's points but one.")
    expect(submit).to_be_disabled()
    expect(why).to_be_hidden()
    page.fill("#id_seat_0", "20")
    expect(submit).to_be_disabled()
    page.fill("#id_seat_1", "10")
    expect(status).to_have_text("Adds up to 30: 4 too many (a hand has 26).")
    expect(submit).to_be_disabled()
    check_page_state(page, "entry-03-points-impossible")
    page.fill("#id_seat_1", "3")
    page.fill("#id_seat_2", "0")
    expect(page.locator("#id_seat_3")).to_have_value("3")
    expect(status).to_have_text("Adds up to 26 ✓")
    expect(submit).to_be_enabled()
    check_page_state(page, "entry-04-points-filled")
    start = loads.count
    submit.click()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    assert loads.since(start) == 1
    expect(page.locator(".message.success")).to_contain_text("Hand 1 recorded: Ada +20")
    expect(page.locator(".totals")).to_contain_text("20")
    assert Hand.objects.get(game=game, number=1).points == [20, 3, 0, 3]

    # A moon by the quick buttons: the question by name, the submit waits for its answer.
    ben = page.locator(".seat-row").nth(1)
    ben.get_by_role("button", name="Ben: 26").click()
    expect(page.locator("#id_seat_0")).to_have_value("")
    for seat in (0, 2):
        page.locator(".seat-row").nth(seat).get_by_role(
            "button", name="0", exact=False
        ).first.click()
    expect(page.locator("#id_seat_3")).to_have_value("0")
    question = "Ben shot the moon: −26 for Ben, or +26 for everyone else?"
    expect(page.locator("[data-moon-question]")).to_have_text(question)
    submit = page.get_by_role("button", name="Record hand 2")
    expect(submit).to_be_disabled()
    expect(why).to_have_text("Answer the moon question first.")
    check_page_state(page, "entry-05-moon-question")
    page.get_by_label("+26 for everyone else").check()
    expect(submit).to_be_enabled()
    start = loads.count
    submit.click()
    expect(page.get_by_role("heading", name="Hand 3")).to_be_visible()
    assert loads.since(start) == 1
    assert Hand.objects.get(game=game, number=2).scores == [26, 0, 26, 26]

    # Penalty cards: Ada the Q♠, Ben two hearts, the rest implied for Dev.
    page.get_by_role("link", name="Who took which card").click()
    check_page_state(page, "entry-06-cards-empty")
    picker = page.locator(".seat-picker")
    picker.get_by_role("button", name="Ada").click()
    page.locator(".card-tap", has_text="Q♠").click()
    picker.get_by_role("button", name="Ben").click()
    page.locator(".card-tap", has_text="2♥").click()
    page.locator(".card-tap", has_text="3♥").click()
    expect(picker.get_by_role("button", name="Ada")).to_contain_text("13")
    expect(picker.get_by_role("button", name="Dev")).to_contain_text("11")
    expect(page.locator("[data-sum-status]")).to_contain_text("→ Dev")
    page.locator(".card-tap", has_text="A♥").scroll_into_view_if_needed()
    expect(page.locator(".cards-panel")).to_be_in_viewport()  # what is left stays in view
    check_page_state(page, "entry-07-cards-tapped")
    start = loads.count
    page.get_by_role("button", name="Record hand 3").click()
    expect(page.get_by_role("heading", name="Hand 4")).to_be_visible()
    assert loads.since(start) == 1
    hand = Hand.objects.get(game=game, number=3)
    assert hand.level == "cards_taken" and hand.points == [13, 2, 0, 11]

    # Penalty cards, a moon: Cleo takes what nobody was given, and answers the question.
    expect(page.locator(".segmented [aria-current]")).to_have_text("Who took which card")
    page.select_option("#id_rest", label="Cleo")
    expect(page.locator("[data-moon-question]")).to_contain_text("Cleo shot the moon")
    page.get_by_label("−26 for Cleo").check()
    start = loads.count
    page.get_by_role("button", name="Record hand 4").click()
    expect(page.get_by_role("heading", name="Hand 5")).to_be_visible()
    assert loads.since(start) == 1
    assert Hand.objects.get(game=game, number=4).scores == [0, 0, -26, 0]

    # A correction: one form, one load, its reason kept.
    page.goto(f"{url}/games/{game.pk}/")
    page.get_by_title("Correct hand 1").click()
    page.fill("#id_seat_1", "")
    expect(page.locator("#id_seat_1")).to_have_value("")  # cleared: the scorer's to fill
    # The page finishing its load (pageshow) while the box has the focus leaves it blank too.
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow'))")
    expect(page.locator("#id_seat_1")).to_have_value("")
    page.fill("#id_seat_3", "6")
    expect(page.locator("#id_seat_1")).to_have_value("0")  # left blank: what the others leave
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator("#form-errors")).to_contain_text("Say why the hand is corrected")
    expect(page.locator("#id_seat_1")).to_have_value("0")
    check_page_state(page, "entry-08-correction-errors")
    page.fill("#id_reason", "Dev took Ben's hearts")
    check_page_state(page, "entry-09-correction")
    start = loads.count
    page.get_by_role("button", name="Save correction").click()
    expect(page.locator(".message.success")).to_contain_text("Hand 1 corrected")
    assert loads.since(start) == 1
    assert Hand.objects.get(game=game, number=1).points == [20, 0, 0, 6]


def test_the_hand_that_ends_the_game_goes_to_the_game_page(table, page: Page, people):
    club, url = table
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    for number, points in enumerate(([25, 1, 0, 0], [25, 1, 0, 0], [25, 1, 0, 0]), start=1):
        services.enter_hand(
            game_id=game.pk, number=number, entry={"points": points}, actor=people["owner"]
        )
    sign_in(page, url, f"/games/{game.pk}/enter/")
    page.fill("#id_seat_0", "25")
    page.fill("#id_seat_1", "1")
    page.fill("#id_seat_2", "0")
    page.get_by_role("button", name="Record hand 4").click()
    expect(page).to_have_url(f"{url}/games/{game.pk}/")
    expect(page.locator(".message.success")).to_contain_text("Hand 4 recorded")
