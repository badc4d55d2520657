"""Issue 34's night on two servers with faults, in its short form: bench/night_faults.py
--short, run as it is (8 tables, 60 phones, a 300-game league, 75 s), with a server and a
worker killed and Redis and PostgreSQL restarted while the tables enter hands.

It starts a PostgreSQL cluster and a Redis of its own (restarting CI's would cut off the other
tests), so it needs nothing from the phase it runs in; it models the deployment of
docs/deploy.md with the queues in Redis, so it runs in CI's phase of that deployment
(PostgreSQL, TASKS_URL on Redis: the last of `.ci/run`), once, not in every phase, and alone
(that phase runs one test at a time): its timings are the machine's, shared with no other test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.multiprocess.test_two_servers import on_postgres

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "night_faults.py"
TIMEOUT = 600  # seconds: seeding, 75 s of night, the drain (at most 300 s), the checks

pytestmark = pytest.mark.skipif(
    not (on_postgres() and os.environ.get("TASKS_URL", "").startswith("redis")),
    reason="the PostgreSQL + Redis queue deployment's test: CI's task-queue phase runs it",
)


def test_a_night_on_two_servers_loses_nothing_through_kills_and_restarts(tmp_path):
    results = tmp_path / "RESULTS.md"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--short", "--out", str(results)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, f"no result:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    result = json.loads(lines[-1].removeprefix("RESULT "))
    shown = json.dumps(result, indent=1)[:6000]

    assert [name for _, name in result["faults"]] == [
        "app server A killed (SIGKILL), started again 5 s later",
        "webhooks worker killed (SIGKILL), respawned",
        "Redis restarted (2 s down, every key lost)",
        "PostgreSQL restarted (fast shutdown, 2 s down)",
    ], shown
    hands = result["hands"]
    assert hands["acknowledged"] > 50 and hands["stored"] == hands["acknowledged"], shown
    assert not hands["missing"] and not hands["stored twice"], shown
    assert not hands["not acknowledged"] and not hands["other points"], shown
    events = result["events"]
    assert events["events"] > 50, shown
    assert events["missing"] == events["unknown"] == events["out of order"] == 0, shown
    assert events["bad signatures"] == 0, shown
    assert result["ratings"]["equal"] and not result["ratings"]["stale"], shown
    assert result["totals"] == "clean", shown
    assert result["refused answers"] == [], shown  # only 2xx, 304, 409, 429, 503 + Retry-After
    assert result["unexpected"] == [], shown
    assert result["passed"] and done.returncode == 0, shown
    # After PostgreSQL's restart (2 s down), service within 15 s: a pooled connection the
    # restart killed is not lent out to fail a request in turn (they did for 20 s before).
    restarted = int(result["faults"][3][0])
    after = [int(second) for second in result["errors by second"] if int(second) >= restarted]
    assert not after or max(after) - restarted < 15, shown
    assert "## A night on two servers with faults" in results.read_text()
