"""What is confirmed is what counts, and directors unblock tables, on the pages (Django's test
client): the confirm card carries the revision it shows and a stale one is refused in words
with the hand shown again; a director confirms for a table, sets a player's PIN and upholds a
query in one decision; the history names who did each step by their name in the club."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.hashers import check_password
from django.test import Client

from scoring import services
from scoring.models import Confirmation, Hand, Player
from tests.pages.conftest import make_user, unisolated

pytestmark = pytest.mark.django_db

CLEO_PIN = "314159"


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def table(club, people):
    """Ada and Ben with accounts (Ada enters), Cleo with a PIN, Dev with nothing; the owner,
    Olive, is the club's director."""
    people["owner"].first_name = "Olive"
    people["owner"].save()
    league = services.create_league(club=club, name="Night", ruleset="standard", confirmations=1)
    ada, ben, cleo, dev = club.seated[:4]
    accounts = {}
    for player in (ada, ben):
        accounts[player.name] = make_user(player.name.lower())
        player.user = accounts[player.name]
        player.save()
    services.set_pin(player=cleo, pin=CLEO_PIN)
    game = services.create_game(
        club=club, league=league, players=[ada, ben, cleo, dev], actor=people["owner"]
    )
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 2, 5, 6]}, actor=accounts["Ada"]
    )
    return {"game": game, "accounts": accounts, "cleo": cleo, "dev": dev}


def game_page(user, game) -> str:
    return unisolated(client_for(user).get(f"/games/{game.pk}/").content.decode())


def card(page: str, number: int) -> str:
    """The confirm card of hand ``number``."""
    found = re.search(rf'<li class="card" data-hand="{number}".*?</li>', page, re.S)
    assert found, page
    return found.group(0)


def correct(game, people, points) -> None:
    services.correct_hand(
        game_id=game.pk,
        number=1,
        entry={"points": points},
        reason="the Q♠ was Ben's",
        actor=people["scorer"],
    )


def test_the_card_shows_a_corrected_hand_and_a_confirmation_of_what_was_read_before_is_refused(
    table, people
):
    game, ben = table["game"], table["accounts"]["Ben"]
    read = card(game_page(ben, game), 1)
    assert "Ada 13, Ben 2, Cleo 5, Dev 6" in read and 'name="revision" value="1"' in read
    correct(game, people, [2, 13, 5, 6])

    refused = client_for(ben).post(
        f"/games/{game.pk}/hands/1/confirm/", {"revision": 1}, follow=True
    )

    body = unisolated(refused.content.decode())
    assert "Hand 1 was corrected since you read it: here it is again." in body
    shown = card(body, 1)
    assert "Hand 1</strong>, version 2: Ada 2, Ben 13, Cleo 5, Dev 6" in shown
    assert 'name="revision" value="2"' in shown
    assert Hand.objects.get(game=game, number=1).confirmation == Confirmation.AWAITING
    done = client_for(ben).post(f"/games/{game.pk}/hands/1/confirm/", {"revision": 2}, follow=True)
    assert "Hand 1 is confirmed: it counts." in done.content.decode()
    game.refresh_from_db()
    assert game.totals == [2, 13, 5, 6]


def test_a_confirmation_that_carries_no_revision_is_refused_in_words(table):
    game, ben = table["game"], table["accounts"]["Ben"]
    refused = client_for(ben).post(f"/games/{game.pk}/hands/1/confirm/", {}, follow=True)
    assert "Look at the hand again, then confirm it." in refused.content.decode()
    assert Hand.objects.get(game=game, number=1).confirmation == Confirmation.AWAITING


def test_only_a_director_is_offered_to_confirm_for_the_table_and_it_counts(table, people):
    game = table["game"]
    assert "Confirm hand 1 for the table" in card(game_page(people["owner"], game), 1)
    for who in (people["scorer"], table["accounts"]["Ben"], None):
        assert "for the table" not in game_page(who, game)
    url = f"/games/{game.pk}/hands/1/confirm-for-table/"
    refused = client_for(people["scorer"]).post(url, {"revision": 1}, follow=True)
    assert "A director of the club confirms a hand for the table." in refused.content.decode()

    done = client_for(people["owner"]).post(url, {"revision": 1}, follow=True)

    body = unisolated(done.content.decode())
    assert "Hand 1 is confirmed for the table: it counts." in body
    assert "Hand 1 confirmed by Olive, director, for the table" in body
    assert Hand.objects.get(game=game, number=1).confirmation == Confirmation.CONFIRMED


def test_a_director_is_not_offered_to_confirm_their_own_entry(table, people):
    game = table["game"]
    correct(game, {"scorer": people["owner"]}, [2, 13, 5, 6])
    assert "for the table" not in game_page(people["owner"], game)


def test_the_history_names_the_player_whose_pin_it_was_and_never_a_number(table, people):
    game = table["game"]
    client_for(people["scorer"]).post(
        f"/games/{game.pk}/hands/1/confirm/",
        {"player": table["cleo"].pk, "pin": CLEO_PIN, "revision": 1},
    )
    history = game_page(None, game)
    assert "Hand 1 confirmed by Cleo, with their PIN on a scorer&#x27;s phone" in history
    assert "Hand 1 entered by Ada" in history and "Game started by Olive" in history
    assert "User " not in history and "sam" not in history


def test_a_director_sets_a_players_pin_on_the_players_page(table, people):
    dev = table["dev"]
    page = unisolated(client_for(people["owner"]).get(f"/players/{dev.pk}/").content.decode())
    assert "Dev has no PIN yet." in page and "Set Dev's PIN" in page
    for who in (people["scorer"], table["accounts"]["Ben"]):
        assert "PIN" not in client_for(who).get(f"/players/{dev.pk}/").content.decode()
        assert client_for(who).post(f"/players/{dev.pk}/pin/", {"pin": "123456"}).status_code == 403
    short = client_for(people["owner"]).post(
        f"/players/{dev.pk}/pin/", {"pin": "1234"}, follow=True
    )
    assert "A PIN has 6 to 8 digits." in short.content.decode()
    assert not Player.objects.get(pk=dev.pk).pin_hash

    done = client_for(people["owner"]).post(
        f"/players/{dev.pk}/pin/", {"pin": "246813"}, follow=True
    )

    assert "Dev&#x27;s PIN is set" in unisolated(done.content.decode())
    assert check_password("246813", Player.objects.get(pk=dev.pk).pin_hash)
    confirmed = client_for(people["scorer"]).post(
        f"/games/{table['game'].pk}/hands/1/confirm/",
        {"player": dev.pk, "pin": "246813", "revision": 1},
        follow=True,
    )
    assert "Hand 1 is confirmed" in confirmed.content.decode()


def test_a_resting_pin_says_so_to_a_director_and_a_new_one_lifts_it(table, people):
    cleo = table["cleo"]
    url = f"/games/{table['game'].pk}/hands/1/confirm/"
    for _ in range(5):
        client_for(people["scorer"]).post(url, {"player": cleo.pk, "pin": "000000", "revision": 1})
    page = unisolated(client_for(people["owner"]).get(f"/players/{cleo.pk}/").content.decode())
    assert "Cleo's PIN rests until" in page
    client_for(people["owner"]).post(f"/players/{cleo.pk}/pin/", {"pin": "271828"})
    page = unisolated(client_for(people["owner"]).get(f"/players/{cleo.pk}/").content.decode())
    assert "Cleo has a PIN." in page


@pytest.fixture
def query(table):
    """Ben queries hand 1 from his phone, claiming nothing."""
    game, ben = table["game"], table["accounts"]["Ben"]
    client_for(ben).post(f"/games/{game.pk}/hands/1/query/", {"reason": "not me", "revision": 1})
    dispute = Hand.objects.get(game=game, number=1).disputes.get()
    return f"/games/{game.pk}/hands/1/disputes/{dispute.pk}/"


def test_a_director_upholds_a_query_with_the_count_in_one_decision(table, people, query):
    game = table["game"]
    page = unisolated(client_for(people["owner"]).get(query).content.decode())
    assert "Uphold with the points below" in page and "Uphold: the player chosen below" in page
    assert "Hand 1 as it stands: Ada 13, Ben 2, Cleo 5, Dev 6." in page
    assert 'name="points_0" value="13"' in page  # the recorded points, to change what is wrong
    form = {"decision": "count", "note": "Ben had the queen"}
    form.update({f"points_{seat}": p for seat, p in enumerate([2, 13, 5, 6])})

    decided = client_for(people["owner"]).post(query, form, follow=True)

    assert "Accepted" in decided.content.decode()
    assert "Hand 1 as it stands: Ada 2, Ben 13, Cleo 5, Dev 6." in unisolated(
        decided.content.decode()
    )
    hand = Hand.objects.get(game=game, number=1)
    assert hand.confirmation == Confirmation.CONFIRMED and hand.points == [2, 13, 5, 6]
    history = game_page(None, game)
    assert "Dispute on hand 1 accepted by Olive: “Ben had the queen”" in history
    assert "Hand 1 queried by Ben" in history


def test_a_director_upholds_a_query_with_a_renege_in_one_decision(table, people, query):
    decided = client_for(people["owner"]).post(
        query, {"decision": "renege", "renege_by": 2, "note": "Cleo reneged"}, follow=True
    )
    assert "with Cleo's renege penalised" in decided.content.decode()
    assert Hand.objects.get(game=table["game"], number=1).renege_by == 2


@pytest.mark.parametrize(
    "form, words",
    [
        ({"decision": "count", "points_0": 13}, "Give the points every player took"),
        ({"decision": "renege"}, "Choose who reneged."),
        (
            {"decision": "count", "points_0": 13, "points_1": 5, "points_2": 4, "points_3": 5},
            "add up to",
        ),
    ],
)
def test_an_uphold_that_cannot_stand_is_refused_in_words_and_changes_nothing(
    table, people, query, form, words
):
    refused = client_for(people["owner"]).post(query, form)
    assert refused.status_code == 400
    assert words in refused.content.decode()
    hand = Hand.objects.get(game=table["game"], number=1)
    assert hand.confirmation == Confirmation.QUERIED and hand.points == [13, 2, 5, 6]
