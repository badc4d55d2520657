"""No caller stalls what everyone shares (issue 34, finding 1): a delivery has one deadline
for the whole exchange, a club's deliveries leave the webhook worker's other threads to other
clubs, re-ratings have a queue of their own, and endpoints and clubs are limited.

Real receivers on loopback, the real worker loops (hearts_site/worker.py) in threads of this
process on committed rows (``transaction=True``)."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.management import call_command
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from scoring import services
from scoring.models import (
    DeliveryStatus,
    EventType,
    Membership,
    Role,
    WebhookDelivery,
    WebhookEndpoint,
)
from scoring.services import delivery, outbound
from scoring.services.rerating import settle_ratings_task
from tests.events.conftest import run_worker
from tests.events.receiver import Receiver, Trickler
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


def test_a_re_rating_runs_on_its_own_queue_while_deliveries_wait(public_club, owner, receiver):
    endpoint(public_club, owner, receiver.url)
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    settle_ratings_task.enqueue(public_club.pk)
    call_command("tasks_worker", queue=["ratings"], batch=True, interval=0, verbosity=0)
    by_queue = dict(DBTaskResult.objects.values_list("queue_name", "status"))
    assert by_queue == {"ratings": TaskResultStatus.SUCCESSFUL, "webhooks": TaskResultStatus.READY}
    assert receiver.attempts == 0
    run_worker()
    assert receiver.attempts == 1


def test_a_club_with_slow_receivers_leaves_the_other_threads_to_other_clubs(
    public_club, private_club, owner, settings
):
    """Three threads; the slow club's three endpoints each have a task queued first. At most
    two of its deliveries are under way (its share), so the third thread delivers the other
    club's event while the slow ones hang; when they answer, the one that waited goes too."""
    from hearts_site.worker import LivingWorker

    settings.HEARTS_WEBHOOK_CLUB_CONCURRENCY = 2
    slow = Receiver(hold=threading.Event()).start()
    fast = Receiver().start()
    loops = []
    try:
        slow_ones = [endpoint(public_club, owner, slow.url + f"&n={n}") for n in range(3)]
        ping = [services.ping_endpoint(club=public_club, endpoint_id=e.pk) for e in slow_ones]
        assert len(ping) == 3  # three tasks queued, one an endpoint
        other = endpoint(private_club, owner, fast.url)
        services.ping_endpoint(club=private_club, endpoint_id=other.pk)
        loops = [
            LivingWorker(
                queue_names=["webhooks"],
                interval=0.05,
                batch=False,
                backend_name="default",
                startup_delay=False,
                max_tasks=None,
                worker_id=f"isolation-{n}",
                excluded_queue_names=[],
            )
            for n in range(3)
        ]
        threads = [threading.Thread(target=loop.run, daemon=True) for loop in loops]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 5
        while not fast.received:
            assert time.monotonic() < deadline, "the other club's delivery waited for the slow"
            time.sleep(0.05)
        rows = WebhookDelivery.objects.filter(endpoint__club=public_club)
        assert rows.filter(status=DeliveryStatus.SENDING).count() == 2
        slow.hold.set()
        deadline = time.monotonic() + 10
        while rows.exclude(status=DeliveryStatus.DELIVERED).exists():
            assert time.monotonic() < deadline, list(rows.values_list("status", flat=True))
            time.sleep(0.05)
        assert len(slow.received) == 3
    finally:
        for loop in loops:
            loop.stop()
        slow.stop()
        fast.stop()


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
