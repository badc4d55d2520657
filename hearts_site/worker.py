"""A task worker for the database queue that lives through database errors.

django-tasks-db's own ``db_worker`` stops at the first database error outside a task (a
``database is locked`` past SQLite's busy timeout when it opens its claim transaction, a
PostgreSQL connection killed or timed out): nothing then runs tasks until someone restarts
it. Here each loop that meets a database error closes the connection, waits (0.5 s, doubling
to 30 s) and tries again with a new one; a task whose outcome could not be written is made
ready again once the database answers, and one that failed on a database error runs again
after the wait, up to ``ATTEMPTS`` runs (every task here is safe to run twice). ``threads``
loops run side by side, each with its own connection, so one slow task does not hold the
queue; the main thread writes the heartbeat (hearts_site/worker_health.py) and exits with
status 1 when a loop died, for whatever runs the worker to start it again.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
from datetime import timedelta

from django.db import DatabaseError, connections
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction

from hearts_site import worker_health

logger = logging.getLogger(__name__)

BACKOFF = 0.5  # seconds after the first database error in a row
BACKOFF_MAX = 30.0
# Runs of one task that a database error may cost before it stays failed: an error that comes
# back every time (a statement timeout on a task too big for it) is no passing blip.
ATTEMPTS = 5
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
                except DatabaseError as error:
                    failures += 1
                    wait = backoff(failures)
                    logger.warning(
                        "worker %s: database error (%s: %s); again in %.1f s",
                        self.worker_id,
                        type(error).__name__,
                        error,
                        wait,
                    )
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
        logger.warning("worker %s: task(s) %s queued again", self.worker_id, ", ".join(ids))


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
        while not self.stopping.is_set():
            if not all(thread.is_alive() for thread in threads):
                logger.error("a worker loop died: stopping the worker, to be started again")
                self._stop(None, None)
                return 1
            worker_health.beat(self.queue_names)
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
