"""Device tokens: a live token signs its user in, in one statement; its last use is written at
most once a minute; a revoked token or an inactive user is refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from scoring import services
from scoring.models import DeviceToken
from scoring.sql import user_of_token

pytestmark = pytest.mark.django_db
ME = "/api/v1/auth/tokens/"  # any read that needs a signed-in user


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password="x")


def client_with(key: str, keyword: str = "Token") -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{keyword} {key}")
    return client


def test_a_token_signs_its_user_in_and_writes_its_last_use_once_a_minute(ann):
    token, key = services.create_device_token(user=ann, name="phone")
    client = client_with(key)
    assert client.get(ME).status_code == 200
    first_use = DeviceToken.objects.get(pk=token.pk).last_used_at
    assert first_use is not None
    with CaptureQueriesContext(connection) as queries:
        assert client.get(ME).status_code == 200
    assert not any(q["sql"].startswith("UPDATE") for q in queries)
    assert DeviceToken.objects.get(pk=token.pk).last_used_at == first_use
    DeviceToken.objects.filter(pk=token.pk).update(last_used_at=first_use - timedelta(seconds=61))
    assert client_with(key, "Bearer").get(ME).status_code == 200
    assert DeviceToken.objects.get(pk=token.pk).last_used_at > first_use


def test_a_revoked_token_and_an_inactive_user_are_refused(ann):
    token, key = services.create_device_token(user=ann, name="phone")
    _, other_key = services.create_device_token(user=ann, name="tablet")
    DeviceToken.objects.filter(pk=token.pk).update(revoked_at=timezone.now())
    refused = client_with(key).get(ME)
    assert (refused.status_code, refused.json()["errors"][0]["code"]) == (
        401,
        "authentication_failed",
    )
    assert client_with(other_key).get(ME).status_code == 200
    ann.is_active = False
    ann.save()
    assert client_with(other_key).get(ME).status_code == 401
    assert client_with("not-a-token").get(ME).status_code == 401


def test_the_signed_in_user_is_a_whole_user(ann):
    _, key = services.create_device_token(user=ann, name="phone")
    ann.last_login = timezone.now()
    ann.save()
    now = timezone.now()
    user = user_of_token(DeviceToken.hash_key(key), now, now - timedelta(days=90))
    assert (user.pk, user.username, user.last_login, user.is_active) == (
        ann.pk,
        "ann",
        ann.last_login,
        True,
    )


@pytest.mark.parametrize(
    ("header", "detail"),
    [
        ("Token", "Invalid token header. No credentials provided."),
        ("Bearer", "Invalid token header. No credentials provided."),
        ("Token two parts", "Invalid token header. Token string should not contain spaces."),
        ("token \xe9t\xe9", "Invalid token header. Token string should not contain invalid"),
    ],
)
def test_a_malformed_token_header_is_refused_as_drf_words_it(header, detail):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    refused = client.get(ME)
    assert refused.status_code == 401
    error = refused.json()["errors"][0]
    assert (error["code"], error["detail"][: len(detail)]) == ("authentication_failed", detail)
    assert refused["WWW-Authenticate"] == "Token"


def test_another_scheme_is_not_a_token_and_leaves_the_caller_anonymous(ann):
    _, key = services.create_device_token(user=ann, name="phone")
    refused = client_with(key, "Basic").get(ME)
    assert (refused.status_code, refused.json()["errors"][0]["code"]) == (401, "not_authenticated")
    assert client_with(key, "TOKEN").get(ME).status_code == 200  # the keyword's case is free
