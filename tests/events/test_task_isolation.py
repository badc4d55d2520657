"""No caller stalls what everyone shares (issue 34, finding 1): a delivery has one deadline
for the whole exchange, a club's deliveries leave the webhook worker's other threads to other
clubs, re-ratings have a queue of their own, and endpoints and clubs are limited.

Real receivers on loopback and the real worker (``tasks_worker --batch``, in this process, on
committed rows: ``transaction=True``), whichever queue the settings chose: CI runs these on
the Redis queue too. The webhook worker's threads: test_webhook_threads.py."""

from __future__ import annotations

import os
import time

import pytest
import redis
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import transaction
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from hearts_site.tasks.queue import after_commit, task_settings, uses_database_queue
from scoring import services
from scoring.models import (
    Club,
    EventType,
    Membership,
    Role,
    WebhookEndpoint,
)
from scoring.services import delivery, outbound
from scoring.services.rerating import settle_ratings_task
from tests.events.conftest import run_worker
from tests.events.receiver import Trickler
from tests.scoring.support import API, error_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def trickler():
    started = Trickler(every=0.3, lasting=8).start()
    yield started
    started.stop()


def test_a_receiver_trickling_its_answer_is_cut_at_the_whole_exchange_deadline(trickler, settings):
    settings.HEARTS_WEBHOOK_TIMEOUT = 1  # each byte comes well inside it
    settings.HEARTS_WEBHOOK_DEADLINE = 1.5
    started = time.monotonic()
    answer = outbound.post(trickler.url, b"{}", {"Content-Type": "application/json"})
    took = time.monotonic() - started
    assert not answer.ok and answer.status is None
    assert answer.error.startswith("Deadline: no whole answer within 1.5 s")
    assert took < 2.5, f"the exchange went on for {took:.1f} s past its deadline"


def test_the_deadline_is_ten_seconds_by_default(settings):
    assert settings.HEARTS_WEBHOOK_DEADLINE == 10


def endpoint(club, owner, url) -> WebhookEndpoint:
    return services.create_endpoint(club=club, url=url, event_types=EventType.values, actor=owner)[
        0
    ]


def test_a_re_rating_runs_on_its_own_queue_while_deliveries_wait(
    public_club, owner, receiver, enqueued
):
    endpoint(public_club, owner, receiver.url)
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    settle_ratings_task.enqueue(public_club.pk)
    call_command("tasks_worker", queue=["ratings"], batch=True, interval=0, verbosity=0)
    for result in enqueued:
        result.refresh()
    by_queue = {result.task.queue_name: result.status for result in enqueued}
    assert by_queue == {"ratings": TaskResultStatus.SUCCESSFUL, "webhooks": TaskResultStatus.READY}
    assert receiver.attempts == 0
    run_worker()
    assert receiver.attempts == 1


def test_a_user_owns_at_most_the_clubs_the_setting_allows(client_for, owner, settings):
    assert settings.HEARTS_MAX_CLUBS_PER_USER == 5  # the default
    settings.HEARTS_MAX_CLUBS_PER_USER = 2
    api = client_for(owner)
    owned = Membership.objects.filter(user=owner, role=Role.OWNER).count()
    made = [
        api.post(f"{API}/clubs/", {"name": f"Club {n}", "slug": f"club-{n}"}, format="json")
        for n in range(2 - owned + 1)
    ]
    assert [r.status_code for r in made[:-1]] == [201] * (2 - owned)
    assert error_of(made[-1], 409) == ("too_many_clubs", None)
    owner.is_staff = True  # the site's staff are held to no limit
    owner.save()
    staff = api.post(f"{API}/clubs/", {"name": "Staff's", "slug": "staffs"}, format="json")
    assert staff.status_code == 201


def test_the_webhook_deliveries_and_re_ratings_are_on_two_queues():
    assert delivery.deliver.queue_name == "webhooks"
    assert settle_ratings_task.queue_name == "ratings"


def test_tasks_url_picks_the_redis_queue_with_both_queues_and_refuses_other_schemes():
    tasks, rq_queues, apps = task_settings({"TASKS_URL": "redis://10.0.0.30:6379/1"})
    assert tasks["default"]["BACKEND"] == "django_tasks_rq.RQBackend"
    assert set(tasks["default"]["QUEUES"]) == {"webhooks", "ratings"}
    assert rq_queues["ratings"]["URL"] == rq_queues["webhooks"]["URL"] == "redis://10.0.0.30:6379/1"
    assert {"django_rq", "django_tasks_rq"} <= set(apps)
    assert task_settings({})[0]["default"]["BACKEND"] == "django_tasks_db.DatabaseBackend"
    with pytest.raises(ImproperlyConfigured, match="TASKS_URL"):
        task_settings({"TASKS_URL": "amqp://broker/"})


def test_a_task_is_queued_where_tasks_url_says(public_club):
    """The database queue here; with ``TASKS_URL`` (CI's Redis phase), RQ's queue in Redis."""
    queued = settle_ratings_task.enqueue(public_club.pk)
    if not os.environ.get("TASKS_URL"):
        assert uses_database_queue()
        assert DBTaskResult.objects.filter(pk=queued.id, queue_name="ratings").exists()
        return
    import django_rq

    assert not uses_database_queue()
    assert queued.id in django_rq.get_queue("ratings").job_ids
    assert not DBTaskResult.objects.exists()


def test_a_queue_that_fails_after_the_commit_fails_nothing_of_the_write(django_user_model, caplog):
    """Redis restarting as a write commits: the write is kept and answered as done, the error
    logged; the task, a wake-up for what the database holds, is the sweep's to queue again."""

    def queue_away() -> None:
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    owner = django_user_model.objects.create_user("queue_owner", password=None)
    with transaction.atomic():
        club = services.create_club(user=owner, name="Queue Away", slug="queue-away")
        after_commit(queue_away)

    assert Club.objects.filter(pk=club.pk).exists()
    assert "queue_away" in caplog.text and "Error 111" in caplog.text
