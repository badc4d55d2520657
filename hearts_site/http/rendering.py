"""Response bodies rendered once per version of what they show, and sent again as they are.

A league table or a scoreboard changes only when its data does, while phones and browsers ask
for it over and over. Their views name a key that holds a version of everything the body shows
(a club's random results version; a game's version and last change), read from the database
on every request, so a kept body is never stale: a change makes a new key. Bodies are kept in
the worker's memory, then in the shared "kept" cache (Redis or a database table), else built;
a shared cache that fails is passed over, never a failed request.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.http import HttpResponse, HttpResponseBase
from django.utils.translation import get_language
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

logger = logging.getLogger(__name__)
KEEP_SECONDS = 7 * 24 * 3600  # a new version makes a new key: this only frees the room
# Formats whose bytes depend on the data alone (a browsable page would carry the user's name and
# CSRF token): any other is rendered for each request as usual.
KEPT_FORMATS = frozenset({"json", "csv"})
FORMAT_REVISION = 3  # raise it when a kept representation changes shape (3: a game's table)


def _everyone() -> str:
    return ""


#: Who the body is for, as far as it changes what a body shows (a name a player hid: every
#: reader who may see the same names shares one key). An app sets it in its ``ready``
#: (scoring: ``scoring.selectors.names.audience_key``); every kept body is keyed by it.
audience_key: list[Callable[[], str]] = [_everyone]


def kept_rendering(
    view: APIView,
    request: Request,
    key: str,
    build: Callable[[], Any],
    keep: Callable[[], bool] = lambda: True,
) -> HttpResponseBase:
    """The body for ``key`` in the negotiated representation, rendered once. ``keep``, asked
    after a build, says whether the version the key names is still current (a body built while
    a write committed is sent, not kept)."""
    renderer = request.accepted_renderer
    # A media type with parameters (JSON's indent, or any a client makes up) is rendered as
    # asked, not kept: a caller could otherwise fill the cache with copies of one body.
    if renderer.format not in KEPT_FORMATS or ";" in request.accepted_media_type:
        return Response(build())
    # A format revision: a body kept by a release that rendered differently is never sent.
    # And the language: a body may carry words (a ruleset's description, a refusal).
    audience = audience_key[0]()
    described = f"{FORMAT_REVISION}:{get_language()}:{audience}:{renderer.format}:{key}"
    key = f"rendered:{hashlib.sha256(described.encode()).hexdigest()}"  # fit for any cache
    mine, shared = caches["rendered"], caches["kept"]
    content = mine.get(key)
    if content is None:
        content = _shared(shared.get, key)
        if content is None:
            content = renderer.render(
                build(), request.accepted_media_type, view.get_renderer_context()
            )
            if isinstance(content, str):
                content = content.encode(renderer.charset)
            if not keep():
                return _response(renderer, content)
            _shared(shared.set, key, content, KEEP_SECONDS)
        mine.set(key, content)
    return _response(renderer, content)


def kept_value(key: str, build: Callable[[], Any]) -> Any:
    """A value kept in the shared cache under ``key`` (which names a version of what it holds),
    built on a miss: the pages' tables, say. One a language (a value may hold words) and an
    audience (names)."""
    shared = caches["kept"]
    key = f"{key}:{get_language()}:{audience_key[0]()}"
    value = _shared(shared.get, key)
    if value is None:
        value = build()
        _shared(shared.set, key, value, KEEP_SECONDS)
    return value


def _response(renderer, content: bytes) -> HttpResponse:
    charset = f"; charset={renderer.charset}" if renderer.charset else ""
    return HttpResponse(content, content_type=f"{renderer.media_type}{charset}")


def _shared(operation: Callable[..., Any], *args: Any) -> Any:
    try:
        return operation(*args)
    except Exception:  # Redis away, say: build the body instead of failing the request
        logger.warning("the kept-bodies cache failed; building instead", exc_info=True)
        return None
