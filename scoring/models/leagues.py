"""Leagues and their seasons."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from .clubs import Club


class League(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="leagues")
    name = models.CharField(max_length=100)
    ruleset = models.JSONField(help_text="Every option spelled out (the engine's options()).")
    ranking = models.JSONField(default=dict, blank=True, help_text="How the table ranks.")
    confirmations = models.PositiveSmallIntegerField(
        default=0,
        choices=[(0, "off"), (1, "one other seated player")],
        help_text="Who confirms a hand before it counts: 0 no one, 1 a player at another seat.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(max_length=100)
    starts_on = models.DateField()
    ends_on = models.DateField()

    class Meta:
        ordering = ["starts_on", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")), name="season_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return f"{self.league}: {self.name}"
