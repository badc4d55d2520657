"""Events: what the event log (and queuing webhook deliveries) adds to hand entry, and the
feed's page time as a club's log grows.

Not a test. On a fresh migrated database (a temporary SQLite file, or with ``--database-url`` a
scratch PostgreSQL database the run creates and drops), in one process, hand entry
(``services.enter_hand``, points, a new hand each time) is timed interleaved in three ways:
with the event log switched off (what hand entry prepares before its transaction and records
in it replaced by no-ops: the baseline, measured in the same run), with the event recorded and
no webhook endpoint, and with three endpoints wanting every type (three delivery rows more).
No worker runs here, so the club's delivery task, queued by its first hand, is still waiting
at the next: as while a club's hands come faster than its worker takes them. The fourth way
clears the club's ``woken`` mark before each hand, as that task does when it starts, so each
hand queues the task (a task row more): as when the worker has caught up. Three rounds, each
its own games. Targets (issue 54): hand entry with the log within 10% of hand entry without it,
within 30% when it queues the task. Then the feed (``GET /api/v1/clubs/{id}/events/?after=…
&limit=100`` through the test Client, signed in) is timed at the start and at the end of logs
of 1,000 and 10,000 events; its selector's queries are counted (they must not change with the
log's size).

    .venv/bin/python bench/events.py [--requests 300] [--rounds 3] [--database-url URL]
        [--out bench/RESULTS.md]
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

from report import (  # noqa: E402
    ScratchPostgres,
    command_line,
    git_commit,
    load_average,
    machine_facts,
    read_section,
    write_section,
)

HANDS = ([13, 5, 4, 4], [4, 13, 5, 4], [4, 4, 13, 5], [5, 4, 4, 13])
LONG_GAME = {"preset": "standard", "target_score": 100_000}
# The event log switched off for the baseline: nothing prepared before the write, nothing
# recorded in it.
OFF = {
    "hand_changed": lambda *a, **k: None,
    "game_changed": lambda *a, **k: None,
    "record": lambda prepared: None,
}


BASELINE = "baseline (no event log)"
WAKING = "event recorded, 3 endpoints, queuing the club's task"
# Issue 54's targets: hand entry with the log over hand entry without it, at most (a hand that
# queues the club's task, ×1.30; any other, ×1.10).
TARGET, TARGET_WAKING = 1.10, 1.30


def setup(url: str):
    os.environ["DATABASE_URL"] = url
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


def entry_times(requests: int, round_number: int) -> dict[str, list[float]]:
    """Milliseconds per hand entry, each way, ``requests`` hands each, interleaved."""
    from scoring import services
    from scoring.models import EventCounter
    from scoring.services import events

    real = {name: getattr(events, name) for name in OFF}
    ways = {
        BASELINE: club_with_game(f"off{round_number}", 0),
        "event recorded, no endpoint": club_with_game(f"none{round_number}", 0),
        "event recorded, 3 endpoints": club_with_game(f"three{round_number}", 3),
        WAKING: club_with_game(f"wake{round_number}", 3),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    for number in range(1, requests + 1):
        for name, (owner, club, game) in ways.items():
            for part, fake in OFF.items():
                setattr(events, part, fake if name == BASELINE else real[part])
            if name == WAKING:
                EventCounter.objects.filter(club_id=club.pk).update(woken=False)
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
    parser.add_argument("--requests", type=int, default=300, help="hands each way, each round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database-url", help="a scratch PostgreSQL database to create and drop")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    scratch = ScratchPostgres(args.database_url) if args.database_url else None
    with tempfile.TemporaryDirectory() as where:
        if scratch is not None:
            if scratch.exists():
                raise SystemExit(f"{scratch.name} exists: give a database the run may create")
            scratch.create()
        try:
            setup(args.database_url or f"sqlite:///{Path(where) / 'events.sqlite3'}")
            rounds = [entry_times(args.requests, n) for n in range(1, args.rounds + 1)]
            feeds = feed_times([1_000, 10_000], max(args.requests // 4, 20))
            database = database_text(scratch)
        finally:
            if scratch is not None:
                from django.db import connections

                connections.close_all()
                scratch.drop()
    body = render(args, database, rounds, feeds)
    print(body)
    if args.out:
        name = "postgresql" if scratch is not None else "sqlite"
        inner = read_section(args.out, "events")
        sections = {
            kind: read_section_text(inner, f"events:{kind}") for kind in ("sqlite", "postgresql")
        }
        sections[name] = body
        text = "## Events (`bench/events.py`)\n\n"
        for kind, section in sections.items():
            if section:
                text += f"<!-- events:{kind}:start -->\n{section}<!-- events:{kind}:end -->\n\n"
        write_section(args.out, "events", text.rstrip("\n") + "\n")


def read_section_text(text: str, name: str) -> str:
    start_marker, end_marker = f"<!-- {name}:start -->\n", f"<!-- {name}:end -->"
    start = text.find(start_marker)
    end = text.find(end_marker, start) if start >= 0 else -1
    return text[start + len(start_marker) : end] if end >= 0 else ""


def database_text(scratch: ScratchPostgres | None) -> str:
    from django.db import connection

    if scratch is None:
        return f"SQLite {connection.Database.sqlite_version} (a temporary file, WAL)"
    return f"PostgreSQL {scratch.version()} (scratch database '{scratch.name}')"


def render(args, database: str, rounds: list[dict[str, list[float]]], feeds) -> str:
    names = list(rounds[0])
    lines = [
        f"### {database.split(' (')[0]}",
        "",
        f"{database}, one process, {args.rounds} rounds of {args.requests} hands each way, "
        "interleaved hand by hand; milliseconds per hand entry (median of each round; the "
        "minimum of all). The baseline replaces the event's preparation and its recording by "
        "no-ops in the same run. Ratio: each round's median over the baseline's in that round.",
        "",
        "| hand entry | "
        + " | ".join(f"round {n} p50 ms | ratio" for n in range(1, len(rounds) + 1))
        + " | min ms |",
        "|---|" + "---:|---:|" * len(rounds) + "---:|",
    ]
    ratios: dict[str, list[float]] = {name: [] for name in names}
    for name in names:
        cells = []
        for samples in rounds:
            p50 = statistics.median(samples[name])
            ratio = p50 / statistics.median(samples[BASELINE])
            ratios[name].append(ratio)
            cells.append(f"{p50:.2f} | ×{ratio:.2f}")
        least = min(min(samples[name]) for samples in rounds)
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {least:.2f} |")
    lines.append("")
    for name in names[1:]:
        worst, target = max(ratios[name]), TARGET_WAKING if name == WAKING else TARGET
        verdict = "met" if worst <= target else f"missed by {worst / target - 1:.0%}"
        lines.append(
            f"- Target, {name}: within {target - 1:.0%} of the baseline: {verdict} "
            f"(×{statistics.median(ratios[name]):.2f} median of rounds, ×{worst:.2f} worst)."
        )
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
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
