"""The fixed lists a record chooses from: roles, a game's status and why it ended, an entry's
level, a dispute's status, a hand's confirmation, a player claim's status."""

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


class GameEnd(models.TextChoices):
    """Why a game ended ("" while it goes on, or when abandoned)."""

    TARGET_REACHED = "target_reached"
    SINGLE_HAND = "single_hand"
    ROUND_OVER = "round_over"


class EntryLevel(models.TextChoices):
    POINTS = "points"
    CARDS = "cards_taken"
    PLAYS = "plays"


class DisputeStatus(models.TextChoices):
    OPEN = "open"
    ACCEPTED = "accepted"
    DISMISSED = "dismissed"


class Confirmation(models.TextChoices):
    """Where a hand stands under a league's ``confirmations``: only a confirmed hand counts."""

    CONFIRMED = "confirmed"
    AWAITING = "awaiting"
    QUERIED = "queried"


class ClaimStatus(models.TextChoices):
    PENDING = "pending"
    APPROVED = "approved"
    REFUSED = "refused"
