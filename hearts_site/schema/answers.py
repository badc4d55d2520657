"""The answers every operation shares, as the schema declares them: the one error body
(``ErrorBody``, with the request's id), the shared error answers by status, and the response
headers a client acts on, each declared once under ``components/headers``."""

from __future__ import annotations

from typing import Any

SCHEMAS = "#/components/schemas/"
ERROR_BODY_REF = {"$ref": f"{SCHEMAS}ErrorBody"}

# --- The error body and the shared error answers ----------------------------------------------

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
        "errors": {"type": "array", "items": {"$ref": f"{SCHEMAS}ErrorItem"}},
        "request_id": {
            "type": "string",
            "description": "The answer's X-Request-ID: quote it to the service's operator.",
        },
    },
    "required": ["type", "errors", "request_id"],
}
# The response headers a client acts on, each declared once under components/headers.
HEADERS: dict[str, dict[str, Any]] = {
    "Retry-After": {
        "schema": {"type": "integer"},
        "description": "Seconds to wait before trying again.",
    },
    "RateLimit-Policy": {
        "schema": {"type": "string"},
        "description": (
            'The budgets this operation counts against, e.g. "writes";q=300;w=60: at most q '
            "requests in each window of w seconds (IETF draft-ietf-httpapi-ratelimit-headers-10)."
        ),
    },
    "RateLimit": {
        "schema": {"type": "string"},
        "description": (
            'What remains of each budget after this request, e.g. "writes";r=288;t=40: r more '
            "requests before a 429, the window ending in t seconds."
        ),
    },
    "Idempotent-Replayed": {
        "schema": {"type": "string", "enum": ["true"]},
        "description": "Present when this answer replays the first one made with this "
        "Idempotency-Key: nothing was created now.",
    },
    "X-Request-ID": {
        "schema": {"type": "string"},
        "description": "This request's id (every answer carries it): quote it to the "
        "service's operator.",
    },
}
RETRY = ("Retry-After",)
BUDGETS = ("RateLimit-Policy", "RateLimit")


def header_refs(names) -> dict[str, dict[str, str]]:
    return {name: {"$ref": f"#/components/headers/{name}"} for name in names}


# status: (component name, description, headers besides X-Request-ID)
ERROR_RESPONSES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "400": (
        "BadRequest",
        "The body or the query is not acceptable (validation_error): each error names its "
        "field in attr; a rule of Hearts the request breaks has its own code.",
        (),
    ),
    "401": (
        "Unauthorized",
        "Sign-in needed (not_authenticated), or the token is unknown, expired or revoked "
        "(authentication_failed), on a public read too: send Authorization: Token <key>, "
        "or no Authorization at all to read as anyone.",
        (),
    ),
    "403": (
        "Forbidden",
        "Refused (permission_denied): the signed-in user's role in the club does not allow "
        "this, or a session (cookie) request came without its CSRF token.",
        (),
    ),
    "404": (
        "NotFound",
        "What the path names does not exist, or is in a private club the caller may not read "
        "(not_found and the like).",
        (),
    ),
    "412": (
        "PreconditionFailed",
        "If-Match names another version of the game (version_mismatch), or is not a game "
        "ETag (invalid_if_match): read the game again.",
        (),
    ),
    "413": ("ContentTooLarge", "The request body is too large (request_too_large).", ()),
    "415": (
        "UnsupportedMediaType",
        "The body is not JSON (unsupported_media_type): send Content-Type: application/json.",
        (),
    ),
    "422": (
        "IdempotencyKeyReused",
        "This Idempotency-Key was used for another request (idempotency_key_reused).",
        (),
    ),
    "429": (
        "TooManyRequests",
        "Too many requests in this window (throttled): writes, sign-ups, adjudications or "
        "exports by non-members, as RateLimit-Policy names them; retry after Retry-After.",
        RETRY + BUDGETS,
    ),
    "503": (
        "Unavailable",
        "The database is unreachable or too slow (database_unavailable), or a file is being "
        "built by another request (export_being_built): retry after Retry-After; or a "
        "deployment step is missing (setup_incomplete).",
        RETRY,
    ),
}


def error_response(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": ERROR_BODY_REF}}}
