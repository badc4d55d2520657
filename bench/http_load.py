"""HTTP load benchmark: the API's main endpoints under wrk, against a plain Django view.

Not a test. For each database (a temporary SQLite file, a scratch PostgreSQL database created
and dropped by the run) a fresh database is migrated and seeded (a 20,000-game league, a
15-hand game, in-progress games for hand entry, an adjudication body), gunicorn serves it on a
free loopback port (2 sync workers; 2 gthread workers of 4 threads with ``--servers``), once
with Django's database cache and once with Redis (``--cache``), and wrk loads each endpoint for
``--duration`` seconds. Every figure is also a share of a baseline measured by the
same server in the same run: ``/ping``, a plain Django JSON view (no database, no DRF). The
status of every response is counted (bench/lua/report.lua); a run that saw any status other
than the expected one, or a socket error, is invalid. See bench/README.md.

    .venv/bin/python bench/http_load.py [--database sqlite|postgres|both] [--duration 10]
        [--servers sync,gthread] [--cache database|redis|both] [--out bench/RESULTS.md]
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from report import (
    ScratchPostgres,
    command_line,
    deadline,
    git_commit,
    load_average,
    machine_facts,
    write_section,
)

ROOT = Path(__file__).resolve().parent.parent
LUA = ROOT / "bench" / "lua"
# The write throttle stays on (its one UPSERT per write is paid) but never refuses during a run.
WRITE_RATE = "1000000/min"
DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/hearts_bench_http"
SERVERS = {
    "sync": ["--workers", "2"],
    "gthread": ["--workers", "2", "--worker-class", "gthread", "--threads", "4"],
}
SERVER_TEXT = {
    "sync": "gunicorn, 2 sync workers",
    "gthread": "gunicorn, 2 gthread workers × 4 threads",
}
# The cache behind the cached league tables (and anything else that uses Django's cache): the
# settings' default, a table in the same database (no CACHE_URL), or Redis in a database of its
# own that the run flushes before each server starts.
REDIS_URL = "redis://127.0.0.1:6379/14"
CACHES = ("database", "redis")
CACHE_TEXT = {"database": "database cache", "redis": "Redis cache"}
SCOREBOARD_HANDS = 15
# What the seeding child writes for the load (seed.json).
SEED_KEYS = (
    "token",
    "league",
    "finished_games",
    "hands",
    "scoreboard_game",
    "entry_games",
    "adjudication_body",
    "first_day",
    "days",
)
# Room between the first periods of two runs of the uncached table (bench/lua/periods.lua):
# more requests than any run makes, so that no run asks for a period an earlier one asked for.
PERIODS_PER_RUN = 100_000


# --- Seeding (runs in a child process, with Django set up on the new database) ---------------


def seed(url: str, out: Path, games: int, players: int, entry_games: int) -> None:
    """Migrate the empty database at ``url`` and write what the load needs into ``out``."""
    os.environ["DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "hearts_site.settings"
    # The database cache while seeding, whatever the caller's environment says: createcachetable
    # makes the cache table only for it, and the runs with the database cache need the table.
    os.environ.pop("CACHE_URL", None)
    sys.path.insert(0, str(ROOT))
    import random

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db.models import Max, Min
    from django.utils import timezone

    from adjudication.engine import build_ruleset
    from adjudication.engine.cards import NAMES, cards_in
    from adjudication.engine.simulate import deal, opening_leader, play_randomly
    from scoring import services
    from scoring.models import GameStatus, Hand, Player
    from scoring.sample.generate import generate

    started = time.perf_counter()

    def log(message: str) -> None:
        print(f"  seed [{time.perf_counter() - started:5.1f}s] {message}", file=sys.stderr)

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    owner = get_user_model().objects.create_user("bench-owner")
    club = services.create_club(user=owner, name="Bench club", slug="bench")
    _token, key = services.create_device_token(user=owner, name="wrk")
    log(f"generating a {games:,}-game league of {players} players")
    league = generate(club=club, actor=owner, players=players, games=games, seed=1)
    finished = league.games.filter(status=GameStatus.FINISHED).count()
    hands = Hand.objects.filter(game__league=league).count()
    log(f"generated {finished:,} finished games, {hands:,} hands")
    # The days of the league, in the time zone in which the table reads ``as_of``.
    span = league.games.filter(status=GameStatus.FINISHED).aggregate(
        first=Min("finished_at"), last=Max("finished_at")
    )
    first_day = timezone.localdate(span["first"])
    days = (timezone.localdate(span["last"]) - first_day).days + 1

    # Games that never end (target 100,000): one per wrk connection and run.
    open_league = services.create_league(
        club=club,
        name="Open-ended",
        ruleset={"preset": "standard", "target_score": 100_000},
    )
    people = list(Player.objects.filter(club=club).order_by("pk")[:players])
    rng = random.Random(7)

    def new_game():
        return services.create_game(
            club=club, league=open_league, players=rng.sample(people, 4), actor=owner
        )

    board = new_game()
    for number in range(1, SCOREBOARD_HANDS + 1):
        points = [13, 5, 4, 4]
        points = points[-(number % 4) :] + points[: -(number % 4)]
        services.enter_hand(game_id=board.pk, number=number, entry={"points": points}, actor=owner)
    entry = [new_game().pk for _ in range(entry_games)]

    # A complete random legal hand, with the holdings, for the adjudication endpoint.
    rules = build_ruleset("standard")
    holdings = deal(rules, rng)
    plays = play_randomly(rules, holdings, opening_leader(rules, holdings), rng)
    body = {
        "ruleset": "standard",
        "plays": [NAMES[c] for c in plays],
        "hands": [[NAMES[c] for c in cards_in(mask)] for mask in holdings],
    }
    (out.parent / "adjudication.json").write_text(json.dumps(body))
    analyze()
    out.write_text(
        json.dumps(
            {  # SEED_KEYS
                "token": key,
                "league": league.pk,
                "finished_games": finished,
                "first_day": first_day.isoformat(),
                "days": days,
                "hands": hands,
                "scoreboard_game": board.pk,
                "entry_games": entry,
                "adjudication_body": str(out.parent / "adjudication.json"),
            }
        )
    )
    log("seeded")


def analyze() -> None:
    """PostgreSQL: planner statistics for the rows just written in bulk, as autovacuum would
    gather them on a live database. Without them the 20,000-game table was planned blind and
    took 330 ms instead of 36 ms (SQLite has no autovacuum: it is left as production has it)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


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


def loads(
    seeded: dict, etags: dict[str, str], games: Sequence[int], connections: int, first_period: int
) -> list[Load]:
    """The loads, in the order they run. ``games``: an in-progress game per connection for hand
    entry; ``first_period``: where this run's uncached table starts (bench/lua/periods.lua)."""
    board = f"/api/v1/games/{seeded['scoreboard_game']}/scoreboard/"
    table = f"/api/v1/leagues/{seeded['league']}/standings/"
    json_body = "Content-Type: application/json"
    return [
        Load(
            "adjudicate",
            "adjudicate a complete hand (POST, with holdings)",
            "/api/v1/adjudications/",
            200,
            script_args=("POST", seeded["adjudication_body"]),
            headers=(json_body,),
            target=0.65,
        ),
        Load(
            "hand",
            "enter a hand (PUT, points, token; a new hand each request)",
            "/",
            201,
            script="hand.lua",
            script_args=(seeded["token"], ",".join(str(g) for g in games)),
            # No target: issue 16 withdrew the one once set; on 2 vCPUs an entry already
            # carries thousands of times a club's load.
        ),
        Load("scoreboard", f"scoreboard ({SCOREBOARD_HANDS} hands)", board, 200, target=0.3),
        Load(
            "standings",
            f"league table ({seeded['finished_games']:,} games)",
            table,
            200,
            target=0.3,
        ),
        # What computing the whole table costs over HTTP when no cached copy can answer: a
        # different period (as_of a day after the last game) each request. Informational.
        Load(
            "standings-uncached",
            f"league table ({seeded['finished_games']:,} games), uncached: a new period each time",
            table,
            200,
            script="periods.lua",
            script_args=(
                seeded["first_day"],
                str(seeded["days"]),
                str(first_period),
                str(connections),
            ),
        ),
        Load(
            "scoreboard-304",
            "scoreboard, If-None-Match: current ETag",
            board,
            304,
            headers=(f"If-None-Match: {etags['scoreboard']}",),
            target=0.3,
        ),
        Load(
            "standings-304",
            "league table, If-None-Match: current ETag",
            table,
            304,
            headers=(f"If-None-Match: {etags['standings']}",),
            target=0.3,
        ),
    ]


BASELINE = Load("ping", "baseline: `/ping`, plain Django JsonResponse", "/ping", 200)


def planned_seconds(args: argparse.Namespace) -> int:
    """About how long the run takes, so that a run that cannot finish within --max-seconds is
    refused at once rather than aborted at the end: per server and cache, a warm-up of each
    load and of the baseline, then each load and one baseline more than loads, half a second
    each for the drain, and 10 s to start and check the server; per database, the seeding
    (about 30 s for 20,000 games on the machine of bench/RESULTS.md, counted as 60)."""
    placeholder = dict.fromkeys(SEED_KEYS, 0)
    count = len(loads(placeholder, {"scoreboard": "", "standings": ""}, [], 1, 0))
    count = len(args.only) if args.only else count
    per_server = (count + 1) * (args.warmup + 0.5) + (2 * count + 1) * (args.duration + 0.5) + 10
    databases = 2 if args.database == "both" else 1
    runs = databases * len(args.servers) * len(args.cache)
    return round(runs * per_server + databases * (10 + args.games / 400))


def current_etags(base: str, seeded: dict) -> dict[str, str]:
    """The ETags of the scoreboard and the table, each checked to give 304 when sent back."""
    tags = {}
    for key, path in (
        ("scoreboard", f"/api/v1/games/{seeded['scoreboard_game']}/scoreboard/"),
        ("standings", f"/api/v1/leagues/{seeded['league']}/standings/"),
    ):
        status, headers, body = fetch(base + path)
        if status != 200 or "ETag" not in headers:
            raise SystemExit(f"GET {path}: {status} {body[:200]!r}")
        status, _, _ = fetch(base + path, {"If-None-Match": headers["ETag"]})
        if status != 304:
            raise SystemExit(f"GET {path} with its ETag gave {status}, not 304")
        tags[key] = headers["ETag"]
    return tags


def check_adjudication(base: str, seeded: dict) -> None:
    body = Path(seeded["adjudication_body"]).read_bytes()
    request = urllib.request.Request(
        base + "/api/v1/adjudications/",
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        ruling = json.load(response)
    if not (ruling["legal"] and ruling["complete"] and len(ruling["tricks"]) == 13):
        raise SystemExit("the adjudication body was not ruled a complete legal hand")


def flush_redis() -> None:
    """Empty the run's Redis database (``REDIS_URL``), so that each server starts with an empty
    cache as it would after a deploy, and nothing of an earlier run answers for it."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_timeout=5).flushdb()
    except redis.RedisError as exc:
        raise SystemExit(
            f"Redis at {REDIS_URL} did not answer ({exc}): start it, or run with --cache database"
        ) from None


def measure_server(
    database: Database,
    server: str,
    cache: str,
    run: int,
    seeded: dict,
    games: tuple[list[int], ...],
    args: argparse.Namespace,
    workdir: Path,
    log: Callable[[str], None],
) -> ServerResult:
    env = {
        **os.environ,
        "DATABASE_URL": database.url,
        "DJANGO_DEBUG": "0",
        "API_WRITE_RATE": WRITE_RATE,
        "API_COMPUTE_RATE": WRITE_RATE,
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    env.pop("DATABASE_POOL_MAX_SIZE", None)
    if database.kind == "postgres" and args.pg_pool:
        env["DATABASE_POOL_MAX_SIZE"] = str(args.pg_pool)
    env.pop("CACHE_URL", None)  # the database cache: the settings' default
    if cache == "redis":
        env["CACHE_URL"] = REDIS_URL
        flush_redis()
    warm_games, timed_games, unlogged_games = games
    what = f"{database.kind}, {server}, {CACHE_TEXT[cache]}"
    log_path = workdir / f"gunicorn-{database.kind}-{server}-{cache}.log"
    with gunicorn(server, env, log_path) as base:
        check_adjudication(base, seeded)
        etags = current_etags(base, seeded)
        # Run ``run`` of this database: its warm-up and its timed loads each get periods of
        # their own for the uncached table.
        first = 2 * run * PERIODS_PER_RUN
        warm = loads(seeded, etags, warm_games, args.connections, first)
        timed = loads(seeded, etags, timed_games, args.connections, first + PERIODS_PER_RUN)
        if args.only:
            warm, timed = ([load for load in ls if load.key in args.only] for ls in (warm, timed))
        log(f"{what}: warming up ({args.warmup} s per endpoint)")
        for load in [BASELINE, *warm]:
            run = wrk(base, load, args.warmup, args.connections)
            if not run.valid:
                raise SystemExit(
                    f"warm-up of {load.key} failed: statuses {run.statuses}, "
                    f"{run.socket_errors} socket errors; the server's log:\n{tail(log_path)}"
                )
        # The baseline runs before every endpoint and once more at the end: each endpoint is
        # compared with the two runs around it, so that the machine's other work, which comes
        # and goes, weighs on both sides of each ratio alike.
        baseline, runs = [], []
        for load in timed:
            baseline.append(wrk(base, BASELINE, args.duration, args.connections))
            run = wrk(base, load, args.duration, args.connections)
            log(
                f"  baseline {baseline[-1].rps:,.0f} requests/s; {load.key}: {run.rps:,.0f} "
                f"requests/s, p50 {run.p50_ms:.1f} ms, statuses {run.statuses}"
                + ("" if run.valid else " INVALID")
            )
            runs.append(run)
        baseline.append(wrk(base, BASELINE, args.duration, args.connections))
        log(f"  baseline {baseline[-1].rps:,.0f} requests/s")
    result = ServerResult(database.describe(), server, cache, baseline, runs)
    if any(load.key == "hand" for load in timed):
        result.unlogged = hand_without_event_log(
            server, env, workdir / f"unlogged-{log_path.name}", seeded, unlogged_games, args
        )
        log(f"  hand entry, event log off: share {result.unlogged.share(0):.0%}")
    return result


def hand_without_event_log(
    server: str,
    env: dict[str, str],
    log_path: Path,
    seeded: dict,
    games: list[int],
    args: argparse.Namespace,
) -> ServerResult:
    """Hand entry on a server with the event log off, between two baseline runs of its own:
    its share against hand entry's share with the log is the log's cost over HTTP."""
    with gunicorn(server, env, log_path, NO_EVENT_LOG) as base:
        etags = {"scoreboard": "", "standings": ""}  # hand entry sends none
        (load,) = (x for x in loads(seeded, etags, games, args.connections, 0) if x.key == "hand")
        load = replace(load, key="hand-unlogged", name="enter a hand, event log off")
        wrk(base, BASELINE, args.warmup, args.connections)
        before = wrk(base, BASELINE, args.duration, args.connections)
        run = wrk(base, load, args.duration, args.connections)
        after = wrk(base, BASELINE, args.duration, args.connections)
    return ServerResult("", server, "", [before, after], [run])


def run_database(kind: str, args: argparse.Namespace, log: Callable[[str], None]):
    with tempfile.TemporaryDirectory(prefix="hearts-bench-http-") as tmp:
        workdir = Path(tmp)
        database = Database(kind, args.postgres_url, workdir)
        database.create()
        try:
            per_run = args.connections
            servers = args.servers
            log(f"{kind}: migrating and seeding a fresh database")
            seed_file = workdir / "seed.json"
            started = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    str(Path(__file__).resolve()),
                    "--seed-into",
                    database.url,
                    "--seed-out",
                    str(seed_file),
                    "--games",
                    str(args.games),
                    "--players",
                    str(args.players),
                    "--entry-games",
                    str(per_run * 3 * len(servers) * len(args.cache)),
                ],
                cwd=ROOT,
                check=True,
                timeout=args.max_seconds,
            )
            seed_s = time.perf_counter() - started
            seeded = json.loads(seed_file.read_text())
            results = []
            pool = iter(seeded["entry_games"])
            for server in servers:
                for cache in args.cache:
                    games = tuple([next(pool) for _ in range(per_run)] for _ in range(3))
                    results.append(
                        measure_server(
                            database,
                            server,
                            cache,
                            len(results),
                            seeded,
                            games,
                            args,
                            workdir,
                            log,
                        )
                    )
            return results, seeded, seed_s
        finally:
            database.drop()


# --- Report ------------------------------------------------------------------------------------


def wrk_version() -> str:
    """wrk's first line of ``wrk -v``: the load generator is part of the measurement."""
    done = subprocess.run(["wrk", "-v"], capture_output=True, text=True, check=False)
    return (done.stdout + done.stderr).split("\n")[0].strip() or "unknown"


def verdict(ratio: float, target: float | None) -> str:
    if target is None:
        return "—"
    return f"≥ {target:.0%}: {'met' if ratio >= target else 'NOT met'}"


def render_server(result: ServerResult) -> list[str]:
    rates = [run.rps for run in result.baseline]
    lines = [
        f"#### {result.database.split()[0]}, {SERVER_TEXT[result.server]}, "
        f"{CACHE_TEXT[result.cache]}",
        "",
        "| endpoint | requests/s | baseline around it | share | target | p50 ms | p99 ms "
        "| statuses |",
        "|---|---:|---:|---:|---|---:|---:|---|",
        f"| {BASELINE.name}: {len(rates)} runs, {min(rates):,.0f} to {max(rates):,.0f} | "
        f"{result.baseline_rps:,.0f} (mean) | | 100% | — | "
        f"{statistics.median(r.p50_ms for r in result.baseline):.2f} | "
        f"{statistics.median(r.p99_ms for r in result.baseline):.2f} | "
        f"{sum(r.requests for r in result.baseline):,} requests, {baseline_statuses(result)} |",
    ]
    for index, run in enumerate(result.runs):
        share = result.share(index)
        lines.append(
            f"| {run.load.name} | {run.rps:,.0f} | {result.around(index):,.0f} | {share:.0%} | "
            f"{verdict(share, run.load.target)} | {run.p50_ms:.2f} | {run.p99_ms:.2f} | "
            f"{statuses(run)} |"
        )
    if result.unlogged is not None:
        off = result.unlogged
        run = off.runs[0]
        lines.append(
            f"| {run.load.name} (its own server, bench/no_event_log_wsgi.py) | {run.rps:,.0f} | "
            f"{off.around(0):,.0f} | {off.share(0):.0%} | — | {run.p50_ms:.2f} | "
            f"{run.p99_ms:.2f} | {statuses(run)} |"
        )
    return lines


def baseline_statuses(result: ServerResult) -> str:
    bad = [statuses(run) for run in result.baseline if not run.valid]
    return "; ".join(bad) if bad else "all 200"


def statuses(run: Run) -> str:
    seen = ", ".join(f"{n:,}× {status}" for status, n in sorted(run.statuses.items()))
    problems = []
    if run.unexpected:
        problems.append(f"{run.unexpected:,} not {run.load.expect}")
    if run.socket_errors:
        problems.append(f"{run.socket_errors:,} socket errors")
    return seen + (f" — **INVALID**: {'; '.join(problems)}" if problems else "")


# Hand entry with the event log costs at most this much more than without it (issue 35).
EVENT_LOG_TARGET = 1.20


def unlogged_verdict(result: ServerResult) -> str:
    """Hand entry's cost with the log over its cost without, from each one's share of its own
    server's baseline (cost is the inverse of requests/s)."""
    index = next(i for i, run in enumerate(result.runs) if run.load.key == "hand")
    ratio = result.unlogged.share(0) / result.share(index)
    over = ratio / EVENT_LOG_TARGET - 1
    verdict = "met" if over <= 0 else f"missed by {over:.0%}"
    return (
        f"Hand entry with the event log costs ×{ratio:.2f} hand entry without it (target "
        f"≤ ×{EVENT_LOG_TARGET:.2f}): {verdict}."
    )


def render(
    args: argparse.Namespace,
    done: list[tuple[str, list[ServerResult], dict, float]],
    facts: dict[str, str],
    command: str,
) -> str:
    lines = [
        "## HTTP (`bench/http_load.py`)",
        "",
        f"wrk against gunicorn on loopback, {args.duration} s per figure after a "
        f"{args.warmup} s warm-up, `-t{args.connections} -c{args.connections}` (one connection "
        "per wrk thread, so that each hand-entry connection owns one game), `DJANGO_DEBUG=0`. "
        "The baseline is `/ping`, a plain Django `JsonResponse` (same middleware, no database, "
        "no DRF) served by the same server, run before each endpoint and once after the last; "
        "an endpoint's share is its requests/s over the mean of the baseline runs just before "
        "and after it, so that the machine's other work, which comes and goes, weighs on both "
        "sides of the ratio. After each run the server finishes what the run left queued "
        "before the next starts. Every response's "
        "status is counted (bench/lua/report.lua): a figure with any other status, or a "
        "socket error, is invalid. The throttles stay on with `API_WRITE_RATE` and "
        f"`API_COMPUTE_RATE={WRITE_RATE}`, so that they never refuse during a run (their "
        "counts are still paid: one UPSERT in the database per write, a count in the worker's "
        "memory per adjudication). Hand entry: each connection enters hand 1, 2, 3, "
        "… of its own in-progress game (ruleset target 100,000, so the game never ends) with "
        "`Authorization: Token …`. Django's cache (the built league tables, and whatever else "
        "the code keeps there) is the settings' default, a table in the same database (no "
        "`CACHE_URL`), or Redis (`CACHE_URL=" + REDIS_URL + "`, flushed before the server "
        "starts), as each table's heading says. The league table is cached per club results "
        "version, so the plain table row measures a cached table; the uncached row "
        "(bench/lua/periods.lua) asks for the whole league with `?as_of=` a different day after "
        "its last game each request, so that no cached copy can answer: the cost of building "
        "the table over HTTP. It is informational, with no target.",
    ]
    for kind, results, seeded, seed_s in done:
        lines += [
            "",
            f"### {results[0].database}",
            "",
            f"Seeded in {seed_s:.0f} s: a league of {seeded['finished_games']:,} finished "
            f"games ({seeded['hands']:,} hands, {args.players} players), a {SCOREBOARD_HANDS}-"
            "hand game for the scoreboard, in-progress games for hand entry."
            + (
                f" PostgreSQL through Django's psycopg pool (`DATABASE_POOL_MAX_SIZE="
                f"{args.pg_pool}`), `ANALYZE` after seeding (as autovacuum would on a live "
                "database)."
                if kind == "postgres" and args.pg_pool
                else " PostgreSQL with a new connection per request (`CONN_MAX_AGE=0`, no pool), "
                "`ANALYZE` after seeding."
                if kind == "postgres"
                else ""
            ),
        ]
        for result in results:
            lines += ["", *render_server(result)]
    lines += ["", "Targets:", ""]
    for _kind, results, _seeded, _s in done:
        for result in results:
            missed = [
                f"{run.load.key} {result.share(index):.0%}"
                for index, run in enumerate(result.runs)
                if run.load.target and result.share(index) < run.load.target
            ]
            invalid = [run.load.key for run in result.runs if not run.valid]
            invalid += ["baseline"] if any(not run.valid for run in result.baseline) else []
            lines.append(
                f"- {result.database.split()[0]}, {result.server}, {CACHE_TEXT[result.cache]}: "
                + ("every target met" if not missed else f"missed: {', '.join(missed)}")
                + (f"; INVALID: {', '.join(invalid)}" if invalid else "; every run valid")
                + "."
            )
            if result.unlogged is not None:
                lines.append(f"  {unlogged_verdict(result)}")
    lines += ["", *[f"- {key.capitalize()}: {value}" for key, value in facts.items()]]
    lines.append(f"- Command: `{command}`")
    example = done[0][1][0].runs[0]
    lines.append(
        "- Each figure is one wrk run, e.g. "
        f"`{shlex.join([Path(p).name if p.startswith(str(LUA)) else p for p in example.command])}`"
        " (the script in bench/lua/, the body file and the port made by the run)."
    )
    return "\n".join(lines) + "\n"


# --- Main --------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run (1-120)")
    parser.add_argument("--warmup", type=int, default=2, help="seconds of warm-up per endpoint")
    parser.add_argument(
        "--connections", type=int, default=8, help="wrk threads = connections (1-64)"
    )
    parser.add_argument(
        "--servers",
        type=lambda text: [s for s in text.split(",") if s],
        default=["sync"],
        help=f"comma-separated, of: {', '.join(SERVERS)} (default sync: 2 sync workers)",
    )
    parser.add_argument(
        "--cache",
        choices=[*CACHES, "both"],
        default="both",
        help=f"the database cache (no CACHE_URL), Redis (CACHE_URL={REDIS_URL}, flushed before "
        "each server) or both, one after the other with each server (default both)",
    )
    parser.add_argument("--games", type=int, default=20_000, help="games in the league")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--postgres-url", default=DEFAULT_POSTGRES)
    parser.add_argument(
        "--pg-pool",
        type=int,
        default=4,
        help="DATABASE_POOL_MAX_SIZE for PostgreSQL (0: a connection per request)",
    )
    parser.add_argument("--out", type=Path, help="write the section into this file")
    parser.add_argument(
        "--only",
        type=lambda text: [k for k in text.split(",") if k],
        help="comma-separated load keys to run (e.g. hand,adjudicate), for a quick A/B; "
        "not with --out",
    )
    parser.add_argument("--max-seconds", type=int, default=1800)
    # Internal: the seeding child process.
    parser.add_argument("--seed-into", help=argparse.SUPPRESS)
    parser.add_argument("--seed-out", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--entry-games", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not 1 <= args.duration <= 120 or not 1 <= args.warmup <= 60:
        parser.error("--duration from 1 to 120 seconds, --warmup from 1 to 60")
    if not 1 <= args.connections <= 64:
        parser.error("--connections from 1 to 64")
    if not args.servers or any(s not in SERVERS for s in args.servers):
        parser.error(f"--servers lists some of: {', '.join(SERVERS)}")
    if args.games < 1 or args.players < 4:
        parser.error("at least 1 game and 4 players")
    if args.only and args.out:
        parser.error("--only gives a partial table: not with --out")
    placeholder = dict.fromkeys(SEED_KEYS, 0)
    keys = [
        load.key
        for load in loads(placeholder, dict.fromkeys(("scoreboard", "standings"), ""), [], 1, 0)
    ]
    if args.only and any(key not in keys for key in args.only):
        parser.error(f"--only lists some of: {', '.join(keys)}")
    args.cache = list(CACHES) if args.cache == "both" else [args.cache]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.seed_into:
        seed(args.seed_into, args.seed_out, args.games, args.players, args.entry_games)
        return 0
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (apt-get install -y wrk; make bench does it)")
    command = command_line()
    started = time.perf_counter()

    def log(message: str) -> None:
        print(f"[{time.perf_counter() - started:6.1f}s] {message}", file=sys.stderr, flush=True)

    planned = planned_seconds(args)
    if planned > args.max_seconds:
        raise SystemExit(
            f"this run takes about {planned} s, more than --max-seconds {args.max_seconds}: "
            "raise --max-seconds, or run fewer databases, servers or caches"
        )
    log(f"about {planned} s planned (--max-seconds {args.max_seconds})")
    if "redis" in args.cache:
        flush_redis()  # fails at once, not after the seeding, if Redis is not there
    kinds = ["sqlite", "postgres"] if args.database == "both" else [args.database]
    done = []
    with deadline(args.max_seconds, "bench/http_load.py"):
        for kind in kinds:
            results, seeded, seed_s = run_database(kind, args, log)
            done.append((kind, results, seeded, seed_s))
    facts = machine_facts(
        git_commit(),
        cpu_note="; wrk and gunicorn share them",
        extra={
            "wrk": wrk_version(),
            "load": load_average(" (other work on the machine counts too)"),
        },
    )
    body = render(args, done, facts, command)
    print(body)
    if args.out is not None:
        write_section(args.out, "http", body)
        log(f"wrote the http section of {args.out}")
    valid = all(run.valid for _k, results, _s, _t in done for r in results for run in r.runs)
    valid = valid and all(
        run.valid for _k, results, _s, _t in done for r in results for run in r.baseline
    )
    return 0 if valid else 1


if __name__ == "__main__":
    sys.exit(main())
