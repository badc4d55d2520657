"""Webhooks end to end: real writes, the real task worker (tasks_worker --batch, in-process) and a
real HTTP receiver on loopback. ``transaction=True``: the worker sees committed rows, as in
production."""

from __future__ import annotations

import re
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import transaction
from django.utils import timezone
from django_tasks.exceptions import TaskResultDoesNotExist

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import (
    DeliveryStatus,
    Event,
    EventCounter,
    EventType,
    WebhookDelivery,
    WebhookEndpoint,
)
from scoring.services import delivery
from tests.events.conftest import run_worker
from tests.events.receiver import verify
from tests.events.support import HAND, every_kind_of_write, last_sequence

pytestmark = pytest.mark.django_db(transaction=True)


def register(club, owner, url, types=None) -> tuple[WebhookEndpoint, str]:
    return services.create_endpoint(
        club=club, url=url, event_types=types or EventType.values, actor=owner
    )


def test_it_delivers_every_event_type_once_signed_and_in_order(public_club, owner, receiver):
    endpoint, secret = register(public_club, owner, receiver.url)
    after = last_sequence(public_club)
    expected = every_kind_of_write(public_club, owner)
    run_worker()
    events = receiver.events()
    assert set(expected) == set(EventType.values)
    assert [event["type"] for event in events] == expected
    assert [event["sequence"] for event in events] == list(
        range(after + 1, after + len(expected) + 1)
    )
    assert len({event["id"] for event in events}) == len(events)
    for item in receiver.received:
        assert verify(item.headers["Hearts-Signature"], item.body, secret)
        assert item.headers["Hearts-Event-Id"] == item.event["id"]
    for game in {event["game"] for event in events} - {None}:
        versions = [e["data"]["game"]["version"] for e in events if e["game"] == game]
        assert versions == sorted(versions), f"game {game}'s events out of order"
    rows = WebhookDelivery.objects.filter(endpoint=endpoint)
    assert {(row.status, row.attempts) for row in rows} == {(DeliveryStatus.DELIVERED, 1)}
    assert all(row.last_status_code == 204 and row.last_latency_ms is not None for row in rows)


def test_an_endpoint_hears_only_the_types_it_chose(public_club, owner, receiver):
    chosen = ["game.finished", "ratings.settled"]
    register(public_club, owner, receiver.url, types=chosen)
    written = every_kind_of_write(public_club, owner)
    run_worker()
    heard = [e["type"] for e in receiver.events()]
    assert heard == [kind for kind in written if kind in chosen]
    assert set(heard) == set(chosen) and len(heard) < len(written)


def test_a_receiver_that_fails_five_times_then_recovers_gets_every_event(
    public_club, owner, receiver
):
    receiver.fail_first = 5
    endpoint, _ = register(public_club, owner, receiver.url)
    expected = every_kind_of_write(public_club, owner)
    run_worker()
    assert receiver.attempts == len(expected) + 5
    assert [e["type"] for e in receiver.events()] == expected
    first = WebhookDelivery.objects.filter(endpoint=endpoint).order_by("event__sequence").first()
    assert first.attempts == 6
    endpoint.refresh_from_db()
    assert endpoint.enabled and endpoint.consecutive_failures == 0


def test_a_failure_waits_longer_each_time(public_club, owner, settings, enqueued):
    settings.HEARTS_WEBHOOK_BACKOFF = 30
    settings.HEARTS_WEBHOOK_TIMEOUT = 0.5
    # A closed port on loopback: the connection is refused at once.
    endpoint, _ = register(public_club, owner, "http://127.0.0.1:8499/nobody")
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    waits = []
    for _ in range(3):
        WebhookDelivery.objects.update(next_attempt_at=timezone.now())
        before = timezone.now()
        assert delivery.send_due(endpoint.pk) == 0
        row = WebhookDelivery.objects.get()
        waits.append(round((row.next_attempt_at - before).total_seconds()))
        queued = enqueued[-1].task
        assert abs(queued.run_after - row.next_attempt_at) < timedelta(seconds=1)
    assert waits == [30, 60, 120]
    assert row.status == DeliveryStatus.PENDING and row.last_error.startswith("ConnectionRefused")


def test_an_endpoint_failing_again_and_again_is_disabled_then_catches_up_when_enabled(
    public_club, owner, receiver, settings
):
    settings.HEARTS_WEBHOOK_MAX_FAILURES = 3
    receiver.fail_first = 3
    endpoint, _ = register(public_club, owner, receiver.url)
    after = last_sequence(public_club)
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    run_worker()
    endpoint.refresh_from_db()
    assert not endpoint.enabled and endpoint.consecutive_failures == 3
    assert "3 failed deliveries in a row" in endpoint.disabled_reason
    services.create_game(club=public_club, players=public_club.seated[1:5], actor=owner)
    run_worker()  # disabled: the new event waits too
    assert receiver.received == []
    services.set_endpoint_enabled(club=public_club, endpoint_id=endpoint.pk, enabled=True)
    run_worker()
    assert [e["sequence"] for e in receiver.events()] == [after + 1, after + 2]


def test_a_replayed_delivery_is_detectable_by_its_event_id(public_club, owner, receiver):
    endpoint, secret = register(public_club, owner, receiver.url)
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    run_worker()
    sent = WebhookDelivery.objects.get()
    services.redeliver(club=public_club, endpoint_id=endpoint.pk, delivery_id=sent.pk)
    run_worker()
    first, again = receiver.received
    assert first.headers["Hearts-Event-Id"] == again.headers["Hearts-Event-Id"]
    assert first.event == again.event
    assert verify(again.headers["Hearts-Signature"], again.body, secret)
    sent.refresh_from_db()
    assert sent.attempts == 2 and sent.status == DeliveryStatus.DELIVERED


def test_during_a_rotation_both_secrets_sign(public_club, owner, receiver, settings):
    endpoint, old = register(public_club, owner, receiver.url)
    _, new = services.rotate_secret(club=public_club, endpoint_id=endpoint.pk)
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    run_worker()
    (item,) = receiver.received
    header = item.headers["Hearts-Signature"]
    assert header.count("v1=") == 2
    assert verify(header, item.body, old) and verify(header, item.body, new)
    WebhookEndpoint.objects.update(previous_secret_until=timezone.now() - timedelta(seconds=1))
    services.create_game(club=public_club, players=public_club.seated[1:5], actor=owner)
    run_worker()
    header = receiver.received[1].headers["Hearts-Signature"]
    assert header.count("v1=") == 1 and not verify(header, receiver.received[1].body, old)
    assert verify(header, receiver.received[1].body, new)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8400/",
        "http://localhost:8400/",
        "http://10.1.2.3/",
        "http://192.168.0.10/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]:8400/",
        "http://[::ffff:127.0.0.1]/",
        "http://224.0.0.1/",
        "http://0.0.0.0/",
        "ftp://example.org/",
    ],
)
def test_it_refuses_private_loopback_and_link_local_destinations(public_club, owner, settings, url):
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = False
    with pytest.raises(DomainError) as refused:
        register(public_club, owner, url)
    assert refused.value.code in ("url_not_public", "url_scheme")
    assert not WebhookEndpoint.objects.exists()


def test_a_destination_that_turned_private_is_not_called(public_club, owner, receiver, settings):
    register(public_club, owner, receiver.url)
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = False
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    run_worker()
    assert receiver.attempts == 0
    assert "private, loopback" in WebhookDelivery.objects.get().last_error


def test_a_slow_receiver_times_out(public_club, owner, receiver, settings):
    settings.HEARTS_WEBHOOK_TIMEOUT = 0.5
    receiver.hold = threading.Event()
    register(public_club, owner, receiver.url)
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    delivery.send_due(WebhookEndpoint.objects.get().pk)
    row = WebhookDelivery.objects.get()
    assert row.status == DeliveryStatus.PENDING and "timed out" in row.last_error
    assert row.last_latency_ms < 3000


def still_queued(result) -> bool:
    """A task queued in a transaction that rolled back is no task (the database queue)."""
    try:
        result.refresh()
    except TaskResultDoesNotExist:
        return False
    return True


def test_a_write_that_fails_leaves_no_event_no_delivery_and_no_task(
    public_club, owner, receiver, enqueued
):
    register(public_club, owner, receiver.url)
    events = Event.objects.count()
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    with pytest.raises(DomainError):
        services.enter_hand(game_id=game.pk, number=2, entry=HAND, actor=owner)
    with pytest.raises(RuntimeError), transaction.atomic():
        services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=owner)
        raise RuntimeError("the request failed after the write")
    assert Event.objects.count() - events == WebhookDelivery.objects.count() == 1
    assert len([result for result in enqueued if still_queued(result)]) == 1
    run_worker()
    assert [e["type"] for e in receiver.events()] == ["game.started"]


def test_the_documented_check_verifies_a_real_delivery(public_club, owner, receiver):
    docs = (Path(__file__).resolve().parents[2] / "docs" / "webhooks.md").read_text()
    snippet = re.search(r"```python\n(.*?)```", docs, re.S).group(1)
    namespace: dict = {}
    exec(snippet, namespace)  # the documentation's own code, run as a reader would
    verified = namespace["verified"]
    _, secret = register(public_club, owner, receiver.url)
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    run_worker()
    (item,) = receiver.received
    header = item.headers["Hearts-Signature"]
    assert verified(item.body, header, secret)
    assert not verified(item.body + b" ", header, secret)
    assert not verified(item.body, header, "whsec_another")


def club_tasks(enqueued) -> int:
    return sum(result.task.module_path.endswith(".deliver_club") for result in enqueued)


def test_a_clubs_events_queue_one_delivery_task_until_it_starts(
    public_club, owner, receiver, enqueued
):
    register(public_club, owner, receiver.url)
    after = last_sequence(public_club)
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    for number in (1, 2, 3):
        services.enter_hand(game_id=game.pk, number=number, entry=HAND, actor=owner)
    assert club_tasks(enqueued) == 1  # the first event's: the others found it waiting
    assert WebhookDelivery.objects.count() == 4
    run_worker()
    assert [e["sequence"] - after for e in receiver.events()] == [1, 2, 3, 4]
    services.enter_hand(game_id=game.pk, number=4, entry=HAND, actor=owner)
    assert club_tasks(enqueued) == 2  # that task had started: the next event queues another
    run_worker()
    assert [e["sequence"] - after for e in receiver.events()] == [1, 2, 3, 4, 5]


def test_a_lost_delivery_task_holds_back_nothing_past_the_sweep(
    public_club, owner, receiver, enqueued
):
    after = last_sequence(public_club)
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    register(public_club, owner, receiver.url)
    # As a task lost after its write committed leaves the club: marked woken, no task.
    EventCounter.objects.filter(club=public_club).update(woken=True)
    services.create_game(club=public_club, players=public_club.seated[1:5], actor=owner)
    assert club_tasks(enqueued) == 0
    run_worker()
    assert receiver.received == []
    assert delivery.sweep() == 1
    assert not EventCounter.objects.get(club=public_club).woken
    run_worker()
    assert [e["sequence"] - after for e in receiver.events()] == [2]
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    assert club_tasks(enqueued) == 1
    run_worker()
    assert [e["sequence"] - after for e in receiver.events()] == [2, 3]
