"""A stalled database never holds a worker for long: every wait is bounded and answered with a
503 and its code (a real gunicorn). On PostgreSQL a proxy in front of the database stops
answering, for the pooled connections already open and for new ones; on SQLite another
process holds the writer lock."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request

import psycopg
import pytest
from django.db import connection

from .test_faults import free_port, gunicorn

WAIT, STATEMENT = 2, 2  # DATABASE_WAIT_TIMEOUT, DATABASE_STATEMENT_TIMEOUT for the server
BOUND = WAIT + STATEMENT + 2  # seconds any answer may take, with a margin for a busy machine


class StallingProxy:
    """Forwards TCP to PostgreSQL until ``stall()``: then it reads nothing more and answers
    nothing, on open connections and on the new ones it still accepts."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.port = free_port()
        self.stalled = threading.Event()
        self.closed = threading.Event()
        self.sockets: list[socket.socket] = []
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, daemon=True).start()

    def stall(self) -> None:
        self.stalled.set()

    def resume(self) -> None:
        self.stalled.clear()

    def close(self) -> None:
        self.closed.set()
        for sock in [self.listener, *self.sockets]:
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while not self.closed.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.sockets.append(client)
            if self.stalled.is_set():
                continue  # accepted, never answered
            upstream = socket.create_connection(self.target, timeout=10)
            self.sockets.append(upstream)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        source.settimeout(0.1)
        with contextlib.suppress(OSError):
            while not self.closed.is_set():
                if self.stalled.is_set():
                    time.sleep(0.05)
                    continue
                try:
                    data = source.recv(65536)
                except TimeoutError:
                    continue
                if not data:
                    return
                while self.stalled.is_set() and not self.closed.is_set():
                    time.sleep(0.05)  # what came in as it stalled is held too
                sink.sendall(data)


def timed(method: str, url: str, body: dict | None = None) -> tuple[float, int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    return time.monotonic() - started, status, json.loads(raw or b"null")


def assert_503_in_time(url: str, code: str | None, method: str = "GET", body=None) -> None:
    seconds, status, answer = timed(method, url, body)
    assert status == 503, (status, answer)
    assert seconds < BOUND, f"{url} took {seconds:.1f} s"
    if code is None:
        assert answer == {"status": "unavailable", "database": "unreachable"}
    else:
        assert answer["errors"][0]["code"] == code


@contextlib.contextmanager
def fresh_postgres_database():
    settings = connection.settings_dict
    name = f"hearts_stall_{os.getpid()}"
    admin = f"postgresql://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/postgres"
    with psycopg.connect(admin, autocommit=True) as pg:
        pg.execute(f'DROP DATABASE IF EXISTS "{name}"')
        pg.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        with psycopg.connect(admin, autocommit=True) as pg:
            pg.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.django_db
def test_a_stalled_database_gives_prompt_503s_then_service_again(
    collected_static, monkeypatch, tmp_path
):
    monkeypatch.setenv("DATABASE_WAIT_TIMEOUT", str(WAIT))
    monkeypatch.setenv("DATABASE_STATEMENT_TIMEOUT", str(STATEMENT))
    if connection.vendor != "postgresql":
        assert_sqlite_writer_lock_wait_is_bounded(tmp_path)
        return
    for pool in ("", "2"):  # a connection per request, then the documented pool
        monkeypatch.setenv("DATABASE_POOL_MAX_SIZE", pool)
        assert_postgres_stall_is_answered_promptly()


def assert_postgres_stall_is_answered_promptly() -> None:
    settings = connection.settings_dict
    with fresh_postgres_database() as name:
        proxy = StallingProxy((settings["HOST"], int(settings["PORT"])))
        try:
            url = f"postgres://{settings['USER']}@127.0.0.1:{proxy.port}/{name}"
            with gunicorn(url) as base:
                assert timed("GET", f"{base}/api/v1/clubs/")[1] == 200
                proxy.stall()
                assert_503_in_time(f"{base}/api/v1/clubs/", "database_unavailable")
                assert_503_in_time(f"{base}/healthz", None)
                assert_503_in_time(f"{base}/api/v1/clubs/", "database_unavailable")
                proxy.resume()
                deadline = time.monotonic() + 2 * BOUND
                while timed("GET", f"{base}/healthz")[1] != 200:
                    assert time.monotonic() < deadline, "the server never recovered"
                assert timed("GET", f"{base}/api/v1/clubs/")[1] == 200
        finally:
            proxy.close()


def assert_sqlite_writer_lock_wait_is_bounded(tmp_path) -> None:
    """A writer that holds SQLite's writer lock for long: a write waits a bounded time."""
    database = tmp_path / "stall.sqlite3"
    with gunicorn(f"sqlite:///{database}") as base:
        lock = os.open(f"{database}-writer.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)
            assert timed("GET", f"{base}/healthz")[1] == 200  # readers never wait
            assert_503_in_time(
                f"{base}/api/v1/auth/sign-in/",
                "database_unavailable",
                "POST",
                {"username": "nobody", "password": "x", "device_name": "phone"},
            )
        finally:
            os.close(lock)
