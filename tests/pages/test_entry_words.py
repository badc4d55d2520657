"""The hand and new-game forms through Django's test client: the next hand's form after
recording, the last seat filled in by the server, and every error these forms can show, in
words: no code name, field path, API path or seat index reaches the page."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from scoring import services
from scoring.models import Game, Hand
from scoring.pages.forms.refusals import REFUSAL_WORDS, refusal_words
from tests.pages.conftest import build_club, play_hands
from tests.pages.phone_checks import API_PATH, CODE_NAME
from tests.pages.test_pages import assert_page, client_for, points_post

pytestmark = pytest.mark.django_db

HEARTS = [f"{rank}H" for rank in "23456789TJQKA"]
SEAT_INDEX = re.compile(r"\bseat \d\b", re.I)


def page_text(body: str) -> str:
    """What a reader sees of the page's main part: its text, tags and attributes left out."""
    main = re.search(r"<main[^>]*>(.*)</main>", body, re.S).group(1)
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", main))


def top_errors(body: str) -> str:
    found = re.search(r'<div class="errors-top" role="alert">(.*?)</div>', body, re.S)
    assert found, "no errors at the top of the page"
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", found.group(1)))


def assert_in_words(body: str) -> None:
    text = page_text(body)
    assert CODE_NAME.findall(text) == []
    assert API_PATH.findall(text) == []
    assert SEAT_INDEX.findall(text) == []


def test_recording_a_hand_goes_to_the_next_hands_form_with_the_new_totals(game, people):
    response = client_for(people["scorer"]).post(
        f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4]), follow=True
    )
    assert response.redirect_chain == [(f"/games/{game.pk}/enter/", 302)]
    body = assert_page(response)
    assert "<h1>Hand 2</h1>" in body
    assert "Hand 1 recorded: Ada +13, Ben +5, Cleo +4, Dev +4." in body
    assert "<span>Ada</span><strong>13</strong>" in body
    assert_in_words(body)


def test_the_last_seat_left_blank_is_what_the_others_leave(game, people):
    scorer = client_for(people["scorer"])
    response = scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, "", 4, 4]))
    assert response.status_code == 302
    assert Hand.objects.get(game=game, number=1).points == [13, 5, 4, 4]


def test_a_blank_seat_the_form_comes_back_with_is_shown_filled_in(game, people):
    body = assert_page(
        client_for(people["scorer"]).post(
            f"/games/{game.pk}/enter/", points_post(1, [0, 26, 0, ""])
        ),
        400,
    )
    assert 'name="seat_3" value="0"' in body
    assert "Ben shot the moon: −26 for Ben, or +26 for everyone else?" in top_errors(body)


def test_an_answer_to_the_moon_question_without_a_moon_is_left_out(game, people):
    scorer = client_for(people["scorer"])
    data = points_post(1, [13, 5, 4, 4], moon_choice="subtract_from_shooter")
    assert scorer.post(f"/games/{game.pk}/enter/", data).status_code == 302
    assert Hand.objects.get(game=game).entry == {"points": [13, 5, 4, 4]}


def test_penalty_cards_nobody_was_given_go_to_the_rest_player(game, people):
    scorer = client_for(people["scorer"])
    data = {"mode": "cards", "number": 1, "rest": 0, "card_QS": 2}
    assert scorer.post(f"/games/{game.pk}/enter/", data).status_code == 302
    hand = Hand.objects.get(game=game)
    assert hand.points == [13, 0, 13, 0] and hand.entry["cards_taken"][0] == HEARTS


def test_a_moon_by_penalty_cards_asks_the_question_by_name(game, people):
    scorer = client_for(people["scorer"])
    data = {"mode": "cards", "number": 1, "rest": 2}
    body = assert_page(scorer.post(f"/games/{game.pk}/enter/", data), 400)
    assert "Cleo shot the moon: −26 for Cleo" in top_errors(body)
    data["moon_choice"] = "subtract_from_shooter"
    assert scorer.post(f"/games/{game.pk}/enter/", data).status_code == 302
    assert Hand.objects.get(game=game).scores == [0, 0, -26, 0]


def test_the_hand_that_ends_the_game_goes_to_the_game_page(game, people):
    play_hands(game, people["owner"], [{"points": [25, 1, 0, 0]}] * 3)
    response = client_for(people["scorer"]).post(
        f"/games/{game.pk}/enter/", points_post(4, [25, 1, 0, 0])
    )
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"


# Every error the hand form can show: (what is posted, words the page must show at the top).
HAND_ERRORS = [
    (points_post(1, [13, 5, 4, 5]), "The points add up to 27, but a hand has 26"),
    (points_post(1, [13, 5, 40, 4]), "Cleo: At most 26"),
    (points_post(1, [13, 5, "abc", 4]), "Cleo: A whole number, please."),
    (points_post(1, [13, -1, 4, 4]), "Ben: Points cannot be below 0."),
    (
        points_post(1, [13, 5]),
        "Cleo: Enter the points this player took: only one may be left blank.",
    ),
    (points_post(1, [20, 10, 5, ""]), "The others already add up to 35"),
    (points_post(1, [6, 6, 7, 7]), "Nobody has the 13 points of the Q♠"),
    (points_post(1, [0, 26, 0, 0]), "Ben shot the moon: −26 for Ben, or +26 for everyone else?"),
    (points_post(1, [13, 5, 4, 4], moon_choice="both"), "Select a valid choice"),
    ({**points_post(1, [13, 5, 4, 4]), "number": "x"}, "Hand number: Enter a whole number."),
    ({"mode": "cards", "number": 1, "rest": 3, "card_QS": 7}, "Q♠: Select a valid choice"),
    ({"mode": "cards", "number": 1, "card_QS": 1}, "Cards not given went to: This field"),
    ({"mode": "cards", "number": 1, "rest": 1}, "Ben shot the moon"),
]


@pytest.mark.parametrize(("data", "words"), HAND_ERRORS)
def test_every_hand_form_error_is_in_words_at_the_top(game, people, data, words):
    body = assert_page(client_for(people["scorer"]).post(f"/games/{game.pk}/enter/", data), 400)
    assert words in top_errors(body)
    assert_in_words(body)
    assert not Hand.objects.exists()


def test_the_jack_of_diamonds_question_is_in_words(people):
    omnibus = build_club(people, name="Omni", slug="omni", is_public=True, ruleset="omnibus")
    game = services.create_game(
        club=omnibus, league=omnibus.league, players=omnibus.seated[:4], actor=people["owner"]
    )
    scorer = client_for(people["scorer"])
    body = assert_page(scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4])), 400)
    assert "Say who took the J♦." in top_errors(body)
    assert_in_words(body)
    assert_in_words(assert_page(scorer.get(f"/games/{game.pk}/enter/?mode=cards")))


def test_correction_errors_are_in_words(game, people):
    moons = [
        {"points": points, "moon_choice": "add_to_others"}
        for points in ([0, 26, 0, 0], [0, 0, 26, 0], [0, 0, 0, 26])
    ]
    play_hands(game, people["owner"], moons + [{"points": [0, 13, 9, 4]}] * 2)
    scorer = client_for(people["scorer"])
    url = f"/games/{game.pk}/hands/4/correct/"
    body = assert_page(scorer.post(url, points_post(4, [25, 1, 0, 0])), 400)
    assert "Say why the hand is corrected" in top_errors(body)
    assert_in_words(body)
    body = assert_page(scorer.post(url, points_post(4, [25, 1, 0, 0], reason="Ada took more")), 400)
    assert "the game would have ended before a later hand" in top_errors(body)
    assert_in_words(body)
    assert_in_words(assert_page(scorer.get(url)))
    assert_in_words(assert_page(scorer.get(url, {"mode": "cards"})))


def test_conflicts_on_the_scoreboard_are_in_words(game, people):
    scorer = client_for(people["scorer"])
    scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4]))
    for number, words in ((1, "already on the score sheet"), (5, "Hand 2 comes next")):
        response = scorer.post(
            f"/games/{game.pk}/enter/", points_post(number, [4, 13, 5, 4]), follow=True
        )
        body = assert_page(response)
        assert words in page_text(body)
        assert_in_words(body)


def new_game_post(club, seats, first_dealer="0") -> dict:
    data = {"league": club.league.pk, "first_dealer": first_dealer}
    data.update({f"player_{i}": p.pk for i, p in enumerate(seats) if p is not None})
    return data


def test_every_new_game_error_is_in_words(club, people):
    ada, ben, cleo, dev, _ = club.seated
    scorer = client_for(people["scorer"])
    cases = [
        (new_game_post(club, [ada, ben, cleo, ada]), "A player can sit in one seat only."),
        (new_game_post(club, [ada, ben, cleo, None]), "Seat 4: Choose who sits here."),
        (new_game_post(club, [ada, ben, cleo, dev], "9"), "Select a valid choice"),
    ]
    for data, words in cases:
        body = assert_page(scorer.post("/games/new/", data))
        assert words in top_errors(body)
        text = page_text(body)
        assert CODE_NAME.findall(text) == [] and API_PATH.findall(text) == []
    assert not Game.objects.exists()


def test_every_refusal_has_words_without_code_names():
    facts = {"total": 26, "queen": 13, "sum": 27, "question": "Ben shot the moon?"}
    for code in REFUSAL_WORDS:
        words = refusal_words(code, "", facts)
        assert words and CODE_NAME.findall(words) == [] and API_PATH.findall(words) == [], code


def test_a_refusal_without_words_keeps_its_detail_without_code_names():
    words = refusal_words("brand_new", "'8X' at plays.2: say subtract_from_shooter", {})
    assert words == "'8X' at plays: say subtract from shooter"
