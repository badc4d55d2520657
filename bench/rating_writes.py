"""The re-rating's write, two ways in one run: the rating events of a whole league written by
``bulk_create`` of model instances (the ORM's way, as before) and by ``scoring.sql.insert_rows``
(one binary COPY on PostgreSQL, one prepared INSERT on SQLite). Not a test.

``--during-rerating GAMES``: how long hand entries take while a re-rating of a club of GAMES
finished games runs in another process (as ``db_worker`` runs it), against the same entries
with no re-rating, in the same run (bench/rating_writes_during.py).

It needs a database that already holds a generated league (bench/scale.py keeps them: a copy
of bench/.leagues/scale_200000_….sqlite3, or a database made from the kept PostgreSQL
template). Each way runs inside a transaction that is rolled back, so the database is left as
it was; the ways alternate, and each figure is the best of ``--rounds``. The events written are
the league's own, computed once before timing.

    DATABASE_URL=… .venv/bin/python bench/rating_writes.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


class Rollback(Exception):
    pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--during-rerating", type=int, metavar="GAMES")
    parser.add_argument("--rerate-club", type=int, help=argparse.SUPPRESS)  # the child's part
    args = parser.parse_args()
    if args.during_rerating or args.rerate_club:
        from rating_writes_during import run

        return run(args)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_site.settings")
    os.environ.setdefault("DATABASE_STATEMENT_TIMEOUT", "0")  # the ORM's way at full size
    import django

    django.setup()
    from django.db import connection, transaction

    from scoring import sql
    from scoring.models import RatingEvent
    from scoring.services import ratings

    club_id = RatingEvent.objects.values_list("club_id", flat=True).first()
    events, games = ratings.rated_events(club_id, None)

    def by_orm() -> None:
        instances = [RatingEvent(club_id=club_id, **event._asdict()) for event in events]
        RatingEvent.objects.bulk_create(instances, batch_size=2000)

    def by_seam() -> None:
        fields = ("club", *ratings.RatedEvent._fields)
        sql.insert_rows(RatingEvent, fields, [(club_id, *event) for event in events])

    best = {"bulk_create of instances": float("inf"), "sql.insert_rows": float("inf")}
    for _ in range(args.rounds):
        for name, write in zip(best, (by_orm, by_seam), strict=True):
            try:
                with transaction.atomic():
                    RatingEvent.objects.filter(club_id=club_id).delete()
                    start = time.perf_counter()
                    write()
                    best[name] = min(best[name], time.perf_counter() - start)
                    raise Rollback
            except Rollback:
                pass
    print(f"{connection.vendor}: {games:,} games, {len(events):,} events; best of {args.rounds}")
    base = best["bulk_create of instances"]
    for name, seconds in best.items():
        print(f"| {name} | {seconds:.1f} s | ×{seconds / base:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
