"""bench/http_load.py's servers and wrk runs: a scratch database, gunicorn on loopback, one wrk
run of one load and its figures (bench/idle_watchers.py runs its own with the same parts)."""

from __future__ import annotations

import json
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from report import ScratchPostgres

ROOT = Path(__file__).resolve().parent.parent
LUA = ROOT / "bench" / "lua"
SERVERS = {
    "sync": ["--workers", "2"],
    "gthread": ["--workers", "2", "--worker-class", "gthread", "--threads", "4"],
}
SERVER_TEXT = {
    "sync": "gunicorn, 2 sync workers",
    "gthread": "gunicorn, 2 gthread workers × 4 threads",
}


# --- Databases ---------------------------------------------------------------------------------


class Database:
    """A fresh database for one run: a temporary SQLite file, or a PostgreSQL database that
    this run creates and drops (it refuses one that exists already)."""

    def __init__(self, kind: str, postgres_url: str, workdir: Path):
        self.kind = kind
        self.scratch: ScratchPostgres | None = None
        if kind == "sqlite":
            self.url = f"sqlite:///{workdir / 'bench-http.sqlite3'}"
            self.name = str(workdir / "bench-http.sqlite3")
            return
        self.url = postgres_url
        self.scratch = ScratchPostgres(postgres_url)
        self.name = self.scratch.name

    def create(self) -> None:
        if self.scratch is None:
            return
        if self.scratch.exists():
            raise SystemExit(
                f"database {self.name!r} exists already: this benchmark drops only what it "
                "created; drop it yourself or name another with --postgres-url"
            )
        self.scratch.create()

    def drop(self) -> None:
        if self.scratch is not None:
            self.scratch.drop()

    def describe(self) -> str:
        if self.scratch is None:
            import sqlite3

            return f"SQLite {sqlite3.sqlite_version} (a temporary file, WAL)"
        return f"PostgreSQL {self.scratch.version()} (scratch database {self.name!r})"


# --- Server ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def gunicorn(server: str, env: dict[str, str], log_path: Path, app: Sequence[str] = ()):
    """gunicorn on a free loopback port; yields its base URL and stops it afterwards. ``app``:
    another application than the service's, with the options it needs."""
    return gunicorn_on(free_port(), [*app, *SERVERS[server]], env, log_path)


# How long a starting gunicorn may take to answer: on a machine shared with other work a
# second server's start took over 30 s.
STARTUP_SECONDS = 120

# The service with its event log switched off (bench/no_event_log_wsgi.py): hand entry's
# baseline for the log's cost.
NO_EVENT_LOG = ("--pythonpath", str(ROOT / "bench"), "no_event_log_wsgi:application")


@contextmanager
def gunicorn_on(
    port: int, options: Sequence[str], env: dict[str, str], log_path: Path
) -> Iterator[str]:
    """gunicorn with ``options`` on loopback ``port`` (bench/idle_watchers.py picks its own);
    the service's application unless ``options`` names another."""
    app = [] if any(":application" in option for option in options) else ["hearts_site.wsgi"]
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        *app,
        "--bind",
        f"127.0.0.1:{port}",
        *options,
    ]
    with open(log_path, "ab") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            if process.poll() is not None:
                raise SystemExit(f"gunicorn exited ({process.returncode}); see {log_path}")
            try:
                with urllib.request.urlopen(base + "/ping", timeout=2) as response:
                    if response.status == 200:
                        break
            except (OSError, urllib.error.URLError):
                pass
            if time.monotonic() > deadline:
                raise SystemExit(
                    f"gunicorn did not answer /ping in {STARTUP_SECONDS} s; see {log_path}"
                )
            time.sleep(0.2)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


# --- Load --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Load:
    """One endpoint under wrk: what is sent and the one status every response must have."""

    key: str
    name: str
    path: str
    expect: int
    script: str = "static.lua"
    script_args: tuple[str, ...] = ("GET",)
    headers: tuple[str, ...] = ()
    target: float | None = None  # the least share of the baseline's requests/s


@dataclass
class Run:
    load: Load
    command: list[str]
    requests: int = 0
    seconds: float = 0.0
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    statuses: dict[int, int] = field(default_factory=dict)
    socket_errors: int = 0

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def unexpected(self) -> int:
        return sum(n for status, n in self.statuses.items() if status != self.load.expect)

    @property
    def valid(self) -> bool:
        return self.requests > 0 and self.unexpected == 0 and self.socket_errors == 0


def drain(base: str, connections: int) -> None:
    """Wait until the server has finished what the last run left queued: wrk stops sending when
    its time is up, but requests already accepted (slow ones, like the table's) are still
    served, and would eat into the next run. ``connections`` pings at once come back only when
    the work queued before them is done."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(connections) as pool:
        statuses = list(pool.map(lambda _: fetch(base + "/ping")[0], range(connections)))
    if set(statuses) != {200}:
        raise SystemExit(f"/ping answered {statuses} between runs")


def wrk(base: str, load: Load, duration: int, connections: int) -> Run:
    return wrk_runs(base, load, duration, connections, connections)


def wrk_runs(base: str, load: Load, duration: int, connections: int, threads: int) -> Run:
    """One wrk run of ``load``: ``connections`` open at once on ``threads`` threads."""
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{duration}s",
        "--latency",
        "--timeout",
        "30s",
        *[part for header in load.headers for part in ("-H", header)],
        "-s",
        str(LUA / load.script),
        base + load.path,
        "--",
        *load.script_args,
    ]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=duration + 60, check=False
    )
    drain(base, min(connections, 16))
    line = next(
        (x for x in done.stdout.splitlines() if x.startswith("BENCH_JSON ")),
        None,
    )
    if done.returncode != 0 or line is None:
        raise SystemExit(f"wrk failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    data = json.loads(line.removeprefix("BENCH_JSON "))
    errors = data["errors"]
    return Run(
        load=load,
        command=command,
        requests=data["requests"],
        seconds=data["duration_us"] / 1e6,
        p50_ms=data["latency_us"]["p50"] / 1000,
        p99_ms=data["latency_us"]["p99"] / 1000,
        statuses={int(k): v for k, v in data["statuses"].items()},
        socket_errors=errors["connect"] + errors["read"] + errors["write"] + errors["timeout"],
    )


@dataclass
class ServerResult:
    database: str
    server: str
    cache: str
    baseline: list[Run]  # one before each endpoint's run and one after the last
    runs: list[Run]
    unlogged: ServerResult | None = None  # hand entry with the event log off, its own server

    @property
    def baseline_rps(self) -> float:
        return statistics.mean(run.rps for run in self.baseline)

    def around(self, index: int) -> float:
        """The baseline's requests/s next to run ``index``: the runs just before and after."""
        return statistics.mean(run.rps for run in self.baseline[index : index + 2])

    def share(self, index: int) -> float:
        around = self.around(index)
        return self.runs[index].rps / around if around else 0.0


def wrk_version() -> str:
    """wrk's first line of ``wrk -v``: the load generator is part of the measurement."""
    done = subprocess.run(["wrk", "-v"], capture_output=True, text=True, check=False)
    return (done.stdout + done.stderr).split("\n")[0].strip() or "unknown"
