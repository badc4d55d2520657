"""Request headers read one at a time, from the WSGI environ.

``request.headers`` first parses the name of every header of the request into a dict; DRF's
token check reading it that way was 5% of an adjudication's time under gunicorn (py-spy, the
fifth round in bench/RESULTS.md). The hot paths read the few headers they need here instead.
"""

from __future__ import annotations

from functools import cache
from typing import Any


def request_header(request: Any, name: str, default: Any = None) -> Any:
    """The header ``name`` (any case, e.g. ``"If-Match"``) as the client sent it, or
    ``default``. Not for Content-Type or Content-Length, which the environ keeps unprefixed."""
    return request.META.get(_environ_key(name), default)


@cache
def _environ_key(name: str) -> str:
    return "HTTP_" + name.upper().replace("-", "_")
