"""HTTP conditions and the schema's shared pieces: a game's version as its ETag, ``If-Match``
on writes, ``If-None-Match`` on reads, and creates made retry-safe by an ``Idempotency-Key``.

Headers are read from ``request.META`` (as Django's own conditional views do): the first read
of ``request.headers`` builds a mapping of every header the request carries, to read one."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from hearts_site.api.query import takes_query
from hearts_site.errors import PreconditionFailed, PreconditionRequired
from hearts_site.schema.openapi import documented
from hearts_site.text.numbers import ascii_whole_number
from scoring.api.idempotency import HEADER as IDEMPOTENCY_HEADER
from scoring.api.idempotency import idempotent

# Each operation's tag, summary and description, as integrators read them.
operation = documented(Path(__file__).with_name("operations.toml"))


def request_header(name: str, description: str) -> OpenApiParameter:
    """A header a request may carry, as the schema documents it."""
    return OpenApiParameter(
        name, OpenApiTypes.STR, OpenApiParameter.HEADER, required=False, description=description
    )


def response_header(
    name: str, statuses: list[int], description: str, kind: OpenApiTypes = OpenApiTypes.STR
) -> OpenApiParameter:
    """A header the answers of ``statuses`` carry, as the schema documents it."""
    return OpenApiParameter(
        name, kind, OpenApiParameter.HEADER, response=statuses, description=description
    )


IDEMPOTENCY_KEY = request_header(
    IDEMPOTENCY_HEADER,
    "Makes a create safe to retry: the same key with the same body replays the first "
    "answer (with Idempotent-Replayed: true); with another body it is refused (422).",
)
IF_MATCH = request_header(
    "If-Match",
    'The game version you saw (its ETag, e.g. "7"): the write is refused (412) if the '
    "game changed since. Left out: no check.",
)
IF_NONE_MATCH = request_header(
    "If-None-Match",
    'An ETag you hold (e.g. "7"): 304 with no body when it is still current.',
)
ETAG = response_header(
    "ETag",
    [200, 201, 304],
    "The version of what was read or written: send it in If-Match or If-None-Match.",
)
# A 409 that says no more (prefer ``conflict`` with the operation's codes).
CONFLICT = OpenApiResponse(description="The request clashes with the current state.")
NOT_MODIFIED = OpenApiResponse(description="Not modified since the ETag sent in If-None-Match.")
IDEMPOTENT_CONFLICT = {
    "idempotency_key_in_use": "a request with this Idempotency-Key is still being made: retry"
}


def conflict(codes: dict[str, str]) -> OpenApiResponse:
    """The 409 of an operation: each code it can give and what it means."""
    listed = "; ".join(f"{code}: {meaning}" for code, meaning in codes.items())
    return OpenApiResponse(description=f"Conflicts with the current state. {listed}.")


def expected_version(request: Request) -> int | None:
    """The game version an ``If-Match`` header names (``*`` or absent: no precondition)."""
    header = request.META.get("HTTP_IF_MATCH")
    if header is None or header.strip() == "*":
        return None
    version = ascii_whole_number(header.strip().removeprefix("W/").strip('"'), max_digits=12)
    if version is None:
        raise PreconditionFailed(
            "invalid_if_match", _('If-Match must be a game ETag like "7".'), None
        )
    return version


# The 428 of a write that must name what it saw (a confirmation: what it confirms).
SEEN_REQUIRED = OpenApiResponse(
    description="Neither If-Match nor revision (precondition_required)."
)


def seen_versions(request: Request, revision: int | None) -> dict[str, int | None]:
    """What the caller read, as a service takes it: the game version ``If-Match`` names
    (``expected_version``) and the hand's ``revision`` in the body (``expected_revision``); at
    least one of the two, else a 428."""
    version = expected_version(request)
    if version is None and revision is None:
        raise PreconditionRequired(
            "precondition_required",
            _(
                "Name what you read: the game's ETag in If-Match, or the hand's revision in the "
                "body."
            ),
            None,
        )
    return {"expected_version": version, "expected_revision": revision}


def with_etag(response: Response, version: int) -> Response:
    """The game's version as its ETag. The version is the game's for every reader (If-Match
    names it), but the names in the body are the reader's (docs/deploy.md, "Who may see a
    name"): so the answer varies by who asks, and a browser's copy kept for one person (a
    shared phone) is never revalidated for another."""
    response["ETag"] = f'"{version}"'
    patch_vary_headers(response, ["Authorization", "Cookie"])
    return response


def etag_matches(request: Request, etag: str) -> bool:
    """If-None-Match names ``etag``, weak (``W/``) or not: a proxy that compresses a response
    weakens its tag, and the body is still the same."""
    header = request.META.get("HTTP_IF_NONE_MATCH", "")
    return etag in [tag.strip().removeprefix("W/") for tag in header.split(",")]


def not_modified(request: Request, version: int) -> Response | None:
    """A 304 with the version's ETag, when ``If-None-Match`` names it; else None."""
    if not etag_matches(request, f'"{version}"'):
        return None
    return with_etag(Response(status=status.HTTP_304_NOT_MODIFIED), version)


class CreateView:
    """A ``POST`` that creates one thing: the body checked by ``input_serializer``, ``perform``
    (a service call) given the checked data, the result shown by ``output_serializer`` with a
    201; retry-safe with an ``Idempotency-Key``. ``redact`` removes from a kept response what
    must not be shown twice."""

    input_serializer: Any
    output_serializer: Any
    redact: Callable[[dict], dict] | None = None

    def perform(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        def create() -> Response:
            data = self.input_serializer(data=request.data)
            data.is_valid(raise_exception=True)
            return self.created(self.perform(dict(data.validated_data)))

        return idempotent(request, create, redact=type(self).redact)

    def created(self, instance: Any) -> Response:
        body = self.output_serializer(instance, context={"request": self.request}).data
        return Response(body, status=status.HTTP_201_CREATED)


def reads(operation_id: str, output: Any, *, versioned: bool = False):
    """The schema of a read (described in operations.toml) answered by ``output``, which takes
    no query parameter (one is refused); a ``versioned`` one sends its version as the ETag and
    answers 304 to If-None-Match."""
    if not versioned:
        schema = extend_schema(**operation(operation_id), responses={200: output})
    else:
        schema = extend_schema(
            **operation(operation_id),
            parameters=[IF_NONE_MATCH, ETAG],
            responses={200: output, 304: NOT_MODIFIED},
        )
    return lambda method: schema(takes_query()(method))


def changes(
    operation_id: str,
    input_serializer: Any,
    output: Any,
    conflicts: dict[str, str] | None = None,
    *,
    versioned: bool = False,
    more: dict[int, Any] | None = None,
    headers: list[OpenApiParameter] | None = None,
):
    """A write answered 200 with ``output`` (described in operations.toml). Its body is checked
    by ``input_serializer``, the one the schema documents, before the view method runs: the
    method gets the checked data as its argument after ``request``. ``conflicts`` are its 409
    refusals (``more``: other answers by status, with ``headers``); a ``versioned`` one takes
    If-Match and sends the new version as its ETag."""
    responses = {200: output, **({409: conflict(conflicts)} if conflicts else {}), **(more or {})}
    parameters = [*([IF_MATCH, ETAG] if versioned else []), *(headers or [])] or None
    schema = extend_schema(
        **operation(operation_id),
        request=input_serializer,
        responses=responses,
        parameters=parameters,
    )

    def decorate(method: Callable[..., Response]) -> Callable[..., Response]:
        @functools.wraps(method)
        def checked(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
            body = input_serializer(data=request.data)
            body.is_valid(raise_exception=True)
            return method(view, request, dict(body.validated_data), *args, **kwargs)

        return schema(checked)

    return decorate


def lists(operation_id: str):
    """The schema of a list view's ``GET`` (described in operations.toml)."""
    return extend_schema_view(get=extend_schema(**operation(operation_id)))


def creates(
    operation_id: str,
    input_serializer: Any,
    output_serializer: Any,
    *,
    conflicts: dict[str, str] | None = None,
    versioned: bool = False,
):
    """The schema of a ``CreateView``'s ``POST`` (described in operations.toml), and the
    serializers it uses; a ``versioned`` one sends the new thing's version as its ETag."""

    def decorate(view: type) -> type:
        view.input_serializer = input_serializer
        view.output_serializer = output_serializer
        schema = extend_schema(
            **operation(operation_id),
            request=input_serializer,
            responses={
                201: output_serializer,
                409: conflict({**(conflicts or {}), **IDEMPOTENT_CONFLICT}),
            },
            parameters=[IDEMPOTENCY_KEY, *([ETAG] if versioned else [])],
        )
        return extend_schema_view(post=schema)(view)

    return decorate
