"""A real worker (``manage.py tasks_worker``, a child process) re-rates a club after a correction.

On the database CI is testing, as tests/multiprocess/test_two_servers.py does: a scratch
PostgreSQL database on CI's server when ``DATABASE_URL`` names one, else a SQLite file, each
a copy of one migrated once (``migrated_database_url``, tests/migrated.py). A
league is generated, the last hand of its earliest game corrected (through the service, as
the API does: it answers before re-rating and queues the task), then the worker runs.
Everything the test checks it reads through ``manage.py shell`` from the same database.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing, contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest

from hearts_site.database.config import database_config
from tests.multiprocess.test_two_servers import REPO, base_env, on_postgres

STEP_TIMEOUT = 120  # seconds for one manage.py step (generating a league is the longest)
SETTLE_WITHIN = 60  # seconds: the bound for ratings to settle

SEED = """
import json
from hearts_site.tasks.queue import QUEUES, uses_database_queue
if not uses_database_queue():  # the Redis queue outlives the last test's database: empty it
    import django_rq
    django_rq.get_connection(QUEUES[0]).flushdb()  # a Redis database of the tests' own
from django.contrib.auth import get_user_model
from scoring import services
from scoring.models import Game, GameStatus
from scoring.sample.generate import generate

user = get_user_model().objects.create_user("worker_owner", password=None)
club = services.create_club(user=user, name="Worker", slug="worker")
generate(club=club, actor=user, players=24, games=GAMES, seed=21)
print("SEED " + json.dumps({"club": club.pk}))
"""

# The last hand of the earliest game whose last hand is no moon: the points of the two seats
# that did not end the game are swapped (the game still ends; its places change).
CORRECT = """
import json
from scoring import services
from scoring.models import Game, GameStatus, RatingsState

club = CLUB
for game in Game.objects.filter(club_id=club, status=GameStatus.FINISHED).order_by("finished_at"):
    last = game.hands.order_by("-number").first()
    points = list(last.entry.get("points", []))
    if "moon_choice" in last.entry or not points:
        continue
    order = sorted(range(4), key=lambda s: game.totals[s])
    a, b = order[0], order[1]
    if points[a] == points[b]:
        continue
    points[a], points[b] = points[b], points[a]
    owner = game.club.memberships.get().user
    services.correct_hand(game_id=game.pk, number=last.number, entry={"points": points},
                          reason="seats swapped", actor=owner)
    break
state = RatingsState.objects.get(club_id=club)
print("CORRECTED " + json.dumps({"game": game.pk, "stale": state.stale_since is not None}))
"""

# What the club's shown events are (ids and figures), and what a full re-rating from scratch
# gives (figures): equal figures mean the ratings settled to a full recomputation; and how
# many rows of other generations are left (a killed re-rating's, until the next one).
STATE = """
import hashlib, json
from django_tasks_db.models import DBTaskResult
from hearts_site.tasks.queue import uses_database_queue
from scoring.models import RatingEvent, RatingsState, shown_events
from scoring.services import ratings

club = CLUB
def digest(rows):
    return hashlib.sha256(repr(sorted(rows)).encode()).hexdigest()
stored = shown_events(club).values_list("pk", "player_id", "game_id", "mu", "sigma")
full, _ = ratings.rated_events(club, None)
state = RatingsState.objects.get(club_id=club)
if uses_database_queue():
    tasks = sorted(DBTaskResult.objects.values_list("status", flat=True))
else:  # the Redis queue (CI's Redis phase): RQ's registries of the ratings queue
    import django_rq
    q = django_rq.get_queue("ratings")
    tasks = sorted(["READY"] * q.count + ["RUNNING"] * q.started_job_registry.count
                   + ["SUCCESSFUL"] * q.finished_job_registry.count
                   + ["FAILED"] * q.failed_job_registry.count)
print("STATE " + json.dumps({
    "hidden": RatingEvent.objects.filter(club_id=club).exclude(generation=state.shown).count(),
    "stale": state.stale_since is not None,
    "ids": digest([row[0] for row in stored]),
    "stored": digest([row[1:] for row in stored]),
    "full": digest([(e.player_id, e.game_id, e.mu, e.sigma) for e in full]),
    "tasks": tasks,
}))
"""


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=STEP_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def shell(env: dict[str, str], script: str, tag: str) -> dict:
    lines = [line for line in manage(env, "shell", "-c", script).splitlines()]
    found = [line.removeprefix(tag + " ") for line in lines if line.startswith(tag + " ")]
    assert found, f"the script printed no {tag} line: {lines}"
    return json.loads(found[-1])


def corrected_league(url: str, games: int) -> tuple[dict[str, str], int, dict]:
    """A migrated database (``url``) given a generated league whose earliest game was just
    corrected: the environment, the club, and the stored state before the correction."""
    env = base_env(url)
    club = shell(env, SEED.replace("GAMES", str(games)), "SEED")["club"]
    before = shell(env, STATE.replace("CLUB", str(club)), "STATE")
    assert before["stored"] == before["full"] and not before["stale"]
    corrected = shell(env, CORRECT.replace("CLUB", str(club)), "CORRECTED")
    assert corrected["stale"], "a correction of the earliest game is re-rated on the queue"
    return env, club, before


def worker(env: dict[str, str], log: Path, *args: str) -> subprocess.Popen:
    with open(log, "wb") as handle:
        return subprocess.Popen(
            [sys.executable, "manage.py", "tasks_worker", "--interval", "0.1", *args],
            cwd=REPO,
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def test_a_worker_settles_a_correction_to_a_full_re_rating(migrated_database_url, tmp_path):
    env, club, before = corrected_league(migrated_database_url, games=300)
    state = STATE.replace("CLUB", str(club))
    queued = shell(env, state, "STATE")
    assert queued["stale"] and queued["tasks"] == ["READY"]
    assert queued["stored"] == before["stored"]  # nothing re-rated before the worker runs
    process = worker(env, tmp_path / "worker.log")
    try:
        deadline = time.monotonic() + SETTLE_WITHIN
        # Settled, and the task's outcome written: the worker clears the mark in the task's
        # last transaction and records SUCCESSFUL just after, so one read can fall between.
        while (now := shell(env, state, "STATE"))["stale"] or now["tasks"] == ["RUNNING"]:
            assert process.poll() is None, (tmp_path / "worker.log").read_text()
            assert time.monotonic() < deadline, "the ratings did not settle within a minute"
            time.sleep(0.5)
    finally:
        stop(process)
    assert now["tasks"] == ["SUCCESSFUL"]
    assert now["stored"] == now["full"] != before["full"]


def _query(url: str, config: dict, sql: str, params: list) -> list[tuple]:
    """One read straight from the database, not through Django (fast enough to poll)."""
    if on_postgres():
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as db:
            return db.execute(sql, params).fetchall()
    with closing(sqlite3.connect(urlsplit(url).path, timeout=5)) as db:
        return db.execute(sql.replace("%s", "?"), params).fetchall()


def _re_rating_writes(url: str, config: dict) -> bool:
    """Whether the worker's task is running and inside one of its write transactions: on
    PostgreSQL a backend is copying in the new generation's events, or waits to show them; on
    SQLite the writers' file lock is held (after the task was claimed, nothing else of the
    worker writes until it is done)."""
    running = _query(url, config, TASKS, ["RUNNING"])
    if not running:
        return False
    if on_postgres():
        return bool(_query(url, config, WRITING, [config["NAME"]]))
    lock = urlsplit(url).path + "-writer.lock"
    with open(lock, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


TASKS = "SELECT id FROM django_tasks_database_dbtaskresult WHERE status = %s"
# Inserts only: the deletes after the new generation is shown (of the old one) are not midway.
# Or waiting on a lock: all written, held from showing it (nothing_shown_while_held), in case
# every insert ran between two polls.
WRITING = (
    "SELECT pid FROM pg_stat_activity WHERE datname = %s AND state = 'active'"
    " AND (wait_event_type = 'Lock' OR ((query ILIKE 'INSERT%%' OR query ILIKE 'COPY%%')"
    " AND query ILIKE '%%scoring_ratingevent%%'))"
)
SHOWN = "SELECT shown FROM scoring_ratingsstate WHERE club_id = %s"


@contextmanager
def nothing_shown_while_held(url: str, club: int):
    """On PostgreSQL, the club's row held (from a connection of the test's) so that a
    re-rating can write its generation but not show it: showing locks that row first. A kill
    that lands as the worker finishes writing then still finds it waiting there, not done.
    ``FOR NO KEY UPDATE``: the events written meanwhile key-share the row (their foreign key)."""
    if not on_postgres():
        yield
        return
    with psycopg.connect(url, connect_timeout=10) as db:
        db.execute("SELECT id FROM scoring_club WHERE id = %s FOR NO KEY UPDATE", [club])
        yield
        db.rollback()


def kill_before_shown(
    process: subprocess.Popen, url: str, config: dict, club: int, shown_before: list[tuple]
) -> None:
    """Kill the worker's process group, making sure no new generation was shown by then.
    It is frozen first, then the shown generation read: on SQLite a frozen worker commits
    nothing more (its commits are its own process's writes), so what is read is final."""
    os.killpg(process.pid, signal.SIGSTOP)
    shown = _query(url, config, SHOWN, [club])
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    if shown != shown_before:
        pytest.fail("the worker showed the new generation before it was stopped")


def test_a_worker_killed_mid_re_rating_leaves_nothing_half_written(migrated_database_url, tmp_path):
    database_url = migrated_database_url
    env, club, before = corrected_league(database_url, games=2500)
    state = STATE.replace("CLUB", str(club))
    config = database_config(database_url, environ={})
    shown = _query(database_url, config, SHOWN, [club])
    with nothing_shown_while_held(database_url, club):
        process = worker(env, tmp_path / "worker.log")
        try:
            deadline = time.monotonic() + SETTLE_WITHIN
            while not _re_rating_writes(database_url, config):
                assert process.poll() is None, (tmp_path / "worker.log").read_text()
                if time.monotonic() > deadline:
                    pytest.fail("the worker never began writing the events")
                time.sleep(0.002)
            kill_before_shown(process, database_url, config, club, shown)
        finally:
            stop(process)
    killed = shell(env, state, "STATE")
    # Nothing of the new generation is shown: the same event rows as before the correction,
    # the club still marked, its task never finished.
    assert (killed["ids"], killed["stored"]) == (before["ids"], before["stored"])
    assert killed["stale"] and killed["tasks"] == ["RUNNING"]
    # The next run completes it: settle_ratings queues the stale club again.
    assert "1 clubs queued" in manage(env, "settle_ratings")
    manage(env, "tasks_worker", "--batch")
    done = shell(env, state, "STATE")
    assert not done["stale"] and "SUCCESSFUL" in done["tasks"]
    assert done["stored"] == done["full"] != before["full"]
    assert done["hidden"] == 0  # the killed run's rows went with the generation it replaced
