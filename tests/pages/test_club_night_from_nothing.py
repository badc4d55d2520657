"""A club night from an empty database, run by the people in the room from the pages alone
(issue 31): no API call, no manage.py, each person on their own phone (Debian's Chromium at
360 x 800) and the wall's computer at 1920 x 1080.

Olive signs up and makes the club, a league with confirmations and the players; she invites
Ada (who scores table 1), Ben, Cleo and Dev to be their players, and Sam to score the table of
players without phones; each signs up through their link. Table 1 plays on its own phones: a
corrected hand shows its new numbers to the player who confirms it, a confirmation of a hand
corrected since it was read is refused and shown again, and a query is upheld by the director
in one decision. Table 2 has no phones: Sam enters, Olive confirms for the table. The wall
shows both tables by name, table 1's winner and the night's leaders.

Every phone state passes ``check_page_state`` (axe-core, nothing wider than the phone, tap
targets of 44 px, no code names); the wall is checked at its own size."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scoring.models import Club, Confirmation, Game, GameStatus, Hand, Membership, Player
from tests.pages.conftest import SCREENSHOTS
from tests.pages.phone_checks import axe_violations, check_page_state, code_words

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long page-test password"
WALL = {"width": 1920, "height": 1080}
TABLE_ONE = ["Ada", "Ben", "Cleo", "Dev"]
TABLE_TWO = ["Gus", "Hana", "Ivo", "Jo"]


@pytest.fixture
def phones(page: Page, browser_context_args):
    """``phones(wall=False)``: a new browser of its own, a person's phone (or the wall's
    computer), closed after the test: an open page keeps polling the live server."""
    contexts = []

    def new_phone(wall: bool = False) -> Page:
        args = dict(browser_context_args)
        if wall:
            args.update(viewport=WALL, device_scale_factor=1, is_mobile=False, has_touch=False)
        context = page.context.browser.new_context(**args)
        contexts.append(context)
        return context.new_page()

    yield new_phone
    for context in contexts:
        context.close()


def press(page: Page, name: str) -> None:
    page.locator("main").get_by_role("button", name=name).click()


def fill_sign_up(page: Page, username: str, name: str) -> None:
    page.fill("#id_username", username)
    page.fill("#id_name", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)


def said(page: Page, words: str) -> None:
    expect(page.locator(".messages")).to_contain_text(words)


def test_a_club_night_from_nothing_on_phones_alone(live_server, page: Page, phones):
    assert not get_user_model().objects.exists()
    url = live_server.url
    olive = page
    club = setup(url, olive)
    links = invitations(url, olive, club)
    people = {name: join(phones(), link, name) for name, link in links.items()}
    one = start_table(url, people["Ada"], TABLE_ONE, "Table 1")
    two = start_table(url, people["Sam"], TABLE_TWO, "Table 2")
    table_one_plays(url, people, olive, one)
    table_two_has_no_phones(url, people["Sam"], olive, two)
    the_wall(url, phones(wall=True), club, one, two)


def setup(url: str, olive: Page) -> Club:
    """Olive signs up, makes the club, a league with confirmations (a game ends at 30), and
    eight players at once."""
    olive.goto(f"{url}/account/login/")
    olive.locator("main").get_by_role("link", name="Make an account").click()
    fill_sign_up(olive, "olive", "Olive Owens")
    press(olive, "Make my account")
    expect(olive.locator("footer")).to_contain_text("Signed in as Olive Owens")
    olive.locator("main").get_by_role("link", name="Make a club").click()
    olive.fill("#id_name", "Riverside Hearts")
    press(olive, "Make the club")
    expect(olive.locator("h1")).to_have_text("Riverside Hearts")
    club = Club.objects.get()

    olive.locator("main").get_by_role("link", name="Make a league").click()
    olive.fill("#id_name", "Thursday night")
    olive.fill("#id_target_score", "30")
    olive.check("#id_confirmations")
    check_page_state(olive, "night0-01-league-form")
    press(olive, "Make the league")
    expect(olive.locator("h1")).to_contain_text("Thursday night")

    olive.goto(f"{url}/clubs/{club.slug}/")
    olive.locator("main").get_by_role("link", name="Add players").click()
    olive.fill("#id_names", "\n".join(TABLE_ONE + TABLE_TWO))
    press(olive, "Add them")
    said(olive, "8 players added")
    check_page_state(olive, "night0-02-club-with-players")
    return club


def invitations(url: str, olive: Page, club: Club) -> dict[str, str]:
    """A link for each of table 1's players (Ada's lets her score too), and one for Sam, the
    scorer of the table without phones."""
    links = {}
    for name in TABLE_ONE:
        olive.goto(f"{url}/clubs/{club.slug}/")
        olive.locator("#players + details").get_by_role("link", name=name, exact=True).click()
        if name == "Ada":
            olive.select_option("#invite_role", "scorer")
        press(olive, f"Invite {name}'s account")
        links[name] = olive.locator("[data-invitation-link]").inner_text().strip()
        expect(olive.locator("[data-qr] svg")).to_be_visible()
    check_page_state(olive, "night0-03-player-invitation")
    olive.goto(f"{url}/clubs/{club.slug}/invite/")
    olive.select_option("#id_role", "scorer")
    press(olive, "Make a link")
    links["Sam"] = olive.locator("[data-invitation-link]").inner_text().strip()
    return links


def join(phone: Page, link: str, name: str) -> Page:
    """A newcomer opens their link on their own phone and makes their account there."""
    phone.goto(link)
    fill_sign_up(phone, name.lower(), name)
    if name == "Ben":
        check_page_state(phone, "night0-04-invitation-on-a-phone")
    press(phone, "Make my account and join")
    expect(phone.locator("footer")).to_contain_text(f"Signed in as {name}")
    user = get_user_model().objects.get(username=name.lower())
    if name != "Sam":
        assert Player.objects.get(name=name).user == user
    role = Membership.objects.get(user=user).role
    assert role == ("scorer" if name in ("Ada", "Sam") else "member")
    return phone


def start_table(url: str, scorer: Page, names: list[str], table: str) -> Game:
    scorer.goto(f"{url}/games/new/")
    expect(scorer.locator("#id_table")).to_have_value(table)  # the next free table, offered
    for seat, name in enumerate(names):
        scorer.select_option(f"#id_player_{seat}", label=name)
    press(scorer, "Start the game")
    expect(scorer.locator("h1")).to_contain_text(table)
    return Game.objects.get(table=table)


def enter(scorer: Page, url: str, game: Game, number: int, points: list[int]) -> None:
    scorer.goto(f"{url}/games/{game.pk}/enter/")
    for seat, value in enumerate(points[:3]):
        scorer.fill(f"#id_seat_{seat}", str(value))
    scorer.fill("#id_seat_3", str(points[3]))
    press(scorer, f"Record hand {number}")
    expect(scorer.get_by_role("heading", name=f"Hand {number + 1}")).to_be_visible()


def correct(scorer: Page, url: str, game: Game, number: int, points: list[int], why: str):
    scorer.goto(f"{url}/games/{game.pk}/")
    scorer.get_by_title(f"Correct hand {number}").click()
    for seat, value in enumerate(points):
        scorer.fill(f"#id_seat_{seat}", str(value))
    scorer.fill("#id_reason", why)
    press(scorer, "Save correction")
    said(scorer, f"Hand {number}")


def card(page: Page, number: int):
    return page.locator(f'li.card[data-hand="{number}"]')


def table_one_plays(url: str, people: dict[str, Page], olive: Page, one: Game) -> None:
    ada, ben, cleo, dev = (people[name] for name in TABLE_ONE)

    # Hand 1, entered on Ada's phone, waits; Ben confirms it on his.
    enter(ada, url, one, 1, [13, 5, 4, 4])
    ben.goto(f"{url}/games/{one.pk}/")
    expect(card(ben, 1)).to_contain_text("Ada 13, Ben 5, Cleo 4, Dev 4")
    check_page_state(ben, "night0-05-ben-confirms")
    card(ben, 1).get_by_role("button", name="Confirm hand 1").click()
    said(ben, "Hand 1 is confirmed")

    # Hand 2 is corrected while it waits: Dev reads the corrected numbers, and they count.
    enter(ada, url, one, 2, [13, 2, 5, 6])
    correct(ada, url, one, 2, [2, 13, 5, 6], "the Q♠ was Ben's")
    dev.goto(f"{url}/games/{one.pk}/")
    expect(card(dev, 2)).to_contain_text("Ada 2, Ben 13, Cleo 5, Dev 6")
    check_page_state(dev, "night0-06-dev-reads-the-correction")
    card(dev, 2).get_by_role("button", name="Confirm hand 2").click()
    said(dev, "Hand 2 is confirmed")
    one.refresh_from_db()
    assert one.totals == [15, 18, 9, 10]

    # Hand 3: Cleo reads it; before she taps, Ada corrects it: Cleo is refused and shown it
    # again, then confirms what she reads.
    enter(ada, url, one, 3, [0, 5, 4, 17])
    cleo.goto(f"{url}/games/{one.pk}/")
    expect(card(cleo, 3)).to_contain_text("Ada 0, Ben 5, Cleo 4, Dev 17")
    card(cleo, 3).get_by_role("button", name="Confirm hand 3").focus()  # the card stays as read
    correct(ada, url, one, 3, [0, 5, 17, 4], "the queen was Cleo's")
    card(cleo, 3).get_by_role("button", name="Confirm hand 3").click()
    expect(cleo.locator(".message.error")).to_contain_text("corrected since you read it")
    expect(card(cleo, 3)).to_contain_text("Ada 0, Ben 5, Cleo 17, Dev 4")
    check_page_state(cleo, "night0-07-cleo-refused-a-stale-confirmation")
    assert Hand.objects.get(game=one, number=3).confirmation == Confirmation.AWAITING
    card(cleo, 3).get_by_role("button", name="Confirm hand 3").click()
    said(cleo, "Hand 3 is confirmed")

    # Hand 4: Cleo queries it; Olive upholds her query with the right count in one decision.
    enter(ada, url, one, 4, [0, 13, 8, 5])
    cleo.goto(f"{url}/games/{one.pk}/")
    card(cleo, 4).locator("summary", has_text="Query hand 4").click()
    cleo.fill("#query-reason-4", "Dev took the queen, not Ben")
    card(cleo, 4).get_by_role("button", name="Query the hand").click()
    said(cleo, "Hand 4 is queried")
    olive.goto(f"{url}/games/{one.pk}/")
    olive.get_by_role("link", name="See the dispute").click()
    olive.get_by_text("Uphold with the points below").click()
    for seat, points in enumerate([0, 0, 8, 18]):
        olive.fill(f"#id_points_{seat}", str(points))
    olive.fill("#id_note", "Dev had the queen: the table agrees")
    check_page_state(olive, "night0-08-director-upholds-a-query")
    press(olive, "Decide")
    expect(olive.locator(".dispute-status")).to_have_text("Accepted")
    one.refresh_from_db()
    assert one.status == GameStatus.FINISHED and one.totals == [15, 23, 34, 32]
    assert one.winners == [0]

    # The history names each person as the club knows them, and the director's decision.
    olive.goto(f"{url}/games/{one.pk}/")
    history = olive.locator(".history")
    expect(history).to_contain_text("Hand 1 confirmed by Ben")
    expect(history).to_contain_text("Hand 2 confirmed by Dev")
    expect(history).to_contain_text("Dispute on hand 4 accepted by Olive Owens")
    expect(history).not_to_contain_text("User ")
    check_page_state(olive, "night0-09-table-one-finished")


def table_two_has_no_phones(url: str, sam: Page, olive: Page, two: Game) -> None:
    """Sam enters for the table; nobody there has a phone, so Olive confirms for it."""
    enter(sam, url, two, 1, [4, 13, 5, 4])
    expect(sam.locator(".waiting-note")).to_contain_text("Hand 1")
    check_page_state(sam, "night0-10-next-hand-says-hand-1-waits")
    olive.goto(f"{url}/games/{two.pk}/")
    olive.locator("summary", has_text="Confirm for the table (director)").click()
    check_page_state(olive, "night0-11-confirm-for-the-table")
    olive.get_by_role("button", name="Confirm hand 1 for the table").click()
    said(olive, "confirmed for the table")
    expect(olive.locator(".history")).to_contain_text("Hand 1 confirmed by Olive Owens")
    two.refresh_from_db()
    assert two.totals == [4, 13, 5, 4]


def the_wall(url: str, wall: Page, club: Club, one: Game, two: Game) -> None:
    """The wall's computer, nobody signed in (a public club): both tables by name, table 1's
    winner, the night's leaders, in type read from across the room."""
    wall.goto(f"{url}/clubs/{club.slug}/")
    wall.get_by_role("link", name="Tonight's tables on the wall screen").click()
    tables = wall.locator(".wall-table")
    expect(tables).to_have_count(2)
    expect(tables.locator("h2")).to_have_text(["Table 1", "Table 2"])
    expect(tables.nth(0).locator("li.winner")).to_have_count(1)
    expect(tables.nth(0).locator("li.winner")).to_contain_text("Ada")
    expect(tables.nth(1)).to_contain_text("1 hand played")
    expect(wall.locator(".wall-leaders li").first).to_contain_text("Ada")
    size = wall.locator(".wall-seats .total").first.evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)"
    )
    assert size >= 44
    assert wall.evaluate("document.documentElement.scrollWidth") <= WALL["width"]
    assert wall.evaluate("document.documentElement.scrollHeight") <= WALL["height"]
    assert axe_violations(wall) == []
    assert code_words(wall) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    wall.screenshot(path=SCREENSHOTS / "night0-12-wall-1920.png")
