"""The usual call to a computing endpoint, answered without DRF's dispatch: the one departure from
DRF's way, for the adjudication endpoint, whose usual call is an anonymous JSON POST.

DRF spends more on such a call than the computation it asks for: a Request around Django's,
content negotiation, two authenticators, parsers and renderers built anew, a Response rendered
through a template response. ``UsualCallShortcut.dispatch`` answers a call that needs none of
their choices itself, and gives DRF every other call, whole:

- a POST with no query string, ``Content-Type: application/json`` (or with ``charset=utf-8``), no
  ``Accept`` or one that DRF's negotiation reads as JSON (``*/*``, ``application/json``), no
  ``Authorization`` and no ``Cookie`` (or empty ones: DRF's authenticators would find nobody,
  the caller is anonymous), a body of the size Django reads, and JSON that orjson reads as
  DRF's parser does;
- whose body the view's ``usual_answer`` takes (``None``: DRF's way, whose fields word the
  errors);
- within the view's budgets, counted here per address as DRF's throttles count an anonymous
  caller, once: a call past its budget, or one whose computation raised, goes on to DRF, whose
  throttles read the count already made (hearts_site/api/throttling.py) and whose exception handler
  words the error. The computation is pure, so doing it again there answers the same.

The answer is DRF's byte for byte: status, body (the same renderer), ``Content-Type`` and
``Allow``, in DRF's order; the middleware adds the rest either way.
``tests/api/test_usual_call_shortcut.py`` compares the two on many calls.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpResponse
from rest_framework.exceptions import ParseError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from hearts_site.api.json import UNREAD, FastJSONRenderer, plain_json_data
from hearts_site.api.throttling import FixedWindowThrottle

JSON_TYPES = frozenset({"application/json", "application/json; charset=utf-8"})
# What DRF's negotiation answers with "application/json" for the API's one renderer; absent is
# "*/*" to it.
JSON_ACCEPTS = frozenset({None, "*/*", "application/json"})
MEDIA_TYPE = "application/json"


def usual_call_body(request) -> Any | None:
    """The JSON body of a usual call (see above), read as DRF's parser reads it; None for any
    other call, which the shortcut leaves to DRF without having read its body."""
    meta = request.META
    if (
        request.method != "POST"
        or meta.get("CONTENT_TYPE") not in JSON_TYPES
        or meta.get("HTTP_ACCEPT") not in JSON_ACCEPTS
        or meta.get("HTTP_AUTHORIZATION")
        or meta.get("HTTP_COOKIE")
        or meta.get("QUERY_STRING")
    ):
        return None
    length = meta.get("CONTENT_LENGTH", "")
    if not (length.isascii() and length.isdigit()) or not 0 < int(length) <= upload_limit():
        return None  # none: DRF reads no body; too large: DRF's 413
    try:
        data = plain_json_data(request.body)
    except ParseError:  # too deep: DRF's parser refuses it
        return None
    return None if data is UNREAD else data


def upload_limit() -> int:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return limit if limit is not None else 2**63


class UsualCallShortcut(APIView):
    """An APIView whose usual call is answered without DRF's dispatch (see the module). A
    subclass gives ``usual_answer``; it takes anyone (``AllowAny``) and counts with
    FixedWindowThrottles, checked when the class is made."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if list(cls.renderer_classes) != [FastJSONRenderer] or (
            cls.content_negotiation_class is not DefaultContentNegotiation
        ):
            raise ImproperlyConfigured(f"{cls.__name__}: the shortcut renders as the API does")
        if any(permission is not AllowAny for permission in cls.permission_classes):
            raise ImproperlyConfigured(f"{cls.__name__}: the shortcut is for AllowAny views")
        for throttle in cls.throttle_classes:
            if throttle.allow_request is not FixedWindowThrottle.allow_request:
                raise ImproperlyConfigured(f"{cls.__name__}: {throttle.__name__} not counted here")

    def usual_answer(self, data: Any) -> Any | None:
        """The answer's data for a usual call's body, or None to leave the call to DRF."""
        raise NotImplementedError

    def dispatch(self, request, *args: Any, **kwargs: Any):
        response = self.shortcut(request)
        if response is None:
            return super().dispatch(request, *args, **kwargs)
        return response

    def shortcut(self, request) -> HttpResponse | None:
        data = usual_call_body(request)
        if data is None:
            return None
        for throttle in self.get_throttles():
            if not throttle.allow_anonymous_write(request):
                return None  # DRF answers 429 from the count just made
        try:
            answer = self.usual_answer(data)
        except Exception:  # whatever the computation refuses, DRF's handler words
            return None
        if answer is None:
            return None
        content = FastJSONRenderer().render(answer, MEDIA_TYPE, {})
        response = HttpResponse(content, content_type=MEDIA_TYPE)
        response["Allow"] = self.default_response_headers["Allow"]
        return response
