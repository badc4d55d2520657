"""Every response names its request: ``X-Request-ID``, so that an integrator can quote it and an
operator find it in the access log (gunicorn's format logs the response's header) and in
every error body (``request_id``).

The id a trusted proxy sends (a peer inside ``HEARTS_TRUSTED_PROXIES``, as
``client_address.py`` trusts it for ``X-Forwarded-For``) is kept, so one id follows the request
through the proxy's log and ours; anyone else's is ignored and a new one made, so a caller
cannot write what our log shows."""

from __future__ import annotations

import re
import uuid

from hearts_site.http.client_address import from_trusted_proxy

HEADER = "X-Request-ID"
# What a proxy's id may be: the usual UUID, hex or base64 forms, nothing a log would misread.
ACCEPTED = re.compile(r"[A-Za-z0-9._:+/=-]{1,128}")


def request_id(request) -> str:
    """The id the middleware gave ``request`` (a Django or DRF request); "" for a request
    that never went through it (a view called directly)."""
    return getattr(request, "request_id", "")


def _sent_by_proxy(request) -> str | None:
    sent = request.META.get("HTTP_X_REQUEST_ID", "")
    if not sent or ACCEPTED.fullmatch(sent) is None or not from_trusted_proxy(request):
        return None
    return sent


class RequestIdMiddleware:
    """First in the stack: every response, whatever answered it, says its request's id."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.request_id = _sent_by_proxy(request) or uuid.uuid4().hex
        response = self.get_response(request)
        response[HEADER] = request.request_id
        return response
