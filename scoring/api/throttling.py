"""The write throttle: writes counted per user in the database, so that every worker of every
server shares one budget (scoring/services/throttling.py keeps the count; the pages' hand
entry spends the same budget). DRF imports this module while the errors module is loading, so
it imports no selector: a view answers what a throttle asks of the club."""

from __future__ import annotations

from hearts_site.api.throttling import FixedWindowThrottle
from scoring.services.throttling import count_write


class WriteRateThrottle(FixedWindowThrottle):
    """Writes: at most N per user (or address, when anonymous) in each window."""

    scope = "writes"

    def count(self, key: str, bucket: int) -> int:
        return count_write(key, bucket)


class ExportThrottle(WriteRateThrottle):
    """Exports (a league's hands.csv) by callers who are not members of the league's club
    (anonymous, per address; signed in, per user): at most N per window, reads counted too. A
    kept export costs little to send again, but any caller can ask for it without end, and a
    new version's first ask builds it."""

    scope = "exports"
    counts_reads = True

    def allow_request(self, request, view) -> bool:
        if view.caller_is_member():  # the view knows the club (no selector here: see above)
            return True
        return super().allow_request(request, view)


class SignUpRateThrottle(WriteRateThrottle):
    """Sign-ups: at most N per client address in each window (SIGN_UP_RATE), every attempt
    counted, shared with the pages' sign-up forms (one count in the database)."""

    scope = "signups"
