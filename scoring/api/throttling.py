"""The write throttle: writes counted per user in the database, so that every worker of every
server shares one budget.

One statement per write: an UPSERT that starts or bumps the caller's count and returns it
(scoring/sql.py). DRF's cache throttle reads and rewrites a list of timestamps, so two racing
requests could both pass on the last slot; the UPSERT is atomic.
"""

from __future__ import annotations

import random

from hearts_site.throttling import FixedWindowThrottle
from scoring import sql
from scoring.models import WriteCount

# Now and then a new window also clears the counts of windows long past (callers gone quiet).
SWEEP_CHANCE = 0.001


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


def count_write(key: str, bucket: int) -> int:
    """One more write for ``key`` in window ``bucket``: the count so far, this one included.
    Now and then a new window also clears the counts of windows long past."""
    hits = sql.count_write(key, bucket)
    if hits == 1 and random.random() < SWEEP_CHANCE:
        WriteCount.objects.filter(bucket__lt=bucket - 1).delete()
    return hits
