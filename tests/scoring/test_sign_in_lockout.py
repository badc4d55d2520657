"""The sign-in lockout (django-axes): the admin's sign-in counted too, the client address
read only from trusted proxies, counts that outlive the cache, and an account-wide backoff
that slows a guesser spread over many addresses without locking the owner out."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import DeviceToken

from .conftest import PASSWORD
from .support import API, error_of

SIGN_IN = f"{API}/auth/sign-in/"
ADMIN = "/admin/login/"
LIMIT = 5  # settings.AXES_FAILURE_LIMIT


def sign_in(password=PASSWORD, username="sam_scorer", **extra):
    body = {"username": username, "password": password, "device_name": "phone"}
    return APIClient(**extra).post(SIGN_IN, body, format="json")


def admin_sign_in(password=PASSWORD, username="sam_scorer", **extra):
    client = Client(**extra)
    response = client.post(ADMIN, {"username": username, "password": password, "next": "/admin/"})
    return response, client


@pytest.fixture
def staff_scorer(scorer):
    get_user_model().objects.filter(pk=scorer.pk).update(is_staff=True, is_superuser=True)
    return scorer


def test_failures_on_the_api_lock_the_admin_sign_in_out(staff_scorer):
    for _ in range(LIMIT):
        assert error_of(sign_in("wrong"), 400)[0] == "invalid_credentials"
    response, client = admin_sign_in()  # the right password
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_failures_on_the_admin_sign_in_lock_the_api_out(staff_scorer):
    for _ in range(LIMIT):
        assert admin_sign_in("wrong")[0].status_code in {200, 429}
    assert error_of(sign_in(), 429) == ("locked_out", "username")
    assert not DeviceToken.objects.exists()
    response, client = admin_sign_in(REMOTE_ADDR="10.0.0.9")  # another address is not locked
    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_the_counts_outlive_the_cache(scorer):
    for _ in range(LIMIT):
        sign_in("wrong")
    for alias in ("default", "kept"):
        caches[alias].clear()
    assert error_of(sign_in(), 429) == ("locked_out", "username")


def test_a_forged_forwarded_for_from_an_untrusted_peer_changes_nothing(scorer):
    for n in range(LIMIT):
        sign_in("wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
    assert error_of(sign_in(HTTP_X_FORWARDED_FOR="198.51.100.99"), 429)[0] == "locked_out"


def test_behind_a_trusted_proxy_each_client_is_counted_apart(scorer, settings):
    settings.HEARTS_TRUSTED_PROXIES = ["10.0.0.0/8"]
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for _ in range(LIMIT):
        sign_in("wrong", HTTP_X_FORWARDED_FOR="198.51.100.1", **proxy)
    assert error_of(sign_in(HTTP_X_FORWARDED_FOR="198.51.100.1", **proxy), 429)[0] == "locked_out"
    assert sign_in(HTTP_X_FORWARDED_FOR="198.51.100.2", **proxy).status_code == 201


def test_twenty_five_guesses_over_five_addresses_lock_the_account_from_new_addresses(scorer):
    assert sign_in(REMOTE_ADDR="192.0.2.10").status_code == 201  # the owner's usual address
    for address in range(1, 6):
        for _ in range(LIMIT):
            sign_in("wrong", REMOTE_ADDR=f"203.0.113.{address}")
    refused = sign_in(REMOTE_ADDR="203.0.113.6")  # a sixth address, the right password
    assert error_of(refused, 429) == ("locked_out", "username")
    assert int(refused["Retry-After"]) > 0
    # The stranger slowed the guessing down but did not lock the owner out of their place.
    assert sign_in(REMOTE_ADDR="192.0.2.10").status_code == 201


def test_a_few_failures_over_many_addresses_do_not_back_the_account_off(scorer):
    for address in range(1, 5):
        for _ in range(LIMIT - 1):
            sign_in("wrong", REMOTE_ADDR=f"203.0.113.{address}")
    assert sign_in(REMOTE_ADDR="203.0.113.9").status_code == 201


def test_a_request_without_an_address_is_counted_not_a_500(scorer):
    """A server that gives no REMOTE_ADDR (a WSGI call made by hand) still counts failures."""
    for _ in range(LIMIT):
        assert error_of(sign_in("wrong", REMOTE_ADDR=""), 400)[0] == "invalid_credentials"
    assert error_of(sign_in(REMOTE_ADDR=""), 429)[0] == "locked_out"
