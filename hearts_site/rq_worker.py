"""The worker for the Redis queue (``TASKS_URL``): RQ's, running each job in its own process
(no fork: Django's connections stay its own), closing stale database connections around each
job as a request does, and writing the heartbeat /healthz reads each time RQ writes its own."""

from __future__ import annotations

from django.db import close_old_connections
from rq.worker import SimpleWorker

from hearts_site import worker_health


class HeartbeatWorker(SimpleWorker):
    def heartbeat(self, *args, **kwargs) -> None:
        super().heartbeat(*args, **kwargs)
        worker_health.beat([queue.name for queue in self.queues])

    def perform_job(self, *args, **kwargs) -> bool:
        close_old_connections()  # one dropped while idle (a database restart) is not reused
        try:
            return super().perform_job(*args, **kwargs)
        finally:
            close_old_connections()


def run(queue_names: list[str], *, batch: bool, heartbeat: float) -> None:
    import django_rq
    from django_tasks_rq.backend import Job

    worker = django_rq.get_worker(
        *queue_names,
        job_class=Job,
        worker_class=HeartbeatWorker,
        # RQ waits for a job this long less 15 s, then beats: every ``heartbeat`` seconds.
        worker_ttl=int(heartbeat) + 15,
    )
    worker_health.beat(queue_names)
    # The scheduler moves retries due later (run_after) onto their queue.
    worker.work(burst=batch, with_scheduler=True)
