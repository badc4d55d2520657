"""Cross-origin calls to the API (django-cors-headers, ``/api/`` only): a public read from any
origin, anything else only from the origins a deployer lists (``HEARTS_CORS_ORIGINS``).

A public read is a ``GET`` or ``HEAD`` without ``Authorization`` (and its preflight, asking
for no more than that): a club's website shows its league table with ``fetch``, whatever its
address. It is answered ``Access-Control-Allow-Origin: *``, and its preflight allows ``GET``
and ``HEAD`` and the headers a read may send, never ``Authorization``, so a browser that
kept it cannot send a token on its strength. A token call (``Authorization``, or any write)
needs a listed origin. No answer allows credentials: the API's cookie session is for the
pages of this site alone, and a token is a header, not a credential in CORS's sense."""

from __future__ import annotations

from urllib.parse import urlsplit

from corsheaders.conf import conf
from corsheaders.middleware import (
    ACCESS_CONTROL_ALLOW_HEADERS,
    ACCESS_CONTROL_ALLOW_METHODS,
    ACCESS_CONTROL_ALLOW_ORIGIN,
    ACCESS_CONTROL_EXPOSE_HEADERS,
    ACCESS_CONTROL_MAX_AGE,
)
from corsheaders.middleware import CorsMiddleware as LibraryCorsMiddleware
from django.utils.cache import patch_vary_headers

READS = frozenset({"GET", "HEAD"})
# The request headers a public read may send from another origin (beyond CORS's safelisted).
READ_HEADERS = ("accept", "if-none-match", "x-request-id")


def requested_headers(request) -> set[str]:
    asked = request.headers.get("Access-Control-Request-Headers", "")
    return {name.strip().lower() for name in asked.split(",") if name.strip()}


def public_read(request) -> bool:
    """A read that carries no token, or the preflight of one."""
    if request.method == "OPTIONS":
        method = request.headers.get("Access-Control-Request-Method", "").upper()
        return method in READS and requested_headers(request) <= set(READ_HEADERS)
    return request.method in READS and "authorization" not in request.headers


class CorsMiddleware(LibraryCorsMiddleware):
    """django-cors-headers for the listed origins; a public read from any other origin."""

    def add_response_headers(self, request, response):
        enabled = getattr(request, "_cors_enabled", None)  # set for the preflight's check
        if enabled is None:
            enabled = self.is_enabled(request)
        origin = request.headers.get("origin")
        if not enabled or not origin or self.listed(origin):
            return super().add_response_headers(request, response)
        # Another origin, on the API: a public read is allowed to anyone, nothing else.
        patch_vary_headers(response, ("origin",))
        if public_read(request):
            response[ACCESS_CONTROL_ALLOW_ORIGIN] = "*"
            response[ACCESS_CONTROL_EXPOSE_HEADERS] = ", ".join(conf.CORS_EXPOSE_HEADERS)
            if request.method == "OPTIONS":
                response[ACCESS_CONTROL_ALLOW_METHODS] = ", ".join(sorted(READS))
                response[ACCESS_CONTROL_ALLOW_HEADERS] = ", ".join(READ_HEADERS)
                response[ACCESS_CONTROL_MAX_AGE] = str(conf.CORS_PREFLIGHT_MAX_AGE)
        return response

    def listed(self, origin: str) -> bool:
        try:
            return self.origin_found_in_white_lists(origin, urlsplit(origin))
        except ValueError:
            return False
