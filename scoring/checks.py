"""System checks for what the code needs of the database beneath it."""

from __future__ import annotations

import sqlite3

from django.conf import settings
from django.core import checks

# The write throttle's count is one INSERT … ON CONFLICT … RETURNING (scoring/sql.py).
SQLITE_NEEDED = (3, 35, 0)


@checks.register(checks.Tags.compatibility)
def sqlite_new_enough(app_configs, **kwargs) -> list[checks.CheckMessage]:
    engine = settings.DATABASES["default"]["ENGINE"]
    if "sqlite" not in engine or sqlite3.sqlite_version_info >= SQLITE_NEEDED:
        return []
    return [
        checks.Error(
            f"SQLite {sqlite3.sqlite_version} is too old: the write throttle needs "
            f"{'.'.join(map(str, SQLITE_NEEDED))} or newer (UPSERT with RETURNING).",
            hint="Use a newer Python/SQLite build, or PostgreSQL (DATABASE_URL).",
            id="hearts.E001",
        )
    ]
