"""Scale: the league table, a scoreboard, hand entry and a correction at 1,000, 10,000 and
20,000 games (``--sizes 1000,20000,200000`` for the largest; opt-in).

Not a test. For each size, a fresh migrated database gets a synthetic league (the generator of
bench/standings.py: ``scoring.sample.generate.generate``, 200 players, every hand scored by the
engine, ratings computed). Then, in the same process through Django's test Client, three
requests are timed, interleaved request by request: the league table
(``GET /api/v1/leagues/{id}/standings/``), the scoreboard of one of the league's finished
games (``GET /api/v1/games/{id}/scoreboard/``) and hand entry (``PUT
/api/v1/games/{id}/hands/{n}/`` with a device token, a new hand each time, into in-progress
games of the same league). The table and the scoreboard are built each time (their kept
renderings dropped before each request). Each figure's queries are counted
(``CaptureQueriesContext``): the
count must not change with the league's size, and a figure's time must not grow faster than the
data (at most ×20 from 1,000 to 20,000 games). See bench/README.md.

    .venv/bin/python bench/scale.py [--database sqlite|postgres|both] [--sizes 1000,10000,20000]
        [--requests 30] [--no-reuse] [--out bench/RESULTS.md]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import (  # noqa: E402
    command_line,
    deadline,
    git_commit,
    load_average,
    machine_facts,
    percentile,
    write_section,
)
from scale_leagues import correctable_game, corrector, kept_league, ratings_current  # noqa: E402
from standings_league import Databases, build, cache_statement, forget_kept_tables  # noqa: E402

DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/hearts_bench_scale"
FIGURES = ("standings", "scoreboard", "hand entry", "correction")
HANDS_PER_GAME = 8  # hands entered into one in-progress game before the next (none ends)
POINTS = ([13, 5, 4, 4], [4, 13, 5, 4], [4, 4, 13, 5], [5, 4, 4, 13])
WARMUPS = 3


# --- One database (runs with Django set up on it) --------------------------------------------


def measure_size(games: int, args: argparse.Namespace, log: Callable[[str], None]) -> dict:
    """One size's figures: each call's queries and times, and the re-rating the corrections
    queued, on the league ``args.league`` (kept or made by scale_leagues.kept_league)."""
    league_id, hands, seats, generate_s = args.league
    settle_copy()
    club, earliest, calls = league_calls(league_id, args.requests)
    warm_up(calls, club)
    queries = counted_queries(calls, club)
    log(f"timing {args.requests} requests of each, interleaved")
    times = timed_calls(calls, club, args.requests)
    settle_s, locked_s = rerating_after_corrections(club, earliest)
    log(
        f"the worker's re-rating after the corrections took {settle_s:.1f} s, "
        f"{locked_s:.1f} s of it writing under the club's row lock"
    )
    return {
        "settle_s": settle_s,
        "locked_s": locked_s,
        "games": games,
        "hands": hands,
        "seats": seats,
        "generate_s": generate_s,
        "queries": queries,
        "times": times,
    }


def settle_copy() -> None:
    """PostgreSQL: the copied league as a database in service has it."""
    from django.db import connection

    if connection.vendor == "postgresql":
        # Planner statistics for the rows just written in bulk, as autovacuum would gather them
        # on a live database (without them the table's plan depends on autovacuum's timing).
        # And the copy's writes checkpointed: copying a kept league writes all of it to the
        # WAL, and the checkpoints that follow would otherwise land in the timed requests.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
            cursor.execute("CHECKPOINT")


def league_calls(league_id: int, requests: int) -> tuple[int, tuple, dict[str, Callable]]:
    """The club's id, the game the corrections correct, and the four figures' requests in the
    order they are timed: the table, a finished game's scoreboard, hand entry into in-progress
    games (eight hands a game, so none ends) and the correction of the earliest game's last
    hand."""
    from django.test import Client

    from scoring import services
    from scoring.models import Club, Game, GameStatus, League

    league = League.objects.get(pk=league_id)
    club = Club.objects.get(pk=league.club_id)
    owner = club.memberships.get().user
    _token, key = services.create_device_token(user=owner, name="scale")
    board = Game.objects.filter(league=league, status=GameStatus.FINISHED).order_by("pk").first()
    tables = [list(g.seats.order_by("seat")) for g in Game.objects.filter(league=league)[:50]]
    entries = requests + WARMUPS + 2
    open_games = [
        services.create_game(
            club=club,
            league=league,
            players=[s.player for s in tables[i % len(tables)]],
            actor=owner,
        ).pk
        for i in range(entries // HANDS_PER_GAME + 1)
    ]
    earliest = correctable_game(league)

    client = Client()
    standings_url = f"/api/v1/leagues/{league_id}/standings/"
    board_url = f"/api/v1/games/{board.pk}/scoreboard/"
    auth = {"Authorization": f"Token {key}"}
    entered = 0

    def expect(response, status: int, what: str):
        if response.status_code != status:
            raise SystemExit(f"{what}: {response.status_code} {response.content[:300]!r}")
        return response

    def standings() -> None:
        expect(client.get(standings_url), 200, standings_url)

    def scoreboard() -> None:
        expect(client.get(board_url), 200, board_url)

    def enter() -> None:
        nonlocal entered
        game = open_games[entered // HANDS_PER_GAME]
        number = entered % HANDS_PER_GAME + 1
        url = f"/api/v1/games/{game}/hands/{number}/"
        body = json.dumps({"points": POINTS[number % len(POINTS)]})
        expect(client.put(url, body, content_type="application/json", headers=auth), 201, url)
        entered += 1

    return (
        club.pk,
        earliest,
        {
            "standings": standings,
            "scoreboard": scoreboard,
            "hand entry": enter,
            "correction": corrector(client, earliest, auth, expect),
        },
    )


# The table and the scoreboard are built for each request: their kept renderings are dropped
# before it (outside the timing), so the figures are what building them costs.
RENDERED = {"standings", "scoreboard"}


def warm_up(calls: dict[str, Callable[[], None]], club: int) -> None:
    for _ in range(WARMUPS):
        for call in calls.values():
            forget_kept_tables()
            ratings_current(club)
            call()


def counted_queries(calls: dict[str, Callable[[], None]], club: int) -> dict[str, int]:
    """Each call's queries over one request, the database cache's own statements (keeping a
    rendering) left out of the table's and the scoreboard's."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    queries = {}
    for name, call in calls.items():
        forget_kept_tables()
        ratings_current(club)
        with CaptureQueriesContext(connection) as captured:
            call()
        queries[name] = sum(name not in RENDERED or not cache_statement(q["sql"]) for q in captured)
    return queries


def timed_calls(
    calls: dict[str, Callable[[], None]], club: int, requests: int
) -> dict[str, list[float]]:
    """Milliseconds of each call, interleaved request by request."""
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(requests):
        for name, call in calls.items():
            if name in RENDERED:
                forget_kept_tables()
            ratings_current(club)
            start = time.perf_counter()
            call()
            times[name].append((time.perf_counter() - start) * 1000)
    return times


def rerating_after_corrections(club: int, earliest) -> tuple[float, float]:
    """The worker's run after the corrections, from the earliest game on, as they left it: its
    seconds, and those of its writes under the club's row lock."""
    from scoring.models import Game, RatingsState
    from scoring.services import rerating

    game = Game.objects.get(pk=earliest[0])
    RatingsState.objects.filter(club_id=club).update(stale_since=game.finished_at)
    with locked_phase(rerating) as held:
        start = time.perf_counter()
        rerating.settle_ratings(club)
        settle_s = time.perf_counter() - start
    return settle_s, held[0]


@contextlib.contextmanager
def locked_phase(rerating):
    """Times the re-rating's transaction under the club's row lock (``rerating._show``, which
    shows the generation written before it) inside the block: yields a list whose one element
    is set to the seconds."""
    held = [0.0]
    replace = rerating._show

    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return replace(*args, **kwargs)
        finally:
            held[0] = time.perf_counter() - start

    rerating._show = timed
    try:
        yield held
    finally:
        rerating._show = replace


def run_database(args: argparse.Namespace, log: Callable[[str], None]) -> dict:
    """This process's database: every size, each in a fresh database."""
    url = None if args.database == "sqlite" else args.postgres_url
    databases = Databases(url, log)
    os.environ["DATABASE_URL"] = databases.url
    os.environ["DJANGO_SETTINGS_MODULE"] = "hearts_site.settings"
    # The throttle counts (one statement per write) but never refuses.
    os.environ["API_WRITE_RATE"] = "1000000/h"
    import django

    django.setup()
    results = []
    try:
        for index, games in enumerate(args.sizes):
            args.league = kept_league(databases, index, games, args, build, log)
            results.append(measure_size(games, args, log))
            medians = {k: statistics.median(v) for k, v in results[-1]["times"].items()}
            log(
                ", ".join(f"{k} {v:.2f} ms" for k, v in medians.items())
                + f"; queries {results[-1]['queries']}"
            )
        database = databases.describe()
    finally:
        databases.close()
    return {"database": database, "results": results}


# --- Report ----------------------------------------------------------------------------------


def ms(value: float) -> str:
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def render_database(part: dict, args: argparse.Namespace) -> list[str]:
    results = part["results"]
    first, last = results[0], results[-1]
    growth = last["games"] / first["games"]
    sizes = [f"{r['games']:,} games" for r in results]
    lines = [
        f"### {part['database']}",
        "",
        "| | " + " | ".join(sizes) + " | p50 growth | queries | target |",
        "|---|" + "---:|" * len(results) + "---:|---|---|",
        "| the league | "
        + " | ".join(
            f"{r['hands']:,} hands, {r['seats']:,} seat rows (made in {r['generate_s']:.0f} s)"
            for r in results
        )
        + f" | data ×{growth:g} | | |",
    ]
    for f in FIGURES:
        counts = [r["queries"][f] for r in results]
        flat = len(set(counts)) == 1
        ratio = percentile(last["times"][f], 50) / percentile(first["times"][f], 50)
        met = "met" if flat and ratio <= growth else "NOT met"
        lines.append(
            f"| {f}: p50 (p99) ms | "
            + " | ".join(
                f"{ms(percentile(r['times'][f], 50))} ({ms(percentile(r['times'][f], 99))})"
                for r in results
            )
            + f" | ×{ratio:.2f} | {', '.join(str(c) for c in counts)} "
            f"{'(flat)' if flat else '(NOT flat)'} | {met} |"
        )
    lines.append(
        "| the re-rating the corrections queued (the worker's run, from the earliest game), s | "
        + " | ".join(f"{r['settle_s']:.1f}" for r in results)
        + " | | | under 60 s |"
    )
    lines.append(
        "| of which writing the events under the club's row lock (writes to the club wait), s | "
        + " | ".join(f"{r['locked_s']:.1f}" for r in results)
        + " | | | |"
    )
    return lines


def render(args: argparse.Namespace, parts: list[dict], command: str) -> str:
    lines = [
        "## Scale (`bench/scale.py`)",
        "",
        f"In one process through Django's test Client, on a fresh database per size ({args.players}"
        " players, the league of bench/standings.py's generator); "
        f"{args.requests} requests of each figure after {WARMUPS} warm-ups, interleaved "
        "(table, scoreboard, hand entry), milliseconds, nearest-rank percentiles. The table is "
        "the league's standings; the scoreboard is one of its finished games; hand entry puts a "
        f"new hand (points, device token) into an in-progress game of the league, "
        f"{HANDS_PER_GAME} hands a game. The table and the scoreboard are built for every "
        "request (their kept renderings dropped before it, outside the timing): a kept one "
        "costs one query. Queries are counted over one request of each (for the table and the "
        "scoreboard without the database cache's own statements). Correction re-enters the "
        "last hand of the league's earliest game (two seats' points swapped, then back) through "
        "`PATCH /api/v1/games/{id}/hands/{n}/`: it answers before re-rating, which it queues "
        "(the club's stale mark is cleared before each, outside the timing, so each takes the "
        "whole path); the worker's re-rating is then timed once, in process. Leagues are kept "
        "in bench/.leagues/ (SQLite) or as template databases (PostgreSQL) and copied for "
        "later runs (`--no-reuse` generates anew). "
        "PostgreSQL gets `ANALYZE` after each league is generated. "
        "The target: every query count flat, and no figure's time growing faster than the "
        "data.",
    ]
    for part in parts:
        lines += ["", *render_database(part, args)]
    facts = machine_facts(git_commit(), extra={"load": load_average()})
    lines += ["", *[f"- {key.capitalize()}: {value}" for key, value in facts.items()]]
    lines.append(f"- Command: `{command}`")
    return "\n".join(lines) + "\n"


# --- Main ------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument(
        "--sizes",
        type=lambda text: [int(p.replace("_", "")) for p in text.split(",") if p.strip()],
        default=[1_000, 10_000, 20_000],
        help="games per league, comma-separated, smallest first (default 1000,10000,20000)",
    )
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--requests", type=int, default=30, help="timed requests per figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres-url", default=DEFAULT_POSTGRES)
    parser.add_argument("--out", type=Path, help="write the section into this file")
    parser.add_argument("--max-seconds", type=int, default=3600)
    parser.add_argument(
        "--no-reuse",
        dest="reuse",
        action="store_false",
        help="generate every league anew and keep none (default: reuse a kept one)",
    )
    parser.add_argument("--json-out", type=Path, help=argparse.SUPPRESS)  # a child's results
    args = parser.parse_args(argv)
    if not args.sizes or any(not 1 <= s <= 200_000 for s in args.sizes):
        parser.error("--sizes: game counts from 1 to 200000")
    if args.sizes != sorted(args.sizes):
        parser.error("--sizes: smallest first")
    if args.players < 4 or not 1 <= args.requests <= 1000:
        parser.error("at least 4 players; 1 to 1000 requests")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.perf_counter()

    def log(message: str) -> None:
        print(f"[{time.perf_counter() - started:6.1f}s] {message}", file=sys.stderr, flush=True)

    with deadline(args.max_seconds, "bench/scale.py"):
        if args.json_out is not None:  # a child: one database, results as JSON
            args.json_out.write_text(json.dumps(run_database(args, log)))
            return 0
        command = command_line()
        kinds = ["sqlite", "postgres"] if args.database == "both" else [args.database]
        parts = []
        with tempfile.TemporaryDirectory(prefix="hearts-bench-scale-") as tmp:
            for kind in kinds:
                out = Path(tmp) / f"{kind}.json"
                child = [sys.executable, str(Path(__file__).resolve())]
                child += strip_options(sys.argv[1:])
                subprocess.run(
                    [*child, "--database", kind, "--json-out", str(out)],
                    cwd=ROOT,
                    check=True,
                    timeout=args.max_seconds,
                )
                parts.append(json.loads(out.read_text()))
    body = render(args, parts, command)
    print(body)
    if args.out is not None:
        write_section(args.out, "scale", body)
        log(f"wrote the scale section of {args.out}")
    return 0


def strip_options(argv: list[str]) -> list[str]:
    """The parent's options for a child, without --database and --out (the child gets its own)."""
    kept, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ("--database", "--out"):
            skip = True
            continue
        if arg.startswith(("--database=", "--out=")):
            continue
        kept.append(arg)
    return kept


if __name__ == "__main__":
    sys.exit(main())
