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

This module is the command line; the parts are http_seed.py (the database), http_servers.py
(gunicorn and wrk), http_runs.py (the loads and their order) and http_report.py (the section).

    .venv/bin/python bench/http_load.py [--database sqlite|postgres|both] [--duration 10]
        [--servers sync,gthread] [--cache database|redis|both] [--out bench/RESULTS.md]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from http_report import render
from http_runs import CACHES, REDIS_URL, flush_redis, loads, planned_seconds, run_database
from http_seed import SEED_KEYS, seed
from http_servers import SERVERS, wrk_version
from report import command_line, deadline, git_commit, load_average, machine_facts, write_section

DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/hearts_bench_http"


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
