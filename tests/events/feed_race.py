"""Writers racing a feed reader: threads with their own database connections write to one
club (games, hands, and slow writes that hold their event uncommitted a while) while a reader
follows the feed by its cursor. What the reader saw comes back as plain JSON, which
test_feed_concurrency.py checks. On PostgreSQL it runs in-process; on SQLite in a child
process against a migrated file database (pytest's SQLite database lives in memory):

    DATABASE_URL=sqlite:////tmp/x.sqlite3 python -m tests.events.feed_race /tmp/out.json
"""

from __future__ import annotations

import json
import sys
import threading
import time
from typing import Any

WRITERS = 6
HANDS = 4
HAND = {"points": [13, 5, 4, 4]}


def race() -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.db import connections, transaction
    from rest_framework.test import APIClient

    from scoring import services
    from scoring.models import Event
    from scoring.services.events import record_event
    from tests.events.support import last_sequence
    from tests.scoring.concurrency import run_threads

    owner = get_user_model().objects.create_user(f"race_owner_{time.monotonic_ns()}")
    club = services.create_club(user=owner, name="Race", slug=f"race-{time.monotonic_ns()}")
    players = [services.create_player(club=club, name=f"P{i}") for i in range(4)]
    start = last_sequence(club)  # what the race's own events count from
    done = threading.Event()
    read: list[dict] = []

    def write(index: int) -> str:
        game = services.create_game(club=club, players=players, actor=owner)
        for number in range(1, HANDS + 1):
            services.enter_hand(game_id=game.pk, number=number, entry=HAND, actor=owner)
            with transaction.atomic():  # an event numbered, then held uncommitted a while
                record_event(club.pk, "ratings.settled", {"since": None, "games_rated": index})
                time.sleep(0.01 * (index % 3))
        return "ok"

    def follow() -> str:
        client = APIClient()
        client.force_authenticate(owner)
        after = start
        while True:
            finished = done.is_set()  # read before the page: a page read after it is complete
            page = client.get(f"/api/v1/clubs/{club.pk}/events/", {"after": after}).json()
            read.extend(page["results"])
            after = page["after"]
            if finished and not page["results"]:
                return "ok"

    reader = threading.Thread(target=lambda: (follow(), connections.close_all()))
    reader.start()
    results = run_threads(WRITERS, write)
    done.set()
    reader.join(timeout=120)
    stored = list(
        Event.objects.filter(club=club, sequence__gt=start)
        .order_by("sequence")
        .values_list("uid", flat=True)
    )
    return {
        "writers": results,
        "reader_alive": reader.is_alive(),
        "read_sequences": [event["sequence"] for event in read],
        "read_ids": [event["id"] for event in read],
        "stored_ids": [str(uid) for uid in stored],
        "start": start,
        "expected": WRITERS * (1 + 2 * HANDS),
    }


def main(out_path: str) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0, interactive=False)
    outcome = {"vendor": connection.vendor, **race()}
    with open(out_path, "w") as handle:
        json.dump(outcome, handle)


if __name__ == "__main__":
    main(sys.argv[1])
