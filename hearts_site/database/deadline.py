"""A deadline on every PostgreSQL query, kept by the client: past it, the connection's socket
is shut, the query fails at once (an OperationalError: a 503 ``database_unavailable``) and the
connection is dropped.

PostgreSQL's ``statement_timeout`` (hearts_site/database/config.py) cancels a slow statement, but
only a server that still answers can say so: a database host gone silent (a network that
drops everything, a stalled proxy) leaves the client waiting on its socket for ever, and every
worker with it. The deadline is the statement timeout and a second more, so a live server
always answers first. One watchdog thread per process keeps the deadlines of the queries in
flight and looks at them every ``TICK_SECONDS``; arming and disarming one is a dictionary
write under a lock, waking no thread.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import threading
import time

from django.db.backends.signals import connection_created

from hearts_site.database.config import statement_timeout

MARGIN_SECONDS = 1.0
# How late the watchdog may notice a passed deadline: it looks this often rather than being
# woken by every query it watches (a thread switch each query). Well inside the margin, so a
# live server still answers first.
TICK_SECONDS = 0.25


class Watchdog:
    def __init__(self) -> None:
        self._due: dict[int, tuple[float, int]] = {}  # token -> (deadline, socket descriptor)
        self._tokens = itertools.count()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def arm(self, fd: int, seconds: float) -> int:
        token = next(self._tokens)
        with self._lock:
            self._due[token] = (time.monotonic() + seconds, fd)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._watch, name="db-deadline", daemon=True)
                self._thread.start()
        return token

    def disarm(self, token: int) -> None:
        with self._lock:
            self._due.pop(token, None)

    def _watch(self) -> None:
        while True:
            time.sleep(TICK_SECONDS)
            now = time.monotonic()
            with self._lock:
                passed = [token for token, (deadline, _) in self._due.items() if deadline <= now]
                shut = [self._due.pop(token)[1] for token in passed]
            for fd in shut:
                _shut(fd)


def _shut(fd: int) -> None:
    """Shut the socket behind ``fd`` (a duplicate of it, so the owner's stays valid)."""
    with contextlib.suppress(OSError), socket.socket(fileno=os.dup(fd)) as sock:
        sock.shutdown(socket.SHUT_RDWR)


WATCHDOG = Watchdog()


def _with_deadline(seconds: float):
    def execute(run, sql, params, many, context):
        token = WATCHDOG.arm(context["connection"].connection.fileno(), seconds)
        try:
            return run(sql, params, many, context)
        finally:
            WATCHDOG.disarm(token)

    execute.hearts_deadline = True
    return execute


def _on_connection_created(sender, connection, **kwargs) -> None:
    if connection.vendor != "postgresql":
        return
    statement = statement_timeout(os.environ)
    if not statement:
        return
    if not any(getattr(w, "hearts_deadline", False) for w in connection.execute_wrappers):
        connection.execute_wrappers.append(_with_deadline(statement + MARGIN_SECONDS))


def install() -> None:
    """Put a deadline on the queries of every PostgreSQL connection opened from now on."""
    connection_created.connect(_on_connection_created, dispatch_uid="hearts-db-deadline")
