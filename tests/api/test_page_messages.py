"""Django's messages are set up for the pages and the admin, never for the API: an API request
skips the message store (a cost every adjudication paid for nothing), and a page still shows
the notice a form left for it."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_an_api_request_sets_up_no_message_store():
    response = Client().get("/api/v1/rulesets/")
    assert response.status_code == 200
    assert not hasattr(response.wsgi_request, "_messages")


def test_a_page_request_still_has_its_message_store():
    response = Client().get("/")
    assert response.status_code == 200
    assert hasattr(response.wsgi_request, "_messages")
