"""Every answer names its request (``X-Request-ID``), an error body too (``request_id``): made
here, or the one a trusted proxy sent, never a caller's own."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
HEX = re.compile(r"[0-9a-f]{32}")


@pytest.mark.parametrize("path", ["/api/v1/rulesets/", "/api/v1/nowhere/", "/", "/healthz"])
def test_every_answer_names_a_request_of_its_own(path):
    client = APIClient()
    first, second = client.get(path), client.get(path)
    assert HEX.fullmatch(first["X-Request-ID"]) and HEX.fullmatch(second["X-Request-ID"])
    assert first["X-Request-ID"] != second["X-Request-ID"]


def test_an_error_body_carries_the_answer_s_request_id():
    client = APIClient()
    for response in (
        client.get("/api/v1/nowhere/"),  # the root URLconf's 404
        client.get("/api/v1/clubs/", {"bogus": 1}),  # DRF's 400
        client.post("/api/v1/clubs/", {}, format="json"),  # 401
    ):
        assert response.status_code >= 400
        assert response.json()["request_id"] == response["X-Request-ID"]


def test_a_trusted_proxy_s_request_id_is_kept_and_anyone_else_s_is_not(settings):
    settings.HEARTS_TRUSTED_PROXIES = ["10.0.0.0/8"]
    proxied = APIClient(REMOTE_ADDR="10.0.0.5", HTTP_X_REQUEST_ID="lb-7f3a.42")
    assert proxied.get("/api/v1/clubs/", {"bogus": 1})["X-Request-ID"] == "lb-7f3a.42"
    assert proxied.get("/api/v1/clubs/", {"bogus": 1}).json()["request_id"] == "lb-7f3a.42"
    caller = APIClient(REMOTE_ADDR="198.51.100.7", HTTP_X_REQUEST_ID="lb-7f3a.42")
    assert HEX.fullmatch(caller.get("/api/v1/clubs/")["X-Request-ID"])


@pytest.mark.parametrize("sent", ["", "a b", "x" * 129, "id\u00e9", "line\nbreak"])
def test_a_proxy_s_request_id_that_a_log_would_misread_is_replaced(settings, sent):
    settings.HEARTS_TRUSTED_PROXIES = ["10.0.0.0/8"]
    client = APIClient(REMOTE_ADDR="10.0.0.5", HTTP_X_REQUEST_ID=sent)
    assert HEX.fullmatch(client.get("/api/v1/clubs/")["X-Request-ID"])
