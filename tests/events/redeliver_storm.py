"""A burst of redeliveries and pings of one endpoint, with a real webhook worker running (issue
51, finding 2). Run in a child process against a database of its own (a scratch PostgreSQL
one, else a file SQLite database), since the worker is a real ``manage.py tasks_worker
--threads 4`` process that must see what this one commits:

    DATABASE_URL=postgres://…/scratch python -m tests.events.redeliver_storm /tmp/out.json

First, on PostgreSQL, the lock order, made to meet at once rather than by chance: while the
worker's request to club A's receiver is held, this process locks the endpoint's row; the
receiver answers; once the worker's ``finish`` waits for that row, this process locks the
delivery's row too, as every redelivery does (the endpoint, then the delivery). A ``finish``
that locked its delivery first is then a deadlock, which PostgreSQL breaks by failing one side.

Then the storm: threads of this process ask, within four seconds, 60 times to send one of
club A's deliveries again and 60 times to ping its endpoint, as an owner's script could
(through the services the API calls, the endpoint's budget of sends lifted). After it: whether
the worker still runs, what the askers met, and how long an event of club B took to reach
club B's receiver.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ASKS = 60  # redeliveries, and as many pings
ASKERS = 8  # threads asking at once
STORM = 4.0  # seconds the asks are spread over
GAMES = 20  # club A's events delivered before the storm, then sent again three times each


def worker(log: Path) -> subprocess.Popen:
    command = [sys.executable, "manage.py", "tasks_worker", "--queue", "webhooks"]
    with open(log, "wb") as out:
        return subprocess.Popen(
            [*command, "--threads", "4", "--interval", "0.05"],
            cwd=ROOT,
            env=os.environ.copy(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def wait_until(check, within: float) -> bool:
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def lock_order(endpoint, receiver) -> dict:
    """The endpoint's row held while the worker's ``finish`` begins, then the delivery's row
    asked for on top (PostgreSQL): whether ``finish`` came to wait, and what that last lock
    met (None: granted)."""
    import psycopg
    from django.db import connection

    from scoring.models import WebhookDelivery, WebhookEndpoint

    settings = connection.settings_dict
    own = psycopg.connect(
        dbname=settings["NAME"],
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
    )
    endpoints = WebhookEndpoint._meta.db_table
    deliveries = WebhookDelivery._meta.db_table
    delivery = WebhookDelivery.objects.get(endpoint=endpoint)
    try:
        own.execute("SET lock_timeout = '5s'")
        own.execute(f'SELECT 1 FROM "{endpoints}" WHERE id = %s FOR UPDATE', [endpoint.pk])
        receiver.hold.set()  # the worker's request is answered: its finish begins

        def finish_waits() -> bool:
            waiting = own.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            ).fetchone()
            return waiting[0] > 0

        waited = wait_until(finish_waits, 10)
        try:
            own.execute(f'SELECT 1 FROM "{deliveries}" WHERE id = %s FOR UPDATE', [delivery.pk])
            met = None
        except psycopg.Error as error:
            met = type(error).__name__
        own.rollback()
        return {"finish_waited": waited, "delivery_lock": met}
    finally:
        own.close()


def storm(club, endpoint, deliveries: list[int]) -> list[str]:
    """ASKS redeliveries (of these deliveries in turn) and ASKS pings from ASKERS threads over
    STORM seconds; the errors the askers met (their class names)."""
    from django.db import connection

    from scoring import services

    asks = [("redeliver", n) for n in range(ASKS)] + [("ping", n) for n in range(ASKS)]
    asks.sort(key=lambda ask: ask[1])  # the two kinds interleaved
    errors: list[str] = []
    lock = threading.Lock()
    started = time.monotonic()

    def ask_some(mine: list[tuple[str, int]]) -> None:
        try:
            for index, (kind, number) in enumerate(mine):
                due = started + STORM * (index / len(mine))
                time.sleep(max(0.0, due - time.monotonic()))
                try:
                    if kind == "ping":
                        services.ping_endpoint(club=club, endpoint_id=endpoint.pk)
                    else:
                        services.redeliver(
                            club=club,
                            endpoint_id=endpoint.pk,
                            delivery_id=deliveries[number % len(deliveries)],
                        )
                except Exception as error:  # kept: what an asker met is the finding
                    with lock:
                        errors.append(type(error).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=ask_some, args=(asks[n::ASKERS],)) for n in range(ASKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return errors


def scenario(log: Path) -> dict:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django_tasks_db.models import DBTaskResult

    from scoring import services
    from scoring.models import DeliveryStatus, WebhookDelivery
    from tests.events.receiver import Receiver

    noisy, quiet = Receiver(hold=threading.Event()).start(), Receiver().start()
    process = None
    outcome: dict = {}
    try:
        owner = get_user_model().objects.create_user("storm_owner")
        club = services.create_club(user=owner, name="Storm", slug="storm")
        other = services.create_club(user=owner, name="Calm", slug="calm")
        endpoint, _ = services.create_endpoint(
            club=club, url=noisy.url, event_types=["game.started"], actor=owner
        )
        services.create_endpoint(
            club=other, url=quiet.url, event_types=["game.started"], actor=owner
        )
        players = [services.create_player(club=club, name=f"P{i}") for i in range(4)]
        calm = [services.create_player(club=other, name=f"Q{i}") for i in range(4)]
        services.create_game(club=club, players=players, actor=owner)
        process = worker(log)
        outcome["first_request"] = noisy.arrived.wait(60)
        if connection.vendor == "postgresql":
            outcome.update(lock_order(endpoint, noisy))
        noisy.hold.set()
        for _ in range(GAMES - 1):
            services.create_game(club=club, players=players, actor=owner)
        outcome["first_deliveries"] = wait_until(lambda: len(noisy.received) >= GAMES, 60)
        deliveries = list(
            WebhookDelivery.objects.filter(endpoint=endpoint).values_list("pk", flat=True)
        )
        outcome["asker_errors"] = storm(club, endpoint, deliveries)
        outcome["alive_after_storm"] = process.poll() is None
        asked = time.monotonic()
        services.create_game(club=other, players=calm, actor=owner)
        reached = wait_until(lambda: quiet.received, 30)
        outcome["other_club_seconds"] = time.monotonic() - asked if reached else None
        rows = WebhookDelivery.objects.filter(endpoint=endpoint)
        outcome["settled"] = wait_until(
            lambda: (
                not rows.exclude(status=DeliveryStatus.DELIVERED).exists()
                and not DBTaskResult.objects.filter(status="RUNNING").exists()
            ),
            60,
        )
        outcome["alive_at_end"] = process.poll() is None
        outcome["left"] = sorted(set(rows.values_list("status", flat=True)))
        outcome["running_tasks"] = DBTaskResult.objects.filter(status="RUNNING").count()
        return outcome
    finally:
        if process is not None and process.poll() is None:
            process.terminate()
            process.wait(30)
        noisy.stop()
        quiet.stop()


def main(out_path: str) -> None:
    os.environ["HEARTS_WEBHOOKS_ALLOW_PRIVATE"] = "1"
    os.environ["HEARTS_WEBHOOK_BACKOFF"] = "0"
    os.environ["HEARTS_WEBHOOK_SENDS_PER_MINUTE"] = str(10 * ASKS)  # the storm is the test
    import django

    django.setup()
    from django.db import connection

    log = Path(out_path).with_suffix(".log")
    outcome = {"vendor": connection.vendor, **scenario(log)}
    outcome["worker_log"] = log.read_text()[-3000:]
    with open(out_path, "w") as handle:
        json.dump(outcome, handle)


if __name__ == "__main__":
    main(sys.argv[1])
