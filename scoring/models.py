"""Scorekeeping records: clubs, members, players, leagues, seasons, games, hands, history.

Nothing a table recorded is ever deleted: hands are voided, players merged, games abandoned,
and every change is appended to the game's history with who, when, before, after and why.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q


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


class Role(models.TextChoices):
    OWNER = "owner"
    DIRECTOR = "director"
    SCORER = "scorer"
    MEMBER = "member"


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
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged_from"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["club", "name"])]

    def __str__(self) -> str:
        return self.name


class League(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="leagues")
    name = models.CharField(max_length=100)
    ruleset = models.JSONField(help_text="Every option spelled out (the engine's options()).")
    ranking = models.JSONField(default=dict, blank=True, help_text="How the table ranks.")
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


class GameStatus(models.TextChoices):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class Game(models.Model):
    """A game at one table. Its ruleset is a snapshot: later league changes never rescore it."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="games")
    league = models.ForeignKey(
        League, null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    ruleset = models.JSONField()
    first_dealer = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(
        max_length=12, choices=GameStatus.choices, default=GameStatus.IN_PROGRESS
    )
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=1, help_text="Its ETag; bumped by each write.")
    # Kept by the services after every write, so a scoreboard or table never re-adds hands.
    totals = models.JSONField(default=list)
    gems = models.JSONField(null=True, blank=True)
    hands_played = models.PositiveIntegerField(default=0)
    winners = models.JSONField(default=list, help_text="Seats, once the game is over.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    # What scoring a hand changes on its game: a write of these alone, not of the ruleset and
    # the rest, which no hand changes.
    SETTLED_FIELDS = (
        "totals",
        "gems",
        "hands_played",
        "status",
        "winners",
        "finished_at",
        "version",
        "updated_at",
    )

    class Meta:
        ordering = ["-started_at", "-id"]
        indexes = [
            models.Index(fields=["league", "status", "finished_at"]),
            # Covers the standings' data version (count, sum of versions, latest change of a
            # club's finished games), read by every poll, 304s included, without the rows.
            models.Index(fields=["club", "status", "updated_at", "version"]),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk}"


class GameSeat(models.Model):
    """A player in a seat (0.. clockwise), with the game's result for that seat once over."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    total = models.IntegerField(default=0)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    is_winner = models.BooleanField(default=False)
    # Per-game results kept by the services, so a league table never re-reads every hand.
    hands_played = models.PositiveIntegerField(default=0)
    points_taken = models.IntegerField(default=0)
    moons = models.PositiveIntegerField(default=0)
    queens = models.PositiveIntegerField(default=0)
    clean_hands = models.PositiveIntegerField(default=0)
    gems = models.IntegerField(null=True, blank=True)

    # The seat's result, as the services keep it after every write.
    RESULT_FIELDS = (
        "total",
        "place",
        "is_winner",
        "hands_played",
        "points_taken",
        "moons",
        "queens",
        "clean_hands",
        "gems",
    )

    class Meta:
        ordering = ["game_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat}"


class EntryLevel(models.TextChoices):
    POINTS = "points"
    CARDS = "cards_taken"
    PLAYS = "plays"


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField()
    pass_direction = models.CharField(max_length=6)
    level = models.CharField(max_length=12, choices=EntryLevel.choices)
    entry = models.JSONField(help_text="The entry exactly as the scorer sent it.")
    points = models.JSONField(help_text="Penalty points taken per seat.")
    scores = models.JSONField(help_text="The hand's score per seat under the game's ruleset.")
    moon_shooter = models.PositiveSmallIntegerField(null=True, blank=True)
    moon_choice = models.CharField(max_length=24, blank=True, default="")
    jack_of_diamonds = models.PositiveSmallIntegerField(null=True, blank=True)
    queen_by = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Who took the Q♠ (null when points alone cannot say)."
    )
    gems = models.JSONField(null=True, blank=True)
    adjudication = models.JSONField(null=True, blank=True)
    renege_by = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Set when a director accepted a renege ruling."
    )
    is_void = models.BooleanField(default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    # What the history keeps of a hand before and after each change.
    SNAPSHOT_FIELDS = ("entry", "points", "scores", "is_void", "renege_by")

    class Meta:
        ordering = ["game_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number")
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} hand {self.number}"

    def snapshot(self) -> dict:
        return {name: getattr(self, name) for name in self.SNAPSHOT_FIELDS}


class DisputeStatus(models.TextChoices):
    OPEN = "open"
    ACCEPTED = "accepted"
    DISMISSED = "dismissed"


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


class HistoryEntry(models.Model):
    """Append-only: every change to a game or its hands, with before, after and why."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="history")
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    action = models.CharField(max_length=32)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["at", "id"]
        verbose_name_plural = "history entries"

    def __str__(self) -> str:
        return f"game {self.game_id}: {self.action}"


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


class DeviceToken(models.Model):
    """An API token for one device; only its hash is stored, the key is shown once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="device_tokens"
    )
    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8, help_text="The key's first characters, to tell apart.")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix})"

    @staticmethod
    def hash_key(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    @staticmethod
    def new_key() -> str:
        return secrets.token_urlsafe(32)


class Invitation(models.Model):
    """An owner's invitation to join a club with a role, accepted by whoever holds its token
    (a link): only the token's hash is stored, the token is shown once."""

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

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.club} as {self.role}"


class IdempotencyRecord(models.Model):
    """A create request's key, written in the same transaction as the change it made."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_response_per_key")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.key}"


class WriteCount(models.Model):
    """The write throttle's count for one user (or anonymous address) in its current window."""

    key = models.CharField(max_length=100, primary_key=True)
    bucket = models.BigIntegerField(help_text="The window: seconds since the epoch // its length.")
    hits = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"{self.key}: {self.hits} in window {self.bucket}"


class RatingEvent(models.Model):
    """One game's change to one player's rating (openskill Plackett-Luce), in date order."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_events")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_events")
    at = models.DateTimeField(help_text="When the game finished.")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: the displayed rating.")
    change = models.FloatField(help_text="The ordinal's change in this game.")

    class Meta:
        ordering = ["at", "game_id", "player_id"]
        indexes = [
            # A player's latest event (at, then game) is one seek: the tables' ratings.
            models.Index(fields=["player", "at", "game"]),
            models.Index(fields=["club", "at"]),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} after game {self.game_id}: {self.ordinal:.2f}"
