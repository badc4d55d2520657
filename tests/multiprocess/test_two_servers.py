"""Two gunicorn servers (two workers each) in front of one database behave as one service.

Run against the database CI is testing: with ``DATABASE_URL`` naming PostgreSQL, a scratch
database is created on that server (and dropped afterwards); otherwise both servers share one
SQLite file in WAL mode in a temporary directory. Nothing is skipped: a database that cannot
be created or a server that does not start is a failure.

Everything goes over loopback HTTP with bounded timeouts, and the servers are always stopped.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from hearts_site.database.config import POSTGRES_SCHEMES, database_config

REPO = Path(__file__).resolve().parents[2]
BIN = REPO / ".venv" / "bin"
GUNICORN = (
    BIN / "gunicorn" if (BIN / "gunicorn").exists() else Path(sys.executable).with_name("gunicorn")
)
BUDGET = 45  # seconds for everything up to stopping the servers (which takes at most ~12 s)
STEP_TIMEOUT = 30  # seconds for any one subprocess step (migrate, seed)
START_TIMEOUT = 20  # seconds for a server to answer /healthz
HTTP_TIMEOUT = 10  # seconds for any one request
API = "/api/v1"

SEED = """
import json
from django.contrib.auth import get_user_model
from scoring import services

user = get_user_model().objects.create_user("mp_scorer", password=None)
club = services.create_club(user=user, name="Two Servers", slug="two-servers")
players = [services.create_player(club=club, name=n) for n in ("Ada", "Ben", "Cleo", "Dev")]
game = services.create_game(club=club, players=players, actor=user)
token, key = services.create_device_token(user=user, name="phone")
print("SEED " + json.dumps({"club": club.pk, "game": game.pk, "key": key}))
"""

POINTS = [[13, 5, 4, 4], [4, 13, 5, 4], [6, 2, 13, 5], [0, 9, 4, 13], [13, 0, 13, 0], [3, 3, 7, 13]]


class Budget:
    """One deadline for the whole scenario: every wait is capped by what is left of it."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def left(self, cap: float) -> float:
        remaining = self.end - time.monotonic()
        if remaining <= 0:
            pytest.fail(f"the two-server scenario ran over its {BUDGET} s budget")
        return min(cap, remaining)


budget = Budget(BUDGET)


def on_postgres() -> bool:
    url = os.environ.get("DATABASE_URL", "")
    return urlsplit(url).scheme.lower() in POSTGRES_SCHEMES


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def base_env(database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CACHE_URL"))}
    env.update(
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="hearts_site.settings",
        DJANGO_SECRET_KEY="two-servers-" + secrets.token_hex(24),
        PYTHONUNBUFFERED="1",
    )
    env.pop("DATABASE_POOL_MAX_SIZE", None)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=budget.left(STEP_TIMEOUT),
        check=False,
    )
    assert done.returncode == 0, f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


# --- The database -------------------------------------------------------------------------------


def _admin_connection(config: dict[str, Any]) -> psycopg.Connection:
    params = {
        "host": config.get("HOST") or None,
        "port": config.get("PORT") or None,
        "user": config.get("USER") or None,
        "password": config.get("PASSWORD") or None,
        "connect_timeout": 10,
        "autocommit": True,
    }
    try:
        return psycopg.connect(dbname="postgres", **params)
    except psycopg.OperationalError:
        return psycopg.connect(dbname=config["NAME"], **params)


@pytest.fixture
def database_url(tmp_path) -> Iterator[str]:
    """A scratch PostgreSQL database on CI's server, or a SQLite file; empty."""
    global budget
    budget = Budget(BUDGET)
    if not on_postgres():
        yield f"sqlite:///{tmp_path / 'shared.sqlite3'}"
        return
    url = os.environ["DATABASE_URL"]
    config = database_config(url, environ={})
    name = f"hearts_two_servers_{os.getpid()}_{secrets.token_hex(4)}"
    with _admin_connection(config) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        parts = urlsplit(url)
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with _admin_connection(config) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- The servers --------------------------------------------------------------------------------


@dataclass
class Server:
    name: str
    port: int
    process: subprocess.Popen
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


def start(name: str, env: dict[str, str], logs: Path) -> Server:
    port = free_port()
    log = logs / f"gunicorn-{name}.log"
    handle = open(log, "wb")  # noqa: SIM115 - the server writes it until it stops
    process = subprocess.Popen(
        [
            str(GUNICORN),
            "hearts_site.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--timeout",
            "30",
            "--graceful-timeout",
            "5",
        ],
        cwd=REPO,
        env=env,
        stdout=handle,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: stopping it reaches its workers
    )
    handle.close()
    return Server(name, port, process, log)


def wait_ready(server: Server) -> None:
    deadline = time.monotonic() + budget.left(START_TIMEOUT)
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(f"server {server.name} exited early:\n{server.output()}")
        try:
            status, _, body = call(server, "GET", "/healthz", timeout=2)
            if status == 200:
                assert json.loads(body)["database"] == "ok"
                return
        except OSError:
            pass
        time.sleep(0.2)
    pytest.fail(
        f"server {server.name} did not answer /healthz in {START_TIMEOUT}s:\n{server.output()}"
    )


def stop(server: Server) -> None:
    """TERM the gunicorn master (it stops its workers); KILL its group if it lingers."""
    if server.process.poll() is None:
        server.process.terminate()
        try:
            server.process.wait(timeout=6)
        except subprocess.TimeoutExpired:
            os.killpg(server.process.pid, signal.SIGKILL)
            server.process.wait(timeout=5)


@pytest.fixture
def servers(
    database_url, tmp_path, collected_static
) -> Iterator[tuple[Server, Server, dict[str, Any]]]:
    env = base_env(database_url)
    manage(env, "migrate", "--noinput", "-v", "0")  # with the database cache's tables
    seeded = [
        line for line in manage(env, "shell", "-c", SEED).splitlines() if line.startswith("SEED ")
    ]
    assert seeded, "the seeding step printed nothing"
    seed = json.loads(seeded[-1].removeprefix("SEED "))
    env_b = dict(env)
    if on_postgres():
        env_b["DATABASE_POOL_MAX_SIZE"] = "2"  # one server on psycopg's pool, one without
    started: list[Server] = []
    try:
        started.append(start("A", env, tmp_path))
        started.append(start("B", env_b, tmp_path))
        for server in started:
            wait_ready(server)
        yield started[0], started[1], seed
    finally:
        for server in started:
            stop(server)


# --- HTTP ---------------------------------------------------------------------------------------


def call(
    server: Server,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = HTTP_TIMEOUT,
) -> tuple[int, dict[str, str], bytes]:
    timeout = budget.left(timeout)
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server.base + path, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers.items()), response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, dict(error.headers.items()), error.read()


def test_two_servers_on_one_database_act_as_one(servers, database_url):
    a, b, seed = servers
    auth = {"Authorization": f"Token {seed['key']}"}
    game = seed["game"]
    hand = f"{API}/games/{game}/hands/%d/"
    board = f"{API}/games/{game}/scoreboard/"

    # Hands entered alternately on A and B, each sent with the version the other one gave.
    etag = call(a, "GET", board)[1]["ETag"]
    for number, points in enumerate(POINTS, start=1):
        server = a if number % 2 else b
        status, headers, body = call(
            server, "PUT", hand % number, {"points": points}, {**auth, "If-Match": etag}
        )
        assert status == 201, (server.name, number, body)
        etag = headers["ETag"]
        assert json.loads(body)["game_version"] == int(etag.strip('"'))
        # The same hand again on the other server: the stored hand, not a second one.
        other = b if server is a else a
        status, headers, again = call(other, "PUT", hand % number, {"points": points}, auth)
        assert status == 200, (other.name, number, again)
        assert json.loads(again)["hand"] == json.loads(body)["hand"]
        assert headers["ETag"] == etag

    # A stale version is refused by either server.
    status, _, body = call(b, "PUT", hand % 7, {"points": POINTS[0]}, {**auth, "If-Match": '"1"'})
    assert status == 412, body
    assert json.loads(body)["errors"][0]["code"] == "version_mismatch"

    # Both serve the same scoreboard, byte for byte, under the same ETag.
    status_a, headers_a, body_a = call(a, "GET", board)
    status_b, headers_b, body_b = call(b, "GET", board)
    assert status_a == status_b == 200
    assert body_a == body_b
    assert headers_a["ETag"] == headers_b["ETag"] == etag
    scoreboard = json.loads(body_a)
    assert [h["number"] for h in scoreboard["hands"]] == list(range(1, len(POINTS) + 1))
    assert scoreboard["totals"] == [sum(column) for column in zip(*POINTS, strict=True)]
    status, _, _ = call(b, "GET", board, headers={"If-None-Match": headers_a["ETag"]})
    assert status == 304

    # The same hand sent to both servers at once: exactly one of them records it.
    results: dict[str, int] = {}

    def send(server: Server, points: list[int]) -> None:
        results[server.name] = call(server, "PUT", hand % 7, {"points": points}, auth)[0]

    threads = [
        threading.Thread(target=send, args=(a, [13, 13, 0, 0])),
        threading.Thread(target=send, args=(b, [0, 0, 13, 13])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=HTTP_TIMEOUT + 5)
    assert sorted(results.values()) == [201, 409], results
    assert call(a, "GET", board)[2] == call(b, "GET", board)[2]

    # An Idempotency-Key create sent to A and retried on B replays A's response.
    key = {"Idempotency-Key": f"two-servers-{secrets.token_hex(8)}"}
    player = {"club": seed["club"], "name": "Eve"}
    status_a, headers_a, first = call(a, "POST", f"{API}/players/", player, {**auth, **key})
    assert status_a == 201, first
    assert "Idempotent-Replayed" not in headers_a
    status_b, headers_b, replay = call(b, "POST", f"{API}/players/", player, {**auth, **key})
    assert status_b == 201, replay
    assert headers_b.get("Idempotent-Replayed") == "true"
    assert json.loads(replay) == json.loads(first)
    status, _, listed = call(b, "GET", f"{API}/players/?club={seed['club']}&name=Eve")
    assert status == 200 and json.loads(listed)["count"] == 1
    # The same key with another body is refused on either server.
    other = {"club": seed["club"], "name": "Eve Two"}
    status, _, body = call(a, "POST", f"{API}/players/", other, {**auth, **key})
    assert status == 422, body

    if not on_postgres():  # both servers wrote one SQLite file, in WAL mode
        with sqlite3.connect(database_url.removeprefix("sqlite:///")) as db:
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_shared_database_is_the_one_ci_is_testing(database_url):
    """PostgreSQL when DATABASE_URL says so (a scratch database beside it), else SQLite."""
    if on_postgres():
        assert urlsplit(database_url).scheme in POSTGRES_SCHEMES
        assert urlsplit(database_url).path.startswith("/hearts_two_servers_")
    else:
        assert database_url.startswith("sqlite:///")
