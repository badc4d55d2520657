"""Concurrent writes through the API store exactly what serial writes would.

The scenarios live in tests/scoring/concurrency.py. On PostgreSQL they run here, in threads
with their own connections (``transaction=True``: the threads must see committed data). The
SQLite test database is in memory and cannot be shared between threads, so on SQLite every
scenario runs in a child process against a migrated file database (WAL, IMMEDIATE
transactions: the production configuration) and the same checks read what it observed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.db import connection

from . import concurrency

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def file_sqlite_outcomes(tmp_path_factory, migrated_template) -> dict:
    """Every scenario, run once in a child process on a fresh file SQLite database (a copy of
    the migrated template: the child's own migrate finds nothing to do)."""
    where = tmp_path_factory.mktemp("race")
    database, out = where / "race.sqlite3", where / "outcomes.json"
    migrated_template.copy(where, database.name)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    env.update(
        DATABASE_URL=f"sqlite:///{database}",
        DJANGO_SETTINGS_MODULE="hearts_site.settings",
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-m", "tests.scoring.concurrency", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    outcomes = json.loads(out.read_text())
    assert outcomes["vendor"] == "sqlite" and outcomes["name"] == str(database)
    return outcomes


@pytest.fixture
def outcome(request):
    """``outcome(name)``: what the scenario saw, in-process on PostgreSQL, else on file SQLite."""

    def run(name: str):
        if connection.vendor == "postgresql":
            return json.loads(json.dumps(concurrency.SCENARIOS[name]()))
        assert connection.vendor == "sqlite"
        return request.getfixturevalue("file_sqlite_outcomes")[name]

    return run


def statuses(results) -> Counter:
    return Counter(r["status"] for r in results)


def test_threads_putting_the_same_hand_store_it_once_and_replay_it(outcome):
    seen = outcome("same_body")
    results = seen["results"]
    assert statuses(results) == Counter({201: 1, 200: concurrency.THREADS - 1}), results
    assert len({json.dumps(r["body"]["hand"], sort_keys=True) for r in results}) == 1
    assert [h["number"] for h in seen["hands"]] == [1]
    assert seen["totals"] == seen["summed"] == seen["seat_totals"] == [13, 5, 8, 0]
    assert seen["history"].count("hand_entered") == 1
    assert seen["version"] == seen["version_before"] + 1


def test_threads_putting_different_hands_under_one_number_store_exactly_one(outcome):
    seen = outcome("different_bodies")
    results = seen["results"]
    assert statuses(results) == Counter({201: 1, 409: concurrency.THREADS - 1}), results
    assert {r["code"] for r in results if r["status"] == 409} == {"hand_exists"}
    [winner] = [i for i, r in enumerate(results) if r["status"] == 201]
    [stored] = seen["hands"]
    assert stored["entry"] == seen["bodies"][winner]
    assert seen["totals"] == seen["summed"] == seen["seat_totals"] == stored["scores"]
    assert seen["history"].count("hand_entered") == 1
    assert seen["version"] == seen["version_before"] + 1


def test_a_correction_racing_an_entry_loses_neither(outcome):
    for seen in outcome("correction_vs_entry"):
        corrected, entered = seen["results"]
        assert (corrected["status"], entered["status"]) == (200, 201), seen["results"]
        assert corrected["body"]["hand"]["scores"] == [0, 13, 13, 0]
        assert [h["scores"] for h in seen["hands"]] == [[0, 13, 13, 0], [13, 0, 0, 13]]
        assert seen["totals"] == seen["summed"] == seen["seat_totals"] == [13, 13, 13, 13]
        assert sorted(seen["history"][-2:]) == ["hand_corrected", "hand_entered"]
        assert seen["version"] == seen["version_before"] + 2


def test_a_player_merge_racing_a_hand_entry_loses_neither(outcome):
    for seen in outcome("merge_vs_entry"):
        merged, entered = seen["results"]
        assert (merged["status"], entered["status"]) == (200, 201), seen["results"]
        assert merged["body"]["target"] == seen["target"]
        assert seen["seat_players"] == [seen["target"], *seen["players"][1:]]
        assert seen["totals"] == seen["summed"] == seen["seat_totals"] == [13, 5, 8, 0]
        assert sorted(seen["history"][-2:]) == ["hand_entered", "players_merged"]
        assert seen["version"] == seen["version_before"] + 2


def test_threads_reusing_one_idempotency_key_create_one_row(outcome):
    seen = outcome("same_idempotency_key")
    results = seen["results"]
    assert set(statuses(results)) <= {201, 409}, results
    assert {r["code"] for r in results if r["status"] == 409} <= {"idempotency_key_in_use"}
    created = [r for r in results if r["status"] == 201]
    assert len({r["body"]["id"] for r in created}) == 1
    assert sum(1 for r in created if r["replayed"] != "true") == 1
    assert seen["players"] == 1 and seen["records"] == 1


def test_threads_creating_clubs_with_one_slug_get_one_club_and_409s(outcome):
    seen = outcome("same_slug")
    results = seen["results"]
    assert statuses(results) == Counter({201: 1, 409: concurrency.THREADS - 1}), results
    assert {r["code"] for r in results if r["status"] == 409} == {"slug_taken"}
    assert seen["clubs"] == 1


def test_threads_starting_games_at_one_table_start_one_and_refuse_the_others(outcome):
    seen = outcome("same_table")
    results = seen["results"]
    assert statuses(results) == Counter({201: 1, 409: concurrency.THREADS - 1}), results
    assert {r["code"] for r in results if r["status"] == 409} == {"table_in_use"}
    assert seen["games"] == 1


def test_crossed_merges_merge_once_and_refuse_the_other(outcome):
    for seen in outcome("crossed_merges"):
        results = seen["results"]
        assert sorted((r["status"], r["code"]) for r in results) == [
            (200, None),
            (409, "already_merged"),
        ], results
        winner = 0 if results[0]["status"] == 200 else 1
        expected = [seen["b"], None] if winner == 0 else [None, seen["a"]]
        assert seen["merged_into"] == expected


def test_two_directors_deciding_one_dispute_at_once_decide_it_once(outcome):
    for seen in outcome("crossed_resolutions"):
        results = seen["results"]
        assert sorted((r["status"], r["code"]) for r in results) == [
            (200, None),
            (409, "dispute_closed"),
        ], results
        accepted = results[0]["status"] == 200
        assert seen["dispute_status"] == ("accepted" if accepted else "dismissed")
        assert seen["resolution_note"] == ("owner" if accepted else "director")
        decided = [a for a in seen["history"] if a in ("dispute_accepted", "dispute_dismissed")]
        assert decided == ["dispute_accepted" if accepted else "dispute_dismissed"]
        entry = {"points": [13, 0, 13, 0] if accepted else [13, 13, 0, 0]}
        assert [h["entry"] for h in seen["hands"]] == [entry]
        assert seen["totals"] == seen["summed"] == entry["points"]


@pytest.mark.parametrize(
    ("scenario", "done"), [("crossed_demotions", 200), ("crossed_removals", 204)]
)
def test_two_owners_demoting_or_removing_each_other_at_once_leave_the_club_an_owner(
    outcome, scenario, done
):
    for seen in outcome(scenario):
        results = seen["results"]
        assert seen["owners_left"] == 1, results
        # One change stands; the other is refused, as the last owner's change (409) or, when
        # the first was committed before its permission check, as no longer an owner's.
        refused = [r for r in results if r["status"] != done]
        assert len(refused) == 1, results
        assert (refused[0]["status"], refused[0]["code"]) in {
            (409, "last_owner"),
            (403, "permission_denied"),
            (404, "not_found"),
        }, results


def test_a_member_removed_while_another_owner_changes_their_role_stays_removed(outcome):
    for seen in outcome("removal_vs_role_change"):
        removal, change = seen["results"]
        assert seen["member_roles_left"] == [], seen
        assert removal["status"] == 204, seen
        # The change came first (and the removal took it away), or found no one to change.
        assert (change["status"], change["code"]) in {(200, None), (404, "not_found")}, seen


def test_hand_entry_is_stored_promptly_while_a_big_club_is_imported(outcome):
    seen = outcome("entry_beside_import")
    entries = seen["entries"]
    assert isinstance(entries, list) and "seconds" in seen["import"], seen
    assert entries and all(e["status"] == 201 for e in entries), entries
    slowest = max(e["seconds"] for e in entries)
    # The import lasts seconds; an entry waits at most for one of its batches (in one
    # transaction, the first entry would wait for all of it).
    assert seen["import"]["seconds"] > 2 * slowest, seen
