"""``manage.py tasks_worker``: run the queued tasks of some queues, whichever queue backend
the settings chose (hearts_site/tasks/queue.py): the database queue's worker that lives through
database errors (hearts_site/tasks/worker.py) or RQ's (hearts_site/tasks/rq_worker.py).

``make run`` and docs/deploy.md run one for ``ratings`` and one for ``webhooks`` (with
``--threads 4``: deliveries to slow receivers side by side, as threads on the database queue
and as processes on RQ's), each restarted when it exits."""

from __future__ import annotations

import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.crypto import get_random_string

from hearts_site.tasks import rq_worker, worker_health
from hearts_site.tasks.queue import QUEUES, uses_database_queue
from hearts_site.tasks.worker import LivingWorker, WorkerGroup


class Command(BaseCommand):
    help = "Run the task queue's worker for some queues (re-ratings, webhook deliveries)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--queue",
            action="append",
            choices=QUEUES,
            help="A queue to serve (repeat for several; default: all of them).",
        )
        parser.add_argument(
            "--threads",
            type=int,
            default=1,
            help=(
                "Tasks run side by side (default 1): threads on the database queue, "
                "worker processes (RQ's worker pool) on the Redis queue."
            ),
        )
        parser.add_argument(
            "--interval", type=float, default=1, help="Seconds between looks at an empty queue."
        )
        parser.add_argument(
            "--batch", action="store_true", help="Run what is due now, in this thread, then exit."
        )

    def handle(self, *args, **options) -> None:
        queues = options["queue"] or list(QUEUES)
        if options["threads"] < 1:
            raise CommandError("--threads is at least 1")
        if not uses_database_queue():
            # RQ runs one task a process: its worker pool runs as many processes.
            rq_worker.run(queues, batch=options["batch"], processes=options["threads"])
            return
        loop = {
            "interval": options["interval"],
            "batch": options["batch"],
            "backend_name": "default",
            "startup_delay": False,
            "max_tasks": None,
            "excluded_queue_names": [],
        }
        worker_id = get_random_string(24)
        if options["batch"]:
            # In this thread: a test's transaction, or a one-off run from a shell.
            LivingWorker(queue_names=queues, worker_id=worker_id, **loop).run()
            return
        worker_health.beat(queues)
        group = WorkerGroup(
            threads=options["threads"], queue_names=queues, worker_id=worker_id, **loop
        )
        self.stdout.write(f"worker {worker_id}: queues {', '.join(queues)}")
        sys.exit(group.run(heartbeat=_heartbeat()))


def _heartbeat() -> float:
    return settings.HEARTS_WORKER_HEARTBEAT
