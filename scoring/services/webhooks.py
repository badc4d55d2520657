"""Webhook endpoints, as a club's owner manages them (the pages and the API alike): registered
with the event types wanted (the signing secret shown once), changed, the secret rotated with
an overlap, disabled and enabled, deleted; a delivery sent again, and a ``ping`` sent as any
event is. A URL is checked against private addresses when it is registered or changed, and
again at every send (services/outbound.py)."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from hearts_site.errors import Conflict, DomainError, NotFoundError
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
    endpoint = WebhookEndpoint.objects.select_for_update().filter(pk=endpoint_id, club=club).first()
    if endpoint is None:
        raise NotFoundError("endpoint_not_found", _("No such webhook endpoint."), None)
    return endpoint


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


@transaction.atomic
def ping_endpoint(*, club: Club, endpoint_id: int) -> WebhookDelivery:
    """A ``ping`` for this endpoint alone, delivered as any event is (signed, retried, in the
    delivery log) and ahead of the events waiting for it; never in the club's feed (it has no
    sequence). A disabled endpoint is refused: its deliveries wait until it is enabled."""
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


@transaction.atomic
def redeliver(*, club: Club, endpoint_id: int, delivery_id: int) -> WebhookDelivery:
    """Send a delivery again now (once more if it was delivered: the receiver tells the copy
    by its event id)."""
    endpoint = _locked(club, endpoint_id)
    delivery = (
        WebhookDelivery.objects.select_for_update()
        .filter(pk=delivery_id, endpoint=endpoint)
        .first()
    )
    if delivery is None:
        raise NotFoundError("delivery_not_found", _("No such delivery."), None)
    if delivery.status != DeliveryStatus.SENDING:
        delivery.status = DeliveryStatus.PENDING
        delivery.next_attempt_at = timezone.now()
        delivery.save(update_fields=["status", "next_attempt_at"])
    if endpoint.enabled:
        wake([endpoint.pk])
    return delivery
