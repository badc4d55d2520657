"""The club's delivery task queued as one INSERT (``sql.queue_task``, what a hand entry that
wakes its club runs on the database queue) is the task django-tasks-db's own ``enqueue``
queues: the same row but its key and time, the same ``task_enqueued`` signal, and the worker
runs it as it runs the library's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django_tasks_db.models import DBTaskResult

from hearts_site.tasks.queue import uses_database_queue
from scoring import sql
from scoring.services import delivery
from tests.events.conftest import run_worker

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not uses_database_queue(), reason="the database queue's row"),
]

EACH_TIME = {"id", "enqueued_at"}
FIELDS = DBTaskResult._meta.concrete_fields


def stored(row: DBTaskResult) -> dict:
    """The row as the database holds it, read back through the ORM."""
    return DBTaskResult.objects.filter(pk=row.pk).values().get()


def test_a_task_queued_as_one_insert_stores_the_row_the_library_stores(enqueued):
    with transaction.atomic():
        by_library = delivery.deliver_club.enqueue(7).db_result
        by_insert = sql.queue_task(delivery.deliver_club, [7])
    library, inserted = stored(by_library), stored(by_insert)
    assert inserted["id"] != library["id"]
    assert abs(inserted["enqueued_at"] - library["enqueued_at"]) < timedelta(seconds=5)
    assert {k: v for k, v in inserted.items() if k not in EACH_TIME} == {
        k: v for k, v in library.items() if k not in EACH_TIME
    }
    assert inserted["run_after"] == library["run_after"]  # the library's far date: due now
    # The instance returned is the row as stored, and the signal carries its task result.
    assert inserted == {f.attname: getattr(by_insert, f.attname) for f in FIELDS}
    sent = enqueued[-1]
    assert sent.db_result is by_insert
    expected = by_insert.task_result
    for name in ("task", "id", "status", "enqueued_at", "args", "kwargs", "backend"):
        assert getattr(sent, name) == getattr(expected, name), name
    assert (sent.errors, sent.worker_ids, sent.started_at) == ([], [], None)


def test_the_worker_runs_a_task_queued_as_one_insert_as_it_runs_the_librarys(enqueued):
    with transaction.atomic():
        by_library = delivery.deliver_club.enqueue(99_999).db_result
        by_insert = sql.queue_task(delivery.deliver_club, [99_999])
    run_worker()
    library, inserted = stored(by_library), stored(by_insert)
    assert inserted["status"] == library["status"] == "SUCCESSFUL"
    assert inserted["return_value"] == library["return_value"] == 0  # a club with no endpoint
    assert len(inserted["worker_ids"]) == len(library["worker_ids"]) == 1


def test_a_task_queued_as_one_insert_in_a_write_rolled_back_is_gone():
    with transaction.atomic():
        row = sql.queue_task(delivery.deliver_club, [3])
        transaction.set_rollback(True)
    assert not DBTaskResult.objects.filter(pk=row.pk).exists()
