"""The hand form's third level, the whole trick record, through Django's test client as a phone
without JavaScript posts it: a field a trick, who led, the holdings if kept. A valid record is
scored from the cards each player took; every refusal is in words next to its field and stores
nothing; a record with a renege is kept as played, with its ruling, and the page says what the
engine found, with a link to the ruling."""

from __future__ import annotations

import json
import re

import pytest

from adjudication.engine import build_ruleset, names
from scoring import services
from scoring.models import Hand
from tests.pages.conftest import build_club
from tests.pages.test_entry_words import assert_in_words
from tests.pages.test_pages import assert_page, client_for, error_list
from tests.pages.trick_records import (
    MOON_HOLDINGS,
    MOON_LEADER,
    MOON_TRICKS,
    clean_record,
    renege_record,
    trick_post,
    tricks_of,
)

pytestmark = pytest.mark.django_db


def enter(game, people, data, **kw):
    return client_for(people["scorer"]).post(f"/games/{game.pk}/enter/", data, **kw)


def refused(game, people, data, field: str) -> str:
    """The form comes back (400) with nothing stored; the words in ``field``'s error list."""
    response = enter(game, people, data)
    body = assert_page(response, 400)
    assert not Hand.objects.filter(game=game).exists()
    assert_in_words(body)
    return re.sub(r"<[^>]+>", " ", error_list(body, f"{field}-errors"))


def test_the_hand_form_offers_the_trick_record_as_a_third_level(game, people):
    body = assert_page(client_for(people["scorer"]).get(f"/games/{game.pk}/enter/?mode=plays"))
    assert f'href="/games/{game.pk}/enter/?mode=plays" aria-current="page"' in body
    assert body.count('data-trick="') == 13
    assert 'name="first_leader"' in body and 'name="hands"' in body
    assert "Who led the first trick?" in body and "The player who held the 2♣." in body
    # The keypad the script shows: each card of the deck once, with its penalty points.
    assert body.count('data-card="') == 52
    assert 'data-card="QS" data-points="13"' in body and 'data-card="5H" data-points="1"' in body
    assert_in_words(body)


def test_a_whole_record_is_scored_from_the_cards_each_player_took(game, people):
    plays, leader, ruling = clean_record()
    response = enter(game, people, trick_post(1, tricks_of(plays), leader), follow=True)
    assert response.redirect_chain == [(f"/games/{game.pk}/enter/?mode=plays", 302)]
    hand = Hand.objects.get(game=game, number=1)
    assert hand.level == "plays"
    assert hand.entry == {"plays": plays, "first_leader": leader}
    assert hand.points == list(ruling.points_taken)
    assert hand.adjudication["violations"] == [] and hand.adjudication["complete"]
    body = assert_page(response)
    assert "Hand 1 recorded:" in body and "The engine found" not in body
    assert 'aria-current="page">Every trick<' in body  # the next hand, at the same level


def test_cards_typed_any_usual_way_are_kept_by_their_names(game, people):
    plays, leader, _ruling = clean_record()
    tricks = tricks_of(plays)
    typed = tricks[0].lower().replace("t", "10").replace(" ", ", ")
    enter(game, people, trick_post(1, [typed, *tricks[1:]], leader))
    assert Hand.objects.get(game=game).entry["plays"] == plays


def test_a_record_with_a_renege_is_kept_as_played_with_its_ruling(game, people):
    plays, leader, ruling = renege_record()
    offender = game.seats.order_by("seat")[ruling.violations[0].seat].player.name
    trick = ruling.violations[0].trick
    response = enter(game, people, trick_post(1, tricks_of(plays), leader), follow=True)
    hand = Hand.objects.get(game=game, number=1)
    assert hand.points == list(ruling.points_taken)  # scored as played, no penalty yet
    assert hand.renege_by is None
    assert [v["rule"] for v in hand.adjudication["violations"]] == ["must_follow_suit"]
    body = assert_page(response)
    assert "The engine found 1 illegal play." in body
    assert f"Trick {trick}: {offender} did not follow suit (a renege)." in body
    assert "The hand is scored as it was played; a director can rule on it." in body
    link = f'<a href="/games/{game.pk}/hands/1/rule/#ruling">See the ruling</a>'
    assert link in body
    assert_in_words(body)
    # The link shows the ruling kept with the hand, without posting the record again.
    ruling_page = assert_page(client_for(people["scorer"]).get(f"/games/{game.pk}/hands/1/rule/"))
    assert "The ruling kept with hand 1 when it was recorded." in ruling_page
    assert "1 illegal play found." in ruling_page
    assert f"{offender} did not follow suit (a renege)" in ruling_page
    assert "Open a dispute on hand 1" in ruling_page


def test_a_moon_in_the_record_asks_the_shooter_by_name(game, people):
    data = trick_post(1, MOON_TRICKS, MOON_LEADER)
    words = refused(game, people, data, "moon")
    assert "Ada shot the moon: −26 for Ada, or +26 for everyone else?" in words
    enter(game, people, {**data, "moon_choice": "add_to_others"})
    hand = Hand.objects.get(game=game)
    assert hand.points == [26, 0, 0, 0] and hand.scores == [0, 26, 26, 26]


@pytest.mark.parametrize(
    ("trick", "cards", "words"),
    [
        (3, "KC 5C 8C QX", "“QX” is not a card. Write the rank, then the suit"),
        (5, "AD 2D 5D", "Trick 5 has 3 cards: a trick has 4, one a player."),
        (5, "AD 2D 5D 8D 9D", "Trick 5 has 5 cards: a trick has 4, one a player."),
        (7, "", "Enter the 4 cards of trick 7, from its leader."),
        (6, "KD 3D KD 9D", "K♦ is in this trick twice."),
        (9, "AS 2S 5S 9C", "9♣ was already played in trick 2."),
    ],
)
def test_each_trick_is_refused_in_words_next_to_its_field(game, people, trick, cards, words):
    tricks = list(MOON_TRICKS)
    tricks[trick - 1] = cards
    data = trick_post(1, tricks, MOON_LEADER, moon_choice="add_to_others")
    assert words in refused(game, people, data, f"trick_{trick}")


def test_every_faulty_trick_is_said_at_once(game, people):
    tricks = list(MOON_TRICKS)
    tricks[1], tricks[10] = "9C AC", "QS 4S 7S ZZ"
    body = assert_page(enter(game, people, trick_post(1, tricks, MOON_LEADER)), 400)
    assert "Trick 2 has 2 cards" in error_list(body, "trick_2-errors")
    assert "“ZZ” is not a card." in error_list(body, "trick_11-errors")


def test_a_record_with_no_trick_asks_for_the_first(game, people):
    words = refused(game, people, trick_post(1, [], 0), "trick_1")
    assert "Enter the cards of every trick, trick 1 first." in words


def test_a_card_the_deck_lacks_is_refused_by_name(people):
    club = build_club(people, name="Threes", slug="threes", is_public=True)
    league = services.create_league(
        club=club, name="Three", ruleset={"preset": "standard", "players": 3}
    )
    game = services.create_game(
        club=club, league=league, players=club.seated[:3], actor=people["owner"]
    )
    (removed,) = build_ruleset("standard", players=3).removed_cards
    assert names([removed]) == ["2D"]
    words = refused(game, people, trick_post(1, ["2C 2D 4C"], 0), "trick_1")
    assert "2♦ is taken out of the deck with 3 players." in words


def test_the_first_leader_is_asked_for_without_the_holdings(game, people):
    words = refused(game, people, trick_post(1, MOON_TRICKS, None), "first_leader")
    assert "Say who led the first trick" in words


def test_holdings_that_do_not_split_the_deck_are_refused_in_words(game, people):
    data = trick_post(1, MOON_TRICKS, MOON_LEADER, hands="2C 3C\n4C", moon_choice="add_to_others")
    words = refused(game, people, data, "hands")
    assert "Give the holdings after the pass on 4 lines: one per player." in words


def test_holdings_given_name_the_first_leader(game, people):
    hands = "\n".join(MOON_HOLDINGS)
    data = trick_post(1, MOON_TRICKS, None, hands=hands, moon_choice="add_to_others")
    assert enter(game, people, data).status_code == 302
    hand = Hand.objects.get(game=game)
    assert hand.entry["hands"][0][0] == "2C" and "first_leader" not in hand.entry
    assert hand.adjudication["first_leader"] == 0 and hand.points == [26, 0, 0, 0]


def test_a_trick_record_is_corrected_at_its_own_level(game, people):
    plays, leader, _ruling = clean_record()
    enter(game, people, trick_post(1, tricks_of(plays), leader))
    scorer = client_for(people["scorer"])
    body = assert_page(scorer.get(f"/games/{game.pk}/hands/1/correct/"))
    assert 'aria-current="page">Every trick<' in body
    assert f'value="{tricks_of(plays)[12]}"' in body
    data = trick_post(1, MOON_TRICKS, MOON_LEADER, moon_choice="subtract_from_shooter")
    data.update(reason="The tricks were typed from the wrong sheet")
    del data["number"]
    assert scorer.post(f"/games/{game.pk}/hands/1/correct/", data).status_code == 302
    assert Hand.objects.get(game=game).scores == [-26, 0, 0, 0]


def test_a_correction_to_a_record_with_a_renege_says_what_the_engine_found(game, people):
    plays, leader, _ruling = clean_record()
    enter(game, people, trick_post(1, tricks_of(plays), leader))
    plays, leader, ruling = renege_record()
    data = trick_post(1, tricks_of(plays), leader, reason="The sheet was misread")
    del data["number"]
    scorer = client_for(people["scorer"])
    response = scorer.post(f"/games/{game.pk}/hands/1/correct/", data, follow=True)
    assert response.redirect_chain == [(f"/games/{game.pk}/", 302)]
    body = assert_page(response)
    assert "Hand 1 corrected; every later total follows." in body
    assert "The engine found 1 illegal play." in body
    assert f'href="/games/{game.pk}/hands/1/rule/#ruling"' in body
    assert Hand.objects.get(game=game).points == list(ruling.points_taken)


# --- The engine's word while a record is entered (static/js/tricks.js asks it) -------------


def check(game, people, **data):
    return client_for(people["scorer"]).post(f"/games/{game.pk}/enter/check/", data)


def test_the_record_so_far_is_checked_by_the_engine_in_words(game, people):
    plays, leader, ruling = renege_record()
    found = ruling.violations[0]
    response = check(game, people, plays=" ".join(plays), first_leader=leader + 1, number=1)
    assert response.status_code == 200
    answer = json.loads(response.content)
    assert answer["illegal"] == [found.play_index]
    offender = game.seats.order_by("seat")[found.seat].player.name
    assert answer["found"][0]["title"] == (
        f"Trick {found.trick}: {offender} did not follow suit (a renege)"
    )
    assert answer["found"][0]["what"].startswith(f"{offender} played ")
    # A clean start has nothing to say; nothing is stored either way.
    first = check(game, people, plays=" ".join(plays[:5]), first_leader=leader + 1, number=1)
    assert json.loads(first.content) == {"illegal": [], "found": []}
    assert not Hand.objects.exists()


def test_a_record_the_engine_cannot_read_is_a_400_in_words(game, people):
    response = check(game, people, plays="2C 3C ZZ", first_leader=1, number=1)
    assert response.status_code == 400
    errors = json.loads(response.content)["errors"]
    assert any("“ZZ” is not a card" in error for error in errors)
    assert check(game, people, plays="2C").status_code == 400  # who led: not said
    get = client_for(people["scorer"]).get(f"/games/{game.pk}/enter/check/")
    assert get.status_code == 405
