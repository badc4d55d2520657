"""A worker killed (SIGKILL) while a delivery is on the wire loses no delivery: the scenario in
tests/events/killed_worker.py, run in a child process with real ``tasks_worker`` processes, on a
database of its own: a scratch PostgreSQL database when the tests run on PostgreSQL, else a
file SQLite database, each a copy of one migrated once (``migrated_database_url``)."""

from __future__ import annotations

from tests.events.scenarios import run_scenario


def test_a_worker_killed_mid_delivery_loses_no_delivery(migrated_database_url, tmp_path):
    seen = run_scenario(
        "tests.events.killed_worker", migrated_database_url, tmp_path / "killed.json"
    )
    assert seen["arrived"] and seen["killed"]
    assert seen["left"] == ["sending", "pending", "pending"]
    assert seen["swept"] == 1 and seen["batch_exit"] == 0
    # The task the killed worker left RUNNING ran again, on the new worker.
    assert seen["taken_up"] == 1 and seen["killed_task"] == ["SUCCESSFUL", 2]
    assert seen["final"] == [["delivered", 2], ["delivered", 1], ["delivered", 1]]
    # The killed worker's request reached the receiver too: the copy has the same event id.
    assert seen["received_ids"] == [seen["event_ids"][0], *seen["event_ids"]]
