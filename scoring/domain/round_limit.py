"""How a night's round limits a game, judged by when each hand was recorded at the table, never
by when it was confirmed (issue 49).

The round's last hand at a table is its hand ``round_hands`` (void hands aside), or the hand in
play at the bell: the first recorded at or after ``round_ends_at`` (it was started before the
bell and finished after it). No hand after it is taken. The game is over, "round over", once
that hand and every hand before it count: a hand awaiting confirmation or a query holds the
game open however late it is confirmed, and a confirmation after the bell ends nothing by
itself."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from hearts_site.errors import DomainError


@dataclass(frozen=True, slots=True)
class Recorded:
    """A hand of the game that is not void: its number, when it was recorded, and whether it
    counts (confirmed) or waits (awaiting confirmation, or queried)."""

    number: int
    at: datetime
    counts: bool


def last_hand(
    recorded: Sequence[Recorded], round_hands: int | None, bell: datetime | None
) -> int | None:
    """The number of the round's last hand once it is recorded, else None. ``recorded`` in
    number order."""
    for index, hand in enumerate(recorded, start=1):
        if round_hands is not None and index >= round_hands:
            return hand.number
        if bell is not None and hand.at >= bell:
            return hand.number
    return None


def round_done(
    recorded: Sequence[Recorded], round_hands: int | None, bell: datetime | None
) -> bool:
    """Whether the round is over at the table: its last hand recorded, and it and every hand
    before it counting."""
    last = last_hand(recorded, round_hands, bell)
    return last is not None and all(hand.counts for hand in recorded if hand.number <= last)


def recorded_time(
    sent: datetime | None, arrived: datetime, earliest: datetime, skew: timedelta
) -> datetime:
    """When a hand was recorded at the table: when it arrived, or ``sent`` (the phone's time
    for a hand it kept offline) raised to ``earliest`` (the game's start, or its latest hand:
    a late hand cannot slip before one recorded) and never after its arrival. A ``sent`` time
    past the arrival by more than ``skew`` (a clock that runs ahead) is refused."""
    if sent is None:
        return arrived
    if sent > arrived + skew:
        raise DomainError(
            "recorded_in_future",
            _("The hand's recorded_at is later than now: check the phone's clock."),
            "recorded_at",
        )
    return min(max(sent, earliest), arrived)
