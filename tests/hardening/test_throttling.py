"""Writes are throttled per user — every device of a user shares one budget — never per
address alone, since every phone at a venue shares one address."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from hearts_site.throttling import WriteRateThrottle
from scoring import services

pytestmark = pytest.mark.django_db
BODY = {"plays": ["2C"], "first_leader": 0}
URL = "/api/v1/adjudications/"


@pytest.fixture
def three_per_minute(monkeypatch):
    monkeypatch.setattr(WriteRateThrottle, "THROTTLE_RATES", {"writes": "3/min"})


def token_client(user, name: str) -> APIClient:
    client = APIClient(REMOTE_ADDR="203.0.113.7")  # the venue's one address
    client.credentials(
        HTTP_AUTHORIZATION=f"Token {services.create_device_token(user=user, name=name)[1]}"
    )
    return client


def test_a_user_is_throttled_across_devices_but_not_their_neighbours(
    three_per_minute, django_user_model
):
    ann = django_user_model.objects.create_user("ann", password="x")
    bob = django_user_model.objects.create_user("bob", password="x")
    phone, tablet = token_client(ann, "phone"), token_client(ann, "tablet")
    assert [phone.post(URL, BODY, format="json").status_code for _ in range(2)] == [200, 200]
    assert tablet.post(URL, BODY, format="json").status_code == 200
    refused = tablet.post(URL, BODY, format="json")
    assert refused.status_code == 429
    assert refused.json()["errors"][0]["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    neighbour = token_client(bob, "phone")  # same address, another user: own budget
    assert neighbour.post(URL, BODY, format="json").status_code == 200


def test_reads_are_not_throttled(three_per_minute, django_user_model):
    ann = django_user_model.objects.create_user("ann", password="x")
    phone = token_client(ann, "phone")
    assert {phone.get("/api/v1/rulesets/").status_code for _ in range(6)} == {200}


def test_the_throttle_counts_in_the_shared_cache(three_per_minute, django_user_model, settings):
    assert settings.CACHES["default"]["BACKEND"].endswith(("DatabaseCache", "RedisCache"))
    ann = django_user_model.objects.create_user("ann", password="x")
    phone = token_client(ann, "phone")
    for _ in range(3):
        phone.post(URL, BODY, format="json")
    from django.core.cache import cache

    history = cache.get(f"throttle_writes_user:{ann.pk}")
    assert history is not None and len(history) == 3
