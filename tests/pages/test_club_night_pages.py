"""The club night's pages through Django's test client: who sees the confirm buttons and the
PIN form, refusals in words, the room view for directors only, my games and my PIN, and a
claim from a player's page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.hashers import check_password
from django.test import Client

from scoring import selectors, services
from scoring.models import Confirmation, Hand, Invitation, Player, PlayerClaim, Role
from tests.pages.conftest import make_user, unisolated

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def table(club, people):
    league = services.create_league(club=club, name="Night", ruleset="standard", confirmations=1)
    ada, ben, cleo, dev = club.seated[:4]
    accounts = {}
    for player in (ada, ben):
        accounts[player.name] = make_user(player.name.lower())
        player.user = accounts[player.name]
        player.save()
    services.set_pin(player=cleo, pin="314159")
    game = services.create_game(
        club=club, league=league, players=[ada, ben, cleo, dev], actor=people["owner"]
    )
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=accounts["Ada"]
    )
    return {"game": game, "accounts": accounts, "cleo": cleo}


def test_it_offers_the_confirm_button_to_another_seat_only(table, people):
    url = f"/games/{table['game'].pk}/"
    ben = client_for(table["accounts"]["Ben"]).get(url).content.decode()
    ada = client_for(table["accounts"]["Ada"]).get(url).content.decode()
    anonymous = Client().get(url).content.decode()
    assert "Confirm hand 1" in ben and "Query hand 1" in ben
    assert "Awaiting confirmation" in ada and "Query hand 1" not in ada
    assert "Awaiting confirmation" in anonymous and "Confirm hand 1" not in anonymous
    scorer = client_for(people["scorer"]).get(url).content.decode()
    assert "Confirm with a player's PIN" in scorer


def test_it_refuses_a_confirmation_in_words_and_confirms_by_pin(table, people):
    game = table["game"]
    url = f"/games/{game.pk}/hands/1/confirm/"
    refused = client_for(table["accounts"]["Ada"]).post(url, {"revision": 1}, follow=True)
    assert "cannot confirm it" in refused.content.decode()
    wrong = client_for(people["scorer"]).post(
        url, {"player": table["cleo"].pk, "pin": "0000", "revision": 1}, follow=True
    )
    assert "That PIN was not accepted: nothing was confirmed." in wrong.content.decode()
    done = client_for(people["scorer"]).post(
        url, {"player": table["cleo"].pk, "pin": "314159", "revision": 1}, follow=True
    )
    assert "Hand 1 is confirmed" in done.content.decode()
    assert Hand.objects.get(game=game, number=1).confirmation == Confirmation.CONFIRMED


def test_it_turns_a_query_into_a_dispute_a_director_can_only_dismiss(table, people):
    game = table["game"]
    client_for(table["accounts"]["Ben"]).post(
        f"/games/{game.pk}/hands/1/query/", {"reason": "not sure", "revision": 1}, follow=True
    )
    dispute = Hand.objects.get(game=game, number=1).disputes.get()
    page = client_for(people["owner"]).get(f"/games/{game.pk}/hands/1/disputes/{dispute.pk}/")
    body = page.content.decode()
    assert "Dismiss: the hand stands as recorded" in body
    assert 'value="accept"' not in body


def test_it_shows_the_room_to_directors_only(table, people):
    assert client_for(people["owner"]).get("/clubs/riverside/room/").status_code == 200
    assert client_for(people["scorer"]).get("/clubs/riverside/room/").status_code == 403
    assert Client().get("/clubs/riverside/room/").status_code == 302


def test_it_lets_a_player_set_their_pin_on_their_page_and_keeps_it_hashed(table):
    ben = table["accounts"]["Ben"]
    player = Player.objects.get(user=ben)
    page = unisolated(client_for(ben).get("/account/me/").content.decode())
    assert "My PIN at Riverside" in page and f"Game {table['game'].pk}" in page
    bad = client_for(ben).post("/account/me/", {"player": player.pk, "pin": "12"})
    assert "A PIN has 6 to 8 digits." in bad.content.decode()
    client_for(ben).post("/account/me/", {"player": player.pk, "pin": "864297"})
    assert check_password("864297", Player.objects.get(pk=player.pk).pin_hash)
    # Someone else's player cannot be given a PIN from this page.
    other = table["cleo"]
    assert (
        client_for(ben).post("/account/me/", {"player": other.pk, "pin": "111111"}).status_code
        == 404
    )


def test_it_sends_a_claim_from_the_players_page(club):
    newcomer = make_user("edie_e")
    edie = club.seated[4]
    page = client_for(newcomer).get(f"/players/{edie.pk}/").content.decode()
    assert "This is me" in page
    client_for(newcomer).post(f"/players/{edie.pk}/claim/")
    assert PlayerClaim.objects.get().player == edie


def test_it_lets_a_director_approve_a_claim_on_the_claims_page(club, people):
    newcomer = make_user("edie_e")
    edie = club.seated[4]
    services.claim_player(player=edie, user=newcomer)
    claim = PlayerClaim.objects.get()
    assert client_for(people["scorer"]).get("/clubs/riverside/claims/").status_code == 403
    page = client_for(people["owner"]).get("/clubs/riverside/claims/").content.decode()
    assert "says they are" in page and "Edie" in page
    done = client_for(people["owner"]).post(
        "/clubs/riverside/claims/", {"claim": claim.pk, "decision": "approve"}, follow=True
    )
    assert "Edie is linked to that account." in unisolated(done.content.decode())
    assert Player.objects.get(pk=edie.pk).user == newcomer
    again = client_for(people["owner"]).post(
        "/clubs/riverside/claims/", {"claim": claim.pk, "decision": "refuse"}, follow=True
    )
    assert "decided already" in again.content.decode()


def test_it_lets_a_director_invite_someone_to_be_a_player_by_a_link(club, people):
    edie = club.seated[4]
    assert "Invite Edie's account" in unisolated(
        client_for(people["owner"]).get(f"/players/{edie.pk}/").content.decode()
    )
    assert (
        "Invite Edie"
        not in client_for(people["scorer"]).get(f"/players/{edie.pk}/").content.decode()
    )
    assert client_for(people["scorer"]).post(f"/players/{edie.pk}/invite/").status_code == 403
    page = client_for(people["owner"]).post(f"/players/{edie.pk}/invite/").content.decode()
    link = re.search(r"data-invitation-link>([^<]+)<", page).group(1)
    newcomer = make_user("edie_e")
    client_for(newcomer).post(link.replace("http://testserver", ""))
    assert Player.objects.get(pk=edie.pk).user == newcomer


def test_a_player_invited_as_a_scorer_joins_as_the_player_and_a_scorer(club, people):
    edie = club.seated[4]
    owner = client_for(people["owner"])
    assert "also enter their table" in owner.get(f"/players/{edie.pk}/").content.decode()
    page = owner.post(f"/players/{edie.pk}/invite/", {"role": "scorer"}).content.decode()
    link = re.search(r"data-invitation-link>([^<]+)<", page).group(1)
    newcomer = make_user("edie_e")
    client_for(newcomer).post(link.replace("http://testserver", ""))
    assert Player.objects.get(pk=edie.pk).user == newcomer
    assert selectors.role_in(newcomer, club.pk) == Role.SCORER


def test_a_player_invitation_for_a_role_above_a_scorer_is_refused_in_words(club, people):
    edie = club.seated[4]
    owner = client_for(people["owner"])
    refused = owner.post(f"/players/{edie.pk}/invite/", {"role": "owner"}, follow=True)
    assert "invited as a member or as a scorer" in refused.content.decode()
    assert not Invitation.objects.filter(player=edie).exists()


def test_the_claims_page_and_my_page_take_a_form_and_nothing_else(club, people):
    owner = client_for(people["owner"])
    for url in ("/clubs/riverside/claims/", "/account/me/"):
        assert owner.get(url).status_code == 200
        assert owner.put(url).status_code == 405
        assert owner.delete(url).status_code == 405
        assert "no-cache" in owner.get(url)["Cache-Control"]  # a PIN form: never kept
