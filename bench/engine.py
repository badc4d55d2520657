"""Benchmark of the Hearts rules engine: adjudication, the API payload and legal-move generation.

Not a test. Random complete hands are generated from a fixed seed *before* any timing; each
figure is the best of ``--repeats`` passes over all of them (the median is reported too), and
every figure is also given as a ratio to a baseline measured in the same run on the same hands,
so that results from different machines can be compared. With open-spiel installed (the dev
extra), OpenSpiel's C++ Hearts is timed in the same passes on the same hands: issue 35's target
is the engine at or below its time per hand, with holdings and without. See bench/README.md.

This module is the report and the command line; the parts are engine_hands.py (the hands and
their check), engine_openspiel.py (the comparison) and engine_timing.py (the passes, the figures).

    .venv/bin/python bench/engine.py [--hands N] [--seed S] [--out bench/RESULTS.md] [--profile]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Benchmark this checkout's engine, even when another checkout is installed in the venv.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine_hands import check, generate  # noqa: E402
from engine_timing import (  # noqa: E402
    Figure,
    VariantResult,
    measure_main,
    measure_variants,
    profile_with_holdings,
)
from report import (  # noqa: E402
    bounded,
    command_line,
    deadline,
    git_commit,
    load_average,
    machine_facts,
    write_section,
)

from adjudication.engine import build_ruleset, native  # noqa: E402

MAX_HANDS = 200_000

# --- Report ----------------------------------------------------------------------------------


def us(value: float) -> str:
    return f"{value:.3f}" if value < 1 else f"{value:.2f}"


def render(
    args: argparse.Namespace,
    figures: list[Figure],
    rounds: list[tuple[float, float]],
    extra: list[VariantResult],
    facts: dict[str, str],
    generation_s: float,
    command: str,
) -> str:
    lines = [
        "## Engine (`bench/engine.py`)",
        "",
        f"{args.hands} random complete 4-player hands under `standard`, seed {args.seed}, "
        f"generated in {generation_s:.1f} s before timing; best of {args.repeats} passes "
        "(median alongside). The ratio is the best figure over the baseline's best, measured "
        "in the same run on the same hands; for `legal_mask` it is per call over the "
        "baseline's time per play.",
        "",
        "| figure | best µs | median µs | ratio to baseline | target |",
        "|---|---:|---:|---:|---|",
    ]
    for figure in figures:
        lines.append(
            f"| {figure.name}, per {figure.unit} | {us(figure.best_us)} | "
            f"{us(figure.median_us)} | {figure.ratio:.2f}× | {figure.target} |"
        )
    if rounds:
        lines += [
            "",
            f"Against OpenSpiel in {len(rounds)} interleaved rounds (each round's best over "
            "OpenSpiel's best in it; OpenSpiel's rules set to the standard preset's, and its "
            "points checked equal to the engine's on every hand before timing):",
            "",
            "| round | with holdings / OpenSpiel | without holdings / OpenSpiel |",
            "|---:|---:|---:|",
            *(f"| {n} | {w:.2f}× | {wo:.2f}× |" for n, (w, wo) in enumerate(rounds, 1)),
        ]
    if extra:
        lines += [
            "",
            f"Other presets and player counts ({extra[0].hands} hands each, best of "
            f"{args.repeats}; µs per complete hand):",
            "",
            "| ruleset | players | with holdings µs | without holdings µs | baseline µs "
            "| with / baseline | without / baseline |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for v in extra:
            lines.append(
                f"| {v.label} | {v.players} | {v.with_us:.2f} | {v.without_us:.2f} | "
                f"{v.baseline_us:.2f} | {v.with_us / v.baseline_us:.2f}× | "
                f"{v.without_us / v.baseline_us:.2f}× |"
            )
    lines += [
        "",
        f"- Python: {facts['python']}",
        f"- Engine replay: {native.IMPLEMENTATION} ({native.REASON})",
        f"- Platform: {facts['platform']}",
        f"- CPU: {facts['cpu']}",
        f"- Load: {load_average()}",
        f"- Date: {facts['date']}",
        f"- Commit: {facts['commit']}",
        f"- Command: `{command}`",
    ]
    return "\n".join(lines) + "\n"


# --- Main ------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=bounded(int, 1, MAX_HANDS), default=10_000)
    parser.add_argument("--seed", type=int, default=20_240_601)
    parser.add_argument(
        "--out", type=Path, help="write/replace the engine section of this Markdown file"
    )
    parser.add_argument("--repeats", type=bounded(int, 1, 30), default=15)
    parser.add_argument(
        "--variant-hands",
        type=bounded(int, 0, MAX_HANDS),
        default=None,
        help="hands per other preset / player count (default: hands/10, at least 100; 0 skips)",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="also profile the with-holdings loop and print the top 15 functions by tottime",
    )
    parser.add_argument(
        "--max-seconds",
        type=bounded(int, 10, 3600),
        default=900,
        help="abort if the whole run takes longer (default 900)",
    )
    args = parser.parse_args(argv)
    if args.variant_hands is None:
        args.variant_hands = max(100, args.hands // 10)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    command = command_line()
    started = time.perf_counter()

    def log(message: str) -> None:
        print(f"[{time.perf_counter() - started:6.1f}s] {message}", file=sys.stderr, flush=True)

    with deadline(args.max_seconds, "bench/engine.py"):
        rules = build_ruleset("standard")
        log(f"generating {args.hands} hands under standard (seed {args.seed})")
        generation_start = time.perf_counter()
        hands = generate(rules, args.hands, random.Random(args.seed))
        generation_s = time.perf_counter() - generation_start
        log("checking every hand (legal, winners as the baseline, with = without holdings)")
        check(rules, hands, "standard")

        figures, rounds = measure_main(rules, hands, args.repeats, log)
        extra = (
            measure_variants(args.variant_hands, args.seed, args.repeats, log)
            if args.variant_hands
            else []
        )
        facts = machine_facts(
            git_commit(
                ["adjudication/engine"], note="engine has uncommitted changes", untracked=True
            )
        )
        body = render(args, figures, rounds, extra, facts, generation_s, command)
        print(body)
        if args.out is not None:
            write_section(args.out, "engine", body)
            log(f"wrote the engine section of {args.out}")
        if args.profile:
            log("profiling the with-holdings loop")
            print(
                f"cProfile, adjudicate with holdings over {args.hands} hands (top 15 by tottime):"
            )
            print(profile_with_holdings(rules, hands))
    log(f"engine replay: {native.IMPLEMENTATION} ({native.REASON})")
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
