"""Each counted request's answer shows its budgets, as draft-ietf-httpapi-ratelimit-headers-10
writes them: ``RateLimit-Policy: "writes";q=3;w=60`` and ``RateLimit: "writes";r=2;t=40``,
from the count the throttle read (no other query); an answer nothing counted shows none."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from scoring.api.throttling import WriteRateThrottle
from tests.hardening.test_throttling import (
    ADJUDICATE_URL,
    BODY,
    three_per_minute,  # noqa: F401 (a fixture)
    token_client,
    write,
)

pytestmark = pytest.mark.django_db
STATE = re.compile(r'"(?P<name>[a-z]+)";r=(?P<r>\d+);t=(?P<t>\d+)')


def remaining(response) -> tuple[str, int, int]:
    """(the budget's name, r, t) of an answer's one RateLimit."""
    found = STATE.fullmatch(response["RateLimit"])
    assert found, response["RateLimit"]
    return found["name"], int(found["r"]), int(found["t"])


def test_each_counted_write_shows_its_budget_falling_to_the_429(
    three_per_minute,  # noqa: F811
    django_user_model,
):
    phone = token_client(django_user_model.objects.create_user("ann", password="x"), "phone")
    answers = [write(phone) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert {a["RateLimit-Policy"] for a in answers} == {'"writes";q=3;w=60'}
    assert [remaining(a)[:2] for a in answers] == [("writes", 2), ("writes", 1), ("writes", 0)] + [
        ("writes", 0)
    ]
    assert all(0 < remaining(a)[2] <= 60 for a in answers)
    refused = answers[-1]
    assert abs(remaining(refused)[2] - int(refused["Retry-After"])) <= 1


def test_the_window_s_end_is_when_the_budget_comes_back(
    three_per_minute,  # noqa: F811
    django_user_model,
    monkeypatch,
):
    monkeypatch.setattr(WriteRateThrottle, "timer", lambda self: 60.0 * 16_666 + 45.2)
    phone = token_client(django_user_model.objects.create_user("ann", password="x"), "phone")
    assert remaining(write(phone)) == ("writes", 2, 15)


def test_an_answer_nothing_counted_shows_no_budget(three_per_minute, django_user_model):  # noqa: F811
    phone = token_client(django_user_model.objects.create_user("ann", password="x"), "phone")
    read = phone.get("/api/v1/rulesets/")
    assert "RateLimit" not in read and "RateLimit-Policy" not in read
    page = APIClient().get("/")
    assert "RateLimit" not in page


def test_adjudications_and_sign_ups_show_their_own_budgets(throttle_rates):
    throttle_rates({"computations": "5/min", "signups": "4/hour"})
    here = APIClient(REMOTE_ADDR="198.51.100.9")
    ruled = here.post(ADJUDICATE_URL, BODY, format="json")
    assert (ruled["RateLimit-Policy"], remaining(ruled)[:2]) == (
        '"computations";q=5;w=60',
        ("computations", 4),
    )
    signed = here.post("/api/v1/auth/sign-up/", {"username": "x"}, format="json")
    assert signed.status_code == 400  # counted all the same: every attempt is
    assert (signed["RateLimit-Policy"], remaining(signed)[:2]) == (
        '"signups";q=4;w=3600',
        ("signups", 3),
    )


def test_the_headers_cost_no_query(three_per_minute, django_user_model, settings):  # noqa: F811
    ann = django_user_model.objects.create_user("ann", password="x")
    phone = token_client(ann, "phone")
    with CaptureQueriesContext(connection) as shown:
        assert "RateLimit" in write(phone)
    settings.MIDDLEWARE = [
        name for name in settings.MIDDLEWARE if not name.endswith("RateLimitHeadersMiddleware")
    ]
    tablet = token_client(ann, "tablet")  # a client of its own builds the middleware anew
    with CaptureQueriesContext(connection) as hidden:
        assert "RateLimit" not in write(tablet)
    assert len(shown) == len(hidden)
