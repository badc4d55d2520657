"""A task worker for the database queue that lives through database errors.

django-tasks-db's own ``db_worker`` stops at the first database error outside a task (a
``database is locked`` past SQLite's busy timeout when it opens its claim transaction, a
PostgreSQL connection killed or timed out): nothing then runs tasks until someone restarts
it. Here each loop that meets a database error closes the connection, waits (0.5 s, doubling
to 30 s) and tries again with a new one; a task whose outcome could not be written is made
ready again once the database answers, and one that failed on a database error runs again
after the wait, up to ``ATTEMPTS`` runs (every task here is safe to run twice). ``threads``
loops run side by side, each with its own connection, so one slow task does not hold the
queue; the main thread writes the heartbeat (hearts_site/tasks/worker_health.py) and exits with
status 1 when a loop died, for whatever runs the worker to start it again.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import signal
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, connections
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction

from hearts_site.tasks import worker_health

logger = logging.getLogger(__name__)

BACKOFF = 0.5  # seconds after the first database error in a row
BACKOFF_MAX = 30.0
DYING_WAIT = 30.0  # seconds the other loops of a worker whose loop died have to end their task
# Runs of one task that a database error may cost before it stays failed: an error that comes
# back every time (a statement timeout on a task too big for it) is no passing blip.
ATTEMPTS = 5
# What a task that its workers died running, ATTEMPTS times, failed with.
LOST = "hearts_site.tasks.worker.WorkerLost"
DATABASE_ERRORS = frozenset(
    f"django.db.utils.{name}" for name in ("OperationalError", "InterfaceError")
)


def backoff(failures: int) -> float:
    return min(BACKOFF * 2 ** max(failures - 1, 0), BACKOFF_MAX)


def close_connections() -> None:
    """Drop this thread's connections, usable or not: the next query opens a new one."""
    for connection in connections.all(initialized_only=True):
        with contextlib.suppress(DatabaseError):  # already broken: gone either way
            connection.close()


class LivingWorker(Worker):
    """One loop: claim a task, run it, and meet database errors by waiting, not dying."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.unfinished: list[str] = []  # tasks run whose outcome could not be written
        self.stopped = threading.Event()

    def run(self) -> None:
        failures = 0
        try:
            while self.running:
                try:
                    self._restore_unfinished()
                    task_result = self._claim()
                    if task_result is not None:
                        self.run_task(task_result)
                    failures = 0
                except Exception as error:  # whatever fails here, the loop goes on
                    failures += 1
                    wait = backoff(failures)
                    _report(self.worker_id, error, wait)
                    close_connections()
                    self.stopped.wait(wait)
                    continue
                if task_result is None:
                    if self.batch:
                        return
                    self.stopped.wait(self.interval)
        finally:
            close_connections()

    def stop(self) -> None:
        self.running = False
        self.stopped.set()

    def _claim(self) -> DBTaskResult | None:
        tasks = DBTaskResult.objects.ready().filter(backend_name=self.backend_name)
        if not self.process_all_queues:
            tasks = tasks.filter(queue_name__in=self.queue_names)
        with exclusive_transaction(tasks.db):
            task_result = tasks.get_locked()
            if task_result is not None:
                task_result.claim(self.worker_id)
        return task_result

    def run_task(self, db_task_result: DBTaskResult) -> None:
        if self.batch:  # no group beats for this loop: say it is alive while it runs the task
            worker_health.beat([], loops=[self.worker_id])
        try:
            super().run_task(db_task_result)
        except DatabaseError:
            # Neither success nor failure could be written: the row still says RUNNING.
            self.unfinished.append(db_task_result.pk)
            raise
        runs = len(db_task_result.worker_ids)
        if (
            db_task_result.status == TaskResultStatus.FAILED
            and db_task_result.exception_class_path in DATABASE_ERRORS
            and runs < ATTEMPTS
        ):
            self._ready_again([db_task_result.pk], after=backoff(runs))

    def _restore_unfinished(self) -> None:
        if self.unfinished:
            self._ready_again(self.unfinished, after=0)
            self.unfinished = []

    def _ready_again(self, ids: list[str], after: float) -> None:
        """Queue these tasks again (their work is safe to repeat), to run ``after`` seconds
        from now."""
        DBTaskResult.objects.filter(pk__in=ids).update(
            status=TaskResultStatus.READY,
            run_after=timezone.now() + timedelta(seconds=after),
            finished_at=None,
        )
        logger.warning(
            "worker %s: task(s) %s queued again", self.worker_id, ", ".join(map(str, ids))
        )


def _report(worker_id: str, error: Exception, wait: float) -> None:
    """Log an error a loop met; a logging that fails too is left unsaid, never raised."""
    try:
        if isinstance(error, DatabaseError):
            what = f"database error ({type(error).__name__}: {error})"
            logger.warning("worker %s: %s; again in %.1f s", worker_id, what, wait)
        else:
            logger.exception("worker %s: error (%r); again in %.1f s", worker_id, error, wait)
    except Exception:  # a log that cannot be written: the loop matters more
        pass


def _take_up_abandoned_safely() -> None:
    try:
        take_up_abandoned()
    except Exception as error:  # the database away: the next look, or the sweep's
        _report("group", error, 0)


def take_up_abandoned() -> int:
    """Tasks left ``RUNNING`` by a worker that died (its loop not seen for
    ``HEARTS_WORKER_LOST_AFTER`` seconds, hearts_site/tasks/worker_health.py) are made ready again
    (their work is safe to repeat); one that has run ``ATTEMPTS`` times fails instead, as a
    task that kills its worker each time would otherwise. Returns how many were taken up."""
    cutoff = timezone.now() - timedelta(seconds=settings.HEARTS_WORKER_LOST_AFTER)
    running = list(
        DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING, started_at__lt=cutoff).only(
            "id", "worker_ids"
        )
    )
    if not running:
        return 0
    alive = worker_health.loops_alive([t.worker_ids[-1] for t in running if t.worker_ids])
    lost = [t for t in running if not t.worker_ids or t.worker_ids[-1] not in alive]
    again = [t.pk for t in lost if len(t.worker_ids) < ATTEMPTS]
    spent = [t.pk for t in lost if len(t.worker_ids) >= ATTEMPTS]
    still_running = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING)
    now = timezone.now()
    taken = still_running.filter(pk__in=again).update(
        status=TaskResultStatus.READY, run_after=now, finished_at=None
    )
    still_running.filter(pk__in=spent).update(
        status=TaskResultStatus.FAILED,
        finished_at=now,
        exception_class_path=LOST,
        traceback=f"Its worker died {ATTEMPTS} times while running it.",
    )
    if lost:
        logger.warning("task(s) %s of a dead worker taken up again", ", ".join(map(str, again)))
    return taken


class WorkerGroup:
    """``threads`` loops on the same queues, the heartbeat, and a clean stop on a signal."""

    def __init__(self, *, threads: int, queue_names: list[str], **kwargs) -> None:
        self.queue_names = queue_names
        worker_id = kwargs.pop("worker_id")
        self.loops = [
            LivingWorker(queue_names=queue_names, worker_id=f"{worker_id}-{n}", **kwargs)
            for n in range(threads)
        ]
        self.stopping = threading.Event()

    def run(self, heartbeat: float) -> int:
        """Run until stopped (0) or a loop dies (1)."""
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        threads = [threading.Thread(target=loop.run, daemon=True) for loop in self.loops]
        for thread in threads:
            thread.start()
        loops = [loop.worker_id for loop in self.loops]
        looked = -math.inf  # when this worker last looked for a dead worker's tasks
        while not self.stopping.is_set():
            if not all(thread.is_alive() for thread in threads):
                logger.error("a worker loop died: stopping the worker, to be started again")
                self._stop(None, None)
                deadline = time.monotonic() + DYING_WAIT
                for thread in threads:  # the others end their task, not left RUNNING
                    thread.join(max(0.0, deadline - time.monotonic()))
                return 1
            worker_health.beat(self.queue_names, loops=loops)
            if time.monotonic() - looked >= settings.HEARTS_WORKER_LOST_AFTER:
                looked = time.monotonic()
                _take_up_abandoned_safely()
            close_connections()  # the heartbeat's, when the cache is the database
            self.stopping.wait(heartbeat)
        for thread in threads:
            thread.join()
        return 0

    def _stop(self, signum, frame) -> None:
        if self.stopping.is_set() and signum is not None:
            logger.warning("stopped again: leaving the tasks under way")
            os._exit(1)
        self.stopping.set()
        for loop in self.loops:
            loop.stop()
        if signum is not None:
            logger.warning("stopping after the tasks under way (signal again to leave now)")
