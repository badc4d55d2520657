"""hearts_site.http.rendering: a body is rendered once per key, and only when it may be kept."""

from __future__ import annotations

import pytest
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from hearts_site.http.rendering import kept_rendering

pytestmark = pytest.mark.django_db


def ask(accept: str = "application/json"):
    """A negotiated DRF request and its view, as a view's handler has them."""
    view = APIView()
    request = view.initialize_request(APIRequestFactory().get("/", HTTP_ACCEPT=accept))
    view.request, view.args, view.kwargs, view.format_kwarg = request, (), {}, None
    view.headers = view.default_response_headers
    request.accepted_renderer, request.accepted_media_type = view.perform_content_negotiation(
        request
    )
    return view, request


def counting(body: dict):
    built = []

    def build() -> dict:
        built.append(1)
        return body

    return built, build


def test_a_body_is_built_once_per_key_and_sent_as_kept():
    built, build = counting({"n": 1})
    for _ in range(3):
        view, request = ask()
        response = kept_rendering(view, request, "k-once", build)
        assert response.content == b'{"n":1}'
    assert len(built) == 1


def test_a_body_built_while_its_version_moved_on_is_sent_but_not_kept():
    built, build = counting({"n": 2})
    for _ in range(2):
        view, request = ask()
        response = kept_rendering(view, request, "k-moved", build, keep=lambda: False)
        assert response.content == b'{"n":2}'
    assert len(built) == 2  # kept, the second would have come from the cache


def test_a_media_type_with_parameters_is_rendered_as_asked_and_never_kept():
    built, build = counting({"n": 3})
    for indent in ("2", "4", "6"):
        view, request = ask(f"application/json; indent={indent}")
        response = view.finalize_response(request, kept_rendering(view, request, "k-ind", build))
        response.render()
        assert response.content.startswith(b"{\n" + b" " * int(indent))
    assert len(built) == 3
