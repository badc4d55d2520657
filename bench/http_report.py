"""bench/http_load.py's report: the section ``http`` of bench/RESULTS.md, a table a server and
cache, the targets, the machine."""

from __future__ import annotations

import argparse
import shlex
import statistics
from pathlib import Path

from http_runs import BASELINE, CACHE_TEXT, REDIS_URL, WRITE_RATE
from http_seed import SCOREBOARD_HANDS
from http_servers import LUA, SERVER_TEXT, Run, ServerResult


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
    """The section: how the figures are made, a part a database, the targets, the machine."""
    lines = ["## HTTP (`bench/http_load.py`)", "", method(args)]
    for kind, results, seeded, seed_s in done:
        lines += database_part(kind, results, seeded, seed_s, args)
    lines += ["", "Targets:", ""]
    for _kind, results, _seeded, _s in done:
        for result in results:
            lines += targets(result)
    lines += ["", *[f"- {key.capitalize()}: {value}" for key, value in facts.items()]]
    lines.append(f"- Command: `{command}`")
    lines.append(example_run(done[0][1][0].runs[0]))
    return "\n".join(lines) + "\n"


def method(args: argparse.Namespace) -> str:
    """The paragraph that says how every figure of the section is made."""
    return (
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
        "the table over HTTP. It is informational, with no target."
    )


def database_part(
    kind: str, results: list[ServerResult], seeded: dict, seed_s: float, args: argparse.Namespace
) -> list[str]:
    """One database's heading, how it was seeded, and a table a server and cache."""
    lines = [
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
    return lines


def targets(result: ServerResult) -> list[str]:
    """A server's line of the targets: the shares that missed theirs, the runs that were
    invalid, and with the event log's server, its cost."""
    missed = [
        f"{run.load.key} {result.share(index):.0%}"
        for index, run in enumerate(result.runs)
        if run.load.target and result.share(index) < run.load.target
    ]
    invalid = [run.load.key for run in result.runs if not run.valid]
    invalid += ["baseline"] if any(not run.valid for run in result.baseline) else []
    lines = [
        f"- {result.database.split()[0]}, {result.server}, {CACHE_TEXT[result.cache]}: "
        + ("every target met" if not missed else f"missed: {', '.join(missed)}")
        + (f"; INVALID: {', '.join(invalid)}" if invalid else "; every run valid")
        + "."
    ]
    if result.unlogged is not None:
        lines.append(f"  {unlogged_verdict(result)}")
    return lines


def example_run(run: Run) -> str:
    """The command of one wrk run, with the paths the run made shortened to their names."""
    shown = [Path(p).name if p.startswith(str(LUA)) else p for p in run.command]
    return (
        f"- Each figure is one wrk run, e.g. `{shlex.join(shown)}`"
        " (the script in bench/lua/, the body file and the port made by the run)."
    )
