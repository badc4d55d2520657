"""System checks for what the code needs of the database beneath it."""

from __future__ import annotations

import sqlite3

from django.conf import settings
from django.core import checks
from django.db import connections

from hearts_site import deploy_steps

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


@checks.register(checks.Tags.staticfiles, deploy=True)
def static_files_collected(app_configs, **kwargs) -> list[checks.CheckMessage]:
    if not deploy_steps.static_manifest_missing():
        return []
    return [
        checks.Error(
            f"No static manifest in {settings.STATIC_ROOT}: every page would answer 500.",
            hint="Run `manage.py collectstatic --noinput` on this server after every update.",
            id="hearts.E002",
        )
    ]


@checks.register(checks.Tags.translation, deploy=True)
def catalogues_compiled(app_configs, **kwargs) -> list[checks.CheckMessage]:
    missing = deploy_steps.catalogues_missing()
    if not missing:
        return []
    return [
        checks.Error(
            f"Translation catalogues missing or older than their .po ({', '.join(missing)}): "
            "those languages' readers would see English.",
            hint="Run `manage.py compilemessages --ignore .venv` (it needs gettext's msgfmt) "
            "on this server after every update.",
            id="hearts.E004",
        )
    ]


@checks.register(checks.Tags.database, deploy=True)
def cache_tables_present(app_configs, databases=None, **kwargs) -> list[checks.CheckMessage]:
    """Asked by `check --deploy --database default` (not by `migrate`, which makes them)."""
    if not databases or "default" not in databases:
        return []
    missing = deploy_steps.missing_tables(connections["default"])
    if not missing:
        return []
    return [
        checks.Error(
            f"The database cache's tables are missing ({', '.join(missing)}): every sign-in "
            "would fail.",
            hint="Run `manage.py migrate`.",
            id="hearts.E003",
        )
    ]
