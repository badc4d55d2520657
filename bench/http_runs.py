"""bench/http_load.py's runs: the loads in the order they run, one server's runs of them between
baseline runs, and one database's servers, seeded first."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from http_seed import SCOREBOARD_HANDS, SEED_KEYS
from http_servers import (
    NO_EVENT_LOG,
    ROOT,
    Database,
    Load,
    ServerResult,
    fetch,
    gunicorn,
    tail,
    wrk,
)

# The write throttle stays on (its one UPSERT per write is paid) but never refuses during a run.
WRITE_RATE = "1000000/min"
# The cache behind the cached league tables (and anything else that uses Django's cache): the
# settings' default, a table in the same database (no CACHE_URL), or Redis in a database of its
# own that the run flushes before each server starts.
REDIS_URL = "redis://127.0.0.1:6379/14"
CACHES = ("database", "redis")
CACHE_TEXT = {"database": "database cache", "redis": "Redis cache"}
# Room between the first periods of two runs of the uncached table (bench/lua/periods.lua):
# more requests than any run makes, so that no run asks for a period an earlier one asked for.
PERIODS_PER_RUN = 100_000


def adjudication_loads(seeded: dict) -> list[Load]:
    """The adjudication endpoint with each of its usual bodies: with holdings, and without."""
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
            "adjudicate_plays",
            "adjudicate a complete hand (POST, plays and first leader, no holdings)",
            "/api/v1/adjudications/",
            200,
            script_args=("POST", seeded["adjudication_plays_body"]),
            headers=(json_body,),
            target=0.65,
        ),
    ]


def loads(
    seeded: dict, etags: dict[str, str], games: Sequence[int], connections: int, first_period: int
) -> list[Load]:
    """The loads, in the order they run. ``games``: an in-progress game per connection for hand
    entry; ``first_period``: where this run's uncached table starts (bench/lua/periods.lua)."""
    board = f"/api/v1/games/{seeded['scoreboard_game']}/scoreboard/"
    table = f"/api/v1/leagues/{seeded['league']}/standings/"
    return [
        *adjudication_loads(seeded),
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
    """Both adjudication bodies are ruled the same complete legal hand."""
    rulings = []
    for key in ("adjudication_body", "adjudication_plays_body"):
        request = urllib.request.Request(
            base + "/api/v1/adjudications/",
            data=Path(seeded[key]).read_bytes(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            ruling = json.load(response)
        if not (ruling["legal"] and ruling["complete"] and len(ruling["tricks"]) == 13):
            raise SystemExit(f"the {key} was not ruled a complete legal hand")
        rulings.append(ruling["tricks"])
    if rulings[0] != rulings[1]:
        raise SystemExit("the two adjudication bodies were ruled different hands")


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
                    str(ROOT / "bench" / "http_load.py"),
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
