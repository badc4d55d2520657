"""Benchmark of the league standings endpoint against a hand-written SQL GROUP BY.

Not a test. For each size, a fresh migrated database gets a synthetic league
(``scoring.sample.generate.generate``: 200 players, N finished games, every hand scored by the
engine, ratings computed); then, in the same process, the standings endpoint is timed through
Django's test Client and a raw ``GROUP BY`` over the same seat rows through
``connection.cursor()``, interleaved request by request. The endpoint builds the table each time
(its kept renderings are dropped before each request); the same request again, answered by the
kept rendering, is timed too. The figures are p50 and p99 of each, their ratio (endpoint over
raw SQL, measured in the same run on the same rows) and the endpoint's query count, which must
not grow with the league. See bench/README.md.

    .venv/bin/python bench/standings.py [--sizes 1000,10000,20000] [--requests 50]
        [--database-url URL] [--out bench/RESULTS.md] [--profile]

With no --database-url the databases are temporary SQLite files. With a postgres:// URL the
database it names is created for each size and dropped at the end; it must not exist already.
The databases and leagues are standings_league.py's (bench/scale.py's too), the report
standings_report.py's.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Benchmark this checkout, even when another checkout is installed in the venv.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import command_line, deadline, git_commit, machine_facts  # noqa: E402
from standings_league import Databases, build, cache_statement, forget_kept_tables  # noqa: E402
from standings_report import WARMUPS, Result, render, write_database_part  # noqa: E402

# The code the figures depend on (a dirty tree is noted in the report).
MEASURED = (
    "scoring/selectors/standings.py",
    "scoring/domain/ranking.py",
    "scoring/api/views/standings.py",
    "scoring/services/ratings.py",
    "scoring/sample/generate.py",
    "scoring/models.py",
    "scoring/migrations",
)

RAW_SQL = """
SELECT s.player_id,
       COUNT(*) AS games,
       SUM(CASE WHEN s.is_winner THEN 1 ELSE 0 END) AS wins,
       SUM(s.place) AS place_sum,
       SUM(s.total) AS total_points,
       SUM(s.hands_played) AS hands,
       SUM(s.moons) AS moons,
       SUM(s.queens) AS queens,
       SUM(s.clean_hands) AS clean_hands
FROM scoring_gameseat s
JOIN scoring_game g ON g.id = s.game_id
WHERE g.league_id = %s AND g.status = 'finished'
GROUP BY s.player_id
"""


def raw_group_by(league_id: int) -> list[tuple]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(RAW_SQL, [league_id])
        return cursor.fetchall()


def check(body: dict, raw: list[tuple]) -> None:
    """The endpoint and the raw SQL agree on every player's games, wins, places and points."""
    endpoint = {
        r["player"]: (r["games"], r["wins"], r["total_points"], r["hands"], r["moons"])
        for r in body["rows"]
    }
    expected = {row[0]: (row[1], row[2], row[4], row[5], row[6]) for row in raw}
    if endpoint != expected:
        raise SystemExit("the endpoint's rows differ from the raw GROUP BY")


def measure(league_id: int, requests: int, log: Callable[[str], None]) -> tuple:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    url = f"/api/v1/leagues/{league_id}/standings/"

    def get(**headers):
        response = client.get(url, headers=headers)
        if response.status_code not in (200, 304):
            raise SystemExit(f"{url}: {response.status_code} {response.content[:200]!r}")
        return response

    for _ in range(WARMUPS):
        forget_kept_tables()
        first = get()
        raw_group_by(league_id)
    check(first.json(), raw_group_by(league_id))
    etag = first["ETag"]

    # Counted at once: the next request's request_started signal clears the query log. The
    # cache is a table in the database by default: its reads and writes are not counted.
    def counted(captured) -> int:
        return sum(not cache_statement(q["sql"]) for q in captured)

    forget_kept_tables()
    with CaptureQueriesContext(connection) as captured:
        get()
    queries = counted(captured)
    with CaptureQueriesContext(connection) as captured:
        get()
    queries_kept = counted(captured)
    with CaptureQueriesContext(connection) as captured:
        if get(**{"If-None-Match": etag}).status_code != 304:
            raise SystemExit("If-None-Match with the current ETag did not give 304")
    queries_304 = len(captured)
    endpoint, raw, not_modified, kept = [], [], [], []
    log(f"timing {requests} requests of each, interleaved")
    gc.collect()
    for _ in range(requests):
        forget_kept_tables()
        start = time.perf_counter()
        get()
        endpoint.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        get()
        kept.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        raw_group_by(league_id)
        raw.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        get(**{"If-None-Match": etag})
        not_modified.append((time.perf_counter() - start) * 1000)
    return endpoint, raw, not_modified, kept, queries, queries_304, queries_kept


def profile(league_id: int, requests: int, top: int = 25) -> str:
    from django.test import Client

    client = Client()
    url = f"/api/v1/leagues/{league_id}/standings/"
    client.get(url)
    profiler = cProfile.Profile()
    for _ in range(requests):
        forget_kept_tables()
        profiler.enable()
        client.get(url)
        profiler.disable()
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)
    return stream.getvalue()


# --- Main ------------------------------------------------------------------------------------


def sizes(text: str) -> list[int]:
    try:
        values = [int(part.replace("_", "").replace(",", "")) for part in text.split(",") if part]
    except ValueError:
        raise argparse.ArgumentTypeError("a comma-separated list of game counts") from None
    if not values or any(not 1 <= v <= 200_000 for v in values):
        raise argparse.ArgumentTypeError("each size from 1 to 200000")
    return values


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        type=lambda t: sizes(t.replace(" ", "")),
        default=[1_000, 10_000, 20_000],
        help="games per league, comma-separated (default 1000,10000,20000)",
    )
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--requests", type=int, default=100, help="timed requests per figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=None,
        help="default: temporary SQLite files; postgres://…/NAME: NAME is created and dropped",
    )
    parser.add_argument("--out", type=Path, help="write this database's part of the section")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="then profile the endpoint at the largest size (cProfile, top 25)",
    )
    parser.add_argument("--max-seconds", type=int, default=3600)
    args = parser.parse_args(argv)
    if args.players < 4 or args.requests < 1:
        parser.error("at least 4 players and 1 request")
    args.sizes = args.sizes  # keep the order given
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    command = command_line()
    started = time.perf_counter()

    def log(message: str) -> None:
        print(f"[{time.perf_counter() - started:6.1f}s] {message}", file=sys.stderr, flush=True)

    databases = Databases(args.database_url)
    os.environ["DATABASE_URL"] = databases.url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_site.settings")
    import django

    django.setup()
    results: list[Result] = []
    profiled = ""
    try:
        with deadline(args.max_seconds, "bench/standings.py"):
            for index, games in enumerate(args.sizes):
                log(f"{games:,} games: a fresh {databases.vendor} database, migrated")
                databases.fresh(index)
                log(f"generating {games:,} games for {args.players} players")
                league_id, hands, seats, generate_s = build(games, args.players, args.seed)
                log(f"generated {hands:,} hands in {generate_s:.1f} s")
                endpoint, raw, not_modified, kept, queries, queries_304, queries_kept = measure(
                    league_id, args.requests, log
                )
                results.append(
                    Result(
                        games, hands, seats, generate_s, endpoint, raw, not_modified, kept,
                        queries, queries_304, queries_kept,
                    )
                )  # fmt: skip
                log(
                    f"endpoint p50 {statistics.median(endpoint):.2f} ms, "
                    f"raw SQL p50 {statistics.median(raw):.2f} ms, {queries} queries"
                )
                if args.profile and index == len(args.sizes) - 1:
                    log("profiling the endpoint")
                    profiled = profile(league_id, args.requests)
            facts = {
                "database": databases.describe(),
                **machine_facts(
                    git_commit(MEASURED, note="the measured code has uncommitted changes")
                ),
            }
    finally:
        databases.close()
    body = render(args, results, facts, command)
    print(body)
    if args.out is not None:
        write_database_part(args.out, databases.vendor, body)
        log(f"wrote the {databases.vendor} part of the standings section of {args.out}")
    if profiled:
        print(f"cProfile over {args.requests} requests at {args.sizes[-1]:,} games:")
        print(profiled)
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
