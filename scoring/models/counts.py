"""What one counted hand adds to each seat: every per-hand statistic, declared once.

Each ``HandCount`` below is a column of ``GameSeat`` (the seat's count over its game's counted
hands). Those with a ``total`` are also a column of the day and month totals and a field of a
table's rows and of a player's record. The settlement, the one-hand UPDATE in ``scoring.sql``,
the demo generator, the totals, the tables' sums and the API's fields all read this list.
A new statistic is one entry here and a migration (``docs/architecture.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db import models


class CountedHand(NamedTuple):
    """What a count may read of a hand (``Hand`` has the same attributes)."""

    points: Sequence[int]  # penalty points taken per seat, before any moon
    moon_shooter: int | None
    queen_by: int | None
    gems: Sequence[int] | None


# The Hand columns a recount reads, in CountedHand's order.
HAND_READS = CountedHand._fields


@dataclass(frozen=True)
class HandCount:
    """One per-hand statistic: its seat column, what a hand adds to seat ``i``, and its words."""

    name: str  # the GameSeat column
    meaning: str  # what it counts, in the API's documentation
    adds: Callable[[Any, int], int]  # (a Hand or CountedHand, seat) -> what it adds
    total: str | None = None  # its column in the totals and field in the tables; None: none
    signed: bool = False  # may go below zero
    # Null in a game that does not keep it (gems): kept only where the game's ``gems`` is.
    nullable: bool = False

    def seat_field(self) -> models.Field:
        if self.nullable:
            return models.IntegerField(null=True, blank=True, help_text=self.meaning)
        kind = models.IntegerField if self.signed else models.PositiveIntegerField
        return kind(default=0, help_text=self.meaning)

    def total_field(self) -> models.Field:
        if self.nullable:
            return models.IntegerField(null=True, help_text=self.meaning)
        return models.IntegerField(default=0, help_text=self.meaning)


HAND_COUNTS = (
    HandCount("hands_played", "Hands played.", lambda h, i: 1, total="hands"),
    HandCount(
        "points_taken",
        "Penalty points taken in its hands, before any moon.",
        lambda h, i: h.points[i],
        signed=True,
    ),
    HandCount(
        "moons",
        "Hands in which the player shot the moon.",
        lambda h, i: int(h.moon_shooter == i),
        total="moons",
    ),
    HandCount(
        "queens",
        "Hands in which the player took the Q♠ (or shot the moon).",
        lambda h, i: int(h.queen_by == i),
        total="queens",
    ),
    HandCount(
        "clean_hands",
        "Hands in which the player took no penalty points.",
        lambda h, i: int(h.points[i] == 0),
        total="clean_hands",
    ),
    HandCount(
        "gems",
        "Gems won (null where no game counted gems).",
        lambda h, i: h.gems[i] if h.gems else 0,
        total="gems",
        signed=True,
        nullable=True,
    ),
    HandCount(
        "big_hands",
        "Hands in which the player took 13 or more points (a moon shot too).",
        lambda h, i: int(h.points[i] >= 13),
        total="big_hands",
    ),
)

# The counts the totals keep and the tables show.
TOTALLED = tuple(count for count in HAND_COUNTS if count.total)


def counted_seats(hands: Sequence[Any], seats: int, keeps_gems: bool) -> list[dict[str, Any]]:
    """Each seat's counts over ``hands`` (the game's counted hands), as {column: value}."""
    return [counted_seat(hands, index, keeps_gems) for index in range(seats)]


def counted_seat(hands: Sequence[Any], index: int, keeps_gems: bool) -> dict[str, Any]:
    """Seat ``index``'s counts over ``hands``; a nullable count is None where the game keeps
    none (``keeps_gems``)."""
    return {
        count.name: (
            None
            if count.nullable and not keeps_gems
            else sum(count.adds(hand, index) for hand in hands)
        )
        for count in HAND_COUNTS
    }
