"""Sign-up through the API: a new account signed in with a device token, its name as clubs read
it, the site's password rules, an invitation accepted in the same step (all or nothing), a
throttle per address, and the sign-in lockout: a taken username counts as a failed sign-in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from hearts_site.api.throttling import FixedWindowThrottle
from scoring import services
from scoring.models import DeviceToken, Invitation, Membership, SignInCount

from .conftest import PASSWORD
from .support import API, error_of, snapshot

SIGN_UP = f"{API}/auth/sign-up/"
SIGN_IN = f"{API}/auth/sign-in/"
LIMIT = 5  # settings.AXES_FAILURE_LIMIT
STRONG = "correct horse battery staple"


def sign_up(username="newcomer", password=STRONG, name="Nia Newcomer", **extra):
    body = {"username": username, "name": name, "password": password, "device_name": "phone"}
    body.update(extra.pop("body", {}))
    return APIClient(enforce_csrf_checks=True, **extra).post(SIGN_UP, body, format="json")


def users_named(username: str):
    return get_user_model().objects.filter(username__iexact=username)


@pytest.fixture
def signups_per_window(throttle_rates):
    """``signups_per_window(n)``: the sign-up budget of an address, the clock held mid-window."""

    def set_rate(count: int) -> None:
        throttle_rates({**FixedWindowThrottle.THROTTLE_RATES, "signups": f"{count}/hour"})

    return set_rate


def test_a_sign_up_makes_an_account_signed_in_on_the_device(db):
    response = sign_up()
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"user", "token", "membership"} and body["membership"] is None
    user = get_user_model().objects.get(username="newcomer")
    assert body["user"] == {"id": user.pk, "username": "newcomer", "name": "Nia Newcomer"}
    assert user.get_full_name() == "Nia Newcomer" and user.is_active
    assert user.check_password(STRONG) and STRONG not in user.password
    assert body["token"]["name"] == "phone" and DeviceToken.objects.get(user=user)
    key = body["token"]["key"]
    mine = APIClient().get(f"{API}/auth/tokens/", HTTP_AUTHORIZATION=f"Token {key}")
    assert mine.status_code == 200 and mine.json()["results"][0]["id"] == body["token"]["id"]
    assert "sessionid" not in response.cookies  # a device keeps no session
    again = APIClient().post(
        SIGN_IN, {"username": "newcomer", "password": STRONG, "device_name": "x"}, format="json"
    )
    assert again.status_code == 201


def test_a_weak_password_is_refused_in_the_rules_words_and_nothing_is_made(db):
    before = snapshot()
    for password, words in (
        ("short1", "too short"),
        ("password123", "too common"),
        ("80417362951", "entirely numeric"),
        ("newcomer12", "too similar to the username"),
    ):
        response = sign_up(password=password)
        assert error_of(response, 400) == ("weak_password", "password"), password
        assert words in response.json()["errors"][0]["detail"], password
    assert snapshot() == before and not users_named("newcomer").exists()


def test_a_username_and_a_name_are_checked(db):
    assert error_of(sign_up(username="two words"), 400) == ("invalid_username", "username")
    assert error_of(sign_up(username="x" * 151), 400)[1] == "username"
    assert error_of(sign_up(name="   "), 400)[1] == "name"
    assert error_of(sign_up(name="n" * 101), 400)[1] == "name"
    assert error_of(sign_up(body={"is_staff": True}), 400)[0] == "unknown_field"
    assert not get_user_model().objects.exists()


def test_a_taken_username_is_refused_whatever_its_case(scorer):
    for username in ("sam_scorer", "Sam_Scorer"):
        response = sign_up(username=username)
        assert error_of(response, 409) == ("username_taken", "username")
    assert users_named("sam_scorer").count() == 1
    scorer.refresh_from_db()
    assert scorer.check_password(PASSWORD)  # the account is untouched


def test_a_taken_username_counts_as_a_failed_sign_in_for_it_from_that_address(scorer):
    for _ in range(LIMIT):
        assert error_of(sign_up(username="sam_scorer"), 409)[0] == "username_taken"
    assert SignInCount.objects.get(username="sam_scorer", address="127.0.0.1").failures == LIMIT
    locked = APIClient().post(
        SIGN_IN, {"username": "sam_scorer", "password": PASSWORD, "device_name": "x"}, format="json"
    )
    assert error_of(locked, 429) == ("locked_out", "username")
    assert error_of(sign_up(username="sam_scorer"), 429) == ("locked_out", "username")
    elsewhere = APIClient(REMOTE_ADDR="10.0.0.9").post(
        SIGN_IN, {"username": "sam_scorer", "password": PASSWORD, "device_name": "x"}, format="json"
    )
    assert elsewhere.status_code == 201


def test_a_username_locked_out_by_failed_sign_ins_cannot_be_signed_up_from_there(db):
    for _ in range(LIMIT):
        wrong = {"username": "ghost", "password": "nope", "device_name": "x"}
        assert error_of(APIClient().post(SIGN_IN, wrong, format="json"), 400)[0] == (
            "invalid_credentials"
        )
    assert error_of(sign_up(username="ghost"), 429) == ("locked_out", "username")
    assert sign_up(username="ghost", REMOTE_ADDR="10.0.0.9").status_code == 201


def test_refusals_that_test_nothing_are_not_counted_as_failed_sign_ins(db):
    sign_up(password="short1")
    sign_up(username="bad name")
    assert not SignInCount.objects.exists()


def test_sign_ups_are_throttled_per_address(db, signups_per_window):
    signups_per_window(3)
    statuses = [sign_up(username=f"n{i}", password="short1").status_code for i in range(3)]
    assert statuses == [400, 400, 400]  # every attempt is counted, refused or not
    throttled = sign_up(username="n9")
    assert error_of(throttled, 429)[0] == "throttled" and int(throttled["Retry-After"]) > 0
    assert not users_named("n9").exists()
    assert sign_up(username="n9", REMOTE_ADDR="10.0.0.9").status_code == 201


def test_a_sign_up_with_an_invitation_joins_its_club_in_one_step(public_club, owner):
    _, token = services.create_invitation(club=public_club, role="scorer", actor=owner)
    response = sign_up(body={"invitation": token})
    assert response.status_code == 201, response.content
    user = get_user_model().objects.get(username="newcomer")
    membership = response.json()["membership"]
    assert (membership["user"], membership["club"], membership["role"]) == (
        user.pk,
        public_club.pk,
        "scorer",
    )
    assert Invitation.objects.get().accepted_by == user


def test_a_sign_up_with_a_player_invitation_becomes_that_player(public_club, owner):
    ada = public_club.seated[0]
    _, token = services.invite_player(player=ada, actor=owner)
    assert sign_up(body={"invitation": token}, name="Ada Lovelace").status_code == 201
    ada.refresh_from_db()
    assert ada.user.username == "newcomer"
    assert Membership.objects.get(user=ada.user, club=public_club).role == "member"


@pytest.mark.parametrize("spent", ["used", "revoked", "unknown"])
def test_an_invitation_spent_meanwhile_makes_nothing(public_club, owner, outsider, spent):
    invitation, token = services.create_invitation(club=public_club, role="member", actor=owner)
    if spent == "used":
        services.accept_invitation(token=token, user=outsider)
    elif spent == "revoked":
        services.revoke_invitation(club=public_club, invitation_id=invitation.pk)
    else:
        token = "no-such-token"
    before = snapshot()
    response = sign_up(body={"invitation": token})
    assert error_of(response, 400) == ("unknown_invitation", "token")
    assert snapshot() == before and not users_named("newcomer").exists()
