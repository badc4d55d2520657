"""The write throttle: writes counted per user in the database, so that every worker of every
server shares one budget (scoring/services/throttling.py keeps the count; the pages' hand
entry spends the same budget)."""

from __future__ import annotations

from hearts_site.throttling import FixedWindowThrottle
from scoring.services.throttling import count_write


class WriteRateThrottle(FixedWindowThrottle):
    """Writes: at most N per user (or address, when anonymous) in each window."""

    scope = "writes"

    def count(self, key: str, bucket: int) -> int:
        return count_write(key, bucket)


class AnonymousExportThrottle(WriteRateThrottle):
    """Exports (a league's hands.csv) by anonymous callers: at most N per window per address,
    reads counted too; signed-in callers are not counted. A kept export costs little to send
    again, but any caller can ask for it without end."""

    scope = "exports"
    counts_reads = True

    def allow_request(self, request, view) -> bool:
        if request.user and request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


class SignUpRateThrottle(WriteRateThrottle):
    """Sign-ups: at most N per client address in each window (SIGN_UP_RATE), every attempt
    counted, shared with the pages' sign-up forms (one count in the database)."""

    scope = "signups"
