"""After a database error, the pool's idle connections are dropped and opened anew in the
pool's own threads.

A PostgreSQL restart cuts every connection, and the pool does not know until one is used:
each would fail one request in turn, for as long as it took each to be lent out again (20 s of
scattered 503s after a restart in bench/night_faults.py). Checking each connection as it is
lent (Django's ``CONN_HEALTH_CHECKS``) would fix that at a round trip a request, but the check
runs outside the query deadline (hearts_site/database/deadline.py) and hangs on a database that has
gone silent; dropping them once an error is seen costs nothing while all is well.
"""

from __future__ import annotations

import contextlib
import logging

from django.db import connections

logger = logging.getLogger(__name__)


def drop_idle_connections() -> None:
    """When this thread's pooled connection was lost (not a statement merely cancelled: its
    connection is still good, and so are the others), drop the idle connections of its pool (a
    connection lent out is closed when it comes back); psycopg's pool opens new ones in the
    background."""
    for connection in connections.all(initialized_only=True):
        if connection.vendor != "postgresql" or not connection.settings_dict["OPTIONS"].get("pool"):
            continue
        held = connection.connection
        if held is not None and not (held.broken or held.closed):
            continue
        with contextlib.suppress(Exception):  # a pool already closing: nothing to drop
            connection.pool.drain()
            logger.warning("database error: the idle pooled connections were dropped")
