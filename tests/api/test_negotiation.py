"""The negotiation's shortcut (hearts_site.negotiation.UsualAcceptFirst) answers exactly as
DRF's own negotiation does, or leaves the request to it."""

from __future__ import annotations

import pytest
from django.http import Http404
from rest_framework import exceptions
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from hearts_site.negotiation import UsualAcceptFirst
from scoring.renderers import StandingsCSVRenderer

ACCEPTS = [
    None,
    "*/*",
    "application/json",
    "application/json; indent=4",
    "text/csv",
    "text/html",
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "application/xml",
    "*/*;q=0.1, text/csv",
]
RENDERERS = [
    [JSONRenderer()],
    [JSONRenderer(), StandingsCSVRenderer()],
    [StandingsCSVRenderer(), JSONRenderer()],
    [JSONRenderer(), BrowsableAPIRenderer()],
]


def choose(negotiation, accept, renderers, query, suffix):
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().get("/x/" + query, **headers))
    try:
        renderer, media_type = negotiation.select_renderer(request, renderers, suffix)
    except (exceptions.NotAcceptable, Http404) as error:
        return type(error).__name__
    return type(renderer).__name__, media_type


@pytest.mark.parametrize("accept", ACCEPTS)
@pytest.mark.parametrize("renderers", RENDERERS, ids=lambda r: "+".join(x.format for x in r))
@pytest.mark.parametrize("query,suffix", [("", None), ("?format=csv", None), ("", "json")])
def test_it_chooses_what_drf_chooses(accept, renderers, query, suffix):
    assert choose(UsualAcceptFirst(), accept, renderers, query, suffix) == choose(
        DefaultContentNegotiation(), accept, renderers, query, suffix
    )
