"""Throttling per user (every device token of a user shares its budget), never per address
alone: every phone at a venue shares one.

Writes are counted in the database, in fixed windows, with one statement per write: an UPSERT
that starts or bumps the caller's count and returns it. DRF's cache throttle read and rewrote
a list of timestamps in the cache, five statements and a write transaction on the default
database cache (0.8 of an adjudication's 2.1 ms CPU), and two racing requests could both pass
on the last slot; the UPSERT is atomic on SQLite (3.35+) and PostgreSQL alike, and every worker
of every server shares it. Adjudications, which store nothing, are counted in each worker's
memory instead (``ComputeRateThrottle``).
"""

from __future__ import annotations

import random
import threading
from contextlib import nullcontext

from django.db import connection, transaction
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import SimpleRateThrottle

from scoring.models import WriteCount

# Now and then a new window also clears the counts of windows long past (callers gone quiet).
SWEEP_CHANCE = 0.001


class WriteRateThrottle(SimpleRateThrottle):
    """Writes, counted per signed-in user (per address only when anonymous): at most N per
    window of the rate's length (``300/min``: 300 in each calendar minute)."""

    scope = "writes"

    def allow_request(self, request, view) -> bool:
        if request.method in SAFE_METHODS or self.rate is None:
            return True
        now = self.timer()
        bucket = int(now // self.duration)
        hits = self.count(self.get_cache_key(request, view), bucket)
        self.wait_seconds = (bucket + 1) * self.duration - now
        return hits <= self.num_requests

    def count(self, key: str, bucket: int) -> int:
        return count_write(key, bucket)

    def wait(self) -> float:
        return self.wait_seconds

    def get_cache_key(self, request, view) -> str:
        if request.user and request.user.is_authenticated:
            ident = f"user:{request.user.pk}"
        else:
            ident = f"anon:{self.get_ident(request)}"
        return f"{self.scope}:{ident}"[:100]


def count_write(key: str, bucket: int) -> int:
    """One more write for ``key`` in window ``bucket``: the count so far, this one included."""
    quote = connection.ops.quote_name
    table, key_, bucket_, hits_ = (
        quote(name) for name in (WriteCount._meta.db_table, "key", "bucket", "hits")
    )
    # On SQLite in a transaction of its own, so that it queues with the other writers on the
    # backend's writer lock (hearts_site/sqlite_backend) instead of sleeping in SQLite's busy
    # handler; on PostgreSQL a transaction would cost two more round trips and queue nothing.
    queued = transaction.atomic() if connection.vendor == "sqlite" else nullcontext()
    with queued, connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({key_}, {bucket_}, {hits_}) VALUES (%s, %s, 1) "
            f"ON CONFLICT ({key_}) DO UPDATE SET {hits_} = CASE "
            f"WHEN {table}.{bucket_} = excluded.{bucket_} THEN {table}.{hits_} + 1 ELSE 1 END, "
            f"{bucket_} = excluded.{bucket_} RETURNING {hits_}",
            [key, bucket],
        )
        hits = cursor.fetchone()[0]
    if hits == 1 and random.random() < SWEEP_CHANCE:
        WriteCount.objects.filter(bucket__lt=bucket - 1).delete()
    return hits


class ComputeRateThrottle(WriteRateThrottle):
    """Computations that store nothing (adjudications), counted per caller as writes are, but
    in each worker's own memory: at most N per window per worker.

    A shared count would make each of them a database write (its one statement, on PostgreSQL
    a flush of the log), the largest single cost of an adjudication; what they spend is one
    worker's CPU for a moment, which a count in that worker bounds."""

    scope = "computations"

    def count(self, key: str, bucket: int) -> int:
        return LOCAL_COUNTS.count(key, bucket)


class LocalCounts:
    """Fixed-window counts in this process, safe across threads. Windows past are dropped once
    the table holds ``limit`` callers (all of it, should the callers of this window fill it:
    lenient, never unbounded)."""

    def __init__(self, limit: int = 10_000):
        self.limit = limit
        self.lock = threading.Lock()
        self.counts: dict[str, tuple[int, int]] = {}

    def count(self, key: str, bucket: int) -> int:
        """One more for ``key`` in window ``bucket``: the count so far, this one included."""
        with self.lock:
            seen_bucket, hits = self.counts.get(key, (bucket, 0))
            hits = hits + 1 if seen_bucket == bucket else 1
            if len(self.counts) >= self.limit and key not in self.counts:
                self.counts = {k: v for k, v in self.counts.items() if v[0] >= bucket}
                if len(self.counts) >= self.limit:  # that many callers at once: start over
                    self.counts = {}
            self.counts[key] = (bucket, hits)
            return hits


LOCAL_COUNTS = LocalCounts()
