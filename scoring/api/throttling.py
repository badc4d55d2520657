"""The write throttle: writes counted per user in the database, so that every worker of every
server shares one budget (scoring/services/throttling.py keeps the count; the pages' hand
entry spends the same budget)."""

from __future__ import annotations

from hearts_site.throttling import FixedWindowThrottle
from scoring.services.throttling import count_write


class WriteRateThrottle(FixedWindowThrottle):
    """Writes: at most N per user (or address, when anonymous) in each window."""

    scope = "writes"

    def count(self, key: str, bucket: int) -> int:
        return count_write(key, bucket)
