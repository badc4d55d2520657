"""A refusal's words marked for translation (a lazy string) still reach JSON as text: orjson
writes no lazy string, and the words must be read in the request's language, when made."""

from __future__ import annotations

import json

import orjson
from django.test import RequestFactory
from django.utils.translation import gettext_lazy, override

from hearts_site.errors import DATABASE_UNAVAILABLE_DETAIL, Conflict, error_json


def test_a_domain_error_keeps_its_lazy_detail_as_text():
    refusal = Conflict("game_finished", gettext_lazy("The game is already finished."))
    assert type(refusal.detail) is str
    assert orjson.loads(orjson.dumps({"detail": refusal.detail})) == {
        "detail": "The game is already finished."
    }


def test_an_error_body_made_outside_drf_writes_a_lazy_detail_as_text():
    request = RequestFactory().get("/api/v1/")
    with override("en"):
        response = error_json(request, 503, "database_unavailable", DATABASE_UNAVAILABLE_DETAIL)
    body = json.loads(response.content)
    assert body["errors"][0]["detail"] == (
        "The database is unreachable or too slow; try again shortly."
    )
