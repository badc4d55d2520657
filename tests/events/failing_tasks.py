"""A task for the worker's tests: it fails as a task does when the database drops it (a
deadlock broken by PostgreSQL, a connection killed), an error the worker runs again."""

from __future__ import annotations

from django.db import OperationalError
from django_tasks import task

from hearts_site.tasks.queue import WEBHOOKS


@task(queue_name=WEBHOOKS)
def fails_on_the_database() -> None:
    raise OperationalError("deadlock detected")
