"""Webhook endpoints, as a club's owner manages them (the pages and the API alike): registered
with the event types wanted (the signing secret shown once), changed, the secret rotated with
an overlap, disabled and enabled, deleted; a delivery sent again, and a ``ping`` sent as any
event is. A URL is checked against private addresses when it is registered or changed, and
again at every send (services/outbound.py)."""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from hearts_site.errors import Conflict, DomainError, NotFoundError, TooManyRequests
from scoring.models import (
    PING,
    Club,
    DeliveryStatus,
    Event,
    EventType,
    WebhookDelivery,
    WebhookEndpoint,
)
from scoring.services.delivery import wake
from scoring.services.outbound import check_url
from scoring.services.throttling import count_write


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


def _types(event_types: Iterable[str]) -> list[str]:
    wanted = sorted(set(event_types))
    unknown = [t for t in wanted if t not in EventType.values]
    if not wanted or unknown:
        raise DomainError(
            "unknown_event_type",
            _("Choose event types among {types}.").format(types=", ".join(EventType.values)),
            "event_types",
        )
    return wanted


@transaction.atomic
def create_endpoint(
    *, club: Club, url: str, event_types: Iterable[str], actor
) -> tuple[WebhookEndpoint, str]:
    """A new endpoint and its secret (kept to sign, shown to the owner this once). Its URL is
    checked now as every delivery checks it: public addresses only, unless allowed."""
    check_url(url)
    types = _types(event_types)
    most = settings.HEARTS_WEBHOOK_MAX_ENDPOINTS
    if WebhookEndpoint.objects.filter(club=club).count() >= most:
        most_endpoints = ngettext(
            "A club has at most {most} endpoints.", "A club has at most {most} endpoints.", most
        )
        raise DomainError("too_many_endpoints", most_endpoints.format(most=most), "url")
    secret = new_secret()
    endpoint = WebhookEndpoint.objects.create(
        club=club, url=url, event_types=types, secret=secret, created_by=actor
    )
    return endpoint, secret


def _locked(club: Club, endpoint_id: int) -> WebhookEndpoint:
    """The club's endpoint, its row locked: first, as every writer of deliveries locks
    (services/delivery.py)."""
    endpoint = WebhookEndpoint.objects.select_for_update().filter(pk=endpoint_id, club=club).first()
    if endpoint is None:
        raise _no_endpoint()
    return endpoint


def _no_endpoint() -> NotFoundError:
    return NotFoundError("endpoint_not_found", _("No such webhook endpoint."), None)


@transaction.atomic
def update_endpoint(
    *,
    club: Club,
    endpoint_id: int,
    url: str | None = None,
    event_types: Iterable[str] | None = None,
) -> WebhookEndpoint:
    """A new URL (checked as at registration) or new event types: the events recorded from now
    on are delivered as they say; what is already queued stays queued, to the new URL."""
    endpoint = _locked(club, endpoint_id)
    if url is not None:
        check_url(url)
        endpoint.url = url
    if event_types is not None:
        endpoint.event_types = _types(event_types)
    endpoint.save(update_fields=["url", "event_types"])
    return endpoint


@transaction.atomic
def delete_endpoint(*, club: Club, endpoint_id: int) -> None:
    """The endpoint and its deliveries are gone (its pings with them); the club's events stay."""
    endpoint = _locked(club, endpoint_id)
    pings = list(
        WebhookDelivery.objects.filter(endpoint=endpoint, event__type=PING).values_list(
            "event_id", flat=True
        )
    )
    endpoint.delete()
    Event.objects.filter(pk__in=pings).delete()


def ping_endpoint(*, club: Club, endpoint_id: int) -> WebhookDelivery:
    """A ``ping`` for this endpoint alone, delivered as any event is (signed, retried, in the
    delivery log) and ahead of the events waiting for it; never in the club's feed (it has no
    sequence). A disabled endpoint is refused: its deliveries wait until it is enabled. Spends
    the endpoint's budget of sends (``spend_sends``)."""
    spend_sends(club, endpoint_id)
    return _ping(club, endpoint_id)


@transaction.atomic
def _ping(club: Club, endpoint_id: int) -> WebhookDelivery:
    endpoint = _locked(club, endpoint_id)
    if not endpoint.enabled:
        raise Conflict(
            "endpoint_disabled",
            _("The endpoint is disabled: its deliveries wait. Enable it, then ping it."),
            None,
        )
    event = Event.objects.create(
        club=club, sequence=None, type=PING, data={"endpoint": endpoint.pk}
    )
    delivery = WebhookDelivery.objects.create(endpoint=endpoint, event=event)
    wake([endpoint.pk])
    return delivery


def spend_sends(club: Club, endpoint_id: int) -> None:
    """One of the endpoint's sends asked by its owner (a ping, a delivery sent again): at most
    ``HEARTS_WEBHOOK_SENDS_PER_MINUTE`` in each calendar minute, pages and API together, or
    a 429 ``too_many_sends`` saying when the next minute starts. Counted in a statement of its
    own before the send's transaction, for this club's endpoints only (another's is a 404
    that spends nothing), so that a burst of sends stops here rather than as tasks queued."""
    if not WebhookEndpoint.objects.filter(pk=endpoint_id, club=club).exists():
        raise _no_endpoint()
    most = settings.HEARTS_WEBHOOK_SENDS_PER_MINUTE
    now = time.time()
    if count_write(f"webhook-sends:{endpoint_id}", int(now // 60)) <= most:
        return
    sends = ngettext(
        "This endpoint has had its {most} ping or resend of this minute: try again in {wait} s.",
        "This endpoint has had its {most} pings and resends of this minute: try again in {wait} s.",
        most,
    )
    wait = max(1, math.ceil(60 - now % 60))
    raise TooManyRequests("too_many_sends", sends.format(most=most, wait=wait), None, wait=wait)


@transaction.atomic
def rotate_secret(*, club: Club, endpoint_id: int) -> tuple[WebhookEndpoint, str]:
    """A new secret signs from now on; the old one also signs until the overlap ends
    (HEARTS_WEBHOOK_SECRET_OVERLAP), so the receiver can switch without missing one."""
    endpoint = _locked(club, endpoint_id)
    secret = new_secret()
    endpoint.previous_secret = endpoint.secret
    endpoint.previous_secret_until = timezone.now() + settings.HEARTS_WEBHOOK_SECRET_OVERLAP
    endpoint.secret = secret
    endpoint.save(update_fields=["secret", "previous_secret", "previous_secret_until"])
    return endpoint, secret


@transaction.atomic
def set_endpoint_enabled(*, club: Club, endpoint_id: int, enabled: bool) -> WebhookEndpoint:
    """Disable an endpoint (its deliveries wait), or enable it again: its failures are
    forgotten and what waited is sent, in order."""
    endpoint = _locked(club, endpoint_id)
    endpoint.enabled = enabled
    if enabled:
        endpoint.consecutive_failures = 0
        endpoint.disabled_reason = ""
        WebhookDelivery.objects.filter(endpoint=endpoint, status=DeliveryStatus.PENDING).update(
            next_attempt_at=timezone.now()
        )
        wake([endpoint.pk])
    else:
        endpoint.disabled_reason = "Disabled by the club's owner."
    endpoint.save(update_fields=["enabled", "consecutive_failures", "disabled_reason"])
    return endpoint


def redeliver(*, club: Club, endpoint_id: int, delivery_id: int) -> WebhookDelivery:
    """Send a delivery again now (once more if it was delivered: the receiver tells the copy
    by its event id). One already due or being sent is left as it is, with no task queued: it
    goes anyway. Spends the endpoint's budget of sends (``spend_sends``)."""
    spend_sends(club, endpoint_id)
    return _redeliver(club, endpoint_id, delivery_id)


@transaction.atomic
def _redeliver(club: Club, endpoint_id: int, delivery_id: int) -> WebhookDelivery:
    endpoint = _locked(club, endpoint_id)
    delivery = (
        WebhookDelivery.objects.select_for_update()
        .filter(pk=delivery_id, endpoint=endpoint)
        .first()
    )
    if delivery is None:
        raise NotFoundError("delivery_not_found", _("No such delivery."), None)
    now = timezone.now()
    waiting = delivery.status == DeliveryStatus.PENDING and delivery.next_attempt_at <= now
    if waiting or delivery.status == DeliveryStatus.SENDING:
        return delivery
    delivery.status = DeliveryStatus.PENDING
    delivery.next_attempt_at = now
    delivery.save(update_fields=["status", "next_attempt_at"])
    if endpoint.enabled:
        wake([endpoint.pk])
    return delivery
