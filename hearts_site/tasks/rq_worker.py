"""The worker for the Redis queue (``TASKS_URL``): RQ's, running each job in its own process
(no fork: Django's connections stay its own), closing stale database connections around each
job as a request does, and writing the heartbeat /healthz reads each time RQ writes its own.

``--threads N`` (N > 1) runs N such workers side by side as RQ's worker pool
(``rq.worker_pool.WorkerPool``, what django-rq's ``rqworker-pool`` runs): N processes forked
from this one, each taking jobs of the queues, the pool starting again any that dies. So the
documented ``tasks_worker --queue webhooks --threads 4`` sends four deliveries at once on either
queue; a stop signal lets each end the job under way."""

from __future__ import annotations

import os

from django.conf import settings
from django.db import close_old_connections
from rq.exceptions import StopRequested
from rq.worker import SimpleWorker, WorkerStatus

from hearts_site.tasks import worker_health
from hearts_site.tasks.worker import close_connections


class HeartbeatWorker(SimpleWorker):
    def __init__(self, *args, **kwargs) -> None:
        # RQ waits for a job this long less 15 s, then beats: every heartbeat seconds. (RQ's
        # pool makes its workers without a ``worker_ttl``: the class says it.)
        kwargs.setdefault("worker_ttl", int(settings.HEARTS_WORKER_HEARTBEAT) + 15)
        super().__init__(*args, **kwargs)

    def heartbeat(self, *args, **kwargs) -> None:
        super().heartbeat(*args, **kwargs)
        asked = self._shutdown_requested_date
        worker_health.beat([queue.name for queue in self.queues])
        if self._shutdown_requested_date != asked and self.get_state() != WorkerStatus.BUSY:
            # A stop signal came while the cache was written: RQ's handler raised StopRequested
            # there, which ``beat`` keeps from the worker as any error of the cache. Raised
            # again, or an idle worker of the pool would never stop.
            raise StopRequested

    def perform_job(self, *args, **kwargs) -> bool:
        close_old_connections()  # one dropped while idle (a database restart) is not reused
        try:
            return super().perform_job(*args, **kwargs)
        finally:
            close_old_connections()


class PoolWorker(HeartbeatWorker):
    """A worker of the pool (``--threads``), made in the process the pool forked: it stops,
    after the job under way, once the pool that started it is gone (killed outright, as
    ``SIGKILL`` or the out-of-memory killer would), rather than run on beside the new pool
    that ``bin/respawn`` or systemd then starts."""

    pool_pid = 0  # set by the pool's process before it forks its workers

    def heartbeat(self, *args, **kwargs) -> None:
        super().heartbeat(*args, **kwargs)
        if os.getppid() == self.pool_pid:
            return
        self.log.warning("Worker %s: its pool %s is gone: stopping", self.name, self.pool_pid)
        if self.get_state() == WorkerStatus.BUSY:
            self._stop_requested = True  # RQ stops after the job
        else:
            raise StopRequested


def run(queue_names: list[str], *, batch: bool, processes: int = 1) -> None:
    import django_rq
    from django_tasks_rq.backend import Job

    worker_health.beat(queue_names)
    if processes > 1:
        _pool(queue_names, processes=processes, batch=batch, job_class=Job)
        return
    worker = django_rq.get_worker(*queue_names, job_class=Job, worker_class=HeartbeatWorker)
    # The scheduler moves retries due later (run_after) onto their queue.
    worker.work(burst=batch, with_scheduler=True)


def _pool(queue_names: list[str], *, processes: int, batch: bool, job_class) -> None:
    """``processes`` workers of these queues, forked by RQ's pool and started again when one
    dies; each runs the scheduler's turn when it holds its lock (one at a time)."""
    from django_rq.queues import get_queues
    from rq.worker_pool import WorkerPool

    queues = get_queues(*queue_names, job_class=job_class)
    pool = WorkerPool(
        queues=queues,
        connection=queues[0].connection,  # every queue is on TASKS_URL's server
        num_workers=processes,
        worker_class=PoolWorker,
        job_class=job_class,
        queue_class=type(queues[0]),
    )
    PoolWorker.pool_pid = os.getpid()  # what each forked worker compares its parent with
    close_connections()  # none crosses the fork: each worker opens its own
    pool.start(burst=batch)
