"""The webhook worker's threads (the database queue's worker, hearts_site/tasks/worker.py): a club
with slow receivers has at most its share of them (``HEARTS_WEBHOOK_CLUB_CONCURRENCY``), so
another club's delivery goes while the slow ones hang (issue 34, finding 1). Real receivers on
loopback, the real worker loops in threads of this process, on committed rows."""

from __future__ import annotations

import threading
import time

import pytest

from hearts_site.tasks.worker import LivingWorker
from scoring import services
from scoring.models import DeliveryStatus, EventType, WebhookDelivery, WebhookEndpoint
from tests.events.receiver import Receiver

pytestmark = pytest.mark.django_db(transaction=True)


def endpoint(club, owner, url) -> WebhookEndpoint:
    return services.create_endpoint(club=club, url=url, event_types=EventType.values, actor=owner)[
        0
    ]


def test_a_club_with_slow_receivers_leaves_the_other_threads_to_other_clubs(
    public_club, private_club, owner, settings
):
    """Three threads; the slow club's three endpoints each have a task queued first. At most
    two of its deliveries are under way (its share), so the third thread delivers the other
    club's event while the slow ones hang; when they answer, the one that waited goes too."""
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
