"""Whether the task workers live: each worker writes when it last looked for work, per queue,
in the shared cache (``beat``); ``/healthz`` reads it (``stale_queues``). A queue whose worker
was seen, but not for ``HEARTS_WORKER_STALE_AFTER`` seconds, makes the site unhealthy. A queue
never seen (a fresh cache, a deployment without workers yet) is not counted stale: that is
for the deployment's checklist, not the load balancer."""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.cache import caches

logger = logging.getLogger(__name__)

KEY = "hearts:worker-seen:{queue}"


def beat(queues: list[str]) -> bool:
    """Say that a worker of these queues is alive now; False (logged) when the cache
    cannot be written, as when the database holding it is away."""
    try:
        caches["default"].set_many({KEY.format(queue=q): time.time() for q in queues}, None)
    except Exception as exc:  # a cache or database error: the worker goes on
        logger.warning("worker heartbeat not written: %s: %s", type(exc).__name__, exc)
        return False
    return True


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
