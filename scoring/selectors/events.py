"""Reads of the event log: a club's events after a cursor, as the feed and webhooks show
them, and an owner's endpoints with their recent deliveries."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from hearts_site.api.json import utc_text
from hearts_site.errors import DomainError, NotFoundError
from scoring.models import Event, WebhookDelivery, WebhookEndpoint
from scoring.selectors.names import for_everyone, shown_player_name, shown_rows


def envelope(event: Event) -> dict[str, Any]:
    """An event as the feed lists it and a webhook POSTs it: one shape, so the two agree."""
    return {
        "id": str(event.uid),
        "type": event.type,
        "sequence": event.sequence,
        "created_at": utc_text(event.at),
        "club": event.club_id,
        "game": event.game_id,
        "data": _named_publicly(event.data),
    }


def _named_publicly(data: Any) -> Any:
    """An event's data with the players it names (``{"player": {"id", "name"}}``: a night's
    check-in or withdrawal; a final night's ``standings``) as the public reads them: a body
    leaves the service, so it carries a name only when its player shows it to everyone
    (docs/webhooks.md)."""
    if not isinstance(data, dict):
        return data
    player, rows = data.get("player"), data.get("standings")
    with for_everyone():
        if isinstance(player, dict) and "id" in player and "name" in player:
            name = shown_player_name(player["id"], player["name"])
            data = {**data, "player": {**player, "name": name}}
        if isinstance(rows, list) and all(isinstance(r, dict) and "name" in r for r in rows):
            data = {**data, "standings": shown_rows(rows)}
    return data


def events_after(
    club_id: int, after: int, limit: int, types: Collection[str] = ()
) -> tuple[list[dict[str, Any]], bool]:
    """Up to ``limit`` of the club's events numbered above ``after`` (of ``types``, when some
    are named), in order, and whether more follow. Numbers commit in order
    (services/events.py), so no later read finds one below the last number this one returned.

    A cursor past the club's last event is refused (``cursor_ahead``): it can only come from
    elsewhere (another club, a database restored from an older backup), and would otherwise
    wait, silently, for events it has already missed. The event numbered ``after`` is read
    with the rest, in the same query: numbers have no gaps, so its absence says so."""
    wanted = Q(type__in=types) if types else Q()
    if after:  # the held event too: sequence >= after, read along the same index
        wanted = Q(sequence=after) | (Q(sequence__gt=after) & wanted)
    rows = list(
        Event.objects.filter(Q(club_id=club_id, sequence__gte=after) & wanted).order_by("sequence")[
            : limit + 1 + bool(after)
        ]
    )
    if after:
        if not rows or rows[0].sequence != after:
            raise DomainError(
                "cursor_ahead",
                _(
                    "The club has no event {after} yet: keep the after that an answer gave "
                    "you, or start again from 0."
                ).format(after=after),
                "after",
            )
        rows = rows[1:]
    return [envelope(event) for event in rows[:limit]], len(rows) > limit


def endpoints_of(club_id: int) -> list[WebhookEndpoint]:
    return list(WebhookEndpoint.objects.filter(club_id=club_id).order_by("id"))


def endpoint_of(club_id: int, endpoint_id: int) -> WebhookEndpoint:
    """The club's endpoint ``endpoint_id``; another club's, or none, is a 404."""
    endpoint = WebhookEndpoint.objects.filter(pk=endpoint_id, club_id=club_id).first()
    if endpoint is None:
        raise NotFoundError("endpoint_not_found", _("No such webhook endpoint."), None)
    return endpoint


def disabled_endpoints(club_id: int) -> list[WebhookEndpoint]:
    return list(WebhookEndpoint.objects.filter(club_id=club_id, enabled=False).order_by("id"))


def deliveries_of(endpoint: WebhookEndpoint, limit: int = 50) -> list[WebhookDelivery]:
    """The endpoint's latest deliveries, newest first."""
    return list(endpoint_deliveries(endpoint.pk)[:limit])


def endpoint_deliveries(endpoint_id: int, status: str | None = None):
    """The endpoint's deliveries, newest first (queued in event order, a ping when asked for),
    with their events; of one status when ``status`` is given."""
    rows = WebhookDelivery.objects.filter(endpoint_id=endpoint_id).select_related("event")
    if status:
        rows = rows.filter(status=status)
    return rows.order_by("-pk")
