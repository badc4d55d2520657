"""Writes are throttled per user — every device of a user shares one budget — never per
address alone, since every phone at a venue shares one address. Adjudications, which store
nothing, are counted per caller too, in each worker's memory."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from hearts_site.api.throttling import LOCAL_COUNTS, LocalCounts
from scoring import services
from scoring.api.throttling import WriteRateThrottle
from scoring.models import WriteCount
from scoring.services import throttling

pytestmark = pytest.mark.django_db
TOKENS_URL = "/api/v1/auth/tokens/"
ADJUDICATE_URL = "/api/v1/adjudications/"
BODY = {"plays": ["2C"], "first_leader": 0}


@pytest.fixture
def three_per_minute(throttle_rates):
    throttle_rates({"writes": "3/min", "computations": "3/min"})


def token_client(user, name: str) -> APIClient:
    """A device of ``user``'s, which knows of a spare token of theirs to revoke."""
    client = APIClient(REMOTE_ADDR="203.0.113.7")  # the venue's one address
    client.credentials(
        HTTP_AUTHORIZATION=f"Token {services.create_device_token(user=user, name=name)[1]}"
    )
    client.write_url = f"{TOKENS_URL}{services.create_device_token(user=user, name='spare')[0].pk}/"
    return client


def write(client: APIClient):
    """A write any signed-in user may repeat: revoking a spare token (again)."""
    return client.delete(client.write_url)


def adjudicate(client: APIClient) -> int:
    return client.post(ADJUDICATE_URL, BODY, format="json").status_code


def test_a_user_is_throttled_across_devices_but_not_their_neighbours(
    three_per_minute, django_user_model
):
    ann = django_user_model.objects.create_user("ann", password="x")
    bob = django_user_model.objects.create_user("bob", password="x")
    phone, tablet = token_client(ann, "phone"), token_client(ann, "tablet")
    assert [write(phone).status_code for _ in range(2)] == [200, 200]
    assert write(tablet).status_code == 200
    refused = write(tablet)
    assert refused.status_code == 429
    assert refused.json()["errors"][0]["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    neighbour = token_client(bob, "phone")  # same address, another user: own budget
    assert write(neighbour).status_code == 200


def test_reads_are_not_throttled(three_per_minute, django_user_model):
    ann = django_user_model.objects.create_user("ann", password="x")
    phone = token_client(ann, "phone")
    assert {phone.get("/api/v1/rulesets/").status_code for _ in range(6)} == {200}


def test_the_write_count_is_in_the_database_shared_by_every_worker(
    three_per_minute, django_user_model
):
    ann = django_user_model.objects.create_user("ann", password="x")
    phone = token_client(ann, "phone")
    for _ in range(3):
        write(phone)
    assert WriteCount.objects.get(key=f"writes:user:{ann.pk}").hits == 3


def test_a_new_window_gives_the_whole_budget_back(three_per_minute, django_user_model, monkeypatch):
    clock = [60.0 * 16_666]  # the start of a minute
    monkeypatch.setattr(WriteRateThrottle, "timer", lambda self: clock[0])
    ann = django_user_model.objects.create_user("ann", password="x")
    phone = token_client(ann, "phone")
    assert [write(phone).status_code for _ in range(4)] == [200] * 3 + [429]
    clock[0] += 45
    refused = write(phone)
    assert (refused.status_code, refused["Retry-After"]) == (429, "15")
    clock[0] += 15  # the next minute
    assert [write(phone).status_code for _ in range(4)] == [200] * 3 + [429]


def test_adjudications_are_counted_per_signed_in_user_across_devices(
    three_per_minute, django_user_model
):
    ann = django_user_model.objects.create_user("ann", password="x")
    bob = django_user_model.objects.create_user("bob", password="x")
    phone, tablet = token_client(ann, "phone"), token_client(ann, "tablet")
    assert [adjudicate(phone), adjudicate(tablet), adjudicate(phone)] == [200, 200, 200]
    refused = tablet.post(ADJUDICATE_URL, BODY, format="json")
    assert (refused.status_code, refused.json()["errors"][0]["code"]) == (429, "throttled")
    assert adjudicate(token_client(bob, "phone")) == 200


def test_anonymous_adjudications_are_counted_per_address(throttle_rates):
    throttle_rates({"computations": "2/min"})
    here, there = APIClient(REMOTE_ADDR="198.51.100.1"), APIClient(REMOTE_ADDR="198.51.100.2")
    assert [adjudicate(here) for _ in range(3)] == [200, 200, 429]
    assert adjudicate(there) == 200


def test_an_adjudication_is_counted_in_the_worker_without_a_database_statement(
    three_per_minute,
):
    client = APIClient(REMOTE_ADDR="198.51.100.3")
    with CaptureQueriesContext(connection) as queries:
        assert adjudicate(client) == 200
    assert len(queries) == 0
    assert not WriteCount.objects.exists()
    assert LOCAL_COUNTS.counts["computations:anon:198.51.100.3"][1] == 1


def test_a_write_does_not_spend_the_adjudication_budget(three_per_minute, django_user_model):
    ann = django_user_model.objects.create_user("ann", password="x")
    phone = token_client(ann, "phone")
    assert [write(phone).status_code for _ in range(3)] == [200] * 3
    assert [adjudicate(phone) for _ in range(4)] == [200] * 3 + [429]


def test_local_counts_start_each_window_afresh_and_stay_bounded():
    counts = LocalCounts(limit=3)
    assert [counts.count("a", 7) for _ in range(3)] == [1, 2, 3]
    assert counts.count("a", 8) == 1
    counts.count("b", 8)
    counts.count("c", 8)
    assert counts.count("d", 9) == 1  # full: the callers of window 8 are dropped
    assert set(counts.counts) == {"d"}
    counts.count("e", 9)
    counts.count("f", 9)
    assert counts.count("g", 9) == 1  # full of this window's callers: it starts over
    assert set(counts.counts) == {"g"}


def test_a_new_window_may_sweep_the_counts_of_windows_long_past(monkeypatch):
    monkeypatch.setattr(throttling, "SWEEP_CHANCE", 1.0)
    WriteCount.objects.create(key="writes:anon:192.0.2.9", bucket=5, hits=40)
    WriteCount.objects.create(key="writes:anon:192.0.2.8", bucket=99, hits=2)
    assert throttling.count_write("writes:user:1", 100) == 1
    assert sorted(WriteCount.objects.values_list("bucket", flat=True)) == [99, 100]


def test_the_system_check_refuses_an_sqlite_without_upsert_returning(monkeypatch, settings):
    import sqlite3

    from scoring import checks

    settings.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3"}}
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 31, 1))
    assert [m.id for m in checks.sqlite_new_enough(None)] == ["hearts.E001"]
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 40, 1))
    assert checks.sqlite_new_enough(None) == []


def test_the_write_counts_skip_the_write_ahead_log_on_postgresql():
    table = WriteCount._meta.db_table
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT relpersistence FROM pg_class WHERE relname = %s", [table])
            assert cursor.fetchone() == ("u",)  # unlogged
    else:
        assert table in connection.introspection.table_names()


def test_a_forged_forwarded_for_does_not_escape_the_anonymous_budget(throttle_rates):
    throttle_rates({"computations": "2/min"})
    statuses = [
        adjudicate(APIClient(REMOTE_ADDR="198.51.100.4", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}"))
        for n in range(3)
    ]
    assert statuses == [200, 200, 429]


def test_behind_a_trusted_proxy_anonymous_callers_are_counted_apart(throttle_rates, settings):
    settings.HEARTS_TRUSTED_PROXIES = ["10.0.0.0/8"]
    throttle_rates({"computations": "2/min"})

    def via_proxy(client_address: str) -> APIClient:
        return APIClient(REMOTE_ADDR="10.1.2.3", HTTP_X_FORWARDED_FOR=client_address)

    assert [adjudicate(via_proxy("198.51.100.5")) for _ in range(3)] == [200, 200, 429]
    assert adjudicate(via_proxy("198.51.100.6")) == 200
