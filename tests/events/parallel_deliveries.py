"""Deliveries side by side with ``tasks_worker --queue webhooks --threads 4``, the command
docs/deploy.md runs, on the queue the environment chose: the database queue (four threads) or,
with ``TASKS_URL``, RQ's (four worker processes of RQ's pool; issue 51, finding 7). Run in a
child process against a database of its own, since the worker is a real process:

    TASKS_URL=redis://127.0.0.1:6379/6 python -m tests.events.parallel_deliveries out.json

Two clubs with two endpoints each, every receiver held: four requests must be under way at
once (a club's share is two) before any is answered. Then they are answered, everything is
delivered, and the worker stops on SIGTERM. On RQ's queue, last, a pool killed outright leaves
none of its worker processes running.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THREADS = 4


def processes_of(pid: int) -> list[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(line) for line in found.stdout.split()]


def orphans_left(log: Path) -> list[int]:
    """RQ's pool killed outright (SIGKILL, no stop for its workers): the worker processes it
    had forked still running a few heartbeats later (none: each saw its pool gone)."""
    command = [sys.executable, "manage.py", "tasks_worker", "--queue", "webhooks"]
    with open(log, "ab") as out:
        pool = subprocess.Popen(
            [*command, "--threads", "2"],
            cwd=ROOT,
            env=os.environ.copy(),
            stdout=out,
            stderr=out,
            start_new_session=True,
        )
    from tests.events.redeliver_storm import wait_until

    workers: list[int] = []
    try:
        wait_until(lambda: len(processes_of(pool.pid)) == 2, 30)
        workers = processes_of(pool.pid)
        pool.kill()
        pool.wait(10)
        wait_until(lambda: not [pid for pid in workers if alive(pid)], 10)
        return [pid for pid in workers if alive(pid)]
    finally:  # the pool's group (its workers and their scheduler) ended, whatever the outcome
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pool.pid, signal.SIGKILL)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return not Path(f"/proc/{pid}/stat").read_text().split(") ")[-1].startswith("Z")


def scenario(log: Path) -> dict:
    from django.contrib.auth import get_user_model

    from hearts_site.tasks.queue import QUEUES, uses_database_queue
    from scoring import services
    from scoring.models import DeliveryStatus, WebhookDelivery
    from tests.events.receiver import Receiver
    from tests.events.redeliver_storm import wait_until

    if not uses_database_queue():
        import django_rq

        django_rq.get_connection(QUEUES[0]).flushdb()  # a Redis database of the tests' own
    receiver = Receiver(hold=threading.Event()).start()
    command = [sys.executable, "manage.py", "tasks_worker", "--queue", "webhooks"]
    with open(log, "wb") as out:
        worker = subprocess.Popen(
            [*command, "--threads", str(THREADS), "--interval", "0.05"],
            cwd=ROOT,
            env=os.environ.copy(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        owner = get_user_model().objects.create_user("parallel_owner")
        for name in ("Left", "Right"):
            club = services.create_club(user=owner, name=name, slug=name.lower())
            for n in range(2):
                services.create_endpoint(
                    club=club,
                    url=f"{receiver.url}&n={name}{n}",
                    event_types=["game.started"],
                    actor=owner,
                )
            players = [services.create_player(club=club, name=f"{name} {i}") for i in range(4)]
            services.create_game(club=club, players=players, actor=owner)
        together = wait_until(lambda: receiver.attempts >= THREADS, 60)
        at_once = receiver.attempts
        alive = worker.poll() is None
        receiver.hold.set()
        delivered = wait_until(
            lambda: not WebhookDelivery.objects.exclude(status=DeliveryStatus.DELIVERED).exists(),
            30,
        )
        worker.send_signal(signal.SIGTERM)
        try:
            stopped = worker.wait(30)
        except subprocess.TimeoutExpired:
            stopped = None
        return {
            "orphans_left": None if uses_database_queue() else orphans_left(log),
            "queue": "database" if uses_database_queue() else "redis",
            "together": together,
            "at_once": at_once,
            "alive": alive,
            "delivered": delivered,
            "received": len(receiver.received),
            "stopped": stopped,
        }
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(10)
        receiver.stop()


def main(out_path: str) -> None:
    os.environ["HEARTS_WEBHOOKS_ALLOW_PRIVATE"] = "1"
    os.environ["HEARTS_WEBHOOK_CLUB_CONCURRENCY"] = "2"
    os.environ["HEARTS_WORKER_HEARTBEAT"] = "1"  # RQ's workers look up every second
    import django

    django.setup()
    log = Path(out_path).with_suffix(".log")
    outcome = scenario(log)
    outcome["worker_log"] = log.read_text()[-3000:]
    with open(out_path, "w") as handle:
        json.dump(outcome, handle)


if __name__ == "__main__":
    main(sys.argv[1])
