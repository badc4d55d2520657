"""Where a night's results stand (issue 49): provisional while the night is open, while any
hand of its games awaits confirmation or a query, or has a dispute open, and until its
correction window closes (``correction_minutes`` after it closed); final after that (once
``manage.py sweep`` finds them so and tells it, ``Night.final_at``), when a change is a
director's correction with a reason, listed with the standings.

The hands that keep the results provisional (``unsettled``) are listed table by table, each
with the page that settles it, for the night page, the sheet, the API and the refusals of a
round's end."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.urls import reverse
from django.utils import timezone

from scoring.models import (
    Confirmation,
    Dispute,
    DisputeStatus,
    Hand,
    Night,
    NightCorrection,
    NightStatus,
    NightTable,
)
from scoring.selectors.access import display_name

PROVISIONAL = "provisional"
FINAL = "final"
STATES = (PROVISIONAL, FINAL)

# How an unsettled hand waits: for a player's confirmation, for a director's ruling on a
# query, or for a director's decision on a dispute opened on a hand that counts.
AWAITING, QUERIED, DISPUTED = "awaiting", "queried", "disputed"
WAITS = (AWAITING, QUERIED, DISPUTED)


def night_tables(night: Night) -> list[NightTable]:
    """The night's tables that made a game, round by round, with their rounds."""
    tables = NightTable.objects.filter(round__night=night, game__isnull=False)
    return list(tables.select_related("round").order_by("round__number", "number"))


def unsettled_hands(tables: Iterable[NightTable]) -> list[dict[str, Any]]:
    """Each hand of these tables' games that keeps the night's results provisional, in round,
    table and hand order: awaiting confirmation, queried, or with a dispute open. Two queries
    whatever the number of tables."""
    by_game = {table.game_id: table for table in tables}
    found: dict[tuple[int, int], dict[str, Any]] = {}
    waiting = Hand.objects.filter(
        game_id__in=by_game,
        is_void=False,
        confirmation__in=(Confirmation.AWAITING, Confirmation.QUERIED),
    )
    for game_id, number, state in waiting.values_list("game_id", "number", "confirmation"):
        found[(game_id, number)] = _hand(by_game[game_id], number, state)
    disputes = Dispute.objects.filter(hand__game_id__in=by_game, status=DisputeStatus.OPEN)
    for dispute_id, game_id, number in disputes.order_by("id").values_list(
        "pk", "hand__game_id", "hand__number"
    ):
        hand = found.setdefault((game_id, number), _hand(by_game[game_id], number, DISPUTED))
        if hand["dispute"] is None:
            hand["dispute"] = dispute_id
            hand["link"] = reverse("page-dispute", args=[game_id, number, dispute_id])
    return sorted(found.values(), key=lambda h: (h["round"], h["table"], h["hand"]))


def _hand(table: NightTable, number: int, state: str) -> dict[str, Any]:
    return {
        "round": table.round.number,
        "table": table.number,
        "table_name": table.name,
        "game": table.game_id,
        "hand": number,
        "state": state,
        "dispute": None,
        "link": reverse("page-game", args=[table.game_id]) + "#waiting",
    }


def final_from(night: Night) -> datetime | None:
    """When the night's correction window closes (None while it is open)."""
    if night.status != NightStatus.CLOSED or night.closed_at is None:
        return None
    return night.closed_at + timedelta(minutes=night.correction_minutes)


def state_of(night: Night) -> str:
    """``final`` once the night's results were found final and told so, else ``provisional``."""
    return FINAL if night.final_at is not None else PROVISIONAL


def due_final(night: Night, unsettled: list, now: datetime | None = None) -> bool:
    """Whether the night's results are to be final now: closed, its window closed, and no
    hand of it waiting (``finalize_nights`` then makes them so)."""
    closes = final_from(night)
    if night.final_at is not None or closes is None or unsettled:
        return False
    return (now or timezone.now()) >= closes


def night_results(night: Night, tables: Iterable[NightTable] | None = None) -> dict[str, Any]:
    """Where the night's results stand: ``state``, ``final_from`` (when the window closes),
    ``final_at`` (when they were told final), the hands that wait, and the directors'
    corrections made once they were final."""
    unsettled = unsettled_hands(night_tables(night) if tables is None else tables)
    closes = final_from(night)
    return {
        "state": state_of(night),
        "final_from": closes,
        "window_open": closes is not None and timezone.now() < closes,
        "final_at": night.final_at,
        "correction_minutes": night.correction_minutes,
        "unsettled": unsettled,
        "corrections": corrections(night),
    }


def corrections(night: Night) -> list[dict[str, Any]]:
    """The changes made to the night's hands once its results were final, oldest first: the
    table and hand, what was done, by whom, why and when (one query, and the naming of each
    director who corrected)."""
    rows = NightCorrection.objects.filter(night=night).select_related(
        "entry__actor", "entry__game__night_table__round"
    )
    listed, names = [], {}
    for row in rows.order_by("entry__at", "entry_id"):
        entry, table = row.entry, row.entry.game.night_table
        if entry.actor_id not in names:
            names[entry.actor_id] = display_name(entry.actor, night.club_id)
        listed.append(
            {
                "round": table.round.number,
                "table": table.number,
                "table_name": table.name,
                "game": entry.game_id,
                "hand": entry.hand_number,
                "action": entry.action,
                "by": names[entry.actor_id],
                "reason": entry.reason,
                "at": entry.at,
            }
        )
    return listed
