"""The scoring tests' cast (tests/scoring/conftest.py), webhook settings for a receiver on
loopback with no wait between retries, a real receiver, and the task worker run in-process."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django_tasks.signals import task_enqueued

from hearts_site.tasks.queue import QUEUES, uses_database_queue
from tests.events.receiver import Receiver
from tests.scoring.conftest import (  # noqa: F401 (fixtures)
    _fast_test_setup,
    anonymous,
    client_for,
    director,
    member,
    outsider,
    owner,
    private_club,
    public_club,
    scorer,
    users,
)


@pytest.fixture(autouse=True)
def _webhooks_to_loopback(settings):
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = True
    settings.HEARTS_WEBHOOK_BACKOFF = 0
    settings.HEARTS_WEBHOOK_TIMEOUT = 3


@pytest.fixture
def receiver():
    started = Receiver().start()
    yield started
    started.stop()


@pytest.fixture(autouse=True)
def _empty_redis_queues():
    """With the Redis queue (``TASKS_URL``, CI's Redis phase), each test starts with its queues
    empty, as it starts with an empty database."""
    if not uses_database_queue():
        import django_rq

        django_rq.get_connection(QUEUES[0]).flushdb()  # a Redis database of the tests' own


@pytest.fixture
def enqueued():
    """The tasks queued during the test (their ``TaskResult``s), whichever the queue."""
    found = []

    def keep(sender, task_result, **kwargs):
        found.append(task_result)

    task_enqueued.connect(keep)
    yield found
    task_enqueued.disconnect(keep)


def run_worker() -> None:
    """``manage.py tasks_worker --batch``, in this process: every task due, of every queue,
    then it returns."""
    call_command("tasks_worker", batch=True, interval=0, verbosity=0)
