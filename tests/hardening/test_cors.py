"""CORS on the API (hearts_site/http/cors.py): a public read from any origin, answered "*"; a token
call, or a write, only from an origin HEARTS_CORS_ORIGINS lists; never credentials. The
browser's side of it: tests/pages/test_cors_browser.py."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
LISTED = "https://club.example.org"
ELSEWHERE = "https://elsewhere.example.net"
ALLOW_ORIGIN = "Access-Control-Allow-Origin"


@pytest.fixture(autouse=True)
def _one_listed_origin(settings):
    settings.CORS_ALLOWED_ORIGINS = [LISTED]


def preflight(method: str, headers: str, origin: str = ELSEWHERE, path="/api/v1/clubs/"):
    return APIClient().options(
        path,
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD=method,
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS=headers,
    )


def test_a_public_read_from_any_origin_is_allowed_without_credentials():
    read = APIClient().get("/api/v1/clubs/", HTTP_ORIGIN=ELSEWHERE)
    assert read.status_code == 200 and read[ALLOW_ORIGIN] == "*"
    assert "Access-Control-Allow-Credentials" not in read
    exposed = {name.strip() for name in read["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "RateLimit", "RateLimit-Policy", "Retry-After", "X-Request-ID"} <= exposed


def test_the_preflight_of_a_public_read_allows_no_token():
    allowed = preflight("GET", "if-none-match")
    assert allowed[ALLOW_ORIGIN] == "*"
    assert allowed["Access-Control-Allow-Methods"] == "GET, HEAD"
    assert "authorization" not in allowed["Access-Control-Allow-Headers"]


@pytest.mark.parametrize(
    ("method", "headers"), [("GET", "authorization"), ("POST", "content-type")]
)
def test_a_token_call_or_a_write_from_an_unlisted_origin_is_not_allowed(method, headers):
    assert ALLOW_ORIGIN not in preflight(method, headers)
    token_read = APIClient().get(
        "/api/v1/clubs/", HTTP_ORIGIN=ELSEWHERE, HTTP_AUTHORIZATION="Token nope"
    )
    assert ALLOW_ORIGIN not in token_read


def test_a_listed_origin_may_send_a_token_and_write_but_never_credentials():
    allowed = preflight("POST", "authorization, content-type, idempotency-key", origin=LISTED)
    assert allowed[ALLOW_ORIGIN] == LISTED
    assert {"authorization", "idempotency-key", "if-match"} <= {
        name.strip() for name in allowed["Access-Control-Allow-Headers"].split(",")
    }
    assert "POST" in allowed["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Credentials" not in allowed


def test_the_pages_and_the_schema_are_no_cross_origin_resource():
    for path in ("/", "/api/schema/"):
        assert ALLOW_ORIGIN not in APIClient().get(path, HTTP_ORIGIN=ELSEWHERE)
