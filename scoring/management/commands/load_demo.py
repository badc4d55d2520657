"""``manage.py load_demo``: load demo data, idempotently.

Placeholder: there are no models yet, so there is nothing to load. The scorekeeping issue
fills this in (a demo club, league, players and games); it must stay safe to run on every
``make run``.
"""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load demo data (idempotent). Nothing to load yet."

    def handle(self, *args, **options):
        self.stdout.write("demo data: nothing to load yet")
