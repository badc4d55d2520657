"""OpenAPI generation: what a generated client needs to be told, and nothing it must not.

- Every response property is typed, and present in ``required`` when the answer always carries
  it (drf-spectacular leaves out a model field with a default). An output serializer's field
  declared with ``required=False`` is one the answer may leave out.
- Named schemas that are not serializers (the ruleset, the ranking declaration) are declared
  with :func:`component` and added by the postprocessing hook.
- An operation's description is the one its ``extend_schema`` gives: a view's or a mixin's
  docstring is for the code's readers and never reaches the schema.
- Each operation lists the error answers it can give, each with the one error body
  (``ErrorBody``), shared through ``components/responses``: 400 where there is a body or a
  query to check, 401 wherever a token is read (a bad or expired one is refused even on a
  public read), 403 where a permission can refuse (or a session write lacks its CSRF
  token), 404 where the path names something, 409 as the view declares with its codes, 412
  where ``If-Match`` is taken, 413 and 415 where there is a body, 422 where
  ``Idempotency-Key`` is taken, 429 where a throttle counts, and 503.
- A request body is required wherever an operation takes one (``{}`` says nothing), and a
  ``PATCH`` body's fields are required as its view checks them (no view here is partial).
- The response headers a client acts on are declared once (``components/headers``) and named
  where they are sent: ``Retry-After`` on every 429 and 503, ``RateLimit`` and
  ``RateLimit-Policy`` on each answer of a throttled operation, ``Idempotent-Replayed`` on a
  create's success, ``ETag`` where the view sends it, ``X-Request-ID`` on every error answer
  (every answer carries it; the error body repeats it).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.plumbing import force_instance
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from hearts_site.api.serializers import StrictInputSerializer
from hearts_site.api.throttling import FixedWindowThrottle
from hearts_site.schema.answers import (
    BUDGETS,
    ERROR_BODY,
    ERROR_BODY_REF,
    ERROR_ITEM,
    ERROR_RESPONSES,
    HEADERS,
    SCHEMAS,
    error_response,
    header_refs,
)
from hearts_site.schema.bounds import state_bounds

RESPONSES = "#/components/responses/"

# --- Named schemas declared by the apps ------------------------------------------------------

_COMPONENTS: dict[str, dict[str, Any]] = {}


def component(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """Declare ``schema`` as ``components/schemas/<name>``; returns a reference to it.

    For shapes that are not serializers (a ruleset's options, built from the engine's
    metadata): ``extend_schema_field(component("Ruleset", {...}))`` types a field by name
    instead of copying the schema inline wherever the field is used."""
    known = _COMPONENTS.get(name)
    if known is not None and known != schema:
        raise ValueError(f"Two different schemas are named {name!r}.")
    _COMPONENTS[name] = schema
    return ref(name)


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"{SCHEMAS}{name}"}


def nullable(schema: dict[str, Any], description: str | None = None) -> dict[str, Any]:
    """``schema`` or null (OpenAPI 3.0 ignores a sibling of ``$ref``, so it is wrapped)."""
    wrapped: dict[str, Any] = {"allOf": [schema], "nullable": True}
    if description:
        wrapped["description"] = description
    return wrapped


# --- Who may: a view's permissions asked without a database -------------------------------------


class _RoleAsked(Exception):
    """A permission asked what the request concerns (its club): a role decides."""


class _Probe:
    """Stands in for the view: a permission that asks it anything (``get_club_id()``) needs a
    role, and so can refuse a signed-in user."""

    def __getattr__(self, name: str) -> Any:
        raise _RoleAsked(name)


class _SignedIn:
    is_authenticated = True
    is_anonymous = False
    is_active = True
    is_staff = False
    is_superuser = False
    pk = id = 0


def _allows(view, method: str, user) -> bool | None:
    """Whether the view's permissions let ``user`` make a ``method`` request: True, False, or
    None when the answer depends on the user's role in a club."""
    django_request = HttpRequest()
    django_request.method = method
    request = Request(django_request)
    request.user = user
    try:
        return all(p.has_permission(request, _Probe()) for p in view.get_permissions())
    except _RoleAsked:
        return None


# --- The schema of one operation ---------------------------------------------------------------


class AutoSchema(SpectacularAutoSchema):
    def get_description(self) -> str:
        # Only what extend_schema says: docstrings are written for the code's readers.
        return ""

    def get_auth(self) -> list[dict[str, Any]]:
        auths = [auth for auth in super().get_auth() if auth]
        if self.anonymous_may():
            auths.append({})
        return auths

    def anonymous_may(self) -> bool:
        return _allows(self.view, self.method, AnonymousUser()) is True

    def _get_serializer_field_meta(self, field, direction):
        meta = super()._get_serializer_field_meta(field, direction)
        if direction == "request":
            # A default in a request schema makes a generated client send it every time: a
            # field left out means what its description says, decided by the service.
            meta.pop("default", None)
        return meta

    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        if direction == "response":
            serializer = force_instance(serializer)
            declared = type(serializer)._declared_fields
            optional = {
                name
                for name, field in serializer.fields.items()
                if name in declared and field._kwargs.get("required") is False
            }
            required = sorted(set(schema.get("properties", {})) - optional)
            if required:
                schema["required"] = required
            else:
                schema.pop("required", None)
        else:
            serializer = force_instance(serializer)
            if getattr(serializer, "partial", False):
                # drf-spectacular takes a PATCH body as partial; no view here checks one so.
                schema["required"] = [
                    name
                    for name, field in serializer.fields.items()
                    if field.required and name in schema.get("properties", {})
                ]
                if not schema["required"]:
                    del schema["required"]
            if isinstance(serializer, StrictInputSerializer):
                schema["additionalProperties"] = False  # an unknown field is refused
        return schema

    def _get_request_body(self, direction="request"):
        body = super()._get_request_body(direction)
        if body is not None:
            body["required"] = True  # a body that says nothing is {}, never no body
        return body

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is not None:
            self._add_error_responses(operation)
        return operation

    def _add_error_responses(self, operation: dict[str, Any]) -> None:
        responses = operation["responses"]
        parameters = {(p["in"], p["name"]) for p in operation.get("parameters", [])}
        has_body = "requestBody" in operation
        unsafe = self.method not in SAFE_METHODS
        throttled = any(
            isinstance(t, FixedWindowThrottle) and (unsafe or t.counts_reads)
            for t in self.view.get_throttles()
        )
        for status, response in responses.items():
            if "$ref" in response:
                continue
            if status[:1] in "45":
                # An error answer a view declares (a 409 with its codes) has the one error
                # body, and its headers as the shared answers of its status have them.
                if not response.get("content"):
                    response["content"] = {"application/json": {"schema": ERROR_BODY_REF}}
                named = ERROR_RESPONSES.get(status, ("", "", ()))[2]
                if not throttled:
                    named = tuple(name for name in named if name not in BUDGETS)
                response.setdefault("headers", {}).update(header_refs(("X-Request-ID", *named)))
            elif status[:1] == "2":
                more = BUDGETS if throttled else ()
                if ("header", "Idempotency-Key") in parameters:
                    more += ("Idempotent-Replayed",)
                if more:
                    response.setdefault("headers", {}).update(header_refs(more))
        signed_in = _allows(self.view, self.method, _SignedIn())
        session = any(
            "cookieAuth" in auth for auth in operation.get("security", []) if isinstance(auth, dict)
        )
        applies = {
            "400": has_body or any(where == "query" for where, _ in parameters),
            # A token is read wherever an authentication class is: a bad one is refused, even
            # where anyone may read (sign-in and sign-up read none).
            "401": bool(self.view.authentication_classes),
            "403": signed_in is not True or (unsafe and session),
            "404": any(where == "path" for where, _ in parameters),
            "412": ("header", "If-Match") in parameters,
            "413": has_body,
            "415": has_body,
            "422": ("header", "Idempotency-Key") in parameters,
            "429": throttled,  # reads are counted only by a throttle that says so
            "503": True,
        }
        for status, applied in applies.items():
            if applied and status not in responses:
                responses[status] = {"$ref": f"{RESPONSES}{ERROR_RESPONSES[status][0]}"}
        operation["responses"] = dict(sorted(responses.items()))


# --- Postprocessing ----------------------------------------------------------------------------


def _refs(node) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        for value in node.values():
            found |= _refs(value)
        return found
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node)) if node else set()
    return set()


def _named_enums_in_parameters(paths: dict[str, Any], schemas: dict[str, Any]) -> None:
    """A query parameter's enum (a filter's choices) is the named enum of the same values, so
    that a generated client has one enum per concept (``?status=`` takes a GameStatusEnum)."""
    named = {
        frozenset(schema["enum"]): name
        for name, schema in schemas.items()
        if isinstance(schema.get("enum"), list) and None not in schema["enum"]
    }
    for methods in paths.values():
        for operation in methods.values():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                if schema.get("type") == "array":  # ?type=a&type=b: an array of the enum
                    schema = schema.get("items", {})
                values = schema.get("enum")
                name = named.get(frozenset(values)) if values else None
                if name:
                    schema.clear()
                    schema.update(ref(name))


SHARED_HEADERS = ("ETag",)


def _shared_headers(paths: dict[str, Any], components: dict[str, Any]) -> None:
    """A response header every read and write of a game declares alike is declared once."""
    headers = components.setdefault("headers", {})
    for methods in paths.values():
        for operation in methods.values():
            for response in operation.get("responses", {}).values():
                for name, header in response.get("headers", {}).items():
                    if name in SHARED_HEADERS and "$ref" not in header:
                        headers.setdefault(name, header)
                        response["headers"][name] = {"$ref": f"#/components/headers/{name}"}


def finish(result, generator, request, public):
    """Postprocessing hook: the bounds the server holds input to (schema_bounds.py), the
    declared components, the error body and the shared error answers; then whatever nothing
    refers to is dropped."""
    state_bounds(result)
    components = result.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    for name, schema in _COMPONENTS.items():
        schemas.setdefault(name, schema)
    schemas["ErrorItem"] = ERROR_ITEM
    schemas["ErrorBody"] = ERROR_BODY
    shared = components.setdefault("responses", {})
    for name, description, headers in ERROR_RESPONSES.values():
        shared[name] = error_response(description)
        shared[name]["headers"] = header_refs(("X-Request-ID", *headers))
    components.setdefault("headers", {}).update(HEADERS)
    _named_enums_in_parameters(result.get("paths", {}), schemas)
    for name, schema in schemas.items():
        if name.startswith("Paginated"):
            # DRF's examples name another API's host and path (api.example.org/accounts/).
            for prop in schema.get("properties", {}).values():
                prop.pop("example", None)
    _shared_headers(result.get("paths", {}), components)
    keep = _refs(result.get("paths", {}))
    grew = True
    while grew:
        more = set()
        for reference in keep:
            section, _, name = reference.removeprefix("#/components/").partition("/")
            more |= _refs(components.get(section, {}).get(name, {}))
        more -= keep
        grew = bool(more)
        keep |= more
    for section in ("schemas", "responses", "headers"):
        for name in list(components.get(section, {})):
            if f"#/components/{section}/{name}" not in keep:
                del components[section][name]
    return result


def documented(table: Path) -> Callable[[str], dict[str, Any]]:
    """``operation(operation_id)``: the ``extend_schema`` arguments that name and describe the
    operation, from a TOML table beside its views (``[operation_id]`` with ``tag``,
    ``summary`` and ``description``): what an operation says to integrators is written there,
    apart from the code, once."""
    docs = tomllib.loads(table.read_text(encoding="utf-8"))

    def operation(operation_id: str) -> dict[str, Any]:
        doc = docs[operation_id]
        return {
            "operation_id": operation_id,
            "tags": [doc["tag"]],
            "summary": doc["summary"],
            "description": doc["description"],
        }

    return operation
