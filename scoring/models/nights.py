"""Tournament nights: a league's night of rounds, who checked in, each round's draw and tables,
each table linked to the game it created."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext as _

from .clubs import Club, Player
from .games import Game, HistoryEntry
from .leagues import League

# How long a closed night's results stay provisional (corrections welcome) before they are
# final, unless the night says otherwise.
DEFAULT_CORRECTION_MINUTES = 30


class NightStatus(models.TextChoices):
    OPEN = "open"  # checking in, drawing and playing rounds
    CLOSED = "closed"


class RoundStatus(models.TextChoices):
    PROPOSED = "proposed"  # drawn, shown to the director, not yet published
    PUBLISHED = "published"  # its games made, not yet started
    PLAYING = "playing"  # on the clock
    OVER = "over"


class SubstituteScores(models.TextChoices):
    """Whom a seat's game counts to when a substitute took the seat after hands were recorded
    (docs/rules.md, "A substitute at a table")."""

    STARTER = "starter", _("The player who started the seat")
    FINISHER = "finisher", _("The player who finished the seat")


class Night(models.Model):
    """A night of rounds for one league. A round ends at a time (``round_minutes``) or after
    a number of hands (``round_hands``): exactly one of the two."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="nights")
    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="nights")
    name = models.CharField(max_length=100)
    status = models.CharField(max_length=8, choices=NightStatus.choices, default=NightStatus.OPEN)
    rounds_planned = models.PositiveSmallIntegerField()
    round_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    round_hands = models.PositiveSmallIntegerField(null=True, blank=True)
    table_sizes = models.JSONField(help_text="The table sizes a draw may use, 4 first.")
    seed = models.PositiveIntegerField(default=0)
    formula = models.JSONField(help_text="How the night's standings count (checked).")
    correction_minutes = models.PositiveSmallIntegerField(
        default=DEFAULT_CORRECTION_MINUTES,
        help_text="After the night closes, its results stay provisional this long, then are "
        "final (once no hand waits).",
    )
    substitute_scores = models.CharField(
        max_length=8,
        choices=SubstituteScores.choices,
        default=SubstituteScores.STARTER,
        help_text="A seat taken by a substitute after hands were recorded: its game (hands "
        "before and after) counts to the player who started it (starter) or who finished it "
        "(finisher).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    final_at = models.DateTimeField(
        null=True, blank=True, help_text="When its results were told final (night.results_final)."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(round_minutes__isnull=True) & Q(round_hands__gt=0))
                | (Q(round_hands__isnull=True) & Q(round_minutes__gt=0)),
                name="night_round_ends_one_way",
            )
        ]

    def __str__(self) -> str:
        return self.name


class CheckIn(models.Model):
    """A player at a night: arrived before round ``arrived_before`` (1 for the start), and
    withdrawn before round ``withdrawn_before`` if they left; rounds already played stay."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="check_ins")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="check_ins")
    arrived_before = models.PositiveSmallIntegerField(default=1)
    withdrawn_before = models.PositiveSmallIntegerField(null=True, blank=True)
    by_self = models.BooleanField(default=False, help_text="Checked in by scanning the QR code.")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["night_id", "at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="one_check_in_a_night")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} at night {self.night_id}"

    @property
    def present(self) -> bool:
        return self.withdrawn_before is None


class NightRound(models.Model):
    """A round: its draw (proposed, then published as games), its server-time start and end."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=10, choices=RoundStatus.choices, default=RoundStatus.PROPOSED
    )
    repeats = models.PositiveIntegerField(default=0, help_text="Pairs meeting again, whole night.")
    lower_bound = models.PositiveIntegerField(default=0)
    planned = models.PositiveSmallIntegerField(
        default=1, help_text="Rounds its draw planned together, this one first."
    )
    seed = models.PositiveBigIntegerField(
        default=0, help_text="The seed its draw used: drawing again tries another."
    )
    starts_at = models.DateTimeField(null=True, blank=True)
    minutes = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Its length.")
    hands = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Or its hands.")
    ends_at = models.DateTimeField(null=True, blank=True, help_text="By the clock only.")
    ended_at = models.DateTimeField(null=True, blank=True)
    standings = models.JSONField(
        null=True, blank=True, help_text="The night's standings as they stood when it ended."
    )

    class Meta:
        ordering = ["night_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="one_round_a_number")
        ]

    def __str__(self) -> str:
        return f"night {self.night_id} round {self.number}"


class NightTable(models.Model):
    """A table of a round: its players in seat order as drawn, and the game it created."""

    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    players = models.JSONField(help_text="Player ids, seat 0 first, as the draw placed them.")
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="night_table"
    )
    extensions = models.JSONField(
        default=list,
        blank=True,
        help_text="The director's extensions of its time: minutes and reason each.",
    )
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="When its director ended its game before the round."
    )

    class Meta:
        ordering = ["round_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_night_table_a_number")
        ]

    def __str__(self) -> str:
        return f"round {self.round_id} table {self.number}"

    @property
    def name(self) -> str:
        """ "Table 3", in the reader's language."""
        return _("Table {number}").format(number=self.number)


class NightCorrection(models.Model):
    """A change to a hand of a night whose results were final: a director's, with a reason,
    listed with the night's standings. What changed, by whom and why is its game's history
    entry."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="corrections")
    entry = models.OneToOneField(
        HistoryEntry, on_delete=models.CASCADE, related_name="night_correction"
    )

    class Meta:
        ordering = ["night_id", "entry_id"]

    def __str__(self) -> str:
        return f"night {self.night_id}: {self.entry_id}"
