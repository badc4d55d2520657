"""``manage.py settle_ratings``: queue the re-rating of every club whose ratings are stale.

A re-rating killed mid-way (a worker stopped hard, a machine restarted) leaves its club marked
stale and its task never finished; this queues it again (``make run`` runs it before it starts
the worker). ``--now`` re-rates here instead, without a worker.
"""

from django.core.management.base import BaseCommand

from scoring.services import rerating


class Command(BaseCommand):
    help = "Queue (or, with --now, run) the re-rating of every club whose ratings are stale."

    def add_arguments(self, parser):
        parser.add_argument("--now", action="store_true", help="Re-rate here, not on the queue.")

    def handle(self, *args, **options):
        if not options["now"]:
            self.stdout.write(f"{rerating.queue_stale()} clubs queued for re-rating")
            return
        for club_id in rerating.stale_clubs():
            games = rerating.settle_ratings(club_id)
            self.stdout.write(f"club {club_id}: {games} games re-rated")
