"""Device tokens (issue 32, item 1): only a password sign-in makes one, never another token;
one unused for DEVICE_TOKEN_IDLE_DAYS stops working and each use renews it; the API and the
tokens page say when each expires."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from scoring import services
from scoring.models import DeviceToken

from .conftest import PASSWORD
from .support import API, error_of

TOKENS = f"{API}/auth/tokens/"
SIGN_IN = f"{API}/auth/sign-in/"


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def signed_in_session(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def test_a_device_token_cannot_make_tokens_even_with_the_password(scorer):
    """A token a token made would outlive revoking its maker (on main it was made, and did)."""
    maker, key = services.create_device_token(user=scorer, name="phone")
    phone = with_token(key)
    for body in ({"name": "spare"}, {"name": "spare", "password": PASSWORD}):
        refused = phone.post(TOKENS, body, format="json")
        assert error_of(refused, 403) == ("password_sign_in_required", None)
    assert list(DeviceToken.objects.filter(user=scorer)) == [maker]
    services.revoke_device_token(token=maker)
    assert phone.get(TOKENS).status_code == 401


def test_a_signed_in_session_makes_a_token_only_with_the_password_again(scorer):
    session = signed_in_session(scorer)
    missing = session.post(TOKENS, {"name": "tablet"}, format="json")
    assert error_of(missing, 400) == ("required", "password")
    wrong = session.post(TOKENS, {"name": "tablet", "password": "not it"}, format="json")
    assert error_of(wrong, 400) == ("wrong_password", "password")
    assert not DeviceToken.objects.exists()
    made = session.post(TOKENS, {"name": "tablet", "password": PASSWORD}, format="json")
    assert made.status_code == 201 and made.json()["key"]


def test_the_password_asked_again_is_counted_by_the_sign_in_lockout(scorer):
    session = signed_in_session(scorer)
    for _ in range(5):
        session.post(TOKENS, {"name": "tablet", "password": "guess"}, format="json")
    refused = session.post(TOKENS, {"name": "tablet", "password": PASSWORD}, format="json")
    assert error_of(refused, 429)[0] == "locked_out"
    assert int(refused["Retry-After"]) > 0
    assert not DeviceToken.objects.exists()


def test_a_password_is_never_hashed_into_a_kept_idempotency_fingerprint(scorer):
    from scoring.models import IdempotencyRecord

    session = signed_in_session(scorer)
    body = {"name": "tablet", "password": PASSWORD}
    first = session.post(TOKENS, body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    again = session.post(TOKENS, body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == again.status_code == 201 and again.json()["key"] is None
    stored = IdempotencyRecord.objects.get(user=scorer, key="k1")
    replayed_without = session.post(
        TOKENS, {"name": "tablet", "password": "anything"}, format="json", HTTP_IDEMPOTENCY_KEY="k1"
    )
    assert replayed_without.json()["key"] is None  # the same request, password aside
    assert PASSWORD not in str(stored.body)


def age(token: DeviceToken, **delta) -> None:
    DeviceToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now() - timedelta(**delta))


def test_a_token_unused_for_ninety_days_stops_working_and_each_use_renews_it(scorer, settings):
    assert timedelta(days=90) == settings.DEVICE_TOKEN_IDLE  # the default
    idle, idle_key = services.create_device_token(user=scorer, name="drawer")
    busy, busy_key = services.create_device_token(user=scorer, name="phone")
    age(idle, days=90, seconds=5)
    age(busy, days=89, hours=23)
    refused = with_token(idle_key).get(TOKENS)
    assert error_of(refused, 401)[0] == "authentication_failed"
    assert with_token(busy_key).get(TOKENS).status_code == 200
    renewed = DeviceToken.objects.get(pk=busy.pk)
    assert renewed.last_used_at > timezone.now() - timedelta(minutes=1)
    assert renewed.expires_at > timezone.now() + timedelta(days=89)


def test_a_token_never_used_expires_ninety_days_after_it_was_made(scorer):
    token, key = services.create_device_token(user=scorer, name="spare")
    DeviceToken.objects.filter(pk=token.pk).update(created_at=timezone.now() - timedelta(days=91))
    assert with_token(key).get(TOKENS).status_code == 401


def test_the_idle_period_is_a_setting(scorer, settings):
    settings.DEVICE_TOKEN_IDLE = timedelta(days=7)
    token, key = services.create_device_token(user=scorer, name="phone")
    age(token, days=8)
    assert with_token(key).get(TOKENS).status_code == 401


def test_the_list_says_when_each_token_expires(scorer):
    token, _ = services.create_device_token(user=scorer, name="phone")
    age(token, days=10)
    [row] = signed_in_session(scorer).get(TOKENS).json()["results"]
    used = DeviceToken.objects.get(pk=token.pk).last_used_at
    assert row["expires_at"] == (used + timedelta(days=90)).isoformat().replace("+00:00", "Z")


def test_the_tokens_page_shows_each_tokens_last_use_and_expiry_and_asks_for_the_password(
    scorer,
):
    live, _ = services.create_device_token(user=scorer, name="phone")
    old, _ = services.create_device_token(user=scorer, name="drawer")
    age(live, days=10)
    age(old, days=100)
    page = Client()
    page.force_login(scorer)
    shown = page.get("/account/tokens/").content.decode()
    expires = (DeviceToken.objects.get(pk=live.pk).expires_at).strftime("%-d %b %Y")
    assert f"expires {expires} unless used before" in shown
    assert "<strong>expired</strong>" in shown
    assert "last used" in shown

    refused = page.post("/account/tokens/", {"name": "tablet", "password": "wrong"})
    assert "That is not your password." in refused.content.decode()
    assert DeviceToken.objects.filter(user=scorer).count() == 2
    made = page.post("/account/tokens/", {"name": "tablet", "password": PASSWORD})
    assert "shown <strong>only once</strong>" in made.content.decode()
    assert DeviceToken.objects.filter(user=scorer, name="tablet").count() == 1


def test_a_device_sign_in_still_makes_a_token(scorer):
    body = {"username": scorer.username, "password": PASSWORD, "device_name": "phone"}
    made = APIClient().post(SIGN_IN, body, format="json")
    assert made.status_code == 201
    assert made.json()["expires_at"] > made.json()["created_at"]


@pytest.mark.parametrize("days", [1, 89])
def test_a_token_in_use_keeps_working(scorer, days):
    token, key = services.create_device_token(user=scorer, name="phone")
    age(token, days=days)
    assert with_token(key).get(TOKENS).status_code == 200


def test_a_password_changed_in_the_admin_ends_the_users_device_tokens(scorer):
    """The pages revoke tokens on a change; the admin's form (as ``manage.py changepassword``,
    which saves the same way) changes the password alone, and the tokens end with it."""
    _, key = services.create_device_token(user=scorer, name="phone")
    assert with_token(key).get(TOKENS).status_code == 200
    operator = get_user_model().objects.create_superuser("operator", password=PASSWORD)
    admin = Client()
    admin.force_login(operator)
    changed = admin.post(
        f"/admin/auth/user/{scorer.pk}/password/",
        {"password1": "a brand new long password", "password2": "a brand new long password"},
    )
    assert changed.status_code == 302, changed.content
    assert with_token(key).get(TOKENS).status_code == 401
    assert DeviceToken.objects.get(user=scorer).revoked_at is None  # ended, not marked


def test_a_token_made_after_a_password_change_works(scorer):
    scorer.set_password("a brand new long password")
    scorer.save()
    _, key = services.create_device_token(user=scorer, name="phone")
    assert with_token(key).get(TOKENS).status_code == 200
