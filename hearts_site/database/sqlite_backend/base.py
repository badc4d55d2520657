"""Django's SQLite backend, for kept connections: a connection is dropped when the database
file it opened is no longer the file at the configured path.

A request that opens its own SQLite connection pays for it (the schema is read again, the WAL
attached again) and, under several gunicorn workers, waits on the other workers' opens and
closes (bench/RESULTS.md has the figures). So SQLite connections are kept
(``CONN_MAX_AGE``, see hearts_site/database/config.py). Django's health check
(``CONN_HEALTH_CHECKS``) asks ``is_usable()`` at a request's first query, but the stock SQLite
backend always says yes: an open file stays readable after it was moved or deleted, and the
service would go on answering from a file that is no longer its database. Here the check
compares the file's identity (device and inode) with the one opened: moved away, deleted or
replaced, the connection is closed and the next query opens the path again (or fails, and the
request is a 503).

Writers queue on a file lock. SQLite lets one writer in at a time, and a connection that finds
the database locked sleeps in SQLite's busy handler (for growing intervals) before it tries
again, however soon the lock is free, so writers spent most of their time asleep. So each
transaction (``BEGIN IMMEDIATE``, which takes SQLite's
write lock) first takes an exclusive ``flock`` on ``<database>-writer.lock`` beside the
database, held until it commits or rolls back. A waiting writer tries again at once and then
every few milliseconds (never SQLite's growing sleeps), for at most the configured
``timeout`` (``DATABASE_WAIT_TIMEOUT``): past it, it gives up with an ``OperationalError``
(a 503 ``database_unavailable``) instead of holding its worker behind a long writer.
Readers never take it (WAL lets them read while a writer writes). An in-memory database has no
lock file.

A ``flock`` is not a queue: a job that writes in batches (a re-rating's thousands of rows)
takes the lock again the instant it lets it go, and a writer trying every few milliseconds can
miss every gap (a hand entry gave up after 3 s during a 200,000-game re-rating). So a writer
that finds the lock taken says it is waiting (a shared ``flock`` on ``<database>-waiting.lock``)
until it gets in or gives up, and a connection that takes the lock again within
``BACK_TO_BACK`` of letting it go first gives way: it waits, briefly, until a waiting writer
has the lock (or none says it is waiting). A longer gap needs nothing: a waiter tries at
least every ``LONGEST_PAUSE``.

One thread must not hold write transactions on two connections to one database at once: the
second would wait for the first for ever (SQLite alone would have refused it after
the busy timeout); the project opens one connection per thread.
"""

from __future__ import annotations

import fcntl
import os
import time

from django.db import OperationalError
from django.db.backends.sqlite3 import base

# A waiting writer's pauses between tries: short, since most transactions last milliseconds.
FIRST_PAUSE, LONGEST_PAUSE = 0.0005, 0.002
# A transaction begun this soon after the connection's last one ended: a waiter may not have
# tried in between, so it goes first; for at most MOST_GIVEN_WAY (a stream of waiters does not
# starve the job either).
BACK_TO_BACK = 4 * LONGEST_PAUSE
MOST_GIVEN_WAY = 0.5


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
    writer_lock: int | None = None  # the lock file's descriptor, opened with the connection
    waiting_lock: int | None = None  # held shared while this connection waits for the lock
    holds_writer_lock = False
    released_at = float("-inf")  # time.monotonic() when this connection last let the lock go

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        try:
            self.opened = file_identity(conn_params["database"])
        except OSError:
            self.opened = None
        if self.opened is not None and self.writer_lock is None:
            path = os.fspath(conn_params["database"])
            self.writer_lock = os.open(f"{path}-writer.lock", os.O_RDWR | os.O_CREAT, 0o600)
            self.waiting_lock = os.open(f"{path}-waiting.lock", os.O_RDWR | os.O_CREAT, 0o600)
        return connection

    def _start_transaction_under_autocommit(self):
        if self.writer_lock is not None:
            self._take_writer_lock()
            self.holds_writer_lock = True
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_writer_lock()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._release_writer_lock()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._release_writer_lock()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._release_writer_lock()
            for name in ("writer_lock", "waiting_lock"):
                if getattr(self, name) is not None:
                    os.close(getattr(self, name))
                    setattr(self, name, None)

    def _take_writer_lock(self) -> None:
        if time.monotonic() - self.released_at < BACK_TO_BACK:
            self._give_way()
        if _try_lock(self.writer_lock, fcntl.LOCK_EX):
            return
        wait = float(self.settings_dict["OPTIONS"].get("timeout", 5))
        deadline, pause, said = time.monotonic() + wait, FIRST_PAUSE, False
        try:
            while not _try_lock(self.writer_lock, fcntl.LOCK_EX):
                said = said or _try_lock(self.waiting_lock, fcntl.LOCK_SH)
                if time.monotonic() >= deadline:
                    raise OperationalError(
                        f"database is locked: another writer held it for over {wait:g} s"
                    )
                time.sleep(pause)
                pause = min(2 * pause, LONGEST_PAUSE)
        finally:
            if said:
                fcntl.flock(self.waiting_lock, fcntl.LOCK_UN)

    def _give_way(self) -> None:
        """Let a waiting writer take the lock first: wait until one has it, or none says it is
        waiting, ``MOST_GIVEN_WAY`` at the most. Then this connection queues as any writer does
        (a stream of newcomers does not hold it back)."""
        deadline, pause = time.monotonic() + MOST_GIVEN_WAY, FIRST_PAUSE
        while not _try_lock(self.waiting_lock, fcntl.LOCK_EX):
            if not _try_lock(self.writer_lock, fcntl.LOCK_EX):
                return  # a waiter is in
            fcntl.flock(self.writer_lock, fcntl.LOCK_UN)  # only looked: free, the waiter sleeps
            if time.monotonic() >= deadline:
                return
            time.sleep(pause)
            pause = min(2 * pause, LONGEST_PAUSE)
        fcntl.flock(self.waiting_lock, fcntl.LOCK_UN)

    def _release_writer_lock(self) -> None:
        if self.holds_writer_lock:
            self.holds_writer_lock = False
            fcntl.flock(self.writer_lock, fcntl.LOCK_UN)
            self.released_at = time.monotonic()

    def is_usable(self) -> bool:
        if self.opened is None:
            return True
        try:
            return file_identity(self.settings_dict["NAME"]) == self.opened
        except OSError:
            return False


def _try_lock(descriptor: int, kind: int) -> bool:
    try:
        fcntl.flock(descriptor, kind | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
