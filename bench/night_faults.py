"""A club night on two servers with faults on purpose (issue 34).

Two gunicorn servers, a PostgreSQL and a Redis of the run's own (cache and task queue), a
worker for each queue (kept alive by bin/respawn) and the sweep, all on loopback. A club with
a big generated league; tonight ``--tables`` tables enter hands by points, ``--phones`` phones
watch scoreboards and the league table, a director corrects games deep in the big league, and
the club's webhooks go to a receiver that fails some deliveries and answers some slowly.

During the night: one app server is killed (SIGKILL to its whole group) and started again, one
task worker is killed (its respawn starts another), Redis is restarted (losing everything in
it: the queues too) and PostgreSQL is restarted (a fast shutdown). After it, with the load
stopped and the queues drained: every acknowledged hand is stored once and nothing else is;
every event reached the receiver (after de-duplication by id) in order; the ratings equal a
full re-rating; ``rebuild_totals --check`` is clean; and no client saw an answer other than
2xx, 304, 409, 429 or 503 with Retry-After. The figures go to bench/RESULTS.md (with ``--out``);
the checks print as one JSON line (``RESULT``) and fail the run (exit status 1).

    .venv/bin/python bench/night_faults.py --out bench/RESULTS.md        # the long form
    .venv/bin/python bench/night_faults.py --short                       # CI's (a test runs it)
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import threading
import time
from pathlib import Path

import faults_checks as checks
from faults_cluster import (
    PYTHON,
    Managed,
    Postgres,
    Redis,
    environment,
    kill_child,
    manage,
    respawned_worker,
    scratch_dir,
    server,
)
from faults_load import Balancer, Night, Receiver, Tally, director, scorer, watchers
from report import command_line, git_commit, load_average, machine_facts, write_section

# A table enters a hand every ``pace`` seconds on average: tens of times faster than a real
# table (a hand of Hearts takes minutes), to press a few minutes as hard as a long night.
LONG = {"tables": 40, "phones": 500, "minutes": 4.0, "games": 20000, "pace": 6.0}
SHORT = {"tables": 8, "phones": 60, "minutes": 1.25, "games": 300, "pace": 3.0}

# The run's settings, as an operator would set them for a night (docs/deploy.md), with the
# webhooks' waits shortened so that a few minutes show retries, a killed worker's delivery
# sent again and an endpoint catching up.
SETTINGS = {
    "HEARTS_WEBHOOK_BACKOFF": "0.5",
    "HEARTS_WEBHOOK_BACKOFF_MAX": "4",
    "HEARTS_WEBHOOK_MAX_FAILURES": "1000",
    "HEARTS_WEBHOOK_SENDING_TIMEOUT": "15",
    "HEARTS_WEBHOOK_DEADLINE": "5",
    "HEARTS_WEBHOOK_TIMEOUT": "4",
    "HEARTS_WORKER_HEARTBEAT": "2",
    "DATABASE_WAIT_TIMEOUT": "3",
}

# The club's receiver fails this share of deliveries (500) and answers this share slowly, some
# past the sender's deadline (HEARTS_WEBHOOK_DEADLINE below).
RECEIVER = {"fail": 0.05, "slow": 0.03, "slow seconds": (0.5, 6.0)}

SEED = """
import json
from django.contrib.auth import get_user_model
from scoring import services
from scoring.models import Game, GameStatus
from scoring.models import EventType
from scoring.sample.generate import generate

user = get_user_model().objects.create_user("director", password=None)
club = services.create_club(user=user, name="Night Faults", slug="night-faults")
big = generate(club=club, actor=user, players=48, games=GAMES, seed=5, name="The Big League")
night = services.create_league(club=club, name="Tonight", ruleset="standard")
seats = [services.create_player(club=club, name=f"Seat {i + 1}").pk for i in range(TABLES * 4)]
token, key = services.create_device_token(user=user, name="night")
scorers = []  # a scorer's account and phone a table, as a night has
for t in range(TABLES):
    person = get_user_model().objects.create_user(f"scorer{t + 1}", password=None)
    services.set_membership(club=club, user=person, role="scorer")
    scorers.append(services.create_device_token(user=person, name="table phone")[1])
from scoring.models import Event
first_event = Event.objects.filter(club=club).order_by("-sequence").values_list("sequence").first()
endpoint, secret = services.create_endpoint(
    club=club, url=URL, event_types=EventType.values, actor=user
)
corrections = []
finished = Game.objects.filter(league=big, status=GameStatus.FINISHED).order_by("finished_at")
for game in finished[: CORRECTIONS * 3]:
    last = game.hands.order_by("-number").first()
    points = list(last.entry.get("points", []))
    order = sorted(range(4), key=lambda s: game.totals[s])
    a, b = order[0], order[1]
    if "moon_choice" in last.entry or len(points) != 4 or points[a] == points[b]:
        continue
    points[a], points[b] = points[b], points[a]
    corrections.append((game.pk, last.number, points))
print("SEED " + json.dumps({
    "club": club.pk, "night_league": night.pk, "key": key, "secret": secret, "scorers": scorers,
    "events_before": first_event[0] if first_event else 0,
    "tables": [seats[4 * t: 4 * t + 4] for t in range(TABLES)],
    "corrections": corrections[:CORRECTIONS],
}))
"""


def seed(env: dict[str, str], options: argparse.Namespace, receiver: Receiver) -> dict:
    script = (
        SEED.replace("GAMES", str(options.games))
        .replace("TABLES", str(options.tables))
        .replace("CORRECTIONS", "200")
        .replace("URL", repr(receiver.url))
    )
    out = manage(env, "shell", "-c", script)
    return json.loads([x for x in out.splitlines() if x.startswith("SEED ")][-1][5:])


class Faults:
    """The faults in order, each at its share of the night, with the moment it came."""

    def __init__(self, cluster: dict, minutes: float) -> None:
        self.cluster = cluster
        self.plan = [
            (0.15, "app server A killed (SIGKILL), started again 5 s later", self.kill_server),
            (0.35, "webhooks worker killed (SIGKILL), respawned", self.kill_worker),
            (0.50, "Redis restarted (2 s down, every key lost)", self.restart_redis),
            (0.70, "PostgreSQL restarted (fast shutdown, 2 s down)", self.restart_postgres),
        ]
        self.seconds = minutes * 60
        self.came: list[tuple[float, str]] = []

    def run(self, started: float, stop: threading.Event) -> None:
        for share, name, act in self.plan:
            wait = started + share * self.seconds - time.monotonic()
            if stop.wait(max(0.0, wait)):
                return
            self.came.append((time.monotonic() - started, name))
            act()

    def kill_server(self) -> None:
        a = self.cluster["servers"][0]
        a.kill()
        time.sleep(5)
        a.start()

    def kill_worker(self) -> None:
        if not kill_child(self.cluster["webhooks"]):
            raise RuntimeError("the webhooks worker had no process to kill")

    def restart_redis(self) -> None:
        self.cluster["redis"].restart(down=2)

    def restart_postgres(self) -> None:
        self.cluster["postgres"].restart(down=2)


def start_cluster(options: argparse.Namespace, home: Path, receiver: Receiver) -> tuple:
    logs = home / "logs"
    logs.mkdir()
    postgres = Postgres(home / "pg")
    postgres.create()
    redis = Redis(logs / "redis.log")
    redis.start()
    env = environment(postgres.url, redis, SETTINGS)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    setup_started = time.monotonic()
    seeded = seed(env, options, receiver)
    receiver.secret = seeded["secret"]
    cluster = {
        "postgres": postgres,
        "redis": redis,
        "env": env,
        "servers": [server("server-a", env, logs), server("server-b", env, logs)],
        "ratings": respawned_worker("worker-ratings", env, logs, "--queue", "ratings"),
        "webhooks": respawned_worker("worker-webhooks", env, logs, "--queue", "webhooks"),
        "sweep": Managed("sweep", [PYTHON, "manage.py", "sweep", "--every", "3"], env, logs),
    }
    for process in cluster["servers"]:
        process.start()
    for name in ("ratings", "webhooks", "sweep"):
        cluster[name].start()
    return cluster, seeded, time.monotonic() - setup_started


def stop_cluster(cluster: dict) -> None:
    for name in ("sweep", "webhooks", "ratings"):
        if name in cluster:
            cluster[name].stop()
    for process in cluster.get("servers", []):
        process.stop()
    if "redis" in cluster:
        cluster["redis"].stop()


def night(options: argparse.Namespace, cluster: dict, seeded: dict, receiver: Receiver) -> dict:
    """The night itself: load and faults together; what the clients saw."""
    ports = [s.ready_port for s in cluster["servers"]]
    tally = Tally()
    people = Night(seeded, Balancer(ports), tally, options.pace)
    seconds = options.minutes * 60
    people.stop_at = time.monotonic() + seconds
    grace = 90.0
    threads = [people.person(scorer, t, grace) for t in range(options.tables)]
    per_thread = 25
    for first in range(0, options.phones, per_thread):
        phones = list(range(first, min(first + per_thread, options.phones)))
        threads.append(people.person(watchers, phones, 5.0))
    threads.append(people.person(director, 5.0, grace))
    faults = Faults(cluster, options.minutes)
    stop = threading.Event()
    fault_thread = threading.Thread(target=faults.run, args=(tally.started, stop), daemon=True)
    for thread in [*threads, fault_thread]:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + grace + 30)
    stop.set()
    fault_thread.join(timeout=60)
    return {"people": people, "tally": tally, "faults": faults.came, "seconds": seconds}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="CI's short form")
    for name, value in LONG.items():
        parser.add_argument(f"--{name}", type=type(value), default=None)
    parser.add_argument("--out", type=Path, help="write the figures to this results file")
    parser.add_argument("--keep", action="store_true", help="keep the run's directory (logs)")
    options = parser.parse_args()
    for name, value in (SHORT if options.short else LONG).items():
        if getattr(options, name) is None:
            setattr(options, name, value)

    home = scratch_dir("hearts-night-faults-")
    receiver = Receiver(
        fail=RECEIVER["fail"], slow=RECEIVER["slow"], slow_seconds=RECEIVER["slow seconds"]
    )
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    cluster: dict = {}
    try:
        cluster, seeded, setup_seconds = start_cluster(options, home, receiver)
        seen = night(options, cluster, seeded, receiver)
        drained = checks.drain(cluster, seeded, receiver, timeout=300)
        result = checks.verify(cluster, seeded, receiver, seen, drained)
    finally:
        stop_cluster(cluster)
        receiver.shutdown()
        if options.keep:
            print(f"kept: {home} (PostgreSQL on port {cluster['postgres'].port}, stopped)")
            if "postgres" in cluster:
                cluster["postgres"].stop()
        else:
            if "postgres" in cluster:
                cluster["postgres"].remove()
            shutil.rmtree(home, ignore_errors=True)
    print("RESULT " + json.dumps(result["summary"]))
    if options.out:
        facts = machine_facts(git_commit(), extra={"load": load_average()})
        body = checks.report(options, RECEIVER, result, setup_seconds, facts, command_line())
        write_section(options.out, "night-faults", body)
    return 0 if result["summary"]["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
