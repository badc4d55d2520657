"""The database queue's worker loop (hearts_site/tasks/worker.py) after issue 51, finding 2: a task
that failed on the database is queued again (its ids were UUIDs that the retry's log could not
join, and that ``TypeError`` ended the loop), no error outside a task ends a loop, and a task
left ``RUNNING`` by a worker that died is taken up again (by the sweep, and by any living
worker)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from hearts_site.tasks import worker_health
from hearts_site.tasks.worker import ATTEMPTS, LOST, LivingWorker, take_up_abandoned
from scoring.services.rerating import settle_ratings_task
from tests.events.conftest import run_worker
from tests.events.failing_tasks import fails_on_the_database

pytestmark = pytest.mark.django_db(transaction=True)

LOOP = {
    "queue_names": ["webhooks", "ratings"],
    "interval": 0,
    "batch": True,
    "backend_name": "default",
    "startup_delay": False,
    "max_tasks": None,
    "excluded_queue_names": [],
}


def test_a_task_failed_on_the_database_is_queued_again_and_the_loop_goes_on():
    queued = fails_on_the_database.enqueue()
    LivingWorker(worker_id="retrying-0", **LOOP).run()  # returns once nothing is due
    row = DBTaskResult.objects.get(pk=queued.id)
    assert row.status == TaskResultStatus.READY and row.run_after > timezone.now()
    assert row.exception_class_path == "django.db.utils.OperationalError"
    assert row.worker_ids == ["retrying-0"]


class FailingOnce(LivingWorker):
    """A loop whose first look for work meets an error no database gave (as the retry's
    ``TypeError`` was)."""

    failed = False

    def _claim(self):
        if not self.failed:
            self.failed = True
            raise TypeError("sequence item 0: expected str instance, UUID found")
        return super()._claim()


def test_an_error_outside_any_task_ends_no_loop(caplog):
    queued = settle_ratings_task.enqueue(0)  # a re-rating of no club: it does nothing
    FailingOnce(worker_id="failing-0", **LOOP).run()
    assert DBTaskResult.objects.get(pk=queued.id).status == TaskResultStatus.SUCCESSFUL
    assert "worker failing-0: error (TypeError" in caplog.text


def running(worker_ids: list[str], minutes_ago: float) -> DBTaskResult:
    queued = settle_ratings_task.enqueue(0)
    DBTaskResult.objects.filter(pk=queued.id).update(
        status=TaskResultStatus.RUNNING,
        worker_ids=worker_ids,
        started_at=timezone.now() - timedelta(minutes=minutes_ago),
    )
    return DBTaskResult.objects.get(pk=queued.id)


def test_a_task_left_running_by_a_dead_worker_is_taken_up_by_the_sweep(settings):
    assert settings.HEARTS_WORKER_LOST_AFTER == 60  # the default
    dead = running(["gone-0"], minutes_ago=2)
    living = running(["here-0"], minutes_ago=2)
    just_begun = running(["starting-0"], minutes_ago=0)  # its worker has not beaten yet
    worn = running([f"gone-{n}" for n in range(ATTEMPTS)], minutes_ago=2)
    worker_health.beat([], loops=["here-0"])
    call_command("sweep", verbosity=0)
    states = {
        row.pk: (row.status, row.exception_class_path)
        for row in DBTaskResult.objects.filter(pk__in=[dead.pk, living.pk, just_begun.pk, worn.pk])
    }
    assert states == {
        dead.pk: (TaskResultStatus.READY, ""),
        living.pk: (TaskResultStatus.RUNNING, ""),
        just_begun.pk: (TaskResultStatus.RUNNING, ""),
        worn.pk: (TaskResultStatus.FAILED, LOST),
    }
    run_worker()
    taken_up = DBTaskResult.objects.get(pk=dead.pk)
    assert taken_up.status == TaskResultStatus.SUCCESSFUL
    assert taken_up.worker_ids[0] == "gone-0" and len(taken_up.worker_ids) == 2
    assert take_up_abandoned() == 0  # nothing more to take up
