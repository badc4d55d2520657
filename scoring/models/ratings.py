"""The rating each finished game moves, per player."""

from __future__ import annotations

from django.db import models
from django.db.models import QuerySet, Subquery
from django.db.models.functions import Coalesce

from .clubs import Club, Player
from .games import Game


class RatingEvent(models.Model):
    """One game's change to one player's rating (openskill Plackett-Luce), in date order.

    Derived from the games and rewritten by every re-rating (a row per seat of every game
    after the changed one), so its keys carry no database constraint: checking three keys on
    each of those rows cost more than writing them. Deleting a club, player or game still
    deletes its events (Django's cascade); the keys' own single-column indexes are left out
    where an index below starts with the same column.

    A re-rating writes a whole new ``generation`` of the club's events beside the one shown
    (``RatingsState.shown``), then shows it in a short transaction and deletes the old one:
    read the club's events through ``shown_events``, never the table alone."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="+", db_constraint=False, db_index=False
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="rating_events",
        db_constraint=False,
        db_index=False,
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="rating_events", db_constraint=False
    )
    at = models.DateTimeField(help_text="When the game finished.")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: the displayed rating.")
    change = models.FloatField(help_text="The ordinal's change in this game.")
    generation = models.PositiveBigIntegerField(
        db_default=0, help_text="The re-rating that wrote it; shown when its club's shown one."
    )

    class Meta:
        ordering = ["at", "game_id", "player_id"]
        indexes = [
            # A player's latest shown event (at, then game) is one seek: the tables' ratings.
            models.Index(fields=["player", "generation", "at", "game"]),
            models.Index(fields=["club", "generation", "at"]),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} after game {self.game_id}: {self.ordinal:.2f}"


class RatingsState(models.Model):
    """Whether a club's ratings are current. A write that changes a game earlier than the
    club's latest marks the ratings stale from that game's finish (in its own transaction);
    the task queue re-rates from there and clears the mark in one transaction."""

    club = models.OneToOneField(Club, primary_key=True, on_delete=models.CASCADE, related_name="+")
    stale_since = models.DateTimeField(
        null=True, blank=True, help_text="The earliest finish not yet re-rated; null: current."
    )
    generation = models.PositiveBigIntegerField(
        default=0,
        help_text="Marks counted: a re-rating clears one only if none came since.",
    )
    settled_at = models.DateTimeField(
        null=True, blank=True, help_text="When the ratings were last brought up to date."
    )
    shown = models.PositiveBigIntegerField(
        default=0, help_text="The generation of rating events the tables read."
    )
    reserved = models.PositiveBigIntegerField(
        default=0, help_text="The last generation a re-rating took to write."
    )

    def __str__(self) -> str:
        return f"club {self.club_id}: stale since {self.stale_since}"


def shown_generation(club_id) -> Coalesce:
    """The generation of the club's events that is shown (``club_id``: a number or an
    ``OuterRef``), as an expression: a query that filters by it reads the generation and its
    events in one statement, so one snapshot, never the old generation's half-deleted rows."""
    state = RatingsState.objects.filter(club_id=club_id).values("shown")[:1]
    return Coalesce(Subquery(state), 0, output_field=models.PositiveBigIntegerField())


def shown_events(club_id: int) -> QuerySet[RatingEvent]:
    """The club's rating events the tables read: its shown generation's."""
    return RatingEvent.objects.filter(club_id=club_id, generation=shown_generation(club_id))
