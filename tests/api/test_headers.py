"""hearts_site/headers.py reads a header as Django's ``request.headers`` would give it."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from hearts_site.headers import request_header

SENT = {
    "HTTP_AUTHORIZATION": "Token abc",
    "HTTP_IF_MATCH": '"7"',
    "HTTP_IF_NONE_MATCH": 'W/"3", "4"',
    "HTTP_IDEMPOTENCY_KEY": "k-1",
}


@pytest.mark.parametrize(
    "name", ["Authorization", "if-match", "If-None-Match", "IDEMPOTENCY-KEY", "Accept"]
)
def test_it_gives_what_request_headers_gives(name):
    request = RequestFactory().get("/", **SENT)
    assert request_header(request, name) == request.headers.get(name)
    assert request_header(request, name, "absent") == request.headers.get(name, "absent")
