"""The event log: each write records what happened in its own transaction, numbered in its club
under the club's counter row, and queues it for every webhook endpoint that wants its type.

The counter row stays locked from the event's number until the write commits, so a club's
events commit in number order: a reader that has seen event 12 has seen every event before it,
whatever the writers did concurrently (tests/events/test_feed_concurrency.py). Record events
last in a write, after its other locks, so the counter is held briefly and always last.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Model

from hearts_site.api.json import utc_text, utc_text_or_none
from scoring import sql
from scoring.models import (
    Dispute,
    Event,
    EventCounter,
    EventType,
    Game,
    Hand,
    HandRuling,
    PlayerMerge,
    RulingKind,
)


@dataclass
class PreparedEvent:
    """An event made ready before its write's transaction: the row, converted for the database
    save its number. Inside the transaction only the counter and the inserts remain
    (``record``), so the writer lock is held for those alone."""

    event: Event
    row: list[Any]


def prepare_event(
    club_id: int, type: EventType, data: dict[str, Any], *, game_id: int | None = None
) -> PreparedEvent:
    """The event's id, time and body. Its time is when it was prepared: the feed's order is
    its number's, given in the write. Its type is a declared one (``EventType``): a ValueError
    otherwise, as the column takes any text."""
    event = Event(club_id=club_id, type=EventType(type), game_id=game_id, data=data)
    return PreparedEvent(event, sql.prepared_row(event))


def record(prepared: PreparedEvent) -> Event:
    """Append a prepared event to its club's log in the caller's transaction, numbered under
    the club's counter row, with a delivery for each endpoint that wants its type (enabled or
    disabled: a disabled one keeps its deliveries until enabled again), as the endpoints are
    when it is recorded. The club's delivery task is queued in the same transaction, unless
    one is queued already that has not started: that one will send this event too."""
    event = prepared.event
    with transaction.atomic(savepoint=False):
        appended = sql.append_event(event, prepared.row)
        if appended is None:
            _make_counter(event.club_id)
            appended = sql.append_event(event, prepared.row)
        if appended.wake and not appended.woken:
            # A late import: the delivery module imports this one for its payloads.
            from scoring.services.delivery import wake_club

            wake_club(event.club_id)
    return event


def record_event(
    club_id: int, type: EventType, data: dict[str, Any], *, game_id: int | None = None
) -> Event:
    """Prepare and record an event at once, for a write whose event is not worth preparing
    ahead (a re-rating's, a merge's, a dispute's)."""
    return record(prepare_event(club_id, type, data, game_id=game_id))


def hold_counter(club_id: int) -> None:
    """Lock the club's event counter row now. Every write records its events before it locks
    the club's row (``results_changed``): a transaction that locks the club's row and then
    records an event takes this first, so no two transactions wait on each other."""
    EventCounter.objects.select_for_update().filter(club_id=club_id).values_list("pk").first()


def _make_counter(club_id: int) -> None:
    """The club's counter row, for its first event."""
    try:
        with transaction.atomic():  # a savepoint: another writer may create it first
            EventCounter.objects.create(club_id=club_id, last=0)
    except IntegrityError:
        pass


# What an event says of a game (EventGameStateSerializer describes each field).
GAME_STATE = (
    "id",
    "table",
    "league",
    "season",
    "status",
    "version",
    "hands_played",
    "totals",
    "winners",
    "end_reason",
    "started_at",
    "finished_at",
)


@functools.cache
def _attnames(model: type[Model], fields: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple(
        (name, "pk" if name == "id" else model._meta.get_field(name).attname) for name in fields
    )


def row_state(row: Model, fields: tuple[str, ...]) -> dict[str, Any]:
    """The named fields of ``row`` as an event carries them: ``id`` its key, a foreign key the
    id it holds, a time as UTC text (null if not set), a list copied."""
    state = {}
    for name, attname in _attnames(type(row), fields):
        value = getattr(row, attname)
        if isinstance(value, datetime):
            value = utc_text(value)
        elif isinstance(value, list):
            value = list(value)
        state[name] = value
    return state


def game_state(game: Game) -> dict[str, Any]:
    return row_state(game, GAME_STATE)


def hand_state(hand: Hand) -> dict[str, Any]:
    """The hand, and whether it counts yet (a league's confirmations)."""
    state = {"number": hand.number, "dealer": hand.dealer, **hand.snapshot()}
    return {**state, "confirmation": hand.confirmation}


def dispute_state(dispute: Dispute) -> dict[str, Any]:
    return {
        "id": dispute.pk,
        "hand": dispute.hand.number,
        "level": dispute.level,
        "status": dispute.status,
        "reason": dispute.reason,
        "resolution_note": dispute.resolution_note,
    }


def hand_changed(type: EventType, game: Game, hand: Hand, reason: str = "") -> PreparedEvent:
    """hand.entered, hand.corrected, hand.voided or hand.confirmed: the hand and its game after
    the change (prepared from the values the write will store; ``record`` it in the write)."""
    data = {"game": game_state(game), "hand": hand_state(hand), "reason": reason}
    return prepare_event(game.club_id, type, data, game_id=game.pk)


def game_changed(type: EventType, game: Game, **more: Any) -> PreparedEvent:
    """game.started, game.finished or game.abandoned: the game as it now is (and ``more``),
    prepared; ``record`` it in the write."""
    return prepare_event(game.club_id, type, {"game": game_state(game), **more}, game_id=game.pk)


def dispute_changed(type: EventType, game: Game, dispute: Dispute, hand: Hand) -> None:
    data = {"game": game_state(game), "dispute": dispute_state(dispute), "hand": hand_state(hand)}
    record_event(game.club_id, type, data, game_id=game.pk)


# What an event says of a ruling on a hand (EventRulingStateSerializer describes each field).
RULING_STATE = (
    "id",
    "dispute",
    "kind",
    "index",
    "status",
    "current",
    "result",
    "reason",
    "decided_at",
)


def ruling_state(ruling: HandRuling) -> dict[str, Any]:
    """The ruling's decision, and what the engine ruled: its rule code, its rectification's
    code, and what it leaves to the table. A claim's rectification is how its result scores
    (as_claimed, claimer_takes_rest, play_on); one leaving a count to the table leaves the
    score to the director."""
    engine = ruling.ruling
    if ruling.kind == RulingKind.CLAIM:
        result = engine["result"]
        fix, left = result["how"], "director" if result["left_to_table"] else None
    else:
        fix, left = engine["rectification"]["code"], engine["left_to_table"]
    return {
        **row_state(ruling, RULING_STATE),
        "rule": engine["rule"],
        "rectification": fix,
        "left_to_table": left,
    }


def rulings_changed(
    type: EventType, game: Game, dispute: Dispute, hand: Hand, rulings: Iterable[HandRuling]
) -> None:
    """ruling.awaiting (a dispute's rulings, made now), ruling.accepted or ruling.overridden
    (the one decided): the rulings, their dispute and hand, and the game as the write left
    them."""
    data = {
        "game": game_state(game),
        "dispute": dispute_state(dispute),
        "hand": hand_state(hand),
        "rulings": [ruling_state(ruling) for ruling in rulings],
    }
    record_event(game.club_id, type, data, game_id=game.pk)


def players_merged(merge: PlayerMerge, games: Iterable[Game]) -> None:
    data = {
        "merge": row_state(merge, ("id", "source", "target", "seats_moved", "reason")),
        "games": [{"id": game.pk, "version": game.version} for game in games],
    }
    record_event(merge.club_id, EventType.PLAYER_MERGED, data)


def ratings_settled(club_id: int, since: datetime | None, games_rated: int) -> None:
    """ratings.settled: the club's ratings were recomputed from ``since`` (all when null)."""
    data = {"since": utc_text_or_none(since), "games_rated": games_rated}
    record_event(club_id, EventType.RATINGS_SETTLED, data)
