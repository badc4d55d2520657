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

import re
from urllib.parse import urlsplit

from corsheaders.conf import conf
from corsheaders.middleware import (
    ACCESS_CONTROL_ALLOW_HEADERS,
    ACCESS_CONTROL_ALLOW_METHODS,
    ACCESS_CONTROL_ALLOW_ORIGIN,
)
from corsheaders.middleware import CorsMiddleware as LibraryCorsMiddleware

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

    def check_signal(self, request) -> bool:
        # The library's hook for "allowed anyway": a public read, under CORS_URLS_REGEX only
        # (is_enabled asks this too, for any path).
        api = re.match(conf.CORS_URLS_REGEX, request.path_info) is not None
        return api and public_read(request)

    def add_response_headers(self, request, response):
        response = super().add_response_headers(request, response)
        if ACCESS_CONTROL_ALLOW_ORIGIN in response and not self.listed(request):
            response[ACCESS_CONTROL_ALLOW_ORIGIN] = "*"
            if request.method == "OPTIONS":
                response[ACCESS_CONTROL_ALLOW_METHODS] = ", ".join(sorted(READS))
                response[ACCESS_CONTROL_ALLOW_HEADERS] = ", ".join(READ_HEADERS)
        return response

    def listed(self, request) -> bool:
        origin = request.headers.get("origin", "")
        try:
            return self.origin_found_in_white_lists(origin, urlsplit(origin))
        except ValueError:
            return False
