"""Webhook deliveries, sent by the task queue: one endpoint's events one at a time, in event
order, each signed; a failure waits (exponential backoff) and blocks the later events of that
endpoint, so a receiver hears every event once delivered, in order. After
``HEARTS_WEBHOOK_MAX_FAILURES`` failures in a row the endpoint is disabled; its deliveries wait
until its owner enables it again. Deliveries run on the ``webhooks`` queue, apart from
re-ratings; a club has at most ``HEARTS_WEBHOOK_CLUB_CONCURRENCY`` deliveries under way at
once, so the webhook worker's other threads stay free for other clubs. A worker killed
mid-send leaves its delivery ``sending``: once older than ``HEARTS_WEBHOOK_SENDING_TIMEOUT``
it is sent again (``sweep``, and any later task of the endpoint), so a receiver may see an
event twice: the ``Hearts-Event-Id`` tells.

The writes that record events queue one task a club, not one an event: the first event an
enabled endpoint wants queues ``deliver_club`` and marks the club's counter row ``woken``; the
events recorded before that task starts queue nothing (their deliveries are rows by then, and
the task reads them after it clears the mark). A task lost after its write committed (a Redis
enqueue after a crash, a worker killed first) leaves the mark standing: ``sweep`` clears it and
sends what waits.

Every transaction that writes deliveries locks rows in one order, so that no two wait for
each other: endpoints first (several: in id order, as ``claim`` locks the club's), then
deliveries. (``finish`` once locked its delivery first, and a burst of redeliveries
deadlocked with it: issue 51.)"""

from __future__ import annotations

import hashlib
import hmac
import time
from datetime import datetime, timedelta

import orjson
from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django_tasks import task

from hearts_site.tasks.queue import WEBHOOKS, enqueue_with_transaction, uses_database_queue
from scoring import sql
from scoring.models import DeliveryStatus, EventCounter, WebhookDelivery, WebhookEndpoint
from scoring.selectors.events import envelope
from scoring.services import outbound

SIGNATURE_HEADER = "Hearts-Signature"
EVENT_ID_HEADER = "Hearts-Event-Id"


def signature(body: bytes, secrets: list[str], timestamp: int) -> str:
    """``t=<unix time>,v1=<hex HMAC-SHA256 of "t.body">``, one ``v1`` a secret in use."""
    signed = f"{timestamp}.".encode() + body
    macs = [hmac.new(s.encode(), signed, hashlib.sha256).hexdigest() for s in secrets]
    return ",".join([f"t={timestamp}", *(f"v1={mac}" for mac in macs)])


def secrets_of(endpoint: WebhookEndpoint, now: datetime) -> list[str]:
    """The secrets that sign now: the current one, and the one it replaced during the overlap."""
    keep_old = endpoint.previous_secret and (endpoint.previous_secret_until or now) > now
    return [endpoint.secret, endpoint.previous_secret] if keep_old else [endpoint.secret]


def wake(endpoint_ids: list[int], at: datetime | None = None) -> None:
    """Queue one delivery task for these endpoints, existing exactly when what it delivers
    does (``enqueue_with_transaction``)."""
    # Due already: queued now (RQ would hold any run_after for its scheduler's next look).
    later = at is not None and at > timezone.now()
    queued = deliver.using(run_after=at) if later else deliver
    ids = sorted(endpoint_ids)
    enqueue_with_transaction(lambda: queued.enqueue(ids))


@task(queue_name=WEBHOOKS)
def deliver(endpoint_ids: list[int]) -> int:
    """Send each endpoint's due deliveries (``send_due``); returns how many were delivered.
    A retry, a ping, an endpoint enabled, a delivery sent again, the sweep's: one endpoint's
    task each."""
    return sum(send_due(endpoint_id) for endpoint_id in endpoint_ids)


def wake_club(club_id: int) -> None:
    """Queue the club's delivery task (``deliver_club``) in the caller's transaction, which
    holds the club's event counter row, and mark the row ``woken``: until that task starts,
    the club's events queue no other."""
    sql.mark_woken(club_id)
    if uses_database_queue():  # one INSERT of the library's row (``sql.queue_task``)
        sql.queue_task(deliver_club, [club_id])
    else:
        enqueue_with_transaction(lambda: deliver_club.enqueue(club_id))


@task(queue_name=WEBHOOKS)
def deliver_club(club_id: int) -> int:
    """The club's events: its ``woken`` mark cleared first, and committed, so that an event
    recorded from now on queues a task again (one recorded before is a delivery row already,
    read below); then each enabled endpoint of the club with a delivery due is sent, the first
    here, the others each in a task of its own, so a slow receiver holds up no other. Returns
    how many were delivered here."""
    EventCounter.objects.filter(club_id=club_id).update(woken=False)
    endpoints = _due_endpoints(club_id)
    if not endpoints:
        return 0
    with transaction.atomic():
        for endpoint_id in endpoints[1:]:
            wake([endpoint_id])
    return send_due(endpoints[0])


def send_due(endpoint_id: int) -> int:
    """Send the endpoint's due deliveries in order until none is due or one fails; returns how
    many were delivered."""
    delivered = 0
    while (claimed := claim(endpoint_id)) is not None:
        delivery, url, secrets = claimed
        body = orjson.dumps(envelope(delivery.event))
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "Hearts-Webhooks/1",
            EVENT_ID_HEADER: str(delivery.event.uid),
            SIGNATURE_HEADER: signature(body, secrets, int(time.time())),
        }
        answer = outbound.post(url, body, headers)
        if not finish(delivery.pk, answer):
            break
        delivered += 1
    return delivered


def _stale(now: datetime) -> datetime:
    """A delivery ``sending`` since before this was left by a killed worker."""
    return now - timedelta(seconds=settings.HEARTS_WEBHOOK_SENDING_TIMEOUT)


@transaction.atomic
def claim(endpoint_id: int) -> tuple[WebhookDelivery, str, list[str]] | None:
    """The next delivery to send, marked ``sending``, with the URL and secrets; None when the
    endpoint is disabled, busy (another worker is sending), its club has its share of
    deliveries under way, or it has nothing due yet. The club's endpoints' rows are locked
    meanwhile (in id order), so two workers never claim for one endpoint, nor past the club's
    share."""
    club_id = WebhookEndpoint.objects.filter(pk=endpoint_id).values_list("club_id").first()
    if club_id is None:
        return None
    endpoints = list(
        WebhookEndpoint.objects.select_for_update().filter(club_id=club_id[0]).order_by("pk")
    )
    endpoint = next((e for e in endpoints if e.pk == endpoint_id), None)
    if endpoint is None or not endpoint.enabled:
        return None
    now = timezone.now()
    if _under_way(club_id[0], now) >= settings.HEARTS_WEBHOOK_CLUB_CONCURRENCY:
        return None  # sent when one of them finishes (``finish`` wakes the club's others)
    head = (
        WebhookDelivery.objects.filter(endpoint_id=endpoint_id)
        .exclude(status=DeliveryStatus.DELIVERED)
        .select_related("event")
        # A ping (no sequence) goes ahead of the events waiting, in the order it was asked.
        .order_by(F("event__sequence").asc(nulls_first=True), "pk")
        .first()
    )
    if head is None or head.next_attempt_at > now:
        return None
    if head.status == DeliveryStatus.SENDING and head.sending_since > _stale(now):
        return None
    head.status = DeliveryStatus.SENDING
    head.sending_since = now
    head.attempts += 1
    head.save(update_fields=["status", "sending_since", "attempts"])
    return head, endpoint.url, secrets_of(endpoint, now)


def _under_way(club_id: int, now: datetime) -> int:
    """The club's deliveries being sent now (not those left by a killed worker)."""
    return WebhookDelivery.objects.filter(
        endpoint__club_id=club_id, status=DeliveryStatus.SENDING, sending_since__gt=_stale(now)
    ).count()


def backoff(failures: int) -> timedelta:
    base = settings.HEARTS_WEBHOOK_BACKOFF
    return timedelta(
        seconds=min(base * 2 ** max(failures - 1, 0), settings.HEARTS_WEBHOOK_BACKOFF_MAX)
    )


@transaction.atomic
def finish(delivery_id: int, answer: outbound.Answer) -> bool:
    """Keep an attempt's outcome; on failure, schedule the retry or disable the endpoint.
    Returns whether it was delivered (False too when its endpoint was deleted meanwhile).
    Locks in the one order (above): the endpoint, then the delivery."""
    endpoint_id = WebhookDelivery.objects.filter(pk=delivery_id).values_list("endpoint_id")
    endpoint = WebhookEndpoint.objects.select_for_update().filter(pk__in=endpoint_id).first()
    delivery = WebhookDelivery.objects.select_for_update().filter(pk=delivery_id).first()
    if endpoint is None or delivery is None:
        return False
    now = timezone.now()
    delivery.last_status_code = answer.status
    delivery.last_latency_ms = answer.latency_ms
    delivery.last_error = answer.error
    delivery.sending_since = None
    if answer.ok:
        delivery.status = DeliveryStatus.DELIVERED
        delivery.delivered_at = now
        endpoint.consecutive_failures = 0
    else:
        delivery.status = DeliveryStatus.PENDING
        endpoint.consecutive_failures += 1
        delivery.next_attempt_at = now + backoff(endpoint.consecutive_failures)
        if endpoint.consecutive_failures >= settings.HEARTS_WEBHOOK_MAX_FAILURES:
            endpoint.enabled = False
            endpoint.disabled_reason = (
                f"Disabled after {endpoint.consecutive_failures} failed deliveries in a row "
                f"(the last: {answer.error or f'HTTP {answer.status}'})."
            )[:200]
        else:
            wake([endpoint.pk], at=delivery.next_attempt_at)
    delivery.save()
    endpoint.save(update_fields=["consecutive_failures", "enabled", "disabled_reason"])
    if _under_way(endpoint.club_id, now) + 1 >= settings.HEARTS_WEBHOOK_CLUB_CONCURRENCY:
        _wake_waiting(endpoint, now)  # the club was at its share: others may have waited
    return answer.ok


def _wake_waiting(endpoint: WebhookEndpoint, now: datetime) -> None:
    """A delivery of the club's finished: queue its other endpoints with one due, which may
    have waited for the club's share (``claim``)."""
    waiting = list(
        WebhookDelivery.objects.filter(
            endpoint__club_id=endpoint.club_id,
            endpoint__enabled=True,
            status=DeliveryStatus.PENDING,
            next_attempt_at__lte=now,
        )
        .exclude(endpoint_id=endpoint.pk)
        .values_list("endpoint_id", flat=True)
        .distinct()
        .order_by("endpoint_id")
    )
    for endpoint_id in waiting:  # one task each: a slow receiver holds up no other
        wake([endpoint_id])


def _due_endpoints(club_id: int | None = None) -> list[int]:
    """The enabled endpoints (of the club, or of every club) with a delivery due, or one left
    ``sending`` past the timeout by a killed worker, in id order."""
    now = timezone.now()
    due = Q(status=DeliveryStatus.PENDING, next_attempt_at__lte=now) | Q(
        status=DeliveryStatus.SENDING, sending_since__lte=_stale(now)
    )
    rows = WebhookDelivery.objects.filter(due, endpoint__enabled=True)
    if club_id is not None:
        rows = rows.filter(endpoint__club_id=club_id)
    return list(rows.values_list("endpoint_id", flat=True).distinct().order_by("endpoint_id"))


def sweep() -> int:
    """Queue a delivery task for each enabled endpoint with a delivery due, or left
    ``sending`` past the timeout by a killed worker; returns how many. Run it every minute or
    so (``manage.py sweep``). The clubs' ``woken`` marks are cleared first: one left
    standing by a lost task would hold back the club's next wake-ups."""
    EventCounter.objects.filter(woken=True).update(woken=False)
    endpoints = _due_endpoints()
    with transaction.atomic():
        for endpoint_id in endpoints:  # one task each: a slow receiver holds up no other
            wake([endpoint_id])
    return len(endpoints)
