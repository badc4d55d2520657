"""The club's event log (append-only, numbered 1, 2, … per club with no gap) and the webhook
endpoints that hear of it, with one delivery row per endpoint and event. A ``ping`` is an event
of one endpoint's, outside the log: no number, never in the feed."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .clubs import Club
from .games import Game


class EventType(models.TextChoices):
    """Each event type, declared once: its value, its data's serializer (by name, in
    scoring/api/serializers/events.py: the data's fields in the schema), and its words for a
    club owner choosing the types an endpoint hears. The feed's type filter, an endpoint's
    types, the data serializers (``DATA``), the webhook form's choices and the tests' lists
    follow from it; tests/events/test_event_types.py holds docs/webhooks.md's table to it.

    ``Event.type`` has no ``choices``: a new type here makes no migration."""

    data: str

    def __new__(cls, value: str, data: str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.data = data
        return member

    HAND_ENTERED = "hand.entered", "HandEventDataSerializer", _("A hand entered")
    HAND_CORRECTED = "hand.corrected", "HandEventDataSerializer", _("A hand corrected")
    HAND_VOIDED = "hand.voided", "HandEventDataSerializer", _("A hand voided")
    HAND_CONFIRMED = (
        "hand.confirmed",
        "HandEventDataSerializer",
        _("A hand confirmed at the table"),
    )
    HAND_QUERIED = "hand.queried", "DisputeEventDataSerializer", _("A hand queried at the table")
    GAME_STARTED = "game.started", "GameStartedDataSerializer", _("A game started")
    GAME_FINISHED = "game.finished", "GameFinishedDataSerializer", _("A game finished")
    GAME_ABANDONED = "game.abandoned", "GameAbandonedDataSerializer", _("A game abandoned")
    DISPUTE_OPENED = "dispute.opened", "DisputeEventDataSerializer", _("A dispute opened")
    DISPUTE_RESOLVED = "dispute.resolved", "DisputeEventDataSerializer", _("A dispute resolved")
    RULING_AWAITING = (
        "ruling.awaiting",
        "RulingEventDataSerializer",
        _("A ruling on a hand awaits a director"),
    )
    RULING_ACCEPTED = (
        "ruling.accepted",
        "RulingEventDataSerializer",
        _("A ruling on a hand accepted"),
    )
    RULING_OVERRIDDEN = (
        "ruling.overridden",
        "RulingEventDataSerializer",
        _("A ruling on a hand overridden"),
    )
    PLAYER_MERGED = "player.merged", "PlayerMergedDataSerializer", _("Two player records merged")
    PLAYER_ERASED = (
        "player.erased",
        "PlayerErasedDataSerializer",
        _("A player's name erased: their results kept under a pseudonym"),
    )
    PLAYER_NAME_VISIBILITY = (
        "player.name_visibility",
        "PlayerNameVisibilityDataSerializer",
        _("Who may read a player's name changed"),
    )
    RATINGS_SETTLED = "ratings.settled", "RatingsSettledDataSerializer", _("Ratings settled")
    NIGHT_OPENED = "night.opened", "NightOpenedDataSerializer", _("A tournament night opened")
    NIGHT_CHECKED_IN = (
        "night.checked_in",
        "NightCheckInDataSerializer",
        _("A player checked in at a night"),
    )
    NIGHT_WITHDRAWN = (
        "night.withdrawn",
        "NightWithdrawnDataSerializer",
        _("A player withdrew from a night"),
    )
    NIGHT_CLOSED = "night.closed", "NightDataSerializer", _("A tournament night closed")
    NIGHT_RESULTS_FINAL = (
        "night.results_final",
        "NightFinalDataSerializer",
        _("A night's results became final"),
    )
    NIGHT_CORRECTED = (
        "night.corrected",
        "NightCorrectedDataSerializer",
        _("A night's final results corrected by a director"),
    )
    ROUND_PUBLISHED = (
        "round.published",
        "RoundDataSerializer",
        _("A night's round drawn and published"),
    )
    ROUND_STARTED = "round.started", "RoundDataSerializer", _("A night's round started")
    ROUND_ENDED = "round.ended", "RoundDataSerializer", _("A night's round ended")
    ROUND_CHANGED = (
        "round.changed",
        "RoundChangedDataSerializer",
        _("A round's tables changed: a seat, a table's time, a table ended"),
    )


# A test event for one endpoint (its data: {"endpoint": id}), delivered as events are.
PING = "ping"


class EventCounter(models.Model):
    """A club's last event number. Its row is updated (so locked) by the write that records an
    event, until that write commits: the next event of the club waits, so numbers commit in
    order and a reader never sees 12 before 11. ``woken``: the club's webhook delivery task is
    queued and not yet started, so the events recorded meanwhile queue none of their own; that
    task sets it back as it starts (services/delivery.py)."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, primary_key=True, related_name="+")
    last = models.PositiveBigIntegerField(default=0)
    woken = models.BooleanField(
        default=False,
        help_text=(
            "The club's delivery task is queued: an event recorded meanwhile queues no other."
        ),
    )

    def __str__(self) -> str:
        return f"{self.club_id}: {self.last}"


class Event(models.Model):
    """Something that happened in a club, written in the transaction that made it happen, with
    the new state of what it concerns (``data``, one shape a type)."""

    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # No index of its own: the (club, sequence) constraint's serves a lookup by club, and an
    # index less is a b-tree less to write for every event.
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events", db_index=False)
    sequence = models.PositiveBigIntegerField(
        null=True, help_text="1, 2, … in the club: the feed's cursor (none for a ping)."
    )
    # No choices: the types are EventType's (or a ping), checked where an event is made
    # (services/events.prepare_event), so a new type needs no migration.
    type = models.CharField(max_length=32)
    at = models.DateTimeField(default=timezone.now)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    data = models.JSONField()

    class Meta:
        ordering = ["club_id", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["club", "sequence"], name="one_event_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.club_id}#{self.sequence} {self.type}"


class WebhookEndpoint(models.Model):
    """A URL a club owner registered, the event types it wants, and its signing secrets: the
    current one, and the one it replaced until ``previous_secret_until`` (rotation overlap)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="webhook_endpoints")
    url = models.URLField(max_length=500)
    event_types = models.JSONField(help_text="Event types delivered here.")
    secret = models.CharField(max_length=80)
    previous_secret = models.CharField(max_length=80, blank=True, default="")
    previous_secret_until = models.DateTimeField(null=True, blank=True)
    enabled = models.BooleanField(default=True)
    disabled_reason = models.CharField(max_length=200, blank=True, default="")
    consecutive_failures = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club_id", "id"]

    def __str__(self) -> str:
        return self.url


class DeliveryStatus(models.TextChoices):
    PENDING = "pending"
    SENDING = "sending"
    DELIVERED = "delivered"


class WebhookDelivery(models.Model):
    """One event for one endpoint: pending until a 2xx answer, retried with backoff; a row left
    ``sending`` by a killed worker is sent again once ``sending_since`` is older than the
    timeout. Delivered one at a time an endpoint, in event order."""

    # No index of its own: the (endpoint, event) constraint's serves a lookup by endpoint.
    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries", db_index=False
    )
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(
        max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    sending_since = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=200, blank=True, default="")
    last_latency_ms = models.PositiveIntegerField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["endpoint_id", "event_id"]
        constraints = [
            models.UniqueConstraint(fields=["endpoint", "event"], name="one_delivery_per_event")
        ]
        indexes = [models.Index(fields=["endpoint", "status", "event"])]

    def __str__(self) -> str:
        return f"{self.endpoint_id}: event {self.event_id} {self.status}"
