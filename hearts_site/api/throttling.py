"""Throttling per user (every device token of a user shares its budget), never per address
alone: every phone at a venue shares one. Fixed windows; where a count is kept is the
subclass's choice: the database for writes (scoring/api/throttling.py), this worker's memory
for computations that store nothing (``ComputeRateThrottle``).

Each counted request's answer shows its budgets, as the IETF's RateLimit header fields draft
(draft-ietf-httpapi-ratelimit-headers-10, September 2025) writes them:
``RateLimit-Policy: "writes";q=300;w=60`` (the quota and the window in seconds) and
``RateLimit: "writes";r=288;t=40`` (what remains, and the seconds until the window ends),
from the count the throttle has just read: no other query.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import SimpleRateThrottle

from hearts_site.http.client_address import client_address


class FixedWindowThrottle(SimpleRateThrottle):
    """Requests counted per signed-in user (per address only when anonymous), at most N per
    window of the rate's length (``300/min``: 300 in each calendar minute); reads are never
    counted, unless the subclass ``counts_reads``. A subclass says where the count is kept
    (``count``)."""

    counts_reads = False

    def allow_request(self, request, view) -> bool:
        if (request.method in SAFE_METHODS and not self.counts_reads) or self.rate is None:
            return True
        return self.allow_caller(request, self.get_cache_key(request, view))

    def allow_anonymous_write(self, request) -> bool:
        """``allow_request`` for a write by a caller whom DRF would find anonymous."""
        return self.rate is None or self.allow_caller(request, self.anonymous_key(request))

    def allow_caller(self, request, key: str) -> bool:
        """Count the request for ``key``, once: a request counted already (by an answer that
        began without DRF's dispatch and left the rest to it, hearts_site/api/shortcut.py) is judged
        by the count it got then."""
        budget = counted(request, self.scope)
        if budget is None:
            now = self.timer()
            hits = self.count(key, int(now // self.duration))
            budget = Budget(self.scope, self.num_requests, int(self.duration), hits, now)
            spent(request, budget)
        self.wait_seconds = (budget.now // self.duration + 1) * self.duration - budget.now
        return budget.hits <= self.num_requests

    def count(self, key: str, bucket: int) -> int:
        """One more for ``key`` in window ``bucket``: the count so far, this one included."""
        raise NotImplementedError

    def wait(self) -> float:
        return self.wait_seconds

    def get_ident(self, request) -> str:
        """The client's address as the trusted proxies report it (DRF's own reading believes
        any ``X-Forwarded-For`` while ``NUM_PROXIES`` is unset)."""
        return client_address(request) or "unknown"

    def get_cache_key(self, request, view) -> str:
        if request.user and request.user.is_authenticated:
            return f"{self.scope}:user:{request.user.pk}"[:100]
        return self.anonymous_key(request)

    def anonymous_key(self, request) -> str:
        """The key of a caller who is not signed in: their address."""
        return f"{self.scope}:anon:{self.get_ident(request)}"[:100]


@dataclass(frozen=True)
class Budget:
    """One throttle's window as a request left it: ``hits`` counted so far, this one included."""

    name: str
    quota: int
    window: int  # seconds
    hits: int
    now: float

    @property
    def policy(self) -> str:
        return f'"{self.name}";q={self.quota};w={self.window}'

    @property
    def state(self) -> str:
        remaining = max(self.quota - self.hits, 0)
        reset = max(math.ceil((self.now // self.window + 1) * self.window - self.now), 1)
        return f'"{self.name}";r={remaining};t={reset}'


def counted(request, scope: str) -> Budget | None:
    """The budget ``scope`` that ``request`` (Django's or DRF's) was counted in, if it was."""
    request = getattr(request, "_request", request)
    return next((b for b in getattr(request, "rate_limits", ()) if b.name == scope), None)


def spent(request, budget: Budget) -> None:
    """Note a counted budget on the request (Django's, under DRF's), for its answer."""
    request = getattr(request, "_request", request)
    budgets = getattr(request, "rate_limits", None)
    if budgets is None:
        budgets = request.rate_limits = []
    budgets.append(budget)


class RateLimitHeadersMiddleware:
    """``RateLimit-Policy`` and ``RateLimit`` on the answer to each request a throttle counted
    (a 429 too: its ``r`` is 0); nothing on the others."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        budgets = getattr(request, "rate_limits", None)
        if budgets:
            response["RateLimit-Policy"] = ", ".join(budget.policy for budget in budgets)
            response["RateLimit"] = ", ".join(budget.state for budget in budgets)
        return response


class ComputeRateThrottle(FixedWindowThrottle):
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
