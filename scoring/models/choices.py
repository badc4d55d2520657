"""The fixed lists a record chooses from: roles, a game's status, an entry's level, a dispute's
status."""

from __future__ import annotations

from django.db import models


class Role(models.TextChoices):
    OWNER = "owner"
    DIRECTOR = "director"
    SCORER = "scorer"
    MEMBER = "member"


class GameStatus(models.TextChoices):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class EntryLevel(models.TextChoices):
    POINTS = "points"
    CARDS = "cards_taken"
    PLAYS = "plays"


class DisputeStatus(models.TextChoices):
    OPEN = "open"
    ACCEPTED = "accepted"
    DISMISSED = "dismissed"
