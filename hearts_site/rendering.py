"""Response bodies rendered once per version of what they show, and sent again as they are.

A league table or a scoreboard changes only when its data does, while phones and browsers ask
for it over and over. Their views name a key that holds a version of everything the body shows
(a club's random results version; a game's version and last change), read from the database
on every request, so a kept body is never stale: a change makes a new key. Bodies are kept in
the worker's memory, then in the shared cache (Redis or the database table), else built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import cache, caches
from django.http import HttpResponse, HttpResponseBase
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

KEEP_SECONDS = 7 * 24 * 3600  # a new version makes a new key: this only frees the room
# Formats whose bytes depend on the data alone (a browsable page would carry the user's name and
# CSRF token): any other is rendered for each request as usual.
KEPT_FORMATS = frozenset({"json", "csv"})


def kept_rendering(
    view: APIView, request: Request, key: str, build: Callable[[], Any]
) -> HttpResponseBase:
    """The body for ``key`` in the negotiated format, rendered once."""
    renderer = request.accepted_renderer
    if renderer.format not in KEPT_FORMATS:
        return Response(build())
    key = f"rendered:{renderer.format}:{key}"
    mine = caches["rendered"]
    content = mine.get(key)
    if content is None:
        content = cache.get(key)
        if content is None:
            content = renderer.render(
                build(), request.accepted_media_type, view.get_renderer_context()
            )
            if isinstance(content, str):
                content = content.encode(renderer.charset)
            cache.set(key, content, KEEP_SECONDS)
        mine.set(key, content)
    charset = f"; charset={renderer.charset}" if renderer.charset else ""
    return HttpResponse(content, content_type=f"{renderer.media_type}{charset}")
