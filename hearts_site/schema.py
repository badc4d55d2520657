"""OpenAPI generation: drf-standardized-errors' schema, aware of our own exception handler."""

from __future__ import annotations

from drf_standardized_errors.handler import exception_handler as standardized_exception_handler
from drf_standardized_errors.openapi import AutoSchema as StandardizedAutoSchema

from hearts_site.errors import exception_handler


class AutoSchema(StandardizedAutoSchema):
    """Documents the standard error responses for views that use ``hearts_site.errors``.

    drf-standardized-errors documents errors only for views whose handler is its own; ours
    converts domain errors first and then delegates to it, so the bodies are the same.
    """

    def _should_add_error_response(self, responses: dict, status_code: str) -> bool:
        if self.view.get_exception_handler() is not exception_handler:
            return super()._should_add_error_response(responses, status_code)
        self.view.get_exception_handler = lambda: standardized_exception_handler
        try:
            return super()._should_add_error_response(responses, status_code)
        finally:
            del self.view.get_exception_handler


ERROR_ITEM = {
    "type": "object",
    "properties": {
        "code": {"type": "string", "description": "A stable, machine-readable error code."},
        "detail": {"type": "string", "description": "A message a person can read."},
        "attr": {
            "type": "string",
            "nullable": True,
            "description": "The field concerned, dotted for nested items (plays.3), or null.",
        },
    },
    "required": ["code", "detail", "attr"],
}
ERROR_BODY = {
    "type": "object",
    "description": "The one error body of every 4xx and 5xx answer.",
    "properties": {
        "type": {"type": "string", "enum": ["validation_error", "client_error", "server_error"]},
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/ErrorItem"}},
    },
    "required": ["type", "errors"],
}
EXTRA_ERRORS = {
    "409": (
        "Conflicts with the current state "
        "(e.g. hand_exists, hand_out_of_order, game_over, game_busy)."
    ),
    "412": "If-Match names an older version of the game (version_mismatch).",
    "413": "The request body is too large (request_too_large).",
    "422": "The Idempotency-Key was used for another request (idempotency_key_reused).",
}
UNAVAILABLE = "The database is unreachable (database_unavailable); retry after Retry-After."
WRITES = {"post", "put", "patch", "delete"}


def _codes_in(node, schemas, seen=None) -> set[str]:
    """The error codes an error schema enumerates, following references."""
    seen = seen if seen is not None else set()
    codes: set[str] = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if ref and ref not in seen:
            seen.add(ref)
            codes |= _codes_in(schemas.get(ref.rsplit("/", 1)[-1], {}), schemas, seen)
        code = node.get("properties", {}).get("code")
        if isinstance(code, dict):
            codes |= set(code.get("enum", []))
            codes |= _codes_in(code, schemas, seen)
        for value in node.values():
            if isinstance(value, dict | list):
                codes |= _codes_in(value, schemas, seen)
    elif isinstance(node, list):
        for value in node:
            codes |= _codes_in(value, schemas, seen)
    return codes


def _refs(node) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"].rsplit("/", 1)[-1]} if "$ref" in node else set()
        for value in node.values():
            found |= _refs(value)
        return found
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node)) if node else set()
    return set()


def one_error_body(result, generator, request, public):
    """Postprocessing hook: every error response uses the one error body.

    drf-standardized-errors enumerates each field's codes with literal ``INDEX`` attrs, which
    real answers (``plays.3``, engine codes such as ``invalid_card``) do not match; the codes
    it knows are kept in each response's description instead. Adds 409/412/413/422 to writes
    and 503 everywhere.
    """
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    body_ref = {"$ref": "#/components/schemas/ErrorBody"}
    for methods in result.get("paths", {}).values():
        for method, operation in methods.items():
            responses = operation.get("responses", {})
            for status, response in responses.items():
                if status[:1] not in ("4", "5"):
                    continue
                content = response.get("content", {}).get("application/json")
                if content is None:
                    continue
                codes = sorted(_codes_in(content.get("schema", {}), schemas))
                if codes:
                    response["description"] = (
                        response.get("description") or ""
                    ) + f" Codes include: {', '.join(codes)}."
                response["content"] = {"application/json": {"schema": body_ref}}
            extra = dict(EXTRA_ERRORS) if method in WRITES else {}
            extra["503"] = UNAVAILABLE
            for status, description in extra.items():
                responses.setdefault(
                    status,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": body_ref}},
                    },
                )
    schemas["ErrorItem"] = ERROR_ITEM
    schemas["ErrorBody"] = ERROR_BODY
    keep = _refs(result.get("paths", {}))
    grew = True
    while grew:
        more = set().union(*(_refs(schemas.get(name, {})) for name in keep)) - keep
        grew = bool(more)
        keep |= more
    for name in list(schemas):
        if name not in keep:
            del schemas[name]
    return result
