"""What an owner asks an endpoint to send (issue 51, finding 2): a delivery already on its way
is not queued again, and pings and redeliveries are limited per endpoint
(``HEARTS_WEBHOOK_SENDS_PER_MINUTE``, a 429 ``too_many_sends`` with ``Retry-After``), through
the API and the Webhooks page alike."""

from __future__ import annotations

import time

import pytest
from django.utils import timezone

from scoring import services
from scoring.models import DeliveryStatus, EventType, WebhookDelivery
from tests.events.support import HAND
from tests.events.test_webhooks_api import add, hook
from tests.scoring.support import error_of


@pytest.fixture
def api(client_for, owner):
    return client_for(owner)


@pytest.fixture
def one_minute():
    """The test runs inside one calendar minute (the budget's window): one about to end is
    waited out."""
    left = 60 - time.time() % 60
    if left < 10:
        time.sleep(left + 0.1)


def first_delivery(club, owner, api) -> tuple[int, WebhookDelivery]:
    endpoint_id = add(api, club, types=EventType.values).json()["id"]
    services.create_game(club=club, players=club.seated[:4], actor=owner)
    return endpoint_id, WebhookDelivery.objects.get(endpoint_id=endpoint_id)


@pytest.mark.django_db
def test_redelivering_a_delivery_already_due_or_being_sent_queues_nothing(
    public_club, owner, api, enqueued
):
    endpoint_id, delivery = first_delivery(public_club, owner, api)
    redeliver = hook(public_club, endpoint_id, f"deliveries/{delivery.pk}/redeliver/")
    before = len(enqueued)
    waiting = api.post(redeliver)
    assert (waiting.status_code, waiting.json()["status"]) == (202, "pending")
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        status=DeliveryStatus.SENDING, sending_since=timezone.now()
    )
    sending = api.post(redeliver)
    assert (sending.status_code, sending.json()["status"]) == (202, "sending")
    assert len(enqueued) == before  # no task: each goes out anyway
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        status=DeliveryStatus.DELIVERED, delivered_at=timezone.now()
    )
    delivered = api.post(redeliver)
    assert (delivered.status_code, delivered.json()["status"]) == (202, "pending")
    assert len(enqueued) == before + 1  # sent once more


@pytest.mark.django_db
def test_a_delivery_waiting_for_its_retry_is_brought_forward_once(
    public_club, owner, api, enqueued
):
    endpoint_id, delivery = first_delivery(public_club, owner, api)
    later = timezone.now() + timezone.timedelta(minutes=30)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(next_attempt_at=later)
    redeliver = hook(public_club, endpoint_id, f"deliveries/{delivery.pk}/redeliver/")
    before = len(enqueued)
    for _ in range(3):
        assert api.post(redeliver).status_code == 202
    assert WebhookDelivery.objects.get(pk=delivery.pk).next_attempt_at <= timezone.now()
    assert len(enqueued) == before + 1


@pytest.mark.django_db
def test_pings_and_redeliveries_past_an_endpoints_budget_are_a_429_too_many_sends(
    public_club, private_club, owner, api, client_for, settings, one_minute
):
    assert settings.HEARTS_WEBHOOK_SENDS_PER_MINUTE == 20  # the default
    settings.HEARTS_WEBHOOK_SENDS_PER_MINUTE = 3
    endpoint_id, delivery = first_delivery(public_club, owner, api)
    other_id = add(api, public_club, "http://127.0.0.1:9/other").json()["id"]
    ping = hook(public_club, endpoint_id, "ping/")
    redeliver = hook(public_club, endpoint_id, f"deliveries/{delivery.pk}/redeliver/")
    assert [api.post(url).status_code for url in (ping, redeliver, ping)] == [202] * 3
    pings = WebhookDelivery.objects.filter(endpoint_id=endpoint_id).count()
    for url in (ping, redeliver):
        refused = api.post(url)
        assert error_of(refused, 429) == ("too_many_sends", None)
        assert 1 <= int(refused["Retry-After"]) <= 60
        assert "try again in" in refused.json()["errors"][0]["detail"]
    assert WebhookDelivery.objects.filter(endpoint_id=endpoint_id).count() == pings
    # Another endpoint has a budget of its own; another club's owner spends none of this one's.
    assert api.post(hook(public_club, other_id, "ping/")).status_code == 202
    theirs = add(api, private_club, "http://127.0.0.1:9/theirs").json()["id"]
    assert error_of(api.post(hook(public_club, theirs, "ping/")), 404)[0] == "endpoint_not_found"
    assert api.post(hook(private_club, theirs, "ping/")).status_code == 202


@pytest.mark.django_db
def test_the_webhook_page_says_when_an_endpoints_budget_is_spent(
    public_club, owner, client, settings, one_minute
):
    settings.HEARTS_WEBHOOK_SENDS_PER_MINUTE = 1
    client.force_login(owner)
    endpoint, _ = services.create_endpoint(
        club=public_club, url="http://127.0.0.1:9/h", event_types=EventType.values, actor=owner
    )
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=owner)
    delivery = WebhookDelivery.objects.filter(endpoint=endpoint).first()
    page = f"/clubs/{public_club.slug}/webhooks/{endpoint.pk}/"
    first = client.post(page, {"delivery": delivery.pk}, follow=True)
    assert "Sent again" in first.content.decode()
    second = client.post(page, {"delivery": delivery.pk}, follow=True)
    assert second.status_code == 200
    assert "this minute: try again in" in second.content.decode()
