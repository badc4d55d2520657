"""``tasks_worker --queue webhooks --threads 4``, as docs/deploy.md runs it, sends four
deliveries at once whichever the queue (issue 51, finding 7: on RQ's it exited, "RQ runs one
task a process", and was started again in a loop): the scenario in
tests/events/parallel_deliveries.py, in a child process with the real worker. CI runs it on
the database queue and again with ``TASKS_URL`` on Redis (.ci/run, the task queue's phase)."""

from __future__ import annotations

import pytest

from tests.events.scenarios import run_scenario

pytestmark = pytest.mark.multiprocess


def test_the_documented_webhook_worker_sends_four_deliveries_at_once(
    migrated_database_url, tmp_path
):
    seen = run_scenario(
        "tests.events.parallel_deliveries", migrated_database_url, tmp_path / "parallel.json"
    )
    log = seen["worker_log"]
    assert seen["alive"], log
    assert seen["together"] and seen["at_once"] == 4, (seen, log)
    assert seen["delivered"] and seen["received"] == 4, (seen, log)
    assert seen["stopped"] == 0, (seen, log)
    if seen["queue"] == "redis":  # RQ's pool forks processes: none outlives it
        assert seen["orphans_left"] == [], (seen, log)
