"""A confirmation races a correction of the same hand (issue 31): what counts is what the
confirmer read, or the confirmation is refused; never the corrected numbers they never saw.

Each round: hand 1 (Ada 13, Ben 2, Cleo 5, Dev 6) awaits confirmation; Ben reads it (its
revision, or the game's ETag), then his confirmation and the scorer's correction (Ada 2, Ben
13) are released together from two threads. On PostgreSQL the threads run here, each with its
own connection; pytest's SQLite database is in memory, so on SQLite the same rounds run in a
child process on a migrated file database (WAL, IMMEDIATE transactions), as
tests/scoring/test_concurrency.py does:

    DATABASE_URL=sqlite:////tmp/x.sqlite3 python -m tests.scoring.test_confirm_race /tmp/out.json
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from . import concurrency

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 16
READ = [13, 2, 5, 6]
CORRECTED = [2, 13, 5, 6]

pytestmark = pytest.mark.django_db(transaction=True)


def confirm_beside_correction() -> list[dict[str, Any]]:
    """Every round's answers and what the game kept; half the rounds name the hand's revision,
    half the game's ETag (If-Match)."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Game, Hand, HistoryEntry

    rounds = []
    for index in range(ROUNDS):
        t = concurrency.table()
        ben = t["players"][1]
        ben.user = get_user_model().objects.create_user(f"c_ben_{ben.pk}")
        ben.save()
        league = services.create_league(
            club=t["club"], name="Night", ruleset="standard", confirmations=1
        )
        game = services.create_game(
            club=t["club"], league=league, players=t["players"][:4], actor=t["owner"]
        )
        url = concurrency.hand_url(game.pk, 1)
        services.enter_hand(game_id=game.pk, number=1, entry={"points": READ}, actor=t["scorer"])
        read = Hand.objects.get(game=game, number=1)
        by_etag = index % 2 == 1
        body = {} if by_etag else {"revision": read.revision}
        headers = {"HTTP_IF_MATCH": f'"{Game.objects.get(pk=game.pk).version}"'} if by_etag else {}
        correction = {"points": CORRECTED, "reason": "the Q♠ was Ben's"}
        calls = [
            (ben.user_id, "post", f"{url}confirm/", body, headers),
            (t["scorer"].pk, "patch", url, correction, {}),
        ]
        results = concurrency.run_threads(2, lambda i, calls=calls: _request(*calls[i]))
        confirmed = HistoryEntry.objects.filter(game=game, action="hand_confirmed")
        hand = Hand.objects.get(game=game, number=1)
        rounds.append(
            {
                "by": "if-match" if by_etag else "revision",
                "results": results,
                "confirmed_points": [e.after["points"] for e in confirmed],
                "hand": {"points": hand.points, "confirmation": hand.confirmation},
                "totals": Game.objects.get(pk=game.pk).totals,
                "history": list(
                    HistoryEntry.objects.filter(game=game)
                    .order_by("id")
                    .values_list("action", flat=True)
                ),
            }
        )
    return rounds


def _request(user_id: int, method: str, url: str, body: dict, headers: dict) -> dict:
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(pk=user_id))
    response = getattr(client, method)(url, body, format="json", **headers)
    data = response.json() if response.content else None
    code = data["errors"][0]["code"] if response.status_code >= 400 and data else None
    return {"status": response.status_code, "code": code}


@pytest.fixture(scope="module")
def file_sqlite_rounds(tmp_path_factory, migrated_template) -> list[dict[str, Any]]:
    where = tmp_path_factory.mktemp("confirm-race")
    database, out = where / "race.sqlite3", where / "rounds.json"
    migrated_template.copy(where, database.name)  # the child's migrate finds nothing to do
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    env.update(
        DATABASE_URL=f"sqlite:///{database}",
        DJANGO_SETTINGS_MODULE="hearts_site.settings",
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-m", "tests.scoring.test_confirm_race", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(out.read_text())


@pytest.fixture
def rounds(request) -> list[dict[str, Any]]:
    if connection.vendor == "postgresql":
        return json.loads(json.dumps(confirm_beside_correction()))
    return request.getfixturevalue("file_sqlite_rounds")


def test_a_confirmation_racing_a_correction_counts_what_was_read_or_is_refused(rounds):
    outcomes = Counter()
    for race in rounds:
        confirm, correct = race["results"]
        assert correct["status"] == 200, race
        assert race["hand"] == {"points": CORRECTED, "confirmation": "awaiting"}, race
        if confirm["status"] == 200:  # the confirmation went first: it counted what Ben read
            outcomes["confirmed what was read"] += 1
            assert race["confirmed_points"] == [READ], race
            assert race["history"][-2:] == ["hand_confirmed", "hand_corrected"], race
        else:  # the correction went first: refused, nothing counted
            outcomes["refused"] += 1
            expected = (
                (409, "hand_changed") if race["by"] == "revision" else (412, "version_mismatch")
            )
            assert (confirm["status"], confirm["code"]) == expected, race
            assert race["confirmed_points"] == [], race
        # Either way the corrected numbers wait for a confirmation of their own.
        assert race["totals"] == [0, 0, 0, 0], race
    assert sum(outcomes.values()) == ROUNDS
    print(f"\n{connection.vendor}: {dict(outcomes)}")


def main(out_path: str) -> None:
    """Migrate the database DATABASE_URL names, run the rounds, write what they saw."""
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)  # with the cache's tables
    Path(out_path).write_text(json.dumps(confirm_beside_correction()))


if __name__ == "__main__":
    main(sys.argv[1])
