"""A task queued in the caller's transaction as one prepared INSERT of django-tasks-db's row
(``DatabaseBackend.enqueue`` compiles its ORM insert anew each time, and a hand entry that wakes
its club's delivery task queues it inside SQLite's one writer lock). What is stored, and what
``task_enqueued`` is sent, are the library's: the row is built by its model with the values its
``enqueue`` gives it, its ``pre_save`` receivers run (``run_after`` left open becomes the
library's far date), and the signal carries the row's own ``task_result``.
tests/events/test_task_row.py holds the row to one the library queues, and the worker runs it
as it runs that one."""

from __future__ import annotations

from typing import Any

from django.db import connection, connections
from django.db.models.signals import pre_save
from django_tasks_db.backend import TaskResult
from django_tasks_db.compat import Task, TaskResultStatus, normalize_json, task_enqueued
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import normalize_uuid

from scoring.sql.writes import _insert_statement, insert_prepared, prepared_row


def queue_task(task: Task, args: list[Any]) -> DBTaskResult:
    """``task.enqueue(*args)`` on the database queue, as one INSERT: the row django-tasks-db
    would write, the same signal sent. The row's fields but its key, its arguments and its
    time are the task's, the same each time: made ready once (``_template``)."""
    backend = task.get_backend()
    row = DBTaskResult(
        id=backend._get_id(),
        args_kwargs=normalize_json({"args": args, "kwargs": {}}),
        priority=task.priority,
        task_path=task.module_path,
        queue_name=task.queue_name,
        run_after=task.run_after,
        backend_name=backend.alias,
    )
    pre_save.send(DBTaskResult, instance=row, raw=False, using=connection.alias, update_fields=None)
    values, own = _template(row)
    db = connections[connection.alias]
    values = list(values)
    for index, field in own:
        values[index] = field.get_db_prep_save(field.pre_save(row, True), db)
    insert_prepared(row, values)
    task_enqueued.send(type(backend), task_result=_result(task, row))
    return row


def _result(task: Task, row: DBTaskResult) -> TaskResult:
    """``row.task_result`` of a row just queued, with ``task`` itself for the task the property
    imports again by its path (``task.using`` of the row's own values: an equal one)."""
    result = TaskResult(
        db_result=row,
        task=task,
        id=normalize_uuid(row.id),
        status=TaskResultStatus[row.status],
        enqueued_at=row.enqueued_at,
        started_at=None,
        last_attempted_at=None,
        finished_at=None,
        args=row.args_kwargs["args"],
        kwargs=row.args_kwargs["kwargs"],
        backend=row.backend_name,
        errors=[],
        worker_ids=row.worker_ids,
    )
    object.__setattr__(result, "_return_value", None)
    return result


# Made ready once a task and database: (the prepared row, the fields made anew each time).
_templates: dict[tuple, tuple[list[Any], list[tuple[int, Any]]]] = {}
_EACH_TIME = ("id", "args_kwargs", "enqueued_at")


def _template(row: DBTaskResult) -> tuple[list[Any], list[tuple[int, Any]]]:
    key = (row.task_path, row.queue_name, row.priority, row.run_after, row.backend_name)
    key += (connection.vendor,)
    if key not in _templates:
        fields = _insert_statement(DBTaskResult)[1]
        own = [(i, f) for i, f in enumerate(fields) if f.name in _EACH_TIME]
        _templates[key] = (prepared_row(row), own)
    return _templates[key]
