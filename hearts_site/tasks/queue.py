"""The task queue, chosen by the environment: django-tasks-db (a table in this database, the
default) or, when ``TASKS_URL`` names a Redis server, django-tasks-rq (RQ's queues there).

Two queues, each served by workers of its own (``manage.py tasks_worker --queue NAME``), so
that a slow webhook receiver never holds up a re-rating: ``webhooks`` for deliveries and
``ratings`` for re-ratings and the files built ahead from results (``services/exports.py``).
Settings read ``task_settings``; code enqueues through ``enqueue_with_transaction`` so that a
task exists exactly when what it works on does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import transaction

WEBHOOKS = "webhooks"
RATINGS = "ratings"
QUEUES = (WEBHOOKS, RATINGS)

DATABASE_BACKEND = "django_tasks_db.DatabaseBackend"
RQ_BACKEND = "django_tasks_rq.RQBackend"
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def task_settings(environ: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """``TASKS``, ``RQ_QUEUES`` (empty for the database queue) and the apps the backend needs
    (the database queue's always: its table stays, whichever queue is in use)."""
    url = environ.get("TASKS_URL", "").strip()
    if not url:
        backend = {"BACKEND": DATABASE_BACKEND, "QUEUES": list(QUEUES)}
        return {"default": backend}, {}, ["django_tasks_db"]
    if not url.startswith(REDIS_SCHEMES):
        raise ImproperlyConfigured(
            f"TASKS_URL={url!r}: use redis://host:6379/1 (or rediss://) for the Redis queue, "
            "or leave it unset for the queue in the database."
        )
    # A job that runs longer than this is stopped by RQ: well above any re-rating measured.
    # (django-rq finds a task's result through its "default" queue's connection.)
    rq_queues = {name: {"URL": url, "DEFAULT_TIMEOUT": 3600} for name in ("default", *QUEUES)}
    backend = {"BACKEND": RQ_BACKEND, "QUEUES": list(QUEUES)}
    return {"default": backend}, rq_queues, ["django_tasks_db", "django_rq", "django_tasks_rq"]


def uses_database_queue() -> bool:
    from django_tasks import task_backends
    from django_tasks_db.backend import DatabaseBackend

    return isinstance(task_backends["default"], DatabaseBackend)


def enqueue_with_transaction(enqueue: Callable[[], object]) -> None:
    """Queue a task so that it exists exactly when the caller's transaction commits: in that
    transaction when the queue is a table of this database, after the commit when it is
    Redis (never a task for a write that rolled back, nor one run before it is visible)."""
    if uses_database_queue():
        enqueue()
    else:
        after_commit(enqueue)


def after_commit(enqueue: Callable[[], object]) -> None:
    """Queue a task once the caller's transaction commits. A queue that fails then (Redis
    restarting) fails nothing of the write, which is kept: the error is logged and the task,
    a wake-up for work the database holds (a delivery due, a club marked stale), is queued
    again by ``manage.py sweep``."""
    transaction.on_commit(enqueue, robust=True)
