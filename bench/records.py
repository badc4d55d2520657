"""Benchmark of the hand record's export (issue 53): a club's games streamed as a text record,
hands a second and the memory it takes, on a fresh migrated SQLite database.

Not a test. A synthetic club gets ``--games`` games of ``--hands`` hands each (entered
through the services at the points level, and a tenth of the games trick by trick), then the
export is timed as the API streams it: ``write_text(record_games(club_games(club)))``, every
piece made. The baseline, in the same run on the same rows: the club's hands read in one
query (``values_list``) and each dumped as JSON, the least an export can do. The memory is
tracemalloc's peak during one export, with the club at its size and at twice it (flat: the
ratio near 1). Issue 53's goal: at least 5 000 hands a second, memory flat.

    .venv/bin/python bench/records.py [--games 60] [--hands 20] [--repeats 5] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import command_line, deadline, git_commit, machine_facts, write_section  # noqa: E402

GOAL = 5_000  # hands a second
LONG = {"preset": "standard", "target_score": 100_000}


def setup(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_site.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def fill(club, owner, games: int, hands: int, rng: random.Random) -> None:
    """``games`` games of ``hands`` hands: points, and every tenth game trick by trick."""
    from adjudication.services import ruleset_for
    from scoring import services
    from tests.records.support import entry_for

    rules = ruleset_for(LONG)
    for number in range(games):
        game = services.create_game(club=club, players=club.seated, actor=owner, ruleset=LONG)
        level = "plays" if number % 10 == 0 else "points"
        for hand in range(1, hands + 1):
            entry = entry_for(rules, level, (hand - 1) % 4, rng)
            try:
                services.enter_hand(game_id=game.pk, number=hand, entry=entry, actor=owner)
            except Exception:  # a moon: the shooter's choice
                entry["moon_choice"] = "add_to_others"
                services.enter_hand(game_id=game.pk, number=hand, entry=entry, actor=owner)


def export_pass(club_id: int) -> tuple[float, int]:
    from scoring.record import write_text
    from scoring.selectors.hand_records import club_games, record_games

    started = time.perf_counter()
    size = sum(len(piece.encode()) for piece in write_text(record_games(club_games(club_id))))
    return time.perf_counter() - started, size


def baseline_pass(club_id: int) -> float:
    from scoring.models import Hand

    started = time.perf_counter()
    rows = Hand.objects.filter(game__club_id=club_id).order_by("game_id", "number")
    for row in rows.values_list("number", "dealer", "entry", "points", "scores").iterator():
        json.dumps(row)
    return time.perf_counter() - started


def peak_of(club_id: int) -> int:
    tracemalloc.start()
    export_pass(club_id)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def measure(args) -> str:
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Hand

    rng = random.Random(args.seed)
    owner = get_user_model().objects.create_user("bench_records")
    club = services.create_club(user=owner, name="Bench", slug="bench")
    club.seated = [services.create_player(club=club, name=f"Seat {i}") for i in range(4)]
    fill(club, owner, args.games, args.hands, rng)
    hands = Hand.objects.filter(game__club=club).count()
    exports, baselines, size = [], [], 0
    for _ in range(args.repeats):  # interleaved: a busy moment falls on both
        seconds, size = export_pass(club.pk)
        exports.append(seconds)
        baselines.append(baseline_pass(club.pk))
    peak = peak_of(club.pk)
    fill(club, owner, args.games, args.hands, rng)  # twice the hands
    peak_twice = peak_of(club.pk)
    best, base = min(exports), min(baselines)
    rate = hands / best
    lines = [
        "## Hand record export (issue 53)",
        "",
        f"A club of {args.games} games of {args.hands} hands ({hands:,} hands, a tenth of the "
        f"games trick by trick), SQLite, best of {args.repeats} passes:",
        "",
        "| figure | value |",
        "|---|---|",
        f"| export, hands a second | {rate:,.0f} (goal {GOAL:,}: "
        f"{'met' if rate >= GOAL else 'not met'}) |",
        f"| export over the baseline (one query, a JSON dump a row) | {best / base:.2f} x |",
        f"| record size | {size / 1024:,.0f} KiB, {size / hands:,.0f} bytes a hand |",
        f"| peak memory of one export, at {hands:,} hands | {peak / 1024:,.0f} KiB |",
        f"| peak memory at twice the hands, over at once | {peak_twice / peak:.2f} x |",
        "",
    ]
    facts = machine_facts(git_commit(["scoring/record", "scoring/selectors/hand_records.py"]))
    lines += [f"- {key}: {value}" for key, value in facts.items()]
    lines += ["", f"`{command_line()}`"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=53)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--max-seconds", type=int, default=900)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch, deadline(args.max_seconds, "records.py"):
        setup(f"sqlite:///{scratch}/bench.sqlite3")
        report = measure(args)
    print(report)
    if args.out:
        write_section(args.out, "records", report)


if __name__ == "__main__":
    main()
