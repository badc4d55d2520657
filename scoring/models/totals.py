"""Per-player totals a day and a month: what the league and club tables add up, kept by the
services."""

from __future__ import annotations

from datetime import date, timedelta

from django.db import models

from .clubs import Club, Player
from .counts import TOTALLED


def keys_of_a_span(span: str) -> tuple[list, list]:
    """A totals table's unique key (one row a player, league, season and ``span``) and its
    indexes: a table reads a league's (or a club's) rows player by player, summed in index
    order with no sort of the rows, and a period's spans found within each player's."""
    unique = models.UniqueConstraint(
        fields=["club", "league_key", "season_key", span, "player"],
        name=f"one_total_a_player_and_{span}",
    )
    indexes = [
        models.Index(fields=["league_key", "player", span]),
        models.Index(fields=["club", "player", span]),
    ]
    return [unique], indexes


class PlayerTotals(models.Model):
    """One player's finished games of one span of days in one league and season (the figures
    a table adds up)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    # Plain numbers, not keys: 0 stands for "none", so one unique constraint holds on every
    # database (NULLs are distinct in a unique index).
    league_key = models.PositiveIntegerField(help_text="The games' league; 0: none.")
    season_key = models.PositiveIntegerField(help_text="The games' season; 0: none.")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    games = models.IntegerField()
    wins = models.IntegerField()
    place_sum = models.IntegerField()
    total_points = models.IntegerField()
    # Then a column per count of ``TOTALLED`` (added below the class), named by its total.

    SUMMED_FIELDS = ("games", "wins", "place_sum", "total_points", *(c.total for c in TOTALLED))

    class Meta:
        abstract = True


for _count in TOTALLED:
    PlayerTotals.add_to_class(_count.total, _count.total_field())


# What a span's totals are over its players' seats: a game's own figures, then the counts.
SEAT_SUMS = {
    "games": models.Count("id"),
    "wins": models.Count("id", filter=models.Q(is_winner=True)),
    "place_sum": models.Sum("place"),
    "total_points": models.Sum("total"),
    **{count.total: models.Sum(count.name) for count in TOTALLED},
}


class PlayerDayTotal(PlayerTotals):
    """A player's games of one day (local time): the tables sum these over the days of a
    period that do not fill a month, so a table's cost grows with the players and the months,
    not the games. Kept in the transaction of every write that changes a finished game's seats
    (``scoring.services.totals``); ``manage.py rebuild_totals`` recounts them."""

    day = models.DateField(help_text="The day the games finished, in the site's time zone.")

    class Meta:
        constraints, indexes = keys_of_a_span("day")

    def __str__(self) -> str:
        return f"{self.player_id} on {self.day}: {self.games} games"


class PlayerMonthTotal(PlayerTotals):
    """A player's games of one calendar month: the sum of that month's day totals, kept with
    them, so a table sums the whole months of its period here and only the days at its ends."""

    month = models.DateField(help_text="The month's first day.")

    class Meta:
        constraints, indexes = keys_of_a_span("month")

    def __str__(self) -> str:
        return f"{self.player_id} in {self.month:%Y-%m}: {self.games} games"


def next_month(day: date) -> date:
    """The first day of the month after ``day``'s: where a month total's span ends."""
    return (day.replace(day=1) + timedelta(days=32)).replace(day=1)
