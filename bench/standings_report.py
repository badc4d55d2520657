"""bench/standings.py's report: a database's part of the section ``standings``, its table, the
targets' verdicts and the machine."""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path

from report import markers, percentile, read_section, write_section

TARGET_P99_MS = 100.0  # the target at 20,000 games
TARGET_RATIO = 2.0  # ... and within 2x of the raw GROUP BY
TARGET_SIZE = 20_000
WARMUPS = 3


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
