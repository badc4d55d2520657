"""Deployment steps left undone, found alike by the system checks (`check --deploy
--database default`) and by /healthz, so that a server missing one is never reported healthy.

* `collectstatic`: with hashed static names (the manifest storage) every page needs the
  manifest it writes; without it every page, the 404 page included, is a 500.
* `migrate`: it makes the database cache's tables (scoring/migrations/0008_cache_tables.py);
  without them every sign-in fails.
* `compilemessages`: the pages read each language from its compiled catalogue (`.mo`); a
  catalogue missing, or older than its `.po`, shows that language's readers English.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.files.storage import storages
from django.db import DatabaseError, OperationalError

COLLECTSTATIC = "collectstatic"
MIGRATE = "migrate"
COMPILEMESSAGES = "compilemessages"
# PostgreSQL's SQLSTATE for a relation that does not exist.
UNDEFINED_TABLE = "42P01"


def static_manifest_missing() -> bool:
    """True when the static storage hashes names from a manifest that is not there (with
    DEBUG on, pages use the plain names and need none)."""
    if settings.DEBUG:
        return False
    storage = storages["staticfiles"]
    manifest = getattr(storage, "manifest_name", None)
    return manifest is not None and not storage.exists(manifest)


def catalogues_missing() -> list[str]:
    """The translation catalogues (``.po`` under ``LOCALE_PATHS``) whose compiled ``.mo`` is
    missing or older than the ``.po``: a few file looks, so /healthz may ask each time."""
    stale = []
    for root in map(Path, settings.LOCALE_PATHS):
        for source in sorted(root.glob("*/LC_MESSAGES/*.po")):
            compiled = source.with_suffix(".mo")
            if not compiled.exists() or compiled.stat().st_mtime < source.stat().st_mtime:
                stale.append(str(source.relative_to(root).with_suffix(".mo")))
    return stale


def database_cache_tables() -> list[str]:
    """The tables the configured caches keep their entries in."""
    return [
        cache["LOCATION"]
        for cache in settings.CACHES.values()
        if cache["BACKEND"].endswith(".DatabaseCache")
    ]


def missing_tables(connection) -> list[str]:
    """The database cache's tables that ``connection``'s database lacks (one query, or none
    when no cache lives in the database)."""
    wanted = database_cache_tables()
    if not wanted:
        return []
    present = set(connection.introspection.table_names())
    return [table for table in wanted if table not in present]


def is_missing_table(exc: BaseException) -> bool:
    """True when a database error says a table does not exist: a step left undone, not a
    database out of reach (SQLite reports both as an OperationalError)."""
    if not isinstance(exc, DatabaseError):
        return False
    driver_error = exc.__cause__
    if getattr(driver_error, "sqlstate", None) == UNDEFINED_TABLE:
        return True
    return isinstance(exc, OperationalError) and str(exc).startswith("no such table")
