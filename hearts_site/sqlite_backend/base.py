"""Django's SQLite backend, for kept connections: a connection is dropped when the database
file it opened is no longer the file at the configured path.

A request that opens its own SQLite connection pays for it (the schema is read again, the WAL
attached again) and, under several gunicorn workers, waits on the other workers' opens and
closes: bench/http_load.py measured the scoreboard and adjudication at about 60% of their
requests/s that way, less on a busy machine (bench/RESULTS.md). So SQLite connections are kept
(``CONN_MAX_AGE``, see hearts_site/dbconfig.py). Django's health check (``CONN_HEALTH_CHECKS``)
asks ``is_usable()`` at a request's first query, but the stock SQLite backend always says yes:
an open file stays readable after it was moved or deleted, and the service would go on answering
from a file that is no longer its database. Here the check compares the file's identity (device
and inode) with the one opened: moved away, deleted or replaced, the connection is closed and
the next query opens the path again (or fails, and the request is a 503).
"""

from __future__ import annotations

import os

from django.db.backends.sqlite3 import base


def file_identity(name: object) -> tuple[int, int] | None:
    """(device, inode) of a database file; None for an in-memory or URI database."""
    if not isinstance(name, str | os.PathLike):
        return None
    path = os.fspath(name)
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    stat = os.stat(path)
    return stat.st_dev, stat.st_ino


class DatabaseWrapper(base.DatabaseWrapper):
    opened: tuple[int, int] | None = None

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        try:
            self.opened = file_identity(conn_params["database"])
        except OSError:
            self.opened = None
        return connection

    def is_usable(self) -> bool:
        if self.opened is None:
            return True
        try:
            return file_identity(self.settings_dict["NAME"]) == self.opened
        except OSError:
            return False
