"""Clubs, their members, their players and the invitations that bring members in."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from .choices import ClaimStatus, NameVisibility, Role


def new_results_version() -> str:
    return uuid.uuid4().hex


class Club(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=60, unique=True)
    is_public = models.BooleanField(default=True, help_text="Anyone may read its games.")
    created_at = models.DateTimeField(auto_now_add=True)
    # A new random value whenever anything the club's tables show changes (services.
    # results_changed): it names their cached copies and their ETags, read with the club's row.
    results_version = models.CharField(max_length=32, default=new_results_version, editable=False)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="one_role_per_club")]
        ordering = ["club_id", "user_id"]

    def __str__(self) -> str:
        return f"{self.user} in {self.club}: {self.role}"


class Player(models.Model):
    """A person at the table. A merged record points at the one it was merged into."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(max_length=100)
    # Who may read the name (docs/deploy.md: who may see a name); every output shows it through
    # scoring/selectors/names.py.
    name_visibility = models.CharField(
        max_length=8, choices=NameVisibility.choices, default=NameVisibility.PUBLIC
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged_from"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The PIN a player confirms hands with on the scorer's device: only its hash (Django's
    # password hashers), and the wrong guesses that block it for a while: in a row, and in a
    # day (``pin_day``, the site's date of the latest wrong guess).
    pin_hash = models.CharField(max_length=128, blank=True, default="")
    pin_failures = models.PositiveSmallIntegerField(default=0)
    pin_blocked_until = models.DateTimeField(null=True, blank=True)
    pin_day = models.DateField(null=True, blank=True)
    pin_day_failures = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["club", "name"])]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=models.Q(user__isnull=False),
                name="one_player_per_user_per_club",
            )
        ]

    def __str__(self) -> str:
        return self.name


class PlayerMerge(models.Model):
    """The record of two player records of one person becoming one."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    source = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    target = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    seats_moved = models.JSONField(help_text="GameSeat ids that moved to the target.")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True, default="")

    def __str__(self) -> str:
        return f"player {self.source_id} into {self.target_id}"


class Invitation(models.Model):
    """An owner's invitation to join a club with a role, accepted by whoever holds its token
    (a link): only the token's hash is stored, the token is shown once. Until it is accepted
    an owner may revoke it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=16, choices=Role.choices)
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    # An owner took it back before anyone accepted it: its link opens nothing any more.
    revoked_at = models.DateTimeField(null=True, blank=True)
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="A director's invitation to be this player: accepting links the account.",
    )

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.club} as {self.role}"


class PlayerClaim(models.Model):
    """A signed-in user's claim to be one of a club's players, approved or refused by a
    director; approval links the account to the player."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(
        max_length=10, choices=ClaimStatus.choices, default=ClaimStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "user"],
                condition=models.Q(status="pending"),
                name="one_pending_claim_per_player_and_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} claims player {self.player_id} ({self.status})"
