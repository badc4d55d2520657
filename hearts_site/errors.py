"""Domain errors map to HTTP in one place.

Views and services raise a :class:`DomainError` subclass (or an error ``translate`` maps to one,
such as the engine's ``HeartsError``);
:func:`exception_handler` turns them into DRF exceptions and lets drf-standardized-errors
render the one error body the API uses::

    {"type": "validation_error" | "client_error" | "server_error",
     "errors": [{"code": "...", "detail": "...", "attr": "field" | null}],
     "request_id": "..."}

A 400 is a ``validation_error``; other 4xx are ``client_error``; 5xx are ``server_error``.
``request_id`` is the answer's ``X-Request-ID`` (hearts_site/http/request_id.py): what a caller
quotes to the operator. Bodies made outside DRF (middleware, the root URLconf's handlers) are
made by :func:`error_json`, in the same shape.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.utils.translation import gettext, gettext_lazy
from drf_standardized_errors.handler import exception_handler as standardized_exception_handler
from rest_framework import exceptions, status
from rest_framework.exceptions import ErrorDetail

from hearts_site.database.pool import drop_idle_connections
from hearts_site.deploy_steps import is_missing_table
from hearts_site.http.request_id import request_id

logger = logging.getLogger(__name__)

DATABASE_UNAVAILABLE = "database_unavailable"
DATABASE_UNAVAILABLE_DETAIL = gettext_lazy(
    "The database is unreachable or too slow; try again shortly."
)
SETUP_INCOMPLETE = "setup_incomplete"
SETUP_INCOMPLETE_DETAIL = gettext_lazy(
    "The service is not fully set up (a deployment step is missing); its operator is told."
)


class DomainError(Exception):
    """A refusal by the domain, with a stable ``code`` and the ``attr`` (field) it concerns.

    ``raise Conflict("game_finished", "The game is already finished.")``
    """

    status_code: ClassVar[int] = status.HTTP_400_BAD_REQUEST

    def __init__(self, code: str, detail: str, attr: str | None = None):
        super().__init__(detail)
        self.code = code
        # A lazy translation is made text here, in the request's language: orjson writes no
        # lazy string, and the words must not change language if the error outlives the request.
        self.detail = str(detail)
        self.attr = attr


class Forbidden(DomainError):
    """The caller may not do this, whatever the state (403)."""

    status_code = status.HTTP_403_FORBIDDEN


class NotFoundError(DomainError):
    """The thing asked for does not exist (404)."""

    status_code = status.HTTP_404_NOT_FOUND


class PayloadTooLarge(DomainError):
    """A file sent is larger than its limit (413)."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE


class Conflict(DomainError):
    """The request clashes with the current state (409)."""

    status_code = status.HTTP_409_CONFLICT


class PreconditionFailed(DomainError):
    """An If-Match / version precondition does not hold (412)."""

    status_code = status.HTTP_412_PRECONDITION_FAILED


class PreconditionRequired(DomainError):
    """A write that must name the version it saw came without one (428)."""

    status_code = status.HTTP_428_PRECONDITION_REQUIRED


class Unprocessable(DomainError):
    """Well-formed, but the domain cannot apply it (422)."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY


class TooManyRequests(DomainError):
    """Refused for a while, after too many attempts (429); ``wait`` seconds become the
    answer's ``Retry-After``."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS

    def __init__(self, code: str, detail: str, attr: str | None = None, *, wait: int):
        super().__init__(code, detail, attr)
        self.wait = wait


class Unavailable(DomainError):
    """Not now: something the answer needs is being made by another request (503); ``wait``
    seconds become the answer's ``Retry-After``."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE

    def __init__(self, code: str, detail: str, attr: str | None = None, *, wait: int):
        super().__init__(code, detail, attr)
        self.wait = wait


# Errors of code that cannot know this module (the rules engine imports nothing of Django), each
# with the domain error it stands for: registered by its app when Django starts.
_TRANSLATED: dict[type[Exception], Callable[[Any], DomainError]] = {}


def translate(error: type[Exception], to_domain: Callable[[Any], DomainError]) -> None:
    """Map ``error`` (and its subclasses) to HTTP as the domain error ``to_domain`` makes."""
    _TRANSLATED[error] = to_domain


class DatabaseUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = DATABASE_UNAVAILABLE_DETAIL
    default_code = DATABASE_UNAVAILABLE
    wait = 5  # rendered as Retry-After by drf-standardized-errors


class SetupIncomplete(exceptions.APIException):
    """A table the code needs is missing: `migrate` was not run, never a database outage."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = SETUP_INCOMPLETE_DETAIL
    default_code = SETUP_INCOMPLETE


def log_missing_table(path: str, exc: BaseException) -> None:
    """Tell the operator which step is missing (the driver's text stays in the log)."""
    logger.error("setup incomplete on %s: %s (run manage.py migrate)", path, exc)


class _StatusError(exceptions.APIException):
    """An APIException whose status is chosen per instance."""

    def __init__(self, status_code: int, detail: Any, code: str):
        self.status_code = status_code
        super().__init__(detail=detail, code=code)


def to_api_exception(
    status_code: int, code: str, detail: str, attr: str | None
) -> exceptions.APIException:
    """Build the DRF exception that renders as ``{code, detail, attr}`` with ``status_code``."""
    message = ErrorDetail(detail, code=code)
    body: Any = {attr: [message]} if attr else [message]
    if status_code == status.HTTP_400_BAD_REQUEST:
        return exceptions.ValidationError(body)
    return _StatusError(status_code, body, code)


def convert(exc: Exception) -> Exception:
    """Map domain, engine, database and body-size errors to DRF exceptions; leave the rest."""
    for error, to_domain in _TRANSLATED.items():
        if isinstance(exc, error):
            exc = to_domain(exc)
            break
    if isinstance(exc, DomainError):
        converted = to_api_exception(exc.status_code, exc.code, exc.detail, exc.attr)
        wait = getattr(exc, "wait", None)  # a TooManyRequests's, or a refusal's that rests
        if wait is not None:
            converted.wait = wait  # rendered as Retry-After
        return converted
    if is_missing_table(exc):
        return SetupIncomplete()
    if isinstance(exc, OperationalError | InterfaceError):
        drop_idle_connections()
        return DatabaseUnavailable()
    if isinstance(exc, RequestDataTooBig):
        limit_kib = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024
        return _StatusError(
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            gettext("The request body is larger than {limit_kib} KiB.").format(limit_kib=limit_kib),
            "request_too_large",
        )
    return exc


def exception_handler(exc: Exception, context: dict[str, Any]):
    """DRF ``EXCEPTION_HANDLER``: convert, then render with drf-standardized-errors; the
    body names the request."""
    if is_missing_table(exc):
        log_missing_table(context["request"].path, exc)
    response = standardized_exception_handler(convert(exc), context)
    if response is not None and isinstance(response.data, dict):
        response.data["request_id"] = request_id(context["request"])
    return response


def error_json(
    request,
    status_code: int,
    code: str,
    detail: str,
    *,
    headers: dict[str, str] | None = None,
) -> JsonResponse:
    """The one error body, for an answer made outside DRF."""
    kind = "server_error" if status_code >= 500 else "client_error"
    if status_code == status.HTTP_400_BAD_REQUEST:
        kind = "validation_error"
    body = {
        "type": kind,
        "errors": [{"code": code, "detail": str(detail), "attr": None}],
        "request_id": request_id(request),
    }
    return JsonResponse(body, status=status_code, headers=headers)
