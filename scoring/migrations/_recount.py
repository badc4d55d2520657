"""A migration's step for a new per-hand count (``scoring.models.counts``): the seats' new
columns counted from their games' counted hands, then the day and month totals' from the seats.
Not a migration itself (the leading underscore keeps Django's loader away)."""

from __future__ import annotations

from django.db import migrations
from django.db.models import Sum
from django.db.models.functions import TruncDate, TruncMonth

from scoring.models.counts import HAND_COUNTS, HAND_READS, CountedHand, counted_seats
from scoring.models.games import COUNTED


def recount(*names: str) -> migrations.RunPython:
    """The step that fills the counts ``names`` (seat columns) on every existing row."""
    counts = [count for count in HAND_COUNTS if count.name in names]

    def forward(apps, schema_editor) -> None:
        _seats(apps, counts)
        totals = [count.total for count in counts if count.total]
        if totals:
            _totals(apps, totals)

    return migrations.RunPython(forward, migrations.RunPython.noop, elidable=True)


def _seats(apps, counts) -> None:
    Game, GameSeat, Hand = (apps.get_model("scoring", n) for n in ("Game", "GameSeat", "Hand"))
    for game in Game.objects.filter(hands_played__gt=0).only("pk", "gems").iterator():
        rows = Hand.objects.filter(COUNTED, game=game).values_list(*HAND_READS)
        hands = [CountedHand(*row) for row in rows]
        seats = list(GameSeat.objects.filter(game=game))
        found = counted_seats(hands, max(s.seat for s in seats) + 1, game.gems is not None)
        for seat in seats:
            for count in counts:
                setattr(seat, count.name, found[seat.seat][count.name])
        GameSeat.objects.bulk_update(seats, [count.name for count in counts])


def _totals(apps, totals: list[str]) -> None:
    GameSeat = apps.get_model("scoring", "GameSeat")
    Day, Month = (apps.get_model("scoring", n) for n in ("PlayerDayTotal", "PlayerMonthTotal"))
    names = {c.total: c.name for c in HAND_COUNTS if c.total in totals}
    days = (
        GameSeat.objects.filter(game__status="finished")
        .annotate(day=TruncDate("game__finished_at"))
        .values("game__club_id", "game__league_id", "game__season_id", "day", "player_id")
        .annotate(**{total: Sum(seat) for total, seat in names.items()})
        .order_by()
    )
    for row in days.iterator():
        Day.objects.filter(
            club_id=row["game__club_id"],
            league_key=row["game__league_id"] or 0,
            season_key=row["game__season_id"] or 0,
            day=row["day"],
            player_id=row["player_id"],
        ).update(**{total: row[total] for total in totals})
    keys = ("club_id", "league_key", "season_key", "player_id")
    months = (
        Day.objects.annotate(month=TruncMonth("day"))
        .values(*keys, "month")
        .annotate(**{total: Sum(total) for total in totals})
        .order_by()
    )
    for row in months.iterator():
        Month.objects.filter(**{key: row[key] for key in (*keys, "month")}).update(
            **{total: row[total] for total in totals}
        )
