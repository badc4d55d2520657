"""Turn ``DATABASE_URL`` into a Django ``DATABASES["default"]`` entry.

Kept apart from settings so that it can be tested without reloading settings.

* SQLite (the embedded default) runs in WAL mode with ``IMMEDIATE`` transactions and a
  busy timeout, so concurrent writers queue instead of failing with "database is locked".
  Its connections are kept between requests (``CONN_MAX_AGE``), through a backend whose health
  check notices a database file moved or replaced (hearts_site/database/sqlite_backend): a
  connection opened per request would make every request read the schema and attach the WAL again
  (bench/RESULTS.md has what that costs).
* PostgreSQL keeps ``CONN_MAX_AGE = 0``. Setting ``DATABASE_POOL_MAX_SIZE`` opts in to
  psycopg's connection pool (Django requires ``CONN_MAX_AGE = 0`` with the pool).

Every wait is bounded, so that a lost or stalled database gives a prompt 503 instead of
holding workers until gunicorn kills them: ``DATABASE_WAIT_TIMEOUT`` seconds (default 3) to
connect, to borrow a pooled connection or to take SQLite's writer lock;
``DATABASE_STATEMENT_TIMEOUT`` seconds (default 5, ``0`` for none) for one PostgreSQL
statement, which PostgreSQL enforces and, should the server fall silent, the client too
(hearts_site/database/deadline.py). ``manage.py`` leaves statements unbounded unless it is set:
a migration or an import may take longer.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

SQLITE_SCHEMES = frozenset({"sqlite"})
POSTGRES_SCHEMES = frozenset({"postgres", "postgresql"})
ACCEPTED = "sqlite://, postgres://, postgresql://"

SQLITE_ENGINE = "hearts_site.database.sqlite_backend"
SQLITE_CONN_MAX_AGE = 600  # seconds a worker keeps its SQLite connection

SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}


def _refuse(url: str, why: str) -> ImproperlyConfigured:
    shown = _redact(url)
    return ImproperlyConfigured(
        f"DATABASE_URL={shown!r} is not usable: {why}. Accepted schemes: {ACCEPTED} "
        f"(e.g. sqlite:////abs/path/db.sqlite3 or postgres://user@host:5432/name)."
    )


def _redact(url: str) -> str:
    """Hide a password, if any, before the URL goes into an error message."""
    try:
        parts = urlsplit(url)
        if parts.password:
            return url.replace(f":{parts.password}@", ":***@", 1)
    except ValueError:
        pass
    return url


def _seconds(environ: Mapping[str, str], name: str, default: float, least: float) -> float:
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1
    if value < least:
        raise ImproperlyConfigured(f"{name}={raw!r} must be a number of seconds, at least {least}.")
    return value


def wait_timeout(environ: Mapping[str, str]) -> float:
    """Seconds to connect, borrow a pooled connection or take SQLite's writer lock."""
    return _seconds(environ, "DATABASE_WAIT_TIMEOUT", 3, least=1)


def statement_timeout(environ: Mapping[str, str]) -> float:
    """Seconds one PostgreSQL statement may run; 0 for no limit."""
    return _seconds(environ, "DATABASE_STATEMENT_TIMEOUT", 5, least=0)


def _pool_size(environ: Mapping[str, str]) -> int | None:
    raw = environ.get("DATABASE_POOL_MAX_SIZE", "").strip()
    if not raw:
        return None
    try:
        size = int(raw)
    except ValueError:
        size = 0
    if size < 1:
        raise ImproperlyConfigured(
            f"DATABASE_POOL_MAX_SIZE={raw!r} must be a positive integer (or unset for no pool)."
        )
    return size


def database_config(url: str, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Return the Django database settings for ``url``.

    ``environ`` defaults to ``os.environ``; it is read for ``DATABASE_POOL_MAX_SIZE``.
    Raises ``ImproperlyConfigured`` naming DATABASE_URL for anything it cannot use.
    """
    environ = os.environ if environ is None else environ
    url = (url or "").strip()
    if not url:
        raise _refuse(url, "it is empty")
    try:
        scheme = urlsplit(url).scheme.lower()
    except ValueError as exc:
        raise _refuse(url, f"it does not parse as a URL ({exc})") from exc
    if not scheme or "://" not in url:
        raise _refuse(url, "it has no scheme")
    if scheme not in SQLITE_SCHEMES | POSTGRES_SCHEMES:
        raise _refuse(url, f"unknown scheme {scheme + '://'!r}")
    try:
        config = dj_database_url.parse(url)
    except Exception as exc:  # dj_database_url raises several types on garbage
        raise _refuse(url, f"it does not parse ({exc})") from exc

    if scheme in SQLITE_SCHEMES:
        options = dict(config.get("OPTIONS") or {})
        options.update(SQLITE_OPTIONS, timeout=wait_timeout(environ))
        config["OPTIONS"] = options
        config["ENGINE"] = SQLITE_ENGINE
        config["CONN_MAX_AGE"] = SQLITE_CONN_MAX_AGE
        config["CONN_HEALTH_CHECKS"] = True
        return config

    if not config.get("NAME"):
        raise _refuse(url, "it names no database (add /dbname at the end)")
    config["CONN_MAX_AGE"] = 0
    config["CONN_HEALTH_CHECKS"] = False
    options = dict(config.get("OPTIONS") or {})
    wait = wait_timeout(environ)
    # libpq counts whole seconds, and at least 2.
    options["connect_timeout"] = max(2, round(wait))
    statement = statement_timeout(environ)
    if statement:
        options["options"] = f"-c statement_timeout={round(statement * 1000)}"
    pool_max = _pool_size(environ)
    if pool_max is not None:
        options["pool"] = {"min_size": 1, "max_size": pool_max, "timeout": wait}
    config["OPTIONS"] = options
    return config
