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
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import math
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
# Benchmark this checkout, even when another checkout is installed in the venv.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import (  # noqa: E402
    ScratchPostgres,
    command_line,
    deadline,
    git_commit,
    machine_facts,
    markers,
    percentile,
    read_section,
    write_section,
)

TARGET_P99_MS = 100.0  # the target at 20,000 games
TARGET_RATIO = 2.0  # ... and within 2x of the raw GROUP BY
TARGET_SIZE = 20_000
WARMUPS = 3
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


@dataclass(frozen=True)
class Result:
    games: int
    hands: int
    seats: int
    generate_s: float
    endpoint_ms: list[float]
    raw_ms: list[float]
    not_modified_ms: list[float]
    kept_ms: list[float]
    queries: int
    queries_304: int
    queries_kept: int

    @property
    def ratio_p50(self) -> float:
        return percentile(self.endpoint_ms, 50) / percentile(self.raw_ms, 50)

    @property
    def ratio_p99(self) -> float:
        return percentile(self.endpoint_ms, 99) / percentile(self.raw_ms, 99)


# --- Databases -------------------------------------------------------------------------------


class Databases:
    """A fresh database for each size: a new SQLite file, or the PostgreSQL database dropped
    and created again. Only what this run created is ever removed: a database named in
    --database-url must not exist when the run starts."""

    def __init__(self, url: str | None, log: Callable[[str], None] | None = None):
        # ``log`` is accepted (and unused) for bench/scale.py, which shares this class.
        self.tmp = None
        if url is None:
            self.tmp = tempfile.TemporaryDirectory(prefix="hearts-bench-")
            url = f"sqlite:///{self.tmp.name}/bench-0.sqlite3"
        self.url = url
        parts = urlsplit(url)
        self.vendor = "postgresql" if parts.scheme in ("postgres", "postgresql") else "sqlite"
        self.name = parts.path.lstrip("/")
        self.created = False
        exists = False
        if self.vendor == "postgresql":
            self.scratch = ScratchPostgres(url)
            exists = self.scratch.exists()
        elif self.tmp is None:
            self.file = Path(url.removeprefix("sqlite:///"))
            exists = self.file.exists()
        if exists:
            raise SystemExit(
                f"database {self.name!r} exists already: the benchmark only removes what it "
                "created; name a new one in --database-url"
            )

    def fresh(self, index: int) -> None:
        from django.db import connections

        connections.close_all()
        settings = connections["default"].settings_dict
        if self.vendor == "sqlite":
            if self.tmp is not None:
                settings["NAME"] = str(Path(self.tmp.name) / f"bench-{index}.sqlite3")
            else:
                self.drop()
                settings["NAME"] = str(self.file)
                self.created = True
        else:
            self.drop()
            self.scratch.create()
            self.created = True
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        call_command("createcachetable", verbosity=0)

    def drop(self) -> None:
        if not self.created:
            return
        from django.db import connections

        connections.close_all()
        if self.vendor == "sqlite":
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.file}{suffix}").unlink(missing_ok=True)
            self.created = False
            return
        self.scratch.drop()
        self.created = False

    def close(self) -> None:
        self.drop()
        if self.tmp is not None:
            from django.db import connections

            connections.close_all()
            self.tmp.cleanup()

    def describe(self) -> str:
        from django.db import connection

        if self.vendor == "sqlite":
            import sqlite3

            where = "a temporary file" if self.tmp else f"{self.file}, made and removed by the run"
            return f"SQLite {sqlite3.sqlite_version} ({where}, WAL)"
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            (version,) = cursor.fetchone()
        return f"PostgreSQL {version} (database {self.name!r}, created and dropped by the run)"


# --- Workload and timing ---------------------------------------------------------------------


def build(games: int, players: int, seed: int) -> tuple[int, int, int, float]:
    """The league (untimed for the figures; its own duration is reported)."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import GameSeat, GameStatus, Hand
    from scoring.sample.generate import generate

    start = time.perf_counter()
    user = get_user_model().objects.create_user("bench")
    club = services.create_club(user=user, name="Bench club", slug="bench")
    league = generate(club=club, actor=user, players=players, games=games, seed=seed)
    elapsed = time.perf_counter() - start
    finished = league.games.filter(status=GameStatus.FINISHED).count()
    if finished != games:
        raise SystemExit(f"generated {finished} finished games of {games}")
    hands = Hand.objects.filter(game__league=league).count()
    seats = GameSeat.objects.filter(game__league=league).count()
    settle()
    return league.pk, hands, seats, elapsed


def settle() -> None:
    """On PostgreSQL, what autovacuum does to a table after a bulk load, done now: planner
    statistics and the visibility map, so the figures are those of a database in service.
    (SQLite keeps no statistics unless told to, and Django never tells it: nothing to do.)"""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


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


def cache_statement(sql: str) -> bool:
    """The database cache's own statements (reading or keeping a rendering): not a figure's."""
    transaction = sql in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT")
    return "hearts_cache" in sql or "hearts_kept" in sql or transaction


def forget_kept_tables() -> None:
    """Drop every rendered table (the worker's memory and the shared cache), so the next
    request builds its table: the endpoint's figure is the cost of building one."""
    from django.core.cache import caches

    caches["rendered"].clear()
    caches["kept"].clear()


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


# --- Report ----------------------------------------------------------------------------------


def ms(value: float) -> str:
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def verdicts(results: list[Result]) -> list[str]:
    lines = []
    at_target = [r for r in results if r.games == TARGET_SIZE]
    for r in at_target:
        p99 = percentile(r.endpoint_ms, 99)
        met = p99 < TARGET_P99_MS
        lines.append(
            f"- p99 under {TARGET_P99_MS:g} ms at {TARGET_SIZE:,} games: "
            f"{'met' if met else 'NOT met'} ({ms(p99)} ms)."
        )
        met = r.ratio_p50 <= TARGET_RATIO and r.ratio_p99 <= TARGET_RATIO
        lines.append(
            f"- Within {TARGET_RATIO:g}× of the raw GROUP BY at {TARGET_SIZE:,} games: "
            f"{'met' if met else 'NOT met'} (p50 {r.ratio_p50:.2f}×, p99 {r.ratio_p99:.2f}×)."
        )
    counts = sorted({r.queries for r in results})
    flat = "flat" if len(counts) == 1 else "NOT flat"
    lines.append(
        f"- Queries per request: {flat} ({', '.join(str(r.queries) for r in results)} "
        f"at {', '.join(f'{r.games:,}' for r in results)} games; a kept table costs "
        f"{', '.join(sorted({str(r.queries_kept) for r in results}))}, a 304 "
        f"{', '.join(sorted({str(r.queries_304) for r in results}))})."
    )
    return lines


def p99_is(samples: int) -> str:
    from_top = samples - math.ceil(0.99 * samples) + 1
    which = "the slowest" if from_top == 1 else f"the {ordinal(from_top)} slowest"
    return f"with {samples} samples p99 is {which}"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def render(
    args: argparse.Namespace, results: list[Result], facts: dict[str, str], command: str
) -> str:
    vendor = facts["database"].split()[0]
    lines = [
        f"### {vendor}",
        "",
        f"{args.players} players; each size generated into a fresh migrated database; "
        f"{args.requests} requests of each figure after {WARMUPS} warm-ups, interleaved "
        "(endpoint building the table: every kept rendering dropped before it; the same "
        "request again, answered by the kept rendering; raw SQL; conditional request); "
        f"milliseconds; nearest-rank percentiles ({p99_is(args.requests)}). Ratio: endpoint "
        "over raw SQL. Queries: building / kept / 304 (the database cache's own statements "
        "not counted).",
        "",
        "| games | hands | seat rows | generated in | endpoint p50 | endpoint p99 | "
        "raw SQL p50 | raw SQL p99 | ratio p50 | ratio p99 | kept p50 | 304 p50 | queries |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r.games:,} | {r.hands:,} | {r.seats:,} | {r.generate_s:.0f} s | "
            f"{ms(percentile(r.endpoint_ms, 50))} | {ms(percentile(r.endpoint_ms, 99))} | "
            f"{ms(percentile(r.raw_ms, 50))} | {ms(percentile(r.raw_ms, 99))} | "
            f"{r.ratio_p50:.2f}× | {r.ratio_p99:.2f}× | {ms(percentile(r.kept_ms, 50))} | "
            f"{ms(percentile(r.not_modified_ms, 50))} | "
            f"{r.queries} / {r.queries_kept} / {r.queries_304} |"
        )
    lines += ["", *verdicts(results), ""]
    lines += [f"- {key.capitalize()}: {value}" for key, value in facts.items()]
    lines.append(f"- Command: `{command}`")
    return "\n".join(lines) + "\n"


def write_database_part(path: Path, vendor: str, body: str) -> None:
    """Replace this database's part of the standings section (each database keeps its own,
    between ``<!-- standings:VENDOR:start -->`` and ``<!-- standings:VENDOR:end -->``)."""
    inner = read_section(path, "standings")
    parts = {}
    for name in ("sqlite", "postgresql"):
        open_, close = markers(f"standings:{name}")
        a, b = inner.find(open_), inner.find(close)
        if a >= 0 and b > a:
            parts[name] = inner[a : b + len(close)]
    open_, close = markers(f"standings:{vendor}")
    parts[vendor] = f"{open_}\n{body}{close}"
    heading = (
        "## Standings (`bench/standings.py`)\n\n"
        "The league table endpoint (`GET /api/v1/leagues/{id}/standings/`, through Django's "
        "test Client in the benchmark's process) against a hand-written SQL `GROUP BY` over the "
        "same seat rows. Targets: p99 under 100 ms at 20,000 games, within 2× of the raw SQL, "
        "and a query count that does not grow with the league.\n"
    )
    section = "\n\n".join(
        [heading.rstrip("\n")] + [parts[n] for n in ("sqlite", "postgresql") if n in parts]
    )
    write_section(path, "standings", section + "\n")


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
