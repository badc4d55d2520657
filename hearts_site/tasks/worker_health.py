"""Whether the task workers live: each worker writes when it last looked for work, per queue,
in the shared cache (``beat``); ``/healthz`` reads it (``stale_queues``). A queue whose worker
was seen, but not for ``HEARTS_WORKER_STALE_AFTER`` seconds, makes the site unhealthy. A queue
never seen (a fresh cache, a deployment without workers yet) is not counted stale: that is
for the deployment's checklist, not the load balancer. Each loop of a database-queue worker
beats too (``loops_alive``), so a task a dead worker left ``RUNNING`` is taken up again."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence

from django.conf import settings
from django.core.cache import caches

logger = logging.getLogger(__name__)

KEY = "hearts:worker-seen:{queue}"
LOOP_KEY = "hearts:worker-loop:{loop}"


def beat(queues: Sequence[str], loops: Sequence[str] = ()) -> bool:
    """Say that a worker of these queues, with these loops (their worker ids, as its tasks name
    them), is alive now; False (logged) when the cache cannot be written, as when the database
    holding it is away."""
    now = time.time()
    try:
        cache = caches["default"]
        if queues:
            cache.set_many({KEY.format(queue=q): now for q in queues}, None)
        if loops:
            # Kept a while past the threshold, then gone: no dead loop's key stays for good.
            kept = int(settings.HEARTS_WORKER_LOST_AFTER * 2) + 1
            cache.set_many({LOOP_KEY.format(loop=n): now for n in loops}, kept)
    except Exception as exc:  # a cache or database error: the worker goes on
        logger.warning("worker heartbeat not written: %s: %s", type(exc).__name__, exc)
        return False
    return True


def loops_alive(loops: list[str]) -> set[str]:
    """The loops among these seen within ``HEARTS_WORKER_LOST_AFTER`` seconds: a task another
    one left ``RUNNING`` was left by a dead worker (hearts_site/tasks/worker.py)."""
    found = caches["default"].get_many([LOOP_KEY.format(loop=n) for n in loops])
    fresh = time.time() - settings.HEARTS_WORKER_LOST_AFTER
    return {n for n in loops if found.get(LOOP_KEY.format(loop=n), 0) > fresh}


def last_seen(queues: list[str]) -> dict[str, float | None]:
    """Each queue's worker's last heartbeat (a Unix time), or None if never seen."""
    found = caches["default"].get_many([KEY.format(queue=q) for q in queues])
    return {q: found.get(KEY.format(queue=q)) for q in queues}


def stale_queues(queues: list[str]) -> list[str]:
    """The queues whose worker was seen, but longer ago than the threshold (none when the
    threshold is 0)."""
    limit = settings.HEARTS_WORKER_STALE_AFTER
    if limit <= 0:
        return []
    now = time.time()
    seen = last_seen(queues)
    return [q for q in queues if seen[q] is not None and now - seen[q] > limit]
