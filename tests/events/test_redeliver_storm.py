"""A storm of redeliveries and pings of one endpoint leaves the webhook worker alive, and
another club's event goes out within a second after it (issue 51, finding 2): the scenario in
tests/events/redeliver_storm.py, in a child process with a real ``tasks_worker --threads 4``
on a database of its own (``migrated_database_url``: a scratch PostgreSQL database when the
tests run on PostgreSQL, where rows are locked and a lock order can deadlock; else SQLite)."""

from __future__ import annotations

import pytest

from tests.events.scenarios import run_scenario

pytestmark = pytest.mark.multiprocess


def test_a_storm_of_redeliveries_and_pings_leaves_the_worker_alive_and_other_clubs_served(
    migrated_database_url, tmp_path
):
    seen = run_scenario(
        "tests.events.redeliver_storm", migrated_database_url, tmp_path / "storm.json"
    )
    log = seen["worker_log"]
    assert seen["first_request"] and seen["first_deliveries"], log
    if seen["vendor"] == "postgresql":
        # The worker's finish waited for the endpoint's row without holding its delivery's.
        assert seen["finish_waited"], log
        assert seen["delivery_lock"] is None, (seen["delivery_lock"], log)
    assert seen["alive_after_storm"] and seen["alive_at_end"], log
    # Neither side of a lock met the other: no asker was refused, no task failed on a deadlock.
    assert seen["asker_errors"] == [], (seen["asker_errors"], log)
    assert "database error" not in log, log
    assert seen["other_club_seconds"] is not None and seen["other_club_seconds"] < 1.0, seen
    assert seen["settled"] and seen["left"] == ["delivered"], seen
    assert seen["running_tasks"] == 0, seen
