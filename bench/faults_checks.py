"""What bench/night_faults.py checks after its night, and the section of bench/RESULTS.md it
writes. The stored state is read from the run's PostgreSQL directly (and, for the ratings and
the totals, through manage.py), never from the servers under test. Not a benchmark itself.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import Counter

import psycopg
from faults_cluster import manage
from faults_load import Night, Receiver, Tally
from report import percentile

# The ratings shown against a full re-rating from the club's first game (as
# tests/multiprocess/test_rating_worker.py compares them).
RATINGS = """
import hashlib, json
from scoring.models import RatingsState, shown_events
from scoring.services import ratings
club = CLUB
def digest(rows):
    return hashlib.sha256(repr(sorted(rows)).encode()).hexdigest()
stored = shown_events(club).values_list("player_id", "game_id", "mu", "sigma")
full, _ = ratings.rated_events(club, None)
state = RatingsState.objects.get(club_id=club)
print("RATINGS " + json.dumps({
    "stale": state.stale_since is not None,
    "rows": len(stored),
    "equal": digest(stored) == digest([(e.player_id, e.game_id, e.mu, e.sigma) for e in full]),
}))
"""


def query(cluster: dict, sql: str, params: tuple = ()) -> list[tuple]:
    with psycopg.connect(cluster["postgres"].url, connect_timeout=10) as db:
        return db.execute(sql, params).fetchall()


def events_of(cluster: dict, seeded: dict) -> list[tuple[str, int]]:
    """The club's events since its endpoint was made (the ones it is owed), in order."""
    rows = query(
        cluster,
        "SELECT uid::text, sequence FROM scoring_event WHERE club_id = %s"
        " AND sequence > %s ORDER BY sequence",
        (seeded["club"], seeded["events_before"]),
    )
    return [(uid, sequence) for uid, sequence in rows]


def drain(cluster: dict, seeded: dict, receiver: Receiver, timeout: float) -> float | None:
    """Seconds until every event reached the receiver and the ratings are settled (None: not
    within ``timeout``)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        try:
            wanted = {uid for uid, _ in events_of(cluster, seeded)}
            stale = query(
                cluster,
                "SELECT count(*) FROM scoring_ratingsstate WHERE stale_since IS NOT NULL",
            )[0][0]
        except psycopg.Error:
            time.sleep(1)
            continue
        with receiver.lock:
            got = {uid for uid, _ in receiver.accepted}
        if wanted <= got and not stale:
            return time.monotonic() - started
        time.sleep(1)
    return None


def hands_check(cluster: dict, seeded: dict, people: Night) -> dict:
    """Every acknowledged hand stored once, with its points, and no hand nobody acknowledged."""
    rows = query(
        cluster,
        "SELECT h.game_id, h.number, h.entry FROM scoring_hand h"
        " JOIN scoring_game g ON g.id = h.game_id WHERE g.league_id = %s",
        (seeded["night_league"],),
    )
    stored = Counter((game, number) for game, number, _ in rows)
    points = {(game, number): entry.get("points") for game, number, entry in rows}
    acked = {(game, number): p for game, number, p in people.acknowledged}
    return {
        "acknowledged": len(people.acknowledged),
        "stored": len(rows),
        "acknowledged twice": len(people.acknowledged) - len(acked),
        "missing": sorted(set(acked) - set(stored))[:10],
        "stored twice": [key for key, n in stored.items() if n > 1][:10],
        "not acknowledged": sorted(set(stored) - set(acked))[:10],
        "other points": [key for key in acked if key in points and points[key] != acked[key]][:10],
    }


def events_check(cluster: dict, seeded: dict, receiver: Receiver) -> dict:
    """Every event received, each (after de-duplication by id) once, in the club's order."""
    stored = events_of(cluster, seeded)
    first: dict[str, int] = {}
    for uid, sequence in receiver.accepted:
        first.setdefault(uid, sequence)
    order = list(first.values())
    missing = sorted({uid for uid, _ in stored} - set(first))
    return {
        "missing events": query(
            cluster,
            "SELECT e.sequence, e.type, d.status, d.attempts, d.last_status_code, d.last_error"
            " FROM scoring_event e LEFT JOIN scoring_webhookdelivery d ON d.event_id = e.id"
            " WHERE e.uid::text = ANY(%s) ORDER BY e.sequence LIMIT 10",
            (missing,),
        ),
        "events": len(stored),
        "received": len(receiver.accepted),
        "duplicates": len(receiver.accepted) - len(first),
        "missing": len({uid for uid, _ in stored} - set(first)),
        "unknown": len(set(first) - {uid for uid, _ in stored}),
        "out of order": sum(1 for a, b in itertools.pairwise(order) if b <= a),
        "bad signatures": receiver.bad_signatures,
        "receiver answers": dict(receiver.requests),
    }


def verify(cluster: dict, seeded: dict, receiver: Receiver, seen: dict, drained) -> dict:
    env = cluster["env"]
    hands = hands_check(cluster, seeded, seen["people"])
    events = events_check(cluster, seeded, receiver)
    out = manage(env, "shell", "-c", RATINGS.replace("CLUB", str(seeded["club"])))
    ratings = json.loads([x for x in out.splitlines() if x.startswith("RATINGS ")][-1][8:])
    try:
        manage(env, "rebuild_totals", "--check")
        totals = "clean"
    except RuntimeError as error:
        totals = str(error)[-500:]
    tally: Tally = seen["tally"]
    passed = {
        "drained": drained is not None,
        "hands": hands["acknowledged"] > 0
        and not any(
            hands[k]
            for k in (
                "missing",
                "stored twice",
                "not acknowledged",
                "other points",
                "acknowledged twice",
            )
        ),
        "events": events["events"] > 0
        and events["missing"] == events["unknown"] == events["out of order"] == 0,
        "ratings": ratings["equal"] and not ratings["stale"],
        "totals": totals == "clean",
        "answers": not tally.refused,
        "people": not seen["people"].unexpected,
        "faults": len(seen["faults"]) == 4,
    }
    summary = {
        "passed": all(passed.values()),
        "checks": passed,
        "hands": hands,
        "events": events,
        "ratings": ratings,
        "totals": totals,
        "refused answers": tally.refused[:10],
        "unexpected": seen["people"].unexpected[:10],
        "faults": seen["faults"],
        "drained in s": drained,
        "errors by second": _by_second(seen["tally"].errors),
    }
    return {"summary": summary, "seen": seen}


def recovery(tally: Tally, faults: list[tuple[float, str]], seconds: float) -> list[tuple]:
    """For each fault: the errors clients saw from it until the next fault, and the seconds from
    the fault to the last of them (0: none seen)."""
    rows = []
    ends = [at for at, _ in faults[1:]] + [seconds + 120]
    for (at, name), end in zip(faults, ends, strict=True):
        errors = [t for t, _, _ in tally.errors if at <= t < end]
        rows.append((name, len(errors), (max(errors) - at) if errors else 0.0))
    return rows


def report(
    options: argparse.Namespace,
    receiver: dict,
    result: dict,
    setup: float,
    facts: dict,
    command: str,
) -> str:
    summary, seen = result["summary"], result["seen"]
    tally: Tally = seen["tally"]
    seconds = seen["seconds"]
    lines = [
        "## A night on two servers with faults (`bench/night_faults.py`)",
        "",
        f"{options.tables} tables entering hands by points (one every {options.pace:g} s on "
        f"average each), {options.phones} phones watching scoreboards and the league table "
        f"(every 5 s each, with ETags), a director correcting an early game of a "
        f"{options.games:,}-game league every 5 s, webhooks to a receiver failing "
        f"{receiver['fail']:.0%} of deliveries and answering {receiver['slow']:.0%} in "
        f"{receiver['slow seconds'][0]:g} to {receiver['slow seconds'][1]:g} s; "
        f"{seconds / 60:g} minutes. Each table has its own scorer's account. Two gunicorn "
        "servers (gthread, 2 workers x 4 threads), PostgreSQL and Redis (cache and RQ queues) of "
        "the run's own, one worker per queue under bin/respawn, the sweep every 3 s; all on "
        f"this 2-core machine with the load generator. Seeding took {setup:.0f} s.",
        "",
        f"**Checks: {'all passed' if summary['passed'] else 'FAILED'}** "
        + ", ".join(f"{k} {'ok' if v else 'FAILED'}" for k, v in summary["checks"].items()),
        "",
        f"- Hands: {summary['hands']['acknowledged']:,} acknowledged, "
        f"{summary['hands']['stored']:,} stored "
        f"({summary['hands']['acknowledged'] / seconds:.1f} a second).",
        f"- Events: {summary['events']['events']:,} in the club's log, received "
        f"{summary['events']['received']:,} times ({summary['events']['duplicates']} "
        f"duplicates, {summary['events']['out of order']} out of order, "
        f"{summary['events']['missing']} missing); the receiver's answers "
        f"{summary['events']['receiver answers']}.",
        f"- Ratings equal to a full re-rating: {summary['ratings']['equal']} "
        f"({summary['ratings']['rows']:,} rating events); `rebuild_totals --check`: "
        f"{summary['totals']}; drained {summary['drained in s'] or 0:.0f} s after the load "
        "stopped.",
        "",
        "| who | requests | p50 ms | p99 ms | a second |",
        "|---|---:|---:|---:|---:|",
    ]
    for who, samples in _grouped(tally.seconds).items():
        lines.append(
            f"| {who} | {len(samples):,} | {percentile(samples, 50) * 1000:.0f} | "
            f"{percentile(samples, 99) * 1000:.0f} | {len(samples) / seconds:.1f} |"
        )
    lines += ["", "| who | answer | count |", "|---|---|---:|"]
    for (who, outcome), count in sorted(_grouped_outcomes(tally.outcomes).items()):
        lines.append(f"| {who} | {outcome} | {count:,} |")
    lines += [
        "",
        "| fault (at s) | errors seen until the next | recovered after s |",
        "|---|---:|---:|",
    ]
    for (at, _), (name, count, took) in zip(
        summary["faults"], recovery(tally, summary["faults"], seconds), strict=True
    ):
        lines.append(f"| {name} ({at:.0f}) | {count} | {took:.1f} |")
    lines.append("")
    lines += [f"- {key.capitalize()}: {value}" for key, value in facts.items()]
    lines += [f"- Command: `{command}`", ""]
    return "\n".join(lines)


def _kind(who: str) -> str:
    return who.split(" ")[0]


def _grouped(seconds: dict[str, list[float]]) -> dict[str, list[float]]:
    grouped: dict[str, list[float]] = {}
    for who, samples in seconds.items():
        grouped.setdefault(_kind(who), []).extend(samples)
    return grouped


def _grouped_outcomes(outcomes: Counter) -> Counter:
    grouped: Counter = Counter()
    for (who, outcome), count in outcomes.items():
        grouped[(_kind(who), outcome)] += count
    return grouped


def _by_second(errors: list[tuple[float, str, str]]) -> dict[int, dict[str, int]]:
    """The errors clients saw, second by second of the night, by kind."""
    seconds: dict[int, Counter] = {}
    for at, _, outcome in errors:
        seconds.setdefault(int(at), Counter())[outcome] += 1
    return {second: dict(kinds) for second, kinds in sorted(seconds.items())}
