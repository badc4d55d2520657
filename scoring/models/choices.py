"""The fixed lists a record chooses from: roles, a game's status and why it ended, an entry's
level, a dispute's status, a hand's confirmation, a player claim's status, a ruling's kind and
status."""

from __future__ import annotations

from django.db import models
from django.utils.translation import pgettext_lazy


class Role(models.TextChoices):
    OWNER = "owner", pgettext_lazy("a role in a club", "Owner")
    DIRECTOR = "director", pgettext_lazy("a role in a club", "Director")
    SCORER = "scorer", pgettext_lazy("a role in a club", "Scorer")
    MEMBER = "member", pgettext_lazy("a role in a club", "Member")


class NameVisibility(models.TextChoices):
    """Who may read a player's name (issue 55; docs/deploy.md: who may see a name): everyone,
    the club's members, or only the player and the club's directors (to the rest, "Player
    <id>")."""

    PUBLIC = "public", pgettext_lazy("who may see a name", "Everyone")
    MEMBERS = "members", pgettext_lazy("who may see a name", "The club's members")
    HIDDEN = "hidden", pgettext_lazy("who may see a name", "Nobody but me and the directors")


class GameStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", pgettext_lazy("a game's status", "In Progress")
    FINISHED = "finished", pgettext_lazy("a game's status", "Finished")
    ABANDONED = "abandoned", pgettext_lazy("a game's status", "Abandoned")


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


class RulingKind(models.TextChoices):
    """What a ruling on a hand rules on: an irregularity the record states, or the claim it
    ends in."""

    IRREGULARITY = "irregularity"
    CLAIM = "claim"


class RulingStatus(models.TextChoices):
    """Where a ruling on a hand stands: awaiting the director, accepted (the hand is scored
    from its rectification), overridden (the director's own result, with a reason), or
    withdrawn (its record was corrected, or the hand voided, before anyone decided)."""

    AWAITING = "awaiting"
    ACCEPTED = "accepted"
    OVERRIDDEN = "overridden"
    WITHDRAWN = "withdrawn"
