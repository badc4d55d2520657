"""``manage.py load_demo``: the demo club, league, players and games, loaded once."""

from django.core.management.base import BaseCommand

from scoring.sample.demo import DEMO_PASSWORD, DEMO_USERNAME, load_demo


class Command(BaseCommand):
    help = "Load the demo club (idempotent: a second run changes nothing)."

    def handle(self, *args, **options):
        club, created = load_demo()
        verb = "loaded" if created else "already there"
        self.stdout.write(f"demo data {verb}: club '{club.name}' at /clubs/{club.slug}/")
        self.stdout.write(f"demo login: username '{DEMO_USERNAME}', password '{DEMO_PASSWORD}'")
