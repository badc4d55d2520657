"""Games at a table, their seats, their hands, and the append-only history of changes."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudication.engine.scoring_cards import SCORING_CARDS

from .choices import Confirmation, EntryLevel, GameEnd, GameStatus
from .clubs import Club, Player
from .counts import HAND_COUNTS
from .leagues import League, Season


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
    table = models.CharField(
        max_length=30,
        blank=True,
        default="",
        help_text='Where it is played ("Table 3"): no two games in progress at one table.',
    )
    first_dealer = models.PositiveSmallIntegerField(default=0)
    confirmations = models.PositiveSmallIntegerField(
        default=0, help_text="The league's confirmations when the game started (a snapshot)."
    )
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
    end_reason = models.CharField(
        max_length=16,
        choices=GameEnd.choices,
        blank=True,
        default="",
        help_text="Why a finished game ended: its target, or its night's round being over.",
    )
    # A night's round limits its games: the first hand entered after ``round_ends_at`` (the
    # hand in play at the bell) ends it, as does hand ``round_hands``; "round over".
    round_ends_at = models.DateTimeField(null=True, blank=True)
    round_hands = models.PositiveSmallIntegerField(null=True, blank=True)
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
        "end_reason",
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
        constraints = [
            # A table seats one game at a time: two games in progress in a club never share a
            # table's name (in any case); a finished or abandoned game frees it.
            models.UniqueConstraint(
                "club",
                Lower("table"),
                condition=models.Q(status=GameStatus.IN_PROGRESS) & ~models.Q(table=""),
                name="one_game_in_progress_a_table",
            )
        ]

    def __str__(self) -> str:
        return f"Game {self.pk}"

    @property
    def label(self) -> str:
        """How the pages name the game: its table first, when it has one."""
        game = _("Game {number}").format(number=self.pk)
        return f"{self.table} · {game}" if self.table else game


class GameSeat(models.Model):
    """A player in a seat (0.. clockwise), with the game's result for that seat once over."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    total = models.IntegerField(default=0)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    is_winner = models.BooleanField(default=False)
    # Then a column per count of ``HAND_COUNTS`` (added below the class): kept by the services
    # over the game's counted hands, so a league table never re-reads every hand.

    # The seat's result, as the services keep it after every write.
    RESULT_FIELDS = ("total", "place", "is_winner", *(count.name for count in HAND_COUNTS))

    class Meta:
        ordering = ["game_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat}"


for _count in HAND_COUNTS:
    GameSeat.add_to_class(_count.name, _count.seat_field())


def taker_columns() -> dict[str, models.Field]:
    """A ``Hand`` column a scoring card, for the seat that took it."""
    return {
        card.name: models.PositiveSmallIntegerField(null=True, blank=True) for card in SCORING_CARDS
    }


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
    # Who took each scoring card: a column a card, named as the card's entry detail
    # (adjudication/engine/scoring_cards.py). Made here, so that they stand here in the field
    # order (Django orders fields as they were made; the backup's keys follow it), and added
    # to the class below it (add_to_class).
    _takers = taker_columns()
    queen_by = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Who took the Q♠ (null when points alone cannot say)."
    )
    gems = models.JSONField(null=True, blank=True)
    adjudication = models.JSONField(null=True, blank=True)
    renege_by = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Set when a director accepted a renege ruling."
    )
    ruled = models.JSONField(
        null=True,
        blank=True,
        help_text="What the director decided on the rulings of its record, as its score follows "
        "them: accepted (the irregularities' places whose rectification applies), result (an "
        "override's own count, scored instead) and moon_choice; null: none decided, scored as "
        "played.",
    )
    is_void = models.BooleanField(default=False)
    confirmation = models.CharField(
        max_length=10, choices=Confirmation.choices, default=Confirmation.CONFIRMED
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who made the entry awaiting confirmation (their seat cannot confirm it).",
    )
    confirmed_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    revision = models.PositiveIntegerField(
        default=1,
        help_text="Bumped by every change of its entry or score: a confirmation names the "
        "revision it saw, and is refused once the hand changed since.",
    )
    recorded_at = models.DateTimeField(
        default=timezone.now,
        editable=False,  # the server's reading, as created_at is
        help_text="When the hand was recorded at the table, as a night's round limit reads "
        "it: when it arrived, or when the phone that kept it offline recorded it, within "
        "bounds (README, A hand sent late).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    # What the history keeps of a hand before and after each change.
    SNAPSHOT_FIELDS = ("entry", "points", "scores", "is_void", "renege_by", "ruled")

    class Meta:
        ordering = ["game_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number")
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} hand {self.number}"

    def snapshot(self) -> dict:
        return {name: getattr(self, name) for name in self.SNAPSHOT_FIELDS}

    @property
    def counts(self) -> bool:
        """Whether the hand adds to its game: not void, and confirmed (``COUNTED`` in SQL)."""
        return not self.is_void and self.confirmation == Confirmation.CONFIRMED


for _name, _column in Hand._takers.items():
    Hand.add_to_class(_name, _column)
del Hand._takers

#: The hands that add to their game's totals, seats and tables: ``Hand.counts`` as a filter.
COUNTED = models.Q(is_void=False, confirmation=Confirmation.CONFIRMED)


class SeatChange(models.Model):
    """A seat of a game taken by a substitute from hand ``from_hand`` on (issue 52), so each
    hand says who played each seat: the seat's holder at hand n is the player of its last
    change from a hand at or before n, else the ``replaced`` player of its first change (who
    started it), else the seat's player. Whom the seat's game counts to is its ``GameSeat``'s
    player, as the night's ``substitute_scores`` said when the change was made."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_changes")
    seat = models.PositiveSmallIntegerField()
    from_hand = models.PositiveIntegerField(help_text="The first hand the substitute plays.")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    replaced = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["game_id", "seat", "from_hand"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat", "from_hand"], name="one_seat_change_a_hand"
            )
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat} from hand {self.from_hand}"


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
