"""Reads of the event log: a club's events after a cursor, as the feed and webhooks show
them, and an owner's endpoints with their recent deliveries."""

from __future__ import annotations

from typing import Any

from scoring.models import Event, WebhookDelivery, WebhookEndpoint


def envelope(event: Event) -> dict[str, Any]:
    """An event as the feed lists it and a webhook POSTs it: one shape, so the two agree."""
    return {
        "id": str(event.uid),
        "type": event.type,
        "sequence": event.sequence,
        "created_at": event.at.isoformat(),
        "club": event.club_id,
        "game": event.game_id,
        "data": event.data,
    }


def events_after(club_id: int, after: int, limit: int) -> tuple[list[dict[str, Any]], bool]:
    """Up to ``limit`` of the club's events numbered above ``after``, in order, and whether
    more follow. Numbers commit in order (services/events.py), so no later read finds one
    below the last number this one returned."""
    rows = list(
        Event.objects.filter(club_id=club_id, sequence__gt=after).order_by("sequence")[: limit + 1]
    )
    return [envelope(event) for event in rows[:limit]], len(rows) > limit


def endpoints_of(club_id: int) -> list[WebhookEndpoint]:
    return list(WebhookEndpoint.objects.filter(club_id=club_id).order_by("id"))


def disabled_endpoints(club_id: int) -> list[WebhookEndpoint]:
    return list(WebhookEndpoint.objects.filter(club_id=club_id, enabled=False).order_by("id"))


def deliveries_of(endpoint: WebhookEndpoint, limit: int = 50) -> list[WebhookDelivery]:
    """The endpoint's latest deliveries, newest event first."""
    return list(
        WebhookDelivery.objects.filter(endpoint=endpoint)
        .select_related("event")
        .order_by("-event__sequence")[:limit]
    )
