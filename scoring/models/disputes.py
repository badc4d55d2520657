"""A hand contested, and a director's decision on it."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .choices import DisputeStatus, EntryLevel, RulingKind, RulingStatus
from .games import Hand


class Dispute(models.Model):
    """A hand contested: with a trick record, which the engine rules on (a renege it proves can
    be penalised), or with the count someone claims each seat took (``points`` or
    ``cards_taken``), scored by the engine against the hand as recorded. A director accepts
    or dismisses it."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="disputes")
    record = models.JSONField(
        help_text="What the dispute carries: a trick record (plays, perhaps hands and "
        "first_leader) or a claimed count (points or cards_taken, with its details)."
    )
    ruling = models.JSONField(
        null=True, blank=True, help_text="The engine's ruling on a trick record; null for a count."
    )
    claim = models.JSONField(
        null=True,
        blank=True,
        help_text="A claimed count as the engine scored it when the dispute was opened, against "
        "the hand's recorded points and scores; null for a trick record.",
    )
    status = models.CharField(
        max_length=10, choices=DisputeStatus.choices, default=DisputeStatus.OPEN
    )
    reason = models.TextField(blank=True, default="", help_text="Why it was opened (the filer's).")
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    opened_at = models.DateTimeField(auto_now_add=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution_note = models.TextField(
        blank=True, default="", help_text="The director's note on the decision."
    )

    class Meta:
        ordering = ["opened_at", "id"]

    def __str__(self) -> str:
        return f"dispute {self.pk} ({self.status})"

    @property
    def level(self) -> str:
        """What it carries: ``plays`` (a trick record), or the level of a claimed count."""
        for level in (EntryLevel.POINTS, EntryLevel.CARDS):
            if level in self.record:
                return level.value
        return EntryLevel.PLAYS.value


class HandRuling(models.Model):
    """One ruling on a hand that a director accepts or overrides, carried by a dispute: the
    engine's ruling on one irregularity its record states (``index``: its place in the record's
    ``irregularities``). ``current``: it is on the hand's record as it stands (a dispute with
    another record becomes current when the director first decides on it; a correction makes
    the hand's earlier rulings history)."""

    dispute = models.ForeignKey(Dispute, on_delete=models.PROTECT, related_name="rulings")
    kind = models.CharField(
        max_length=16, choices=RulingKind.choices, default=RulingKind.IRREGULARITY
    )
    index = models.PositiveSmallIntegerField(
        help_text="Its place in the record's irregularities, from 0."
    )
    ruling = models.JSONField(help_text="The engine's ruling on it, as the record was ruled.")
    status = models.CharField(
        max_length=10, choices=RulingStatus.choices, default=RulingStatus.AWAITING
    )
    current = models.BooleanField(
        default=True, help_text="On the hand's record as it stands: its decision scores the hand."
    )
    result = models.JSONField(
        null=True,
        blank=True,
        help_text="An override's own result: the count each seat took (points, as a hand entry "
        "takes them), which the hand is scored from; null: the hand stands as played for it.",
    )
    reason = models.TextField(
        blank=True, default="", help_text="The director's reason (an override's, required)."
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["dispute_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["dispute", "index"], name="one_ruling_per_place")
        ]

    def __str__(self) -> str:
        return f"ruling {self.pk} ({self.status})"
