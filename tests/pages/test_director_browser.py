"""Directors unblock tables, and a stale confirmation is refused, in Debian's Chromium at
360 x 800 (issue 31): the director sets a phone-less player's PIN on the player's page,
confirms a hand for a table without phones, and upholds a query in one decision; a player whose
finger is on "Confirm" while the hand is corrected on another phone is refused, shown the new
numbers, and confirms those. Each state passes ``check_page_state``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Confirmation, Hand
from tests.pages.conftest import make_user
from tests.pages.phone_checks import check_page_state
from tests.pages.test_club_night_browser import enter, phones, written  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def night(club, people):
    """Table one: Ada and Ben with phones; table two: four guests with none. The owner, Olive,
    directs the evening."""
    people["owner"].first_name = "Olive"
    people["owner"].save()
    league = services.create_league(
        club=club, name="Club night", ruleset="standard", confirmations=1
    )
    guests = [services.create_player(club=club, name=f"Guest {i}") for i in range(4)]
    one = services.create_game(
        club=club, league=league, players=club.seated[:4], actor=people["owner"]
    )
    two = services.create_game(club=club, league=league, players=guests, actor=people["owner"])
    for player in club.seated[:2]:
        player.user = make_user(player.name.lower())
        player.save()
    return {"one": one, "two": two, "guests": guests, "club": club}


def test_a_director_unblocks_the_tables_and_a_stale_confirmation_is_refused(
    live_server,
    phones,  # noqa: F811 (the fixture imported above)
    night,
    people,
):
    url = live_server.url
    director = phones("olive")
    set_a_pin(url, director, night)
    confirm_for_the_table(url, director, night, people)
    uphold_a_query(url, director, phones("ben"), night, people)
    stale_confirmation(url, phones("ben"), night, people)


def set_a_pin(url: str, director: Page, night) -> None:
    guest = night["guests"][2]
    director.goto(f"{url}/players/{guest.pk}/")
    expect(director.locator("#pin")).to_have_text("Guest 2's PIN")
    director.fill("#pin_pin", "271828")
    check_page_state(director, "director-01-set-a-pin")
    director.get_by_role("button", name="Set Guest 2's PIN").click()
    expect(director.locator(".message.success")).to_contain_text("Guest 2's PIN is set")
    expect(director.locator("#pin + .hint")).to_contain_text("Guest 2 has a PIN.")
    check_page_state(director, "director-02-pin-set")


def confirm_for_the_table(url: str, director: Page, night, people) -> None:
    two = night["two"]
    enter(two, 1, [4, 5, 13, 4], people["scorer"])
    director.goto(f"{url}/games/{two.pk}/")
    director.locator("summary", has_text="Confirm for the table (director)").click()
    check_page_state(director, "director-03-confirm-for-the-table")
    director.get_by_role("button", name="Confirm hand 1 for the table").click()
    expect(director.locator(".message.success")).to_contain_text("confirmed for the table")
    expect(director.locator(".history")).to_contain_text(
        "Hand 1 confirmed by Olive, director, for the table"
    )
    expect(director.locator(".ranking")).to_contain_text("13")
    check_page_state(director, "director-04-confirmed-for-the-table")
    assert Hand.objects.get(game=two, number=1).confirmation == Confirmation.CONFIRMED


def uphold_a_query(url: str, director: Page, ben: Page, night, people) -> None:
    one = night["one"]
    enter(one, 1, [13, 5, 4, 4], people["scorer"])
    ben.goto(f"{url}/games/{one.pk}/")
    ben.locator("summary", has_text="Query hand 1").click()
    ben.fill("#query-reason-1", "Cleo took the queen, not Ada")
    ben.get_by_role("button", name="Query the hand").click()
    expect(ben.locator(".message.success")).to_contain_text("Hand 1 is queried")

    director.goto(f"{url}/games/{one.pk}/")
    director.get_by_role("link", name="See the dispute").click()
    director.get_by_text("Uphold with the points below").click()
    for seat, points in enumerate([0, 5, 17, 4]):
        director.fill(f"#id_points_{seat}", str(points))
    director.fill("#id_note", "Cleo had the queen: the table agrees")
    check_page_state(director, "director-05-uphold-a-query")
    director.get_by_role("button", name="Decide").click()
    expect(director.locator(".dispute-status")).to_have_text("Accepted")
    check_page_state(director, "director-06-query-upheld")
    director.goto(f"{url}/games/{one.pk}/")
    expect(director.locator(".ranking")).to_contain_text("17")
    expect(director.locator(".history")).to_contain_text(
        "Dispute on hand 1 accepted by Olive: “Cleo had the queen: the table agrees”"
    )
    one.refresh_from_db()
    assert one.totals == [0, 5, 17, 4]


# The page's next live update (static/js/live.js: a poll saw a new version, the page's parts
# were swapped, all but the one in use), as a promise made before the change it follows.
SWAPPED = """() => {
  window.swapped = new Promise((done) =>
    document.addEventListener("live-updated", done, { once: true }));
}"""


def stale_confirmation(url: str, ben: Page, night, people) -> None:
    """Ben reads hand 2 and has his finger on Confirm (the card keeps its focus, so the page
    leaves it as it is); meanwhile the scorer corrects the hand."""
    one = night["one"]
    enter(one, 2, [13, 2, 5, 6], people["scorer"])
    ben.goto(f"{url}/games/{one.pk}/")
    card = ben.locator('li.card[data-hand="2"]')
    expect(card).to_contain_text("Ada 13, Ben 2, Cleo 5, Dev 6")
    card.get_by_role("button", name="Confirm hand 2").focus()
    ben.evaluate(SWAPPED)
    written(
        lambda: services.correct_hand(
            game_id=one.pk,
            number=2,
            entry={"points": [2, 13, 5, 6]},
            reason="the Q♠ was Ben's",
            actor=people["scorer"],
        )
    )
    # A poll saw the correction and swapped the page's parts, all but the card in use.
    assert ben.evaluate("() => window.swapped.then(() => true)")
    expect(card).to_contain_text("Ada 13, Ben 2, Cleo 5, Dev 6")
    card.get_by_role("button", name="Confirm hand 2").click()
    expect(ben.locator(".message.error")).to_have_text(
        "Hand 2 was corrected since you read it: here it is again."
    )
    expect(card).to_contain_text("Hand 2, version 2: Ada 2, Ben 13, Cleo 5, Dev 6")
    check_page_state(ben, "director-07-stale-confirmation-refused")
    assert Hand.objects.get(game=one, number=2).confirmation == Confirmation.AWAITING
    card.get_by_role("button", name="Confirm hand 2").click()
    expect(ben.locator(".message.success")).to_contain_text("Hand 2 is confirmed")
    one.refresh_from_db()
    assert one.totals == [2, 18, 22, 10]
