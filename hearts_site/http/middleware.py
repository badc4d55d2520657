"""The site's own middleware: a database outage (or a missing table) outside DRF as a 503 JSON
body, as the API's error mapping gives it; a body sent in chunks refused (411); and Django's
messages set up for the pages and the admin only, not for ``/api/v1/``."""

from __future__ import annotations

import logging

from django.contrib.messages.middleware import MessageMiddleware
from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.utils.translation import gettext as _

from hearts_site import uploads
from hearts_site.database.pool import drop_idle_connections
from hearts_site.deploy_steps import is_missing_table
from hearts_site.errors import (
    DATABASE_UNAVAILABLE,
    DATABASE_UNAVAILABLE_DETAIL,
    SETUP_INCOMPLETE,
    SETUP_INCOMPLETE_DETAIL,
    PayloadTooLarge,
    error_json,
    log_missing_table,
)

logger = logging.getLogger(__name__)


def database_unavailable_response(
    request, code: str = DATABASE_UNAVAILABLE, detail: str = DATABASE_UNAVAILABLE_DETAIL
) -> JsonResponse:
    headers = {"Cache-Control": "no-store"}
    if code == DATABASE_UNAVAILABLE:
        headers["Retry-After"] = "5"
    return error_json(request, 503, code, detail, headers=headers)


class DatabaseUnavailableMiddleware:
    """Turn OperationalError/InterfaceError escaping a non-DRF view into a 503 JSON body.

    DRF views never get here: their exceptions go through ``hearts_site.errors``.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if is_missing_table(exception):
            log_missing_table(request.path, exception)
            return database_unavailable_response(request, SETUP_INCOMPLETE, SETUP_INCOMPLETE_DETAIL)
        if isinstance(exception, OperationalError | InterfaceError):
            logger.error("database unavailable on %s: %s", request.path, exception)
            drop_idle_connections()
            return database_unavailable_response(request)
        return None


LENGTH_REQUIRED = "length_required"


class LengthRequiredMiddleware:
    """A body sent in chunks (``Transfer-Encoding``, no ``Content-Length``) is refused with 411.

    Django reads a request body by its Content-Length alone: without one it reads nothing, and
    the request would be refused for what it seems to lack ("plays: This field is required").
    Reading the chunks instead would bypass the size limit, which Django checks against
    Content-Length before reading; every client of this service can send one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "HTTP_TRANSFER_ENCODING" in request.META and not request.META.get("CONTENT_LENGTH"):
            detail = _("Send the body with a Content-Length: bodies in chunks are not read.")
            return error_json(request, 411, LENGTH_REQUIRED, detail)
        if request.META.get("CONTENT_TYPE", "").startswith("multipart/"):
            try:  # a file past the import limit is refused before a byte of it is read
                uploads.check_length(request.META)
            except PayloadTooLarge as refusal:
                return error_json(request, 413, refusal.code, refusal.detail)
        return self.get_response(request)


API_PREFIX = "/api/v1/"


class PageMessagesMiddleware(MessageMiddleware):
    """Django's messages (a notice shown on the next page), for the pages and the admin only:
    the API answers in JSON and shows none, so its requests skip the message store's setup,
    a cost every adjudication paid for nothing. Everything outside ``/api/v1/`` keeps it."""

    def process_request(self, request):
        if not request.path_info.startswith(API_PREFIX):
            super().process_request(request)
