"""A worker killed mid-delivery loses nothing. Run in a child process against a database of its
own (a file SQLite database, or a scratch PostgreSQL one), since the workers are real
``manage.py tasks_worker`` processes that must see what this one commits:

    DATABASE_URL=sqlite:////tmp/x.sqlite3 python -m tests.events.killed_worker /tmp/out.json

A receiver in this process holds the first POST; the worker sending it is killed (SIGKILL)
meanwhile, leaving its delivery ``sending`` and its task ``RUNNING``. Once that is older than
the sending timeout, the sweep queues the endpoint again and takes the dead worker's task up
again, and a new worker (``--batch``) delivers everything.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SENDING_TIMEOUT = 1.0


def worker(*more: str) -> subprocess.Popen:
    command = [sys.executable, "manage.py", "tasks_worker", "--interval", "0.1"]
    return subprocess.Popen([*command, *more], cwd=ROOT, env=os.environ.copy())


def scenario() -> dict:
    from django.contrib.auth import get_user_model
    from django_tasks_db.models import DBTaskResult

    from hearts_site.tasks.worker import take_up_abandoned
    from scoring import services
    from scoring.models import WebhookDelivery
    from scoring.services.delivery import sweep
    from tests.events.receiver import Receiver

    receiver = Receiver(hold=threading.Event()).start()
    try:
        owner = get_user_model().objects.create_user("killed_worker_owner")
        club = services.create_club(user=owner, name="Killed", slug="killed")
        players = [services.create_player(club=club, name=f"P{i}") for i in range(4)]
        services.create_endpoint(
            club=club, url=receiver.url, event_types=["game.started", "hand.entered"], actor=owner
        )
        game = services.create_game(club=club, players=players, actor=owner)
        for number in (1, 2):
            services.enter_hand(
                game_id=game.pk, number=number, entry={"points": [13, 5, 4, 4]}, actor=owner
            )
        first = worker()
        try:
            arrived = receiver.arrived.wait(30)
        finally:
            first.send_signal(signal.SIGKILL)
            first.wait(30)
        left = list(WebhookDelivery.objects.order_by("event__sequence").values_list("status"))
        [killed_task] = DBTaskResult.objects.filter(status="RUNNING").values_list("pk", flat=True)
        receiver.hold.set()  # the held request ends; its worker is gone
        time.sleep(SENDING_TIMEOUT + 0.2)
        taken_up = take_up_abandoned()
        swept = sweep()
        second = worker("--batch")
        second.wait(60)
        rows = WebhookDelivery.objects.order_by("event__sequence")
        killed = DBTaskResult.objects.get(pk=killed_task)
        return {
            "taken_up": taken_up,
            "killed_task": [killed.status, len(killed.worker_ids)],
            "arrived": arrived,
            "killed": first.returncode == -signal.SIGKILL,
            "left": [status for (status,) in left],
            "swept": swept,
            "batch_exit": second.returncode,
            "final": [(row.status, row.attempts) for row in rows],
            "event_ids": [str(row.event.uid) for row in rows],
            "received_ids": [item.event["id"] for item in receiver.received],
        }
    finally:
        receiver.stop()


def main(out_path: str) -> None:
    os.environ["HEARTS_WEBHOOKS_ALLOW_PRIVATE"] = "1"
    os.environ["HEARTS_WEBHOOK_SENDING_TIMEOUT"] = str(SENDING_TIMEOUT)
    os.environ["HEARTS_WEBHOOK_BACKOFF"] = "0"
    # The killed worker's loop is judged dead once unseen for a second (it beats five times one).
    os.environ["HEARTS_WORKER_HEARTBEAT"] = "0.2"
    os.environ["HEARTS_WORKER_LOST_AFTER"] = str(SENDING_TIMEOUT)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0, interactive=False)
    outcome = {"vendor": connection.vendor, **scenario()}
    with open(out_path, "w") as handle:
        json.dump(outcome, handle)


if __name__ == "__main__":
    main(sys.argv[1])
