"""A database migrated once, then copied for each test that starts processes on a database of
its own (workers, servers, child scenarios).

Migrating from nothing is most of a short scenario's cost, and every such test migrated the
same schema. The template is migrated by ``manage.py migrate`` in a child process, as before,
once per pytest process (each xdist worker has its own); a test gets a copy: on SQLite the
file, on PostgreSQL ``CREATE DATABASE … TEMPLATE``, on the server ``DATABASE_URL`` names. The
tests that prove what ``migrate`` itself does (tests/hardening/test_deploy_steps.py,
tests/test_foundation.py) and tests/multiprocess/test_two_servers.py still migrate their own.
"""

from __future__ import annotations

import os
import secrets
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

from hearts_site.database.config import POSTGRES_SCHEMES, database_config

ROOT = Path(__file__).resolve().parents[1]


def on_postgres() -> bool:
    return urlsplit(os.environ.get("DATABASE_URL", "")).scheme.lower() in POSTGRES_SCHEMES


def _server() -> psycopg.Connection:
    """An autocommit connection to the ``postgres`` database of DATABASE_URL's server."""
    config = database_config(os.environ["DATABASE_URL"], environ={})
    return psycopg.connect(
        dbname="postgres",
        host=config.get("HOST") or None,
        port=config.get("PORT") or None,
        user=config.get("USER") or None,
        password=config.get("PASSWORD") or None,
        connect_timeout=10,
        autocommit=True,
    )


def _migrate(url: str) -> None:
    """``manage.py migrate`` on ``url``, in the environment the tests give their children (no
    cache or Django settings of this process, the task queue that CI's phase chose)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CACHE_URL"))}
    env.pop("DATABASE_POOL_MAX_SIZE", None)
    env.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="hearts_site.settings")
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"migrating the template failed:\n{done.stdout}\n{done.stderr}"


class Template:
    """The migrated database; ``copy`` gives a new one, ``drop`` removes a copy."""

    def __init__(self, where: Path) -> None:
        self.postgres = on_postgres()
        if self.postgres:
            self.name = f"hearts_template_{os.getpid()}_{secrets.token_hex(3)}"
            with closing(_server()) as admin:
                admin.execute(f'CREATE DATABASE "{self.name}"')
            self.url = self._url(self.name)
        else:
            self.path = where / "template.sqlite3"
            self.url = f"sqlite:///{self.path}"
        _migrate(self.url)
        if not self.postgres:  # everything in the file itself, none left in its WAL
            with closing(sqlite3.connect(self.path)) as db:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def _url(self, name: str) -> str:
        return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}"))

    def copy(self, where: Path, name: str = "copy.sqlite3") -> str:
        """A migrated database of its own: a file in ``where`` (SQLite), or a new database
        on the server; its URL."""
        if not self.postgres:
            shutil.copyfile(self.path, where / name)
            return f"sqlite:///{where / name}"
        copied = f"hearts_copy_{os.getpid()}_{secrets.token_hex(4)}"
        with closing(_server()) as admin:
            admin.execute(f'CREATE DATABASE "{copied}" TEMPLATE "{self.name}"')
        return self._url(copied)

    def drop(self, url: str) -> None:
        if self.postgres:
            name = urlsplit(url).path.strip("/")
            with closing(_server()) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def close(self) -> None:
        if self.postgres:
            self.drop(self.url)
