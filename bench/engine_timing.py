"""bench/engine.py's timing: a pass of each figure with the collector off, the passes
interleaved, the headline figures against the baseline and OpenSpiel, and the other rulesets."""

from __future__ import annotations

import cProfile
import gc
import io
import json
import os
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Benchmark this checkout's engine, even when another checkout is installed in the venv.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine_hands import Hand, check, generate, recorded_states, replay_winners  # noqa: E402
from engine_openspiel import (  # noqa: E402
    OPENSPIEL,
    checked_for_openspiel,
    openspiel_game,
    openspiel_loop,
)

from adjudication.engine import (  # noqa: E402
    PRESETS,
    Ruleset,
    Situation,
    adjudicate,
    build_ruleset,
    legal_mask,
    native,
    replay,
)

ROUNDS = 3  # the passes are reported in this many interleaved rounds too
EXTRA_PLAYERS = (3, 5, 6)


@dataclass(frozen=True)
class Figure:
    name: str
    unit: str  # "hand" or "call"
    best_us: float
    median_us: float
    ratio: float  # best over the baseline's best (per hand, or per play for a per-call figure)
    target: str = "—"


def timed(loop: Callable[[], object], repeats: int) -> list[float]:
    """Seconds per pass; the cyclic GC is off while timing, as timeit does."""
    times = []
    for _ in range(repeats):
        gc.collect()
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            start = time.perf_counter()
            loop()
            times.append(time.perf_counter() - start)
        finally:
            if was_enabled:
                gc.enable()
    return times


def per_item_us(times: list[float], count: int) -> tuple[float, float]:
    """(best, median) microseconds per item."""
    return min(times) / count * 1e6, statistics.median(times) / count * 1e6


def with_holdings_loop(rules: Ruleset, hands: Sequence[Hand]) -> Callable[[], None]:
    def run() -> None:
        for plays, holdings, _leader in hands:
            adjudicate(rules, plays, hands=holdings)

    return run


def without_holdings_loop(rules: Ruleset, hands: Sequence[Hand]) -> Callable[[], None]:
    def run() -> None:
        for plays, _holdings, leader in hands:
            adjudicate(rules, plays, first_leader=leader)

    return run


def pure_python(loop: Callable[[], None]) -> Callable[[], None]:
    """``loop`` with the engine's pure-Python replay in place of the compiled one."""

    def run() -> None:
        saved = native.replay
        native.replay = replay
        try:
            loop()
        finally:
            native.replay = saved

    return run


def baseline_loop(rules: Ruleset, hands: Sequence[Hand]) -> Callable[[], None]:
    players = rules.players

    def run() -> None:
        for plays, _holdings, leader in hands:
            replay_winners(plays, leader, players)

    return run


def legal_mask_loop(rules: Ruleset, states: Sequence[tuple[int, Situation]]) -> Callable[[], None]:
    def run() -> None:
        for holding, situation in states:
            legal_mask(rules, holding, situation)

    return run


def payload_loop(rules: Ruleset, hands: Sequence[Hand]) -> Callable[[], None]:
    """adjudicate + present_ruling; Django is configured here only, for this figure."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "hearts_site.settings"
    import django

    django.setup()
    from adjudication.services import present_ruling

    plays, holdings, _leader = hands[0]
    payload = present_ruling(adjudicate(rules, plays, hands=holdings))
    json.dumps(payload)  # a real payload: plain data, JSON-ready
    if payload["legal"] is not True or len(payload["tricks"]) != rules.hand_size:
        raise SystemExit("present_ruling returned an unexpected payload")

    def run() -> None:
        for plays, holdings, _leader in hands:
            present_ruling(adjudicate(rules, plays, hands=holdings))

    return run


def measure_main(
    rules: Ruleset, hands: Sequence[Hand], repeats: int, log: Callable[[str], None]
) -> tuple[list[Figure], list[tuple[float, float]]]:
    """The headline figures, OpenSpiel's (when installed) and the baseline last; and for each of
    ``ROUNDS`` rounds of the passes, with and without holdings over OpenSpiel (each round's
    best). Passes are interleaved (one pass of each figure in turn), so that a busy moment of
    the machine does not fall on every pass of one figure."""
    count = len(hands)
    log("recording the states of every play")
    states = recorded_states(rules, hands)
    without = "adjudicate, without holdings (inferred from the record)"
    runs: list[tuple[str, str, int, Callable[[], None]]] = [
        ("adjudicate, with holdings", "hand", count, with_holdings_loop(rules, hands)),
        (without, "hand", count, without_holdings_loop(rules, hands)),
        ("adjudicate + API payload (present_ruling)", "hand", count, payload_loop(rules, hands)),
        ("legal_mask", "call", len(states), legal_mask_loop(rules, states)),
        (
            "baseline: replay computing trick winners only",
            "hand",
            count,
            baseline_loop(rules, hands),
        ),
    ]
    if native.replay is not replay:  # the compiled replay in use: the pure one beside it
        runs[2:2] = [
            (f"{name} (pure-Python replay)", "hand", count, pure_python(loop))
            for name, _unit, _items, loop in runs[:2]
        ]
    game = openspiel_game(rules)
    if game is not None:
        log("checking every hand with OpenSpiel (same points)")
        actions = checked_for_openspiel(game, rules, hands)
        runs.insert(-1, (OPENSPIEL, "hand", count, openspiel_loop(game, actions)))
    passes: list[list[float]] = [[] for _ in runs]
    for round_number in range(1, repeats + 1):
        log(f"timing pass {round_number} of {repeats}")
        for times, (_name, _unit, _items, loop) in zip(passes, runs, strict=True):
            times.extend(timed(loop, 1))
    base_best = per_item_us(passes[-1], count)[0]
    figures = []
    for times, (name, unit, items, _loop) in zip(passes, runs, strict=True):
        best, median = per_item_us(times, items)
        # A per-call figure is compared with the baseline's time per play.
        basis = base_best / rules.deck_size if unit == "call" else base_best
        figures.append(Figure(name, unit, best, median, best / basis))
    if game is None:
        return figures, []
    spiel = passes[-2]
    for index in (0, 1):  # with holdings, without: each at or below OpenSpiel's time
        ratio = figures[index].best_us / figures[-2].best_us
        verdict = "met" if ratio <= 1 else f"missed by {ratio - 1:.0%}"
        figures[index] = replace(figures[index], target=f"≤ OpenSpiel ({ratio:.2f}×): {verdict}")
    size = max(len(spiel) // ROUNDS, 1)
    rounds = [
        tuple(
            min(passes[i][r * size : (r + 1) * size]) / min(spiel[r * size : (r + 1) * size])
            for i in (0, 1)
        )
        for r in range(min(ROUNDS, len(spiel)))
    ]
    return figures, rounds


@dataclass(frozen=True)
class VariantResult:
    label: str
    players: int
    hands: int
    with_us: float
    without_us: float
    baseline_us: float


def variants() -> list[tuple[str, Ruleset]]:
    chosen = [(name, build_ruleset(name)) for name in PRESETS if name != "standard"]
    chosen += [(f"standard, {p} players", build_ruleset(players=p)) for p in EXTRA_PLAYERS]
    return chosen


def measure_variants(
    count: int, seed: int, repeats: int, log: Callable[[str], None]
) -> list[VariantResult]:
    """A smaller run per other preset and per other player count (with holdings, and without)."""
    results = []
    for label, rules in variants():
        log(f"variant {label}: generating {count} hands")
        hands = generate(rules, count, random.Random(f"{seed}:{label}"))
        check(rules, hands, label)
        loops = (
            baseline_loop(rules, hands),
            with_holdings_loop(rules, hands),
            without_holdings_loop(rules, hands),
        )
        # Short passes: interleave them, so a busy moment of the machine hits all three alike.
        passes: list[list[float]] = [[], [], []]
        for _ in range(repeats):
            for times, loop in zip(passes, loops, strict=True):
                times.extend(timed(loop, 1))
        base, known, inferred = (per_item_us(times, count)[0] for times in passes)
        results.append(VariantResult(label, rules.players, count, known, inferred, base))
    return results


def profile_with_holdings(rules: Ruleset, hands: Sequence[Hand], top: int = 15) -> str:
    profiler = cProfile.Profile()
    loop = with_holdings_loop(rules, hands)
    profiler.enable()
    loop()
    profiler.disable()
    stream = io.StringIO()
    pstats.Stats(profiler, stream=stream).sort_stats("tottime").print_stats(top)
    return stream.getvalue()
