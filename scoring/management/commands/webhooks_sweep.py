"""``manage.py webhooks_sweep``: queue the webhook deliveries that are due and have no task
coming, such as one left ``sending`` by a worker killed mid-delivery. Run it every minute or so
(cron or a systemd timer) next to ``manage.py tasks_worker --queue webhooks``, or let it repeat
itself (``--every 60``, as ``make run`` does)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from scoring.services.delivery import sweep


class Command(BaseCommand):
    help = "Queue delivery tasks for webhook endpoints with deliveries due or stuck sending."

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
            queued = sweep()
            self.stdout.write(f"{queued} endpoint(s) queued.")
            if options["every"] <= 0:
                return
            time.sleep(options["every"])
