"""A device signs in with a username and a password and gets a device token; failures count
with the sign-in page's and the admin's, so one lockout covers them all."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import DeviceToken

from .conftest import PASSWORD
from .support import API, error_of

SIGN_IN = f"{API}/auth/sign-in/"
PAGE = "/account/login/"
LIMIT = 5  # settings.AXES_FAILURE_LIMIT


def sign_in(username="sam_scorer", password=PASSWORD, device_name="Sam's phone", **extra):
    body = {"username": username, "password": password, "device_name": device_name}
    return APIClient(**extra).post(SIGN_IN, body, format="json")


def page_sign_in(username="sam_scorer", password=PASSWORD) -> Client:
    client = Client()
    client.post(PAGE, {"username": username, "password": password})
    return client


def page_refusal(username="sam_scorer", password=PASSWORD) -> str:
    response = Client().post(PAGE, {"username": username, "password": password})
    assert response.status_code == 200  # the form again, with its error
    return response.content.decode()


def test_a_device_signs_in_and_its_token_works(scorer):
    response = sign_in()
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {
        *("id", "name", "prefix", "created_at", "last_used_at", "expires_at", "revoked_at", "key")
    }
    assert body["name"] == "Sam's phone" and body["revoked_at"] is None
    token = DeviceToken.objects.get(pk=body["id"])
    assert token.user == scorer and token.key_hash == DeviceToken.hash_key(body["key"])
    assert body["key"].startswith(body["prefix"])

    phone = APIClient(HTTP_AUTHORIZATION=f"Token {body['key']}")
    listed = phone.get(f"{API}/auth/tokens/")
    assert listed.status_code == 200
    assert [t["id"] for t in listed.json()["results"]] == [body["id"]]
    assert "key" not in listed.json()["results"][0]


def test_a_device_sign_in_sets_no_session_cookie(scorer):
    response = sign_in()
    assert response.status_code == 201 and "sessionid" not in response.cookies


def test_the_sign_in_needs_no_csrf_token_and_ignores_a_session(scorer):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(scorer)
    body = {"username": "sam_scorer", "password": PASSWORD, "device_name": "tablet"}
    response = browser.post(SIGN_IN, body, content_type="application/json")
    assert response.status_code == 201, response.content
    assert browser.get("/account/tokens/").status_code == 200  # the browser's session lives on


@pytest.mark.parametrize(
    ("username", "password"),
    [("sam_scorer", "not the password"), ("nobody_at_all", PASSWORD), ("nobody_at_all", "x")],
    ids=["wrong password", "unknown user", "both"],
)
def test_a_failed_sign_in_never_says_which_part_was_wrong(scorer, username, password):
    response = sign_in(username, password)
    assert error_of(response, 400) == ("invalid_credentials", None)
    assert (
        response.json()["errors"][0]["detail"]
        == (sign_in("sam_scorer", "another wrong one").json()["errors"][0]["detail"])
    )
    assert not DeviceToken.objects.exists()


def test_an_inactive_account_gets_the_same_answer(scorer):
    get_user_model().objects.filter(pk=scorer.pk).update(is_active=False)
    assert error_of(sign_in(), 400) == ("invalid_credentials", None)
    assert not DeviceToken.objects.exists()


def test_the_body_is_checked(scorer):
    response = APIClient().post(SIGN_IN, {"username": "sam_scorer"}, format="json")
    assert error_of(response, 400)[0] == "required"
    response = APIClient().post(SIGN_IN, {"username": "sam_scorer", "pin": 1}, format="json")
    assert error_of(response, 400)[0] in {"required", "unknown_field"}


def locked_out(response) -> None:
    assert error_of(response, 429) == ("locked_out", "username")
    assert "Too many failed sign-ins" in response.json()["errors"][0]["detail"]
    assert int(response["Retry-After"]) > 0


def test_failures_on_the_api_lock_the_api_out(scorer, director):
    for _ in range(LIMIT):
        assert error_of(sign_in(password="wrong"), 400)[0] == "invalid_credentials"
    locked_out(sign_in())  # the right password too: not even checked
    assert not DeviceToken.objects.exists()
    assert sign_in(REMOTE_ADDR="10.0.0.9").status_code == 201  # another address is not locked
    assert sign_in("dora_director").status_code == 201  # nor another username


def test_failures_on_the_page_lock_the_api_out(scorer):
    for _ in range(LIMIT):
        assert "Please enter a correct username and password" in page_refusal(password="wrong")
    locked_out(sign_in())
    assert not DeviceToken.objects.exists()


def test_failures_on_the_api_lock_the_page_out(scorer):
    for _ in range(LIMIT - 1):
        sign_in(password="wrong")
    assert "Please enter a correct username" in page_refusal(password="wrong")  # the fifth
    assert "Too many failed sign-ins. Wait 15 minutes" in page_refusal()
    assert "_auth_user_id" not in page_sign_in().session


def test_a_success_clears_the_count(scorer):
    for _ in range(LIMIT - 1):
        sign_in(password="wrong")
    assert "_auth_user_id" in page_sign_in().session  # a success on the page clears it
    for _ in range(LIMIT - 1):
        sign_in(password="wrong")
    assert sign_in().status_code == 201
