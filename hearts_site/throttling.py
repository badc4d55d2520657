"""Throttling per user (every device token of a user shares its budget), never per address
alone: every phone at a venue shares one.

Counted in the database, in fixed windows, with one statement per write: an UPSERT that starts
or bumps the caller's count and returns it. DRF's cache throttle read and rewrote a list of
timestamps in the cache, five statements and a write transaction on the default database cache
(0.8 of an adjudication's 2.1 ms CPU), and two racing requests could both pass on the last
slot; the UPSERT is atomic on SQLite (3.35+) and PostgreSQL alike, and every worker of every
server shares it.
"""

from __future__ import annotations

import random

from django.db import connection
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import SimpleRateThrottle

from scoring.models import WriteCount

# Now and then a new window also clears the counts of windows long past (callers gone quiet).
SWEEP_CHANCE = 0.001


class WriteRateThrottle(SimpleRateThrottle):
    """Writes and adjudications, counted per signed-in user (per address only when anonymous):
    at most N per window of the rate's length (``300/min``: 300 in each calendar minute)."""

    scope = "writes"

    def allow_request(self, request, view) -> bool:
        if request.method in SAFE_METHODS or self.rate is None:
            return True
        now = self.timer()
        bucket = int(now // self.duration)
        hits = count_write(self.get_cache_key(request, view), bucket)
        self.wait_seconds = (bucket + 1) * self.duration - now
        return hits <= self.num_requests

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
    with connection.cursor() as cursor:
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
