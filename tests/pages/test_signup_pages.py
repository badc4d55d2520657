"""Making an account on the pages (test client): the sign-up page linked from the sign-in page,
refusals in words next to their field with nothing made, the new person signed in, the
throttle of the client's address (shared with the API's sign-up), the sign-in lockout; and an
invitation link a newcomer uses in one go."""

from __future__ import annotations

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from hearts_site.api.throttling import FixedWindowThrottle
from scoring import services
from scoring.models import Invitation, Membership, SignInCount
from tests.pages.conftest import unisolated

pytestmark = pytest.mark.django_db

STRONG = "correct horse battery staple"
SIGN_UP = "/account/signup/"


def form(username="nia", name="Nia Newcomer", password=STRONG, again=None) -> dict:
    return {
        "username": username,
        "name": name,
        "password1": password,
        "password2": again or password,
    }


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def errors_of(response) -> dict[str, list[str]]:
    """Each field's errors as the page shows them, by the id of their list."""
    page = response.content.decode()
    lists = re.findall(r'<ul class="errors" id="([^"]+)">(.*?)</ul>', page, re.S)
    return {where: re.findall(r"<li>(.*?)</li>", items) for where, items in lists}


def users() -> int:
    return get_user_model().objects.count()


def test_the_sign_in_page_links_to_the_sign_up_page_which_makes_and_signs_in(db):
    assert f'href="{SIGN_UP}"' in Client().get("/account/login/").content.decode()
    client = Client()
    assert client.get(SIGN_UP).status_code == 200
    made = client.post(SIGN_UP, form())
    assert made.status_code == 302 and made["Location"] == "/"
    user = get_user_model().objects.get(username="nia")
    assert user.get_full_name() == "Nia Newcomer" and user.check_password(STRONG)
    assert client.session["_auth_user_id"] == str(user.pk)
    home = unisolated(client.get("/").content.decode())
    assert "Welcome, Nia Newcomer" in home and 'href="/clubs/new/"' in home


def test_refusals_are_in_words_next_to_their_field_and_make_nothing(scorer_account):
    for sent, where, words in (
        (form(again="something else entirely"), "password2-errors", "The two passwords differ"),
        (form(password="short1"), "password1-errors", "This password is too short"),
        (form(password="password123"), "password1-errors", "too common"),
        (form(username="Sam"), "username-errors", "That username is taken"),
        (form(username="two words"), "username-errors", "letters, digits"),
        (form(name=" "), "name-errors", "Give your name"),
    ):
        response = Client().post(SIGN_UP, sent)
        assert response.status_code == 400, sent
        assert any(words in e for e in errors_of(response).get(where, [])), (sent, response)
    assert users() == 1


def test_a_taken_username_counts_as_a_failed_sign_in_kept_without_the_passwords(scorer_account):
    Client().post(SIGN_UP, form(username="sam"))
    assert SignInCount.objects.get(username="sam", address="127.0.0.1").failures == 1
    logged = [attempt.post_data for attempt in AccessAttempt.objects.all()]
    assert not any(STRONG in data for data in logged)


def test_a_locked_out_username_is_refused_in_words(scorer_account):
    for _ in range(5):
        Client().post("/account/login/", {"username": "sam", "password": "wrong"})
    refused = Client().post(SIGN_UP, form(username="sam"))
    assert "Too many failed sign-ins" in " ".join(errors_of(refused)["username-errors"])


def test_sign_ups_spend_one_budget_per_address_on_the_pages_and_the_api(db, throttle_rates):
    throttle_rates({**FixedWindowThrottle.THROTTLE_RATES, "signups": "2/hour"})
    assert Client().post(SIGN_UP, form(password="short1")).status_code == 400
    body = {"username": "x", "name": "X", "password": "short1", "device_name": "p"}
    assert APIClient().post("/api/v1/auth/sign-up/", body, format="json").status_code == 400
    refused = Client().post(SIGN_UP, form())
    assert refused.status_code == 429 and "Too many at once" in refused.content.decode()
    assert "Wait about 30 minutes" in refused.content.decode()  # half the hour is left
    assert Client().get(SIGN_UP).status_code == 200  # showing the form is never counted
    assert users() == 0
    assert Client(REMOTE_ADDR="10.0.0.9").post(SIGN_UP, form()).status_code == 302


def test_the_form_needs_its_csrf_token(db):
    client = Client(enforce_csrf_checks=True)
    assert client.post(SIGN_UP, form()).status_code == 403
    assert users() == 0


def test_a_signed_in_person_is_told_to_sign_out_first(scorer_account):
    page = signed_in(scorer_account).get(SIGN_UP)
    assert "sign out first" in page.content.decode() and 'name="password1"' not in (
        page.content.decode()
    )


def test_it_goes_back_where_the_person_was_going_on_this_site_only(db):
    made = Client().post(f"{SIGN_UP}?next=/adjudicate/", {**form(), "next": "/adjudicate/"})
    assert made["Location"] == "/adjudicate/"
    elsewhere = Client().post(SIGN_UP, {**form(username="ola"), "next": "https://evil.example/"})
    assert elsewhere["Location"] == "/"


# --- An invitation link a newcomer uses in one go ----------------------------------------------


def test_a_newcomer_makes_an_account_and_joins_through_the_link(private_club, people):
    _, token = services.create_invitation(club=private_club, role="scorer", actor=people["owner"])
    client = Client()
    page = client.get(f"/invitations/{token}/").content.decode()
    assert "Join Back Room" in page and "Make my account and join" in page
    joined = client.post(f"/invitations/{token}/", form())
    assert joined.status_code == 302 and joined["Location"] == f"/clubs/{private_club.slug}/"
    user = get_user_model().objects.get(username="nia")
    assert Membership.objects.get(club=private_club, user=user).role == "scorer"
    assert client.session["_auth_user_id"] == str(user.pk)
    welcomed = unisolated(client.get(joined["Location"]).content.decode())
    assert "Welcome to Back Room, Nia Newcomer" in welcomed
    assert Invitation.objects.get().accepted_by == user


def test_a_player_invitation_offers_the_players_name_and_links_the_new_account(club, people):
    ada = club.seated[0]
    _, token = services.invite_player(player=ada, actor=people["owner"])
    client = Client()
    page = unisolated(client.get(f"/invitations/{token}/").content.decode())
    assert 'value="Ada"' in page and "to be <strong>Ada</strong>" in page
    client.post(f"/invitations/{token}/", form(name="Ada"))
    ada.refresh_from_db()
    assert ada.user.username == "nia"


def test_a_refused_sign_up_through_the_link_makes_nothing_and_leaves_the_link(club, people):
    _, token = services.create_invitation(club=club, role="member", actor=people["owner"])
    refused = Client().post(f"/invitations/{token}/", form(username="sam"))
    assert refused.status_code == 400
    assert "That username is taken" in " ".join(errors_of(refused)["username-errors"])
    assert Invitation.objects.get().accepted_at is None and users() == 4


def test_a_link_used_meanwhile_makes_nothing_and_says_so(club, people):
    _, token = services.create_invitation(club=club, role="member", actor=people["owner"])
    client = Client()
    assert client.get(f"/invitations/{token}/").status_code == 200
    services.accept_invitation(token=token, user=people["outsider"])
    gone = client.post(f"/invitations/{token}/", form())
    assert gone.status_code == 404 and "used, revoked or has expired" in gone.content.decode()
    assert not get_user_model().objects.filter(username="nia").exists()


def test_an_owner_opening_their_own_link_is_told_and_the_link_stays(club, people):
    _, token = services.create_invitation(club=club, role="member", actor=people["owner"])
    owner = signed_in(people["owner"])
    refused = owner.post(f"/invitations/{token}/")
    assert refused.status_code == 409
    assert "would change nothing" in " ".join(errors_of(refused)["invitation-errors"])
    assert Invitation.objects.get().accepted_at is None
    assert Membership.objects.get(club=club, user=people["owner"]).role == "owner"
    assert signed_in(people["outsider"]).post(f"/invitations/{token}/").status_code == 302


@pytest.fixture
def scorer_account(db):
    return get_user_model().objects.create_user("sam", password="a long page-test password")
