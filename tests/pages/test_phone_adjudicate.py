"""The adjudication page on a phone: a director rules on a game's hand from its scoreboard and
resolves the dispute from the pages (Chromium at 360 x 800, every state held to issue 18's bar);
every error the form can show, in words; who may open and decide a dispute (test client)."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Dispute, DisputeStatus, Hand
from tests.pages.conftest import PASSWORD, build_club, unisolated
from tests.pages.phone_checks import API_PATH, CODE_NAME, check_page_state
from tests.pages.test_pages import renege_record

NAMES = ["Ada", "Ben", "Cleo", "Dev"]
TAGS = re.compile(r"<[^>]+>")

pytestmark = pytest.mark.django_db


def game_with_renege(people, *, is_public: bool = True):
    """A game whose hand 1 was entered card by card and holds one renege; its offender's seat."""
    club = build_club(people, name="Riverside", slug="riverside", is_public=is_public)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    plays, leader, renege = renege_record()
    services.enter_hand(
        game_id=game.pk,
        number=1,
        entry={"plays": plays, "first_leader": leader},
        actor=people["owner"],
    )
    return game, renege["seat"]


def sign_in(page: Page, url: str, username: str, next_url: str) -> None:
    page.goto(f"{url}/account/login/?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()


def in_view(page: Page, selector: str) -> bool:
    """The element's top is within the first screen (800 px) of the page."""
    return page.locator(selector).evaluate("el => el.getBoundingClientRect().top") < 800


# --- The director's flow, in the browser ---------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_director_rules_on_a_hand_from_the_scoreboard_and_resolves_the_dispute(
    live_server, page: Page, people
):
    game, offender = game_with_renege(people)
    url = live_server.url
    sign_in(page, url, "olive", f"/games/{game.pk}/")
    check_page_state(page, "adj-00-scoreboard")
    page.get_by_role("link", name="Rule on hand 1").click()
    expect(page.get_by_role("heading", name="Rule on hand 1")).to_be_visible()
    expect(page.locator("#id_first_leader option")).to_have_count(5)  # "leave it" and 4 seats
    expect(page.locator("#id_first_leader option").nth(1)).to_have_text("1 · Ada")
    turn = page.locator("[data-cardpad-turn]")
    expect(turn).to_have_text("All 13 tricks entered: tap Rule on it.")
    check_page_state(page, "adj-01-hand-prefilled")

    page.get_by_role("button", name="Rule on it").click()
    expect(page.locator(".banner.bad")).to_have_text("1 illegal play found.")
    assert in_view(page, "#ruling .violation")
    violation = page.locator(".violation")
    expect(violation).to_contain_text(f"{NAMES[offender]} did not follow suit (a renege)")
    expect(violation).to_contain_text("Proof: ")
    check_page_state(page, "adj-02-ruling")

    page.fill("#id_reason", "Seen showing a club later")
    page.get_by_role("button", name="Open a dispute on hand 1").click()
    expect(page.get_by_role("heading", name="Dispute on hand 1")).to_be_visible()
    expect(page.locator(".dispute-status")).to_have_text("Open: waiting for a director")
    expect(page.locator(".violation")).to_contain_text(NAMES[offender])
    check_page_state(page, "adj-03-dispute-open")

    page.get_by_text(f"Accept: {NAMES[offender]}'s renege is recorded").click()
    page.fill("#id_note", "Confirmed at the table")
    page.get_by_role("button", name="Decide").click()
    expect(page.locator(".dispute-status")).to_have_text("Accepted")
    expect(page.locator("main")).to_contain_text("Confirmed at the table")
    check_page_state(page, "adj-04-dispute-accepted")
    assert Dispute.objects.get().status == DisputeStatus.ACCEPTED
    assert Hand.objects.get(game=game, number=1).renege_by == offender


@pytest.mark.django_db(transaction=True)
def test_the_keypad_shows_the_turn_greys_out_played_cards_and_fills_holdings(
    live_server, page: Page
):
    page.goto(f"{live_server.url}/adjudicate/")
    pad = page.locator("[data-cardpad]")
    turn = page.locator("[data-cardpad-turn]")
    leaders = page.locator("#id_first_leader option")
    expect(leaders).to_have_count(5)
    expect(leaders.nth(1)).to_have_text("Seat 1")
    page.select_option("#id_first_leader", "1")
    for card in ("2♣", "K♣", "A♣", "3♣"):
        pad.get_by_role("button", name=card, exact=True).click()
    expect(page.locator("#id_plays")).to_have_value("2C KC AC 3C")
    expect(pad.get_by_role("button", name="A♣", exact=True)).to_be_disabled()
    expect(turn).to_have_text("Trick 2: no card yet. Seat 3 to play.")  # Seat 3's A♣ won
    pad.get_by_role("button", name="5♦", exact=True).click()
    expect(turn).to_have_text("Trick 2: Seat 3 5♦. Seat 4 to play.")
    check_page_state(page, "adj-05-keypad-turn")

    page.select_option("#keypad-target", label="After the pass: Seat 2")
    expect(page.locator("#id_hands")).to_be_visible()
    expect(pad.get_by_role("button", name="A♣", exact=True)).to_be_enabled()
    pad.get_by_role("button", name="Q♠", exact=True).click()
    expect(page.locator("#id_hands")).to_have_value("\nQS")
    expect(pad.get_by_role("button", name="Q♠", exact=True)).to_be_disabled()
    expect(turn).to_have_text("After the pass: Seat 2 · 1 card so far.")

    page.select_option("#id_players", "6")
    expect(leaders).to_have_count(7)
    page.select_option("#id_players", "3")
    expect(leaders).to_have_count(4)
    hint = page.locator("#id_hands + .hint")
    expect(hint).to_have_text("One line per player: Seat 1, Seat 2, Seat 3.")
    check_page_state(page, "adj-06-keypad-holdings")


@pytest.mark.django_db(transaction=True)
def test_an_error_is_in_view_at_the_top_in_words(live_server, page: Page):
    page.goto(f"{live_server.url}/adjudicate/")
    page.fill("#id_plays", "2C 3C 4C 5C 6D")
    page.get_by_role("button", name="Rule on it").click()
    errors = page.locator("#form-errors")
    expect(errors).to_contain_text("Say who led the first trick")
    assert in_view(page, "#form-errors")
    check_page_state(page, "adj-07-error-leader")
    page.fill("#id_plays", "2C 3C ZZ")
    page.select_option("#id_first_leader", "2")
    page.get_by_role("button", name="Rule on it").click()
    expect(errors).to_contain_text("Card 3 of the plays (trick 1): “ZZ” is not a card.")
    check_page_state(page, "adj-08-error-card")


# --- Every error the form can show, in words (test client) ---------------------------------------

HAND_1 = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
HAND_2 = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
HAND_3 = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
HAND_4 = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
FULL = "\n".join([HAND_1, HAND_2, HAND_3, HAND_4])
DECK = " ".join([HAND_1, HAND_2, HAND_3, HAND_4])

ERRORS = [
    ({}, "plays", "Type or tap the cards that were played."),
    ({"plays": "2C 3C"}, "first_leader", "Say who led the first trick"),
    ({"plays": "2C 3C ZZ", "first_leader": "1"}, "plays", "“ZZ” is not a card"),
    ({"plays": "2C 3C 2C", "first_leader": "1"}, "plays", "2♣ was already played earlier"),
    (
        {"plays": "3C 2D", "first_leader": "1", "players": "5"},
        "plays",
        "Card 2 of the plays (trick 1): 2♦ is taken out of the deck with 5 players.",
    ),
    ({"plays": DECK + " 2C", "first_leader": "1"}, "plays", "53 cards in the plays"),
    ({"plays": "2C", "hands": "2C\n3C"}, "hands", "on 4 lines: one per player"),
    ({"plays": "2C", "hands": FULL.replace(" AS", "")}, "hands", "Seat 4 has 12 cards"),
    (
        {"plays": "2C", "hands": FULL.replace("AS", "AC")},
        "hands",
        "Seat 4's line in the holdings after the pass: A♣ is also in another player's line.",
    ),
    (
        {"plays": "2C", "hands": FULL.replace("2D", "XX")},
        "hands",
        "Seat 2's line in the holdings after the pass: “XX” is not a card.",
    ),
    ({"plays": "2C", "hands": FULL, "deal": FULL}, "deal", "not both"),
    ({"plays": "2C", "passes": FULL}, "deal", "enter the deal too"),
    ({"plays": "2C", "deal": FULL}, "passes", "pass 3 to the left: enter each player's pass"),
    (
        {"plays": "2C", "deal": FULL, "passes": "2C 3C 4C\n2C\n5D\n6D", "hand_number": "1"},
        "passes",
        "Seat 2's line in the passes: 2♣ is passed twice.",
    ),
    (
        {"plays": "2C", "deal": FULL, "passes": HAND_1 + " 2D\n2D\n2H\n2S"},
        "passes",
        "Seat 1 passes more cards than a hand holds.",
    ),
    ({"plays": "2C", "first_leader": "9"}, "first_leader", "Select a valid choice."),
    ({"plays": "2C", "deal": FULL, "hand_number": "0"}, "hand_number", "greater than or equal"),
]


@pytest.mark.parametrize(("data", "field", "words"), ERRORS)
def test_each_error_of_the_adjudicate_form_reads_in_words(data, field, words):
    response = Client().post("/adjudicate/", {"preset": "standard", "players": "4", **data})
    assert response.status_code == 400
    body = html.unescape(response.content.decode())
    top = re.search(r'<div class="errors-top"[^>]*id="form-errors">(.*?)</div>', body, re.S)
    assert top and words in top.group(1), top and top.group(1)
    at_field = re.search(rf'<ul class="errors" id="{field}-errors">(.*?)</ul>', body, re.S)
    assert at_field and words in at_field.group(1)
    text = TAGS.sub(" ", top.group(1))
    assert not CODE_NAME.findall(text) and not API_PATH.findall(text), text


def leader_choices(body: str) -> list[str]:
    select = re.search(r'<select name="first_leader".*?</select>', body, re.S).group(0)
    return re.findall(r"<option value=\"[^\"]*\"[^>]*>([^<]*)</option>", select)


def test_the_leader_list_offers_exactly_the_tables_seats_numbered_from_one(people):
    seats = ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert leader_choices(Client().get("/adjudicate/").content.decode())[1:] == seats
    six = Client().post("/adjudicate/", {"preset": "standard", "players": "6", "plays": ""})
    assert leader_choices(six.content.decode())[1:] == [*seats, "Seat 5", "Seat 6"]
    game, _ = game_with_renege(people)
    body = Client().get(rule_url(game)).content.decode()
    assert leader_choices(body)[1:] == ["1 · Ada", "2 · Ben", "3 · Cleo", "4 · Dev"]


def test_a_void_hand_is_ruled_on_but_not_disputed(people):
    game, _ = game_with_renege(people)
    services.void_hand(game_id=game.pk, number=1, actor=people["owner"], reason="misdeal")
    opening = {**hand_record(game), "open_dispute": "1"}
    body = signed_in("sam").post(rule_url(game), opening).content.decode()
    assert "1 illegal play found." in body and "is void: it counts for nothing" in body
    assert Dispute.objects.count() == 0


# --- Who may open and decide a dispute (test client) ---------------------------------------------


def signed_in(username: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return client


def rule_url(game) -> str:
    return f"/games/{game.pk}/hands/1/rule/"


def hand_record(game) -> dict:
    entry = Hand.objects.get(game=game, number=1).entry
    return {"plays": " ".join(entry["plays"]), "first_leader": str(entry["first_leader"] + 1)}


def test_anyone_who_reads_the_game_rules_on_its_hand_but_only_scorers_open_a_dispute(people):
    game, _ = game_with_renege(people)
    anonymous = Client()
    page = anonymous.get(rule_url(game)).content.decode()
    assert "Ada" in page and "2C" in page  # the game's seats and the hand's own plays
    ruled = anonymous.post(rule_url(game), hand_record(game)).content.decode()
    assert "1 illegal play found." in ruled
    assert "Open a dispute" not in ruled and "A scorer of the club can open" in ruled
    opening = {**hand_record(game), "open_dispute": "1"}
    assert anonymous.post(rule_url(game), opening).status_code == 302  # to sign in
    assert signed_in("milo").post(rule_url(game), opening).status_code == 403
    assert Dispute.objects.count() == 0
    response = signed_in("sam").post(rule_url(game), {**opening, "reason": "a club later"})
    dispute = Dispute.objects.get()
    assert response["Location"] == f"/games/{game.pk}/hands/1/disputes/{dispute.pk}/"
    assert dispute.reason == "a club later" and dispute.ruling["violations"]


def test_a_private_games_hand_is_not_found_for_an_outsider(people):
    game, _ = game_with_renege(people, is_public=False)
    assert signed_in("otto").get(rule_url(game)).status_code == 404
    assert signed_in("milo").get(rule_url(game)).status_code == 200


def test_only_owners_and_directors_decide_a_dispute_and_only_once(people):
    game, offender = game_with_renege(people)
    dispute = services.open_dispute(
        game_id=game.pk, number=1, record={}, actor=people["scorer"], reason=""
    )
    url = f"/games/{game.pk}/hands/1/disputes/{dispute.pk}/"
    decision = {"decision": "accept", "note": "seen"}
    assert "A director of the club decides" in Client().get(url).content.decode()
    assert Client().post(url, decision).status_code == 302  # to sign in
    assert signed_in("sam").post(url, decision).status_code == 403
    assert signed_in("milo").post(url, decision).status_code == 403
    assert "Decide" not in signed_in("sam").get(url).content.decode()
    owner = signed_in("olive")
    assert owner.post(url, decision).status_code == 302
    assert Hand.objects.get(game=game, number=1).renege_by == offender
    again = owner.post(url, {"decision": "dismiss"})
    assert again.status_code == 400
    assert "This dispute was already decided." in again.content.decode()


# --- Findings in words (test client) -------------------------------------------------------------


def page_text(response) -> str:
    return html.unescape(TAGS.sub(" ", unisolated(response.content.decode())))


def assert_no_code_words(text: str) -> None:
    assert not CODE_NAME.findall(text) and not API_PATH.findall(text), text


def test_a_play_not_yet_proven_reads_as_what_would_decide_it():
    plays, leader, _ = renege_record()
    response = Client().post(
        "/adjudicate/",
        {
            "preset": "standard",
            "players": "4",
            "plays": " ".join(plays[:12]),
            "first_leader": leader + 1,
        },
    )
    text = page_text(response)
    assert "Not decided yet" in text and "the plays entered do not show it yet" in text
    assert_no_code_words(text)


def test_the_passes_are_ruled_on_in_words():
    passes = "2C 3C\n2D 3D AH\n2H 3H 4H\n2S 3S 4S"
    response = Client().post(
        "/adjudicate/",
        {"preset": "standard", "players": "4", "plays": "2C", "deal": FULL, "passes": passes},
    )
    text = page_text(response)
    assert "2 illegal plays found." in text
    assert "The pass: Seat 1 passed the wrong number of cards" in text
    assert "This hand's pass: pass 3 to the left." in text
    assert "The pass: Seat 2 passed a card they were not dealt" in text
    assert "Seat 2 passed A♥." in text
    assert_no_code_words(text)


def test_a_moon_reads_as_the_shooters_choice_in_words():
    suits = [hand.split() for hand in (HAND_1, HAND_2, HAND_3, HAND_4)]
    plays = " ".join(card for trick in zip(*suits, strict=True) for card in trick)
    response = Client().post(
        "/adjudicate/", {"preset": "standard", "players": "4", "plays": plays, "hands": FULL}
    )
    text = page_text(response)
    assert "No illegal play found." in text and "Seat 1 shot the moon." in text
    assert "minus for the shooter (Seat 1 -26, Seat 2 0, Seat 3 0, Seat 4 0)" in text
    assert "plus for everyone else (Seat 1 0, Seat 2 26, Seat 3 26, Seat 4 26)" in text
    assert_no_code_words(text)
