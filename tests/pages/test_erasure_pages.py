"""The erasure pages through the test client: "Forget me" asks first, refuses a mistyped
username in words, then erases and signs out; a director erases a player without an account
from the player's page and lands on the club's erasures, which list the deliveries that had
named them; others are refused."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring import services
from scoring.models import Erasure, Player, Role
from tests.pages.conftest import make_user, unisolated

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_forget_me_asks_first_refuses_a_mistyped_username_then_erases_and_signs_out(club, ada):
    milo = ada.user
    client = signed_in(milo)
    me = client.get("/account/me/")
    assert 'href="/account/forget/"' in me.content.decode()
    page = client.get("/account/forget/")
    text = unisolated(page.content.decode())
    assert page.status_code == 200 and "What stays" in text and "Ada" in text
    assert "Type your username, milo, to confirm." in text

    refused = client.post("/account/forget/", {"confirm": "mlio"})
    assert refused.status_code == 400
    assert "Type your username to confirm: milo." in refused.content.decode()
    assert get_user_model().objects.filter(pk=milo.pk).exists()

    done = client.post("/account/forget/", {"confirm": "milo"}, follow=True)
    assert done.status_code == 200
    assert f"Your results stay, as Player {ada.pk}." in unisolated(done.content.decode())
    assert not get_user_model().objects.filter(username="milo").exists()
    assert Player.objects.get(pk=ada.pk).name == f"Player {ada.pk}"
    assert client.get("/account/me/").status_code == 302  # signed out


def test_a_director_erases_a_player_from_its_page_and_sees_the_clubs_erasures(club, people):
    owner = people["owner"]
    ben = club.seated[1]
    client = signed_in(owner)
    members = client.get(f"/clubs/{club.slug}/members/").content.decode()
    assert f'href="/clubs/{club.slug}/erasures/"' in members
    assert f'href="/players/{ben.pk}/forget/"' in client.get(f"/players/{ben.pk}/").content.decode()
    done = client.post(f"/players/{ben.pk}/forget/", {"confirm": "ben"}, follow=True)
    assert done.redirect_chain[-1][0] == f"/clubs/{club.slug}/erasures/"
    text = unisolated(done.content.decode())
    assert f"the results stay, as Player {ben.pk}." in text
    assert "No webhook was sent the name." in text and "Ben" not in text
    erased = client.get(f"/players/{ben.pk}/").content.decode()
    assert f"/players/{ben.pk}/forget/" not in erased  # erased once: no second offer
    assert Erasure.objects.get().asked_by == "director"


def test_a_scorer_and_a_player_with_an_account_are_refused_on_the_pages(club, people, ada):
    scorer = signed_in(people["scorer"])
    assert scorer.get(f"/players/{club.seated[1].pk}/forget/").status_code == 403
    assert scorer.get(f"/clubs/{club.slug}/erasures/").status_code == 403
    owner = signed_in(people["owner"])
    refused = owner.post(f"/players/{ada.pk}/forget/", {"confirm": "Ada"})
    assert refused.status_code == 400
    assert "only they can ask to be forgotten" in refused.content.decode()
    assert Player.objects.get(pk=ada.pk).name == "Ada"


def test_the_only_owner_is_told_to_hand_the_club_over_first(club, people):
    page = signed_in(people["owner"]).post("/account/forget/", {"confirm": "olive"})
    assert page.status_code == 400
    assert "You are the only owner of" in unisolated(page.content.decode())
    second = make_user("otto_owner")
    services.set_membership(club=club, user=second, role=Role.OWNER)
    done = signed_in(people["owner"]).post("/account/forget/", {"confirm": "olive"})
    assert done.status_code == 302
