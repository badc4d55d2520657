"""``manage.py sweep``: queue the work that has no task coming. The database holds what is owed
(a webhook delivery due or left ``sending`` by a worker killed mid-delivery; a club whose
ratings are marked stale), while a queued task is only a wake-up, which a killed worker, a
Redis restart (the queue lost) or a failed enqueue after a commit can lose. A task of the
database queue left ``RUNNING`` by a worker that died is made ready again here too, and, once
an hour, the purge of what is kept past its retention (services/retention.py) is queued. Run it
every minute or so (cron or a systemd timer) next to the task workers, or let it repeat itself
(``--every 60``, as ``make run`` does)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from hearts_site.tasks.queue import uses_database_queue
from hearts_site.tasks.worker import close_connections, take_up_abandoned
from scoring.services import delivery, rerating, retention
from scoring.services.nights import finalize_nights


class Command(BaseCommand):
    help = (
        "Queue webhook deliveries due or stuck sending, the re-rating of stale clubs and, "
        "hourly, the purge of what is past its retention; take up the tasks of dead workers."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--every",
            type=float,
            default=0,
            metavar="SECONDS",
            help="Sweep again every SECONDS until stopped (0, the default: once).",
        )

    def handle(self, *args, **options) -> None:
        while True:
            try:
                tasks = take_up_abandoned() if uses_database_queue() else 0
                endpoints = delivery.sweep()
                clubs = rerating.queue_stale()
                self.stdout.write(
                    f"{endpoints} endpoint(s) and {clubs} club(s) queued, "
                    f"{tasks} task(s) of dead workers taken up again."
                )
                # A closed night whose correction window has closed, no hand of it waiting:
                # its results are final now, and told (night.results_final).
                self.stdout.write(f"{finalize_nights()} night(s) made final.")
                if retention.queue_purge():
                    self.stdout.write("The purge of what is past its retention queued.")
            except Exception as error:  # the database or the queue away: the next sweep, then
                if options["every"] <= 0:
                    raise
                self.stderr.write(f"sweep failed ({type(error).__name__}: {error}); again later")
                close_connections()  # a connection the database dropped: a new one next time
            if options["every"] <= 0:
                return
            time.sleep(options["every"])
