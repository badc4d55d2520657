"""``manage.py rebuild_totals``: count every club's per-player day and month totals again from
the seats.

The services keep them write by write; run this after changing games outside them (a SQL
fix, a bulk load), or to check nothing drifted (``--check`` changes nothing and fails if a
club's totals differ from a full count).
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import Q

from scoring import services
from scoring.models import Club, PlayerDayTotal, PlayerMonthTotal
from scoring.services import totals


def _key(row: PlayerDayTotal | PlayerMonthTotal) -> tuple:
    fields = PlayerDayTotal.SUMMED_FIELDS
    span = row.day if isinstance(row, PlayerDayTotal) else row.month
    head = (row.league_key, row.season_key, span, row.player_id)
    return head + tuple(getattr(row, name) for name in fields)


class Command(BaseCommand):
    help = "Count the per-player day and month totals of every club (or --club SLUG) again."

    def add_arguments(self, parser):
        parser.add_argument("--club", help="Only this club (its slug).")
        parser.add_argument("--check", action="store_true", help="Compare only; change nothing.")

    def handle(self, *args, **options):
        clubs = Club.objects.order_by("pk")
        if options["club"]:
            clubs = clubs.filter(slug=options["club"])
            if not clubs:
                raise CommandError(f"no club with slug {options['club']!r}")
        differ = []
        for club in clubs:
            if options["check"]:
                kept = sorted(map(_key, PlayerDayTotal.objects.filter(club=club)))
                months = sorted(map(_key, PlayerMonthTotal.objects.filter(club=club)))
                if kept != sorted(map(_key, totals.counted(club.pk, Q()))) or months != sorted(
                    map(_key, totals.counted_months(club.pk, Q()))
                ):
                    differ.append(club.slug)
                continue
            with transaction.atomic():
                rows = services.rebuild_totals(club.pk)
                services.tables_changed(club.pk)
            self.stdout.write(f"{club.slug}: {rows} day totals")
        if differ:
            raise CommandError(f"totals differ from a full count in: {', '.join(differ)}")
