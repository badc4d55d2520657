"""A worker killed (SIGKILL) while a delivery is on the wire loses no delivery: the scenario in
tests/events/killed_worker.py, run in a child process with real ``tasks_worker`` processes, on a
database of its own: a scratch PostgreSQL database when the tests run on PostgreSQL, else a
file SQLite database, each a copy of one migrated once (``migrated_database_url``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_worker_killed_mid_delivery_loses_no_delivery(migrated_database_url, tmp_path):
    out = tmp_path / "killed.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    env.update(DATABASE_URL=migrated_database_url, PYTHONPATH=str(ROOT))
    env["DJANGO_SETTINGS_MODULE"] = "hearts_site.settings"
    done = subprocess.run(
        [sys.executable, "-m", "tests.events.killed_worker", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    seen = json.loads(out.read_text())
    assert seen["arrived"] and seen["killed"]
    assert seen["left"] == ["sending", "pending", "pending"]
    assert seen["swept"] == 1 and seen["batch_exit"] == 0
    assert seen["final"] == [["delivered", 2], ["delivered", 1], ["delivered", 1]]
    # The killed worker's request reached the receiver too: the copy has the same event id.
    assert seen["received_ids"] == [seen["event_ids"][0], *seen["event_ids"]]
