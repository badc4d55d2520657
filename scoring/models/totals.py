"""Per-player totals a day: what the league and club tables add up, kept by the services."""

from __future__ import annotations

from django.db import models

from .clubs import Club, Player


class PlayerDayTotal(models.Model):
    """One player's finished games of one day (local time) in one league and season: the
    tables sum these over the days of a period, so a table's cost grows with the players and
    the days, not the games. Kept in the transaction of every write that changes a finished
    game's seats (``scoring.services.totals``); ``manage.py rebuild_totals`` recounts them."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    # Plain numbers, not keys: 0 stands for "none", so one unique constraint holds on every
    # database (NULLs are distinct in a unique index).
    league_key = models.PositiveIntegerField(help_text="The games' league; 0: none.")
    season_key = models.PositiveIntegerField(help_text="The games' season; 0: none.")
    day = models.DateField(help_text="The day the games finished, in the site's time zone.")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    games = models.IntegerField()
    wins = models.IntegerField()
    place_sum = models.IntegerField()
    total_points = models.IntegerField()
    hands = models.IntegerField()
    moons = models.IntegerField()
    queens = models.IntegerField()
    clean_hands = models.IntegerField()
    gems = models.IntegerField(null=True, help_text="Null: no game of the day kept gems.")

    SUMMED_FIELDS = (
        "games",
        "wins",
        "place_sum",
        "total_points",
        "hands",
        "moons",
        "queens",
        "clean_hands",
        "gems",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "league_key", "season_key", "day", "player"],
                name="one_total_a_player_and_day",
            )
        ]
        # A table reads a league's (or a club's) rows player by player: summed in index order,
        # with no sort of the rows, and a period's days found within each player's.
        indexes = [
            models.Index(fields=["league_key", "player", "day"]),
            models.Index(fields=["club", "player", "day"]),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} on {self.day}: {self.games} games"
