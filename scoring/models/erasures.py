"""A person forgotten (issue 55, point 2): the record an erasure leaves in each club, without
the name. The player's results stay under ``pseudonym``; what the erasure removed and
scrubbed is counted; the webhook deliveries already sent that carried the name are listed,
for the club's directors to ask their receivers to forget them too."""

from __future__ import annotations

from django.db import models
from django.utils.translation import pgettext_lazy


class ErasureAsker(models.TextChoices):
    """Who asked: a role, never a name."""

    PERSON = "person", pgettext_lazy("who asked for an erasure", "The person themselves")
    DIRECTOR = "director", pgettext_lazy("who asked for an erasure", "A director of the club")


class Erasure(models.Model):
    club = models.ForeignKey(
        "scoring.Club",
        null=True,
        on_delete=models.PROTECT,
        related_name="erasures",
        help_text="Null: a person forgotten who was in no club.",
    )
    player = models.ForeignKey(
        "scoring.Player",
        null=True,
        on_delete=models.PROTECT,
        related_name="erasures",
        help_text="The player renamed; null: a member with no player.",
    )
    pseudonym = models.CharField(
        max_length=100, blank=True, help_text="The name the results now carry."
    )
    asked_by = models.CharField(max_length=10, choices=ErasureAsker.choices)
    at = models.DateTimeField(auto_now_add=True)
    removed = models.JSONField(help_text="Rows deleted or scrubbed of the name, by kind.")
    delivered = models.JSONField(help_text="Webhook deliveries already sent that carried the name.")

    class Meta:
        ordering = ["club_id", "-at", "-id"]

    def __str__(self) -> str:
        return f"erasure {self.pk}: {self.pseudonym}"
