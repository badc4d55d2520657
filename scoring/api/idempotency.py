"""``Idempotency-Key`` for creating POSTs: a retried create replays its first response.

Same key and body → the stored response again; same key, other body → 422; a retry that
races the first request → 409 (the first one's transaction wins). The key is written in the
same transaction as the change it made, so a failed create leaves no key behind.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from rest_framework.request import Request
from rest_framework.response import Response

from hearts_site.errors import Conflict, DomainError, Unprocessable
from scoring.models import IdempotencyRecord

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255


# Fields never hashed into a kept fingerprint: a fast hash of a password is no place to keep it.
NEVER_KEPT = frozenset({"password"})


def _fingerprint(request: Request) -> str:
    data = request.data
    if isinstance(data, dict):
        data = {name: value for name, value in data.items() if name not in NEVER_KEPT}
    body = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{request.method} {request.path}\n{body}".encode()).hexdigest()


def idempotent(
    request: Request,
    create: Callable[[], Response],
    redact: Callable[[dict], dict] | None = None,
) -> Response:
    """Run ``create`` once per (user, key); without a key, just run it.

    ``redact`` removes what must not be kept (a device token's key is shown once only).
    """
    key = request.headers.get(HEADER)
    if not key or not request.user.is_authenticated:
        return create()
    if len(key) > MAX_KEY_LENGTH:
        raise DomainError(
            "idempotency_key_too_long",
            _("{header} is at most {limit} characters.").format(
                header=HEADER, limit=MAX_KEY_LENGTH
            ),
            None,
        )
    fingerprint = _fingerprint(request)
    with transaction.atomic():
        stored = IdempotencyRecord.objects.filter(user=request.user, key=key).first()
        if stored is not None:
            if stored.request_hash != fingerprint:
                raise Unprocessable(
                    "idempotency_key_reused",
                    _("This {header} was used for a different request.").format(header=HEADER),
                    None,
                )
            return Response(
                stored.body, status=stored.status_code, headers={"Idempotent-Replayed": "true"}
            )
        response = create()
        if 200 <= response.status_code < 300:
            try:
                with transaction.atomic():
                    IdempotencyRecord.objects.create(
                        user=request.user,
                        key=key,
                        request_hash=fingerprint,
                        status_code=response.status_code,
                        body=json.loads(
                            json.dumps(
                                redact(response.data) if redact else response.data, default=str
                            )
                        ),
                    )
            except IntegrityError:
                # Another request with this key committed first: undo ours, tell the client.
                raise Conflict(
                    "idempotency_key_in_use",
                    _(
                        "A request with this {header} is in progress or done: retry to replay it."
                    ).format(header=HEADER),
                    None,
                ) from None
        return response
