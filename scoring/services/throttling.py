"""The write throttle's count, shared by the API and the pages: one statement per write, an
UPSERT that starts or bumps the caller's count and returns it (scoring/sql/). DRF's cache
throttle reads and rewrites a list of timestamps, so two racing requests could both pass on
the last slot; the UPSERT is atomic.
"""

from __future__ import annotations

import random

from scoring import sql
from scoring.models import WriteCount

# Now and then a new window also clears the counts of windows long past (callers gone quiet).
SWEEP_CHANCE = 0.001


def count_write(key: str, bucket: int) -> int:
    """One more write for ``key`` in window ``bucket``: the count so far, this one included.
    Now and then a new window also clears the counts of windows long past."""
    hits = sql.count_write(key, bucket)
    if hits == 1 and random.random() < SWEEP_CHANCE:
        WriteCount.objects.filter(bucket__lt=bucket - 1).delete()
    return hits
