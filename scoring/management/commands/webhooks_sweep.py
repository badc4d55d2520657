"""``manage.py webhooks_sweep``: queue the webhook deliveries that are due and have no task
coming, such as one left ``sending`` by a worker killed mid-delivery. Run it every minute or so
(cron or a systemd timer) next to ``manage.py db_worker``."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from scoring.services.delivery import sweep


class Command(BaseCommand):
    help = "Queue delivery tasks for webhook endpoints with deliveries due or stuck sending."

    def handle(self, *args, **options) -> None:
        queued = sweep()
        self.stdout.write(f"{queued} endpoint(s) queued.")
