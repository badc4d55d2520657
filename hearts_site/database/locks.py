"""Named locks held until the transaction ends, for writes that touch rows which may not exist
yet (a row lock cannot wait on a row that is about to be inserted).

On PostgreSQL each (name, key) is a transaction-level advisory lock: taken in the order the
keys are given (callers sort them, so two writers never wait on each other in a ring) and
released at commit or rollback. SQLite needs none: its write transactions begin IMMEDIATE and
run one at a time."""

from __future__ import annotations

import zlib
from collections.abc import Iterable

from django.db import connection

# Advisory lock keys are two 32-bit integers: the name's checksum, and the key within it.
_KEY_SPACE = 2**31


def hold(name: str, keys: Iterable[int]) -> None:
    """Wait for, then hold until the transaction ends, the lock ``name`` of each key, in the
    order given. Outside a transaction there is nothing to hold it for: each statement commits
    alone (a command's bulk rebuild, say), and nothing is taken."""
    keys = [key % _KEY_SPACE for key in keys]
    if connection.vendor != "postgresql" or not keys or not connection.in_atomic_block:
        return
    space = zlib.crc32(name.encode()) % _KEY_SPACE
    with connection.cursor() as cursor:
        # unnest yields the array in its order, so the locks are taken in the caller's order.
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, key) FROM unnest(%s::integer[]) AS key",
            [space, keys],
        )
