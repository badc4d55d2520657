"""Where an imported game came from: the hand record's game id (docs/hand-record.md), so the
same record imported again adds nothing, and an export writes the id it came with."""

from __future__ import annotations

from django.db import models

from .clubs import Club
from .games import Game


class HandRecordOrigin(models.Model):
    """A game made by importing a hand record: its ``[Game]`` id and its text's digest."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="record_origin")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    record_game = models.CharField(max_length=200, help_text="The record's [Game] id.")
    digest = models.CharField(max_length=64, help_text="SHA-256 of the game's text as imported.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "record_game"], name="one_game_per_record_id")
        ]

    def __str__(self) -> str:
        return self.record_game
