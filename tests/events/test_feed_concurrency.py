"""The feed never skips or repeats an event while writers race: six threads write to one club
(some holding their numbered event uncommitted a while) as a reader follows the cursor. On
PostgreSQL in-process, threads with their own connections (``transaction=True``); on SQLite in
a child process on a file database (WAL, IMMEDIATE transactions), as test_concurrency.py does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.events import feed_race

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)


def raced(request, tmp_path) -> dict:
    if connection.vendor == "postgresql":
        return json.loads(json.dumps({"vendor": "postgresql", **feed_race.race()}))
    out = tmp_path / "race.json"
    # A migrated file: the child's own migrate finds nothing to do.
    database = request.getfixturevalue("migrated_template").copy(tmp_path, "race.sqlite3")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    env.update(DATABASE_URL=database, PYTHONPATH=str(ROOT))
    # Six writers queue on SQLite's one writer lock, some holding it on purpose: on a loaded
    # machine the queue outlasts the service's 3 s wait. The race is about order, not waits.
    env["DATABASE_WAIT_TIMEOUT"] = "60"
    env["DJANGO_SETTINGS_MODULE"] = "hearts_site.settings"
    done = subprocess.run(
        [sys.executable, "-m", "tests.events.feed_race", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(out.read_text())


def test_a_reader_following_the_cursor_sees_every_event_once_in_order(request, tmp_path):
    seen = raced(request, tmp_path)
    assert seen["vendor"] == connection.vendor
    assert seen["writers"] == ["ok"] * feed_race.WRITERS, seen["writers"]
    assert not seen["reader_alive"]
    start, expected = seen["start"], seen["expected"]
    assert seen["read_sequences"] == list(range(start + 1, start + expected + 1))
    assert seen["read_ids"] == seen["stored_ids"]
