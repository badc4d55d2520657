"""A task worker that lives (issue 34, finding 2), with real ``manage.py tasks_worker``
processes on the database CI is testing (a scratch PostgreSQL database, else a SQLite file,
each a copy of one migrated once: ``migrated_database_url``):

* a database blip (SQLite: another connection holds the write lock four times the busy
  timeout; PostgreSQL: the database refuses connections and every backend is terminated for
  three seconds) is waited out, and the next task runs;
* a worker killed outright is started again by ``bin/respawn`` (what ``make run`` runs);
* the heartbeat a worker writes is what /healthz reads: fresh while it runs, stale once it
  was killed.

django-tasks-db's own ``db_worker`` fails the first: it exits on the blip's error.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from urllib.parse import urlsplit

from hearts_site.database.config import database_config
from tests.multiprocess.test_rating_worker import _query, shell, stop
from tests.multiprocess.test_two_servers import REPO, _admin_connection, base_env, on_postgres

WORKER = [sys.executable, "manage.py", "tasks_worker", "--queue", "ratings", "--interval", "0.1"]
RESPAWN = REPO / "bin" / "respawn"
BLIP = 3.0  # seconds the database is away
RUN_WITHIN = 40  # seconds for a task queued after the blip to run (the backoff is at most 30)

ENQUEUE = """
import json
from scoring.services.rerating import settle_ratings_task
print("TASK " + json.dumps({"id": str(settle_ratings_task.enqueue(0).id)}))
"""

HEALTH = """
import json
from django.test import Client
from hearts_site.tasks import worker_health
answer = Client().get("/healthz")
print("HEALTH " + json.dumps({"status": answer.status_code, "body": answer.json(),
      "seen": worker_health.last_seen(["ratings"])["ratings"]}))
"""

# Each test's database is new: the task it queues is its only one.
SUCCESSFUL = "SELECT count(*) FROM django_tasks_database_dbtaskresult WHERE status = %s"


def environment(url: str, **more: str) -> dict[str, str]:
    env = base_env(url)
    env.update(DATABASE_WAIT_TIMEOUT="1", HEARTS_WORKER_HEARTBEAT="0.5", **more)
    return env


def start(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with open(log, "wb") as handle:
        return subprocess.Popen(
            command,
            cwd=REPO,
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def wait_for(what: str, check, within: float, log: Path) -> None:
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, f"{what}, not within {within} s:\n{log.read_text()}"
        time.sleep(0.2)


def task_ran(url: str, env: dict[str, str], log: Path) -> None:
    """Queue a re-rating (of no club: it does nothing) and wait for the worker to run it."""
    shell(env, ENQUEUE, "TASK")
    config = database_config(url, environ={})

    def done() -> bool:
        return _query(url, config, SUCCESSFUL, ["SUCCESSFUL"]) == [(1,)]

    wait_for("the task queued after the blip did not run", done, RUN_WITHIN, log)


def blip(url: str) -> None:
    """The database away for BLIP seconds, then back."""
    if not on_postgres():
        path = urlsplit(url).path
        with closing(sqlite3.connect(path, timeout=5, isolation_level=None)) as db:
            db.execute("BEGIN EXCLUSIVE")
            time.sleep(BLIP)
            db.execute("ROLLBACK")
        return
    config = database_config(url, environ={})
    name = config["NAME"]
    with _admin_connection(config) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        try:
            ends = time.monotonic() + BLIP
            while time.monotonic() < ends:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = %s AND pid <> pg_backend_pid()",
                    [name],
                )
                time.sleep(0.1)
        finally:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')


def test_a_worker_lives_through_a_database_blip_and_runs_the_next_task(
    migrated_database_url, tmp_path
):
    database_url = migrated_database_url
    env = environment(database_url)
    log = tmp_path / "worker.log"
    process = start(WORKER, env, log)
    try:
        wait_for("the worker did not start", lambda: "queues" in log.read_text(), 30, log)
        blip(database_url)
        wait_for("the worker met no error", lambda: "database error" in log.read_text(), 10, log)
        assert process.poll() is None, f"the worker died:\n{log.read_text()}"
        task_ran(database_url, env, log)
        assert process.poll() is None
    finally:
        stop(process)


def test_a_worker_killed_is_started_again_by_respawn(migrated_database_url, tmp_path):
    database_url = migrated_database_url
    env = environment(database_url, RESPAWN_DELAY="0.2")
    log = tmp_path / "respawn.log"
    keeper = start([str(RESPAWN), *WORKER], env, log)
    try:
        wait_for("the worker did not start", lambda: log.read_text().count("queues") == 1, 30, log)
        first = children(keeper.pid)
        assert len(first) == 1
        os.kill(first[0], signal.SIGKILL)
        wait_for("no worker again", lambda: log.read_text().count("queues") == 2, 30, log)
        assert "exited with status 137" in log.read_text()
        task_ran(database_url, env, log)
        keeper.terminate()  # respawn stops, and stops its worker
        keeper.wait(timeout=15)
        assert keeper.returncode == 0 and not children(keeper.pid)
    finally:
        stop(keeper)


def children(pid: int) -> list[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(line) for line in found.stdout.split()]


def test_healthz_reads_the_heartbeat_a_real_worker_writes(migrated_database_url, tmp_path):
    database_url = migrated_database_url
    # DEBUG: /healthz then asks for no collectstatic manifest, which this checkout may lack.
    env = environment(database_url, HEARTS_WORKER_STALE_AFTER="3", DJANGO_DEBUG="1")
    log = tmp_path / "worker.log"
    process = start(WORKER, env, log)
    try:
        wait_for("the worker did not start", lambda: "queues" in log.read_text(), 30, log)
        time.sleep(1)
        alive = shell(env, HEALTH, "HEALTH")
        assert alive["status"] == 200 and time.time() - alive["seen"] < 3, alive
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        time.sleep(3.5)
        dead = shell(env, HEALTH, "HEALTH")
        assert dead["status"] == 503, dead
        assert dead["body"] == {
            "status": "unavailable",
            "database": "ok",
            "stale_workers": ["ratings"],
        }
    finally:
        stop(process)
