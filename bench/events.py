"""Events: what recording an event (and queuing webhook deliveries) adds to hand entry, and the
feed's page time as a club's log grows.

Not a test. On a fresh migrated file SQLite database, in one process, hand entry
(``services.enter_hand``, points, a new hand each time) is timed interleaved in three ways:
with the event log switched off for the call (what hand entry prepares before its
transaction and records in it replaced by no-ops: the baseline, measured in the same run), with the event recorded and no webhook endpoint, and with
three endpoints wanting every type (three delivery rows and three task rows more). Then the
feed (``GET /api/v1/clubs/{id}/events/?after=…&limit=100`` through the test Client, signed
in) is timed at the start and at the end of logs of 1,000 and 10,000 events; its selector's
queries are counted (they must not change with the log's size).

    .venv/bin/python bench/events.py [--requests 200] [--out bench/RESULTS.md]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import command_line, git_commit, load_average, machine_facts, write_section  # noqa: E402

HANDS = ([13, 5, 4, 4], [4, 13, 5, 4], [4, 4, 13, 5], [5, 4, 4, 13])
LONG_GAME = {"preset": "standard", "target_score": 100_000}
# The event log switched off for the baseline: nothing prepared before the write, nothing
# recorded in it.
OFF = {
    "hand_changed": lambda *a, **k: None,
    "game_changed": lambda *a, **k: None,
    "record": lambda prepared: None,
}


def setup(database: Path):
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_site.settings")
    os.environ["HEARTS_WEBHOOKS_ALLOW_PRIVATE"] = "1"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def club_with_game(tag: str, endpoints: int):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import EventType

    owner = get_user_model().objects.create_user(f"bench_{tag}")
    club = services.create_club(user=owner, name=tag, slug=tag)
    players = [services.create_player(club=club, name=f"P{i}") for i in range(4)]
    for _ in range(endpoints):
        services.create_endpoint(
            club=club, url="http://127.0.0.1:8499/", event_types=EventType.values, actor=owner
        )
    game = services.create_game(club=club, players=players, actor=owner, ruleset=LONG_GAME)
    return owner, club, game


def entry_times(requests: int) -> dict[str, list[float]]:
    from scoring import services
    from scoring.services import events

    real = {name: getattr(events, name) for name in OFF}
    ways = {
        "baseline (no event log)": club_with_game("off", 0),
        "event recorded, no endpoint": club_with_game("none", 0),
        "event recorded, 3 endpoints": club_with_game("three", 3),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    for number in range(1, requests + 1):
        for name, (owner, _, game) in ways.items():
            for part, fake in OFF.items():
                setattr(events, part, fake if name.startswith("baseline") else real[part])
            entry = {"points": HANDS[number % 4]}
            started = time.perf_counter()
            services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=owner)
            times[name].append((time.perf_counter() - started) * 1000)
    for part, function in real.items():
        setattr(events, part, function)
    return times


def feed_times(sizes: list[int], requests: int) -> list[tuple[int, str, float, int]]:
    from django.db import connection, transaction
    from django.test import Client

    from scoring import selectors
    from scoring.services.events import record_event

    rows = []
    for size in sizes:
        owner, club, _ = club_with_game(f"feed{size}", 0)
        with transaction.atomic():
            for _ in range(size):
                record_event(club.pk, "ratings.settled", {"since": None, "games_rated": 0})
        client = Client()
        client.force_login(owner)
        for where, after in (("first page", 0), ("last page", size - 100)):
            url = f"/api/v1/clubs/{club.pk}/events/?after={after}&limit=100"
            client.get(url)
            statements = []

            def count(execute, sql, params, many, context, statements=statements):
                statements.append(sql)
                return execute(sql, params, many, context)

            with connection.execute_wrapper(count):  # the feed's own read
                selectors.events_after(club.pk, after, 100)
            samples = []
            for _ in range(requests):
                started = time.perf_counter()
                assert client.get(url).status_code == 200
                samples.append((time.perf_counter() - started) * 1000)
            rows.append((size, where, statistics.median(samples), len(statements)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as where:
        setup(Path(where) / "events.sqlite3")
        entries = entry_times(args.requests)
        feeds = feed_times([1_000, 10_000], max(args.requests // 4, 20))
    base = statistics.median(entries["baseline (no event log)"])
    lines = [
        "## Events (`bench/events.py`)",
        "",
        f"SQLite (a temporary file, WAL), one process, {args.requests} hands each way, "
        "interleaved; milliseconds (the minimum, then the median: on a shared machine "
        "the minimum says what the work costs). The baseline replaces the event's "
        "preparation and its recording by no-ops in the same run.",
        "",
        "| hand entry | min ms | p50 ms | p50 ratio to baseline |",
        "|---|---:|---:|---:|",
    ]
    for name, samples in entries.items():
        p50 = statistics.median(samples)
        lines.append(f"| {name} | {min(samples):.2f} | {p50:.2f} | ×{p50 / base:.2f} |")
    lines += [
        "",
        "| feed, 100 events a page | p50 ms | queries (the selector's) |",
        "|---|---:|---:|",
    ]
    for size, where, p50, queries in feeds:
        lines.append(f"| {size:,} events, {where} | {p50:.2f} | {queries} |")
    facts = machine_facts(git_commit(), extra={"load": load_average()})
    lines += ["", *(f"- {k.title()}: {v}" for k, v in facts.items())]
    lines.append(f"- Command: `{command_line()}`")
    body = "\n".join(lines) + "\n"
    print(body)
    if args.out:
        write_section(args.out, "events", body)


if __name__ == "__main__":
    main()
