"""Benchmark of the Hearts rules engine: adjudication, the API payload and legal-move generation.

Not a test. Random complete hands are generated from a fixed seed *before* any timing; each
figure is the best of ``--repeats`` passes over all of them (the median is reported too), and
every figure is also given as a ratio to a baseline measured in the same run on the same hands,
so that results from different machines can be compared. With open-spiel installed (the dev
extra), OpenSpiel's C++ Hearts is timed in the same passes on the same hands: issue 35's target
is the engine at or below its time per hand, with holdings and without. See bench/README.md.

    .venv/bin/python bench/engine.py [--hands N] [--seed S] [--out bench/RESULTS.md] [--profile]
"""

from __future__ import annotations

import argparse
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
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
# Benchmark this checkout's engine, even when another checkout is installed in the venv.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import (  # noqa: E402
    command_line,
    deadline,
    git_commit,
    load_average,
    machine_facts,
    write_section,
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
from adjudication.engine.cards import BIT  # noqa: E402
from adjudication.engine.simulate import deal, opening_leader, play_randomly  # noqa: E402

OPENSPIEL = "OpenSpiel's C++ Hearts (pyspiel): the deal and 52 plays, each legality-checked"
ROUNDS = 3  # the passes are reported in this many interleaved rounds too
MAX_HANDS = 200_000
EXTRA_PLAYERS = (3, 5, 6)


class Hand(NamedTuple):
    plays: list[int]  # the complete record, cards as ints (suit * 13 + rank)
    holdings: list[int]  # one bitmask per seat (the hand as played, no pass)
    leader: int  # the seat that led trick 1


@dataclass(frozen=True)
class Figure:
    name: str
    unit: str  # "hand" or "call"
    best_us: float
    median_us: float
    ratio: float  # best over the baseline's best (per hand, or per play for a per-call figure)
    target: str = "—"


# --- Workload --------------------------------------------------------------------------------


def generate(rules: Ruleset, count: int, rng: random.Random) -> list[Hand]:
    """``count`` random complete hands of random legal play (untimed)."""
    hands = []
    for index in range(count):
        holdings = deal(rules, rng)
        leader = opening_leader(rules, holdings, dealer=index % rules.players)
        plays = play_randomly(rules, holdings, leader, rng)
        hands.append(Hand(plays, holdings, leader))
    return hands


def replay_winners(plays: Sequence[int], leader: int, players: int) -> list[int]:
    """The baseline: a minimal replay that only finds each trick's winner."""
    winners = []
    for start in range(0, len(plays), players):
        best = plays[start]
        led = best // 13
        offset = 0
        for k in range(1, players):
            card = plays[start + k]
            if card // 13 == led and card > best:
                best = card
                offset = k
        leader = (leader + offset) % players
        winners.append(leader)
    return winners


# --- OpenSpiel's C++ Hearts, for comparison (issue 35) -----------------------------------------
#
# OpenSpiel numbers a card rank * 4 + suit (clubs, diamonds, hearts, spades), deals card k of the
# deal to seat k % 4, and opens with a chance action for the pass (0: no pass). A hand is given
# to it as that action, the deal that leaves each seat our holding, and the 52 plays; each is
# applied with ``apply_action_with_legality_check`` (it computes the legal actions and checks
# the play, as an adjudication does), then ``points`` read. Its rules are set to the standard
# preset's: points allowed on the first trick, hearts broken by a heart only.
OPENSPIEL_PARAMS = {"no_pts_on_first_trick": False, "qs_breaks_hearts": False}


def openspiel_game():
    """OpenSpiel's Hearts under the standard preset's rules, or None when it is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("hearts", OPENSPIEL_PARAMS)


def openspiel_actions(hand: Hand) -> list[int]:
    """The hand as OpenSpiel's actions: no pass, the deal, the plays."""
    ours = [sorted(c for c in range(52) if mask >> c & 1) for mask in hand.holdings]
    deal = [ours[k % 4][k // 4] for k in range(52)]
    return [0] + [(c % 13) * 4 + c // 13 for c in deal + list(hand.plays)]


def openspiel_points(game, actions: Sequence[int]) -> list[int]:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action_with_legality_check(action)
    if not state.is_terminal():
        raise SystemExit("OpenSpiel did not end the hand")
    return [state.points(seat) for seat in range(4)]


def openspiel_loop(game, hands: Sequence[list[int]]) -> Callable[[], None]:
    seats = range(4)

    def run() -> None:
        for actions in hands:
            state = game.new_initial_state()
            for action in actions:
                state.apply_action_with_legality_check(action)
            [state.points(seat) for seat in seats]

    return run


def checked_for_openspiel(game, rules: Ruleset, hands: Sequence[Hand]) -> list[list[int]]:
    """Untimed: every hand as OpenSpiel's actions, its points the same as the engine's (a moon
    shot as OpenSpiel scores it: 26 to each other seat)."""
    actions = []
    for number, hand in enumerate(hands):
        given = openspiel_actions(hand)
        ruling = adjudicate(rules, hand.plays, hands=hand.holdings)
        expected = list(ruling.points_taken)
        if ruling.score is not None and ruling.score.moon is not None:  # OpenSpiel adds 26
            expected = [0 if seat == ruling.score.moon else 26 for seat in range(4)]
        if openspiel_points(game, given) != expected:
            raise SystemExit(f"hand {number}: OpenSpiel's points differ from the engine's")
        actions.append(given)
    return actions


def recorded_states(rules: Ruleset, hands: Sequence[Hand]) -> list[tuple[int, Situation]]:
    """(holding, situation) of the seat about to play, for every play of every hand.

    Each play is checked to be in the legal set, so the calls timed are the calls a replay makes.
    """
    n = rules.players
    situations: dict[tuple[int, int | None, bool], Situation] = {}
    states = []
    for hand in hands:
        hold = list(hand.holdings)
        leader = hand.leader
        broken = False
        for trick, start in enumerate(range(0, len(hand.plays), n)):
            led = None
            best = -1
            winner = seat = leader
            mask = 0
            for card in hand.plays[start : start + n]:
                key = (trick, led, broken)
                situation = situations.get(key)
                if situation is None:
                    situation = situations[key] = Situation(*key)
                if not legal_mask(rules, hold[seat], situation) & BIT[card]:
                    raise SystemExit(f"generated play {card} is not in its legal set")
                states.append((hold[seat], situation))
                hold[seat] &= ~BIT[card]
                mask |= BIT[card]
                if led is None:
                    led = card // 13
                if card // 13 == led and card > best:
                    best = card
                    winner = seat
                seat = (seat + 1) % n
            broken = broken or bool(mask & rules.break_mask)
            leader = winner
    return states


def check(rules: Ruleset, hands: Sequence[Hand], label: str) -> None:
    """Untimed: the engine agrees with itself and with the baseline on every generated hand."""
    for number, (plays, holdings, leader) in enumerate(hands):
        known = adjudicate(rules, plays, hands=holdings)
        inferred = adjudicate(rules, plays, first_leader=leader)
        winners = [winner for _leader, winner, _mask in known.trick_log]
        problems = []
        if not known.legal or not inferred.legal or inferred.undetermined:
            problems.append("a random legal hand was ruled illegal")
        if winners != replay_winners(plays, leader, rules.players):
            problems.append("trick winners differ from the baseline replay")
        if known.trick_log != inferred.trick_log or known.holdings != inferred.holdings:
            problems.append("with and without holdings disagree on the replay")
        if known.score != inferred.score:
            problems.append("with and without holdings disagree on the score")
        if problems:
            raise SystemExit(f"{label}, hand {number}: {'; '.join(problems)}")


# --- Timing ----------------------------------------------------------------------------------


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
    game = openspiel_game()
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


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}")
        return value

    return parse


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=bounded_int(1, MAX_HANDS), default=10_000)
    parser.add_argument("--seed", type=int, default=20_240_601)
    parser.add_argument(
        "--out", type=Path, help="write/replace the engine section of this Markdown file"
    )
    parser.add_argument("--repeats", type=bounded_int(1, 30), default=15)
    parser.add_argument(
        "--variant-hands",
        type=bounded_int(0, MAX_HANDS),
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
        type=bounded_int(10, 3600),
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
