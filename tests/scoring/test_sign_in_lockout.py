"""The sign-in lockout (django-axes): the admin's sign-in counted too, the client address
read only from trusted proxies, counts that outlive the cache, and an account-wide backoff
that slows a guesser spread over many addresses without locking the owner out."""

from __future__ import annotations

import io
import itertools
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from scoring.models import DeviceToken, SignInCount

from .conftest import PASSWORD
from .support import API, error_of

SIGN_IN = f"{API}/auth/sign-in/"
ADMIN = "/admin/login/"
LIMIT = 5  # settings.AXES_FAILURE_LIMIT
ACCOUNT_LIMIT = 20  # settings.SIGN_IN_ACCOUNT_FAILURE_LIMIT


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


# --- Issue 32, item 2: the real wait, and the account backoff over time -------------------------


class Clock:
    """The time as the lockout sees it, moved on by hand (axes and the service read it)."""

    def __init__(self, monkeypatch) -> None:
        self.now = timezone.now()
        for target in ("django.utils.timezone.now", "axes.attempts.now", "axes.handlers.proxy.now"):
            monkeypatch.setattr(target, lambda: self.now)

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def fresh_addresses():
    for n in itertools.count(1):
        yield f"198.18.{n // 250}.{n % 250 + 1}"


def test_retry_after_is_the_account_backoffs_wait_not_the_cool_off(scorer, clock):
    """Past the account limit a new address waits a minute: Retry-After says so (it said 900)."""
    addresses = fresh_addresses()
    for _ in range(ACCOUNT_LIMIT):
        assert sign_in("wrong", REMOTE_ADDR=next(addresses)).status_code == 400
    clock.advance(seconds=15)
    refused = sign_in(REMOTE_ADDR=next(addresses))
    assert error_of(refused, 429) == ("locked_out", "username")
    assert 40 <= int(refused["Retry-After"]) <= 45
    assert "1 minute" in refused.json()["errors"][0]["detail"]


def test_retry_after_of_a_locked_pair_counts_down(scorer, clock):
    for _ in range(LIMIT):
        sign_in("wrong")
    clock.advance(minutes=10)
    refused = sign_in()
    assert error_of(refused, 429)[0] == "locked_out"
    assert 295 <= int(refused["Retry-After"]) <= 300


def test_past_the_account_limit_fresh_addresses_get_about_one_guess_per_cool_off(scorer, clock):
    """A guesser with endless addresses, trying every 20 s for three hours: past the first
    cool-off, at most one guess in each cool-off is checked (it was 20 again each time the
    earlier failures were forgotten)."""
    addresses = fresh_addresses()
    checked = []  # the minute of each guess whose password was checked
    start = clock.now
    while clock.now < start + timedelta(hours=3):
        if sign_in("wrong", REMOTE_ADDR=next(addresses)).status_code == 400:
            checked.append((clock.now - start).total_seconds() / 60)
        clock.advance(seconds=20)
    cool_off = 15
    later = [m for m in checked if m >= cool_off]
    per_window = [sum(1 for m in later if w <= m < w + cool_off) for w in range(15, 180, 15)]
    assert max(per_window) <= 1, per_window
    assert len(checked) <= ACCOUNT_LIMIT + 5 + 11, len(checked)


def test_the_admins_refusal_says_the_real_wait(staff_scorer, clock):
    for _ in range(LIMIT):
        sign_in("wrong")
    clock.advance(minutes=14)
    response, _ = admin_sign_in()
    assert response.status_code == 429
    assert 55 <= int(response["Retry-After"]) <= 60
    assert f"Wait {response['Retry-After']} seconds" in response.content.decode()


def test_axes_reset_username_clears_the_counts(scorer):
    for _ in range(LIMIT):
        sign_in("wrong")
    call_command("axes_reset_username", "sam_scorer", stdout=io.StringIO())
    assert sign_in().status_code == 201


def test_a_success_takes_its_attempt_back_from_the_account_count(scorer):
    """The owner signing in often never moves the account toward its limit."""
    for n in range(ACCOUNT_LIMIT + 5):
        assert sign_in(REMOTE_ADDR=f"203.0.113.{n + 1}").status_code == 201
    assert SignInCount.objects.get(username="sam_scorer", address="*").failures == 0


def test_asking_whether_a_username_is_locked_counts_nothing(scorer):
    from axes.handlers.proxy import AxesProxyHandler
    from django.test import RequestFactory

    request = RequestFactory().post(SIGN_IN, REMOTE_ADDR="203.0.113.77")
    for _ in range(LIMIT - 1):
        sign_in("wrong", REMOTE_ADDR="203.0.113.77")
    for _ in range(3):
        assert AxesProxyHandler.is_locked(request, {"username": "sam_scorer"}) is False
    assert sign_in(REMOTE_ADDR="203.0.113.77").status_code == 201
    sign_in("wrong", REMOTE_ADDR="203.0.113.78")
    assert SignInCount.objects.get(username="sam_scorer", address="203.0.113.78").failures == 1
