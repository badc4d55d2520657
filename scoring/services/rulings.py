"""Rulings on a hand that a director accepts or overrides: made, carried by a dispute, and put
aside when the hand's record changes (docs/rules.md, "What a director sees and does").

A hand recorded trick by trick whose record states irregularities counts as played, like any
other: nothing already counted changes until a director acts. The engine's ruling on each
irregularity is kept as a ``HandRuling``, carried by a dispute (the one mechanism for what
awaits a director: the scoreboard, the room view and the night's standings already show an
open dispute), which stays open while any of its rulings awaits. The hand entered (or
corrected) with irregularities opens one on its own record; a dispute may carry a record of
its own with irregularities, whose rulings become the hand's when the director first decides
on one (``ruling_decisions``).

A claim (issue 50) joins as one more ``RulingKind``: its ruling made here beside the
irregularities' (``open_rulings``), decided by ``ruling_decisions.decide_ruling`` as they are,
its acceptance kept in the hand's ``ruled`` for ``scoring.domain.ruled`` to score.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils import timezone

from adjudication.engine.scoring_cards import CARD_NAMES
from scoring.models import (
    Dispute,
    DisputeStatus,
    EventType,
    Game,
    Hand,
    HandRuling,
    HistoryEntry,
    RulingKind,
    RulingStatus,
)
from scoring.selectors.rulings import current_rulings
from scoring.services import events

#: What a trick record is, of an entry or a dispute: the keys a ruling rests on.
RECORD_KEYS = ("plays", "hands", "first_leader", "irregularities", "claim")


def record_of(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The trick record an entry (or a dispute) holds, with the irregularities it states."""
    return {key: entry[key] for key in RECORD_KEYS if key in entry}


def states_irregularities(ruling: Mapping[str, Any] | None) -> bool:
    """Whether the engine's ruling (as data) ruled on irregularities its record states, or on
    a claim not every other seat accepted: either awaits a director."""
    return bool(ruling and (ruling.get("irregularities") or claim_awaits(ruling)))


def claim_awaits(ruling: Mapping[str, Any]) -> bool:
    """Whether the ruling judged a claim not every other seat accepted (one accepted by all is
    scored as claimed, with nothing for a director to decide)."""
    claim = ruling.get("claim")
    return bool(claim) and not claim["accepted"]


def open_rulings(game: Game, hand: Hand, dispute: Dispute, *, current: bool) -> list[HandRuling]:
    """A ruling a director decides for each irregularity the dispute's ruling ruled on, told as
    ruling.awaiting; ``current``: they are on the hand's record as it stands."""
    rows = [
        HandRuling(dispute=dispute, index=found["index"], ruling=found, current=current)
        for found in dispute.ruling.get("irregularities") or []
    ]
    if claim_awaits(dispute.ruling):
        claim = dispute.ruling["claim"]
        rows.append(
            HandRuling(
                dispute=dispute, kind=RulingKind.CLAIM, index=len(rows), ruling=claim,
                current=current,
            )
        )  # fmt: skip
    HandRuling.objects.bulk_create(rows)
    events.rulings_changed(EventType.RULING_AWAITING, game, dispute, hand, rows)
    return rows


def rulings_on_entry(game: Game, hand: Hand, actor) -> Dispute | None:
    """A hand entered or corrected with irregularities: a dispute on its own record opens,
    carrying the engine's ruling on each, to await a director (None: it states none, or its
    record's rulings exist already). Kept in the history as ``rulings_opened``."""
    if not states_irregularities(hand.adjudication) or current_rulings(hand).exists():
        return None
    dispute = Dispute.objects.create(
        hand=hand, record=record_of(hand.entry), ruling=hand.adjudication, opened_by=actor
    )
    count = len(hand.adjudication.get("irregularities") or []) + claim_awaits(hand.adjudication)
    HistoryEntry.objects.create(
        game=game,
        hand_number=hand.number,
        action="rulings_opened",
        actor=actor,
        after={
            "dispute": dispute.pk,
            "rulings": count,
            **({"claim": True} if claim_awaits(hand.adjudication) else {}),
        },
    )
    events.dispute_changed(EventType.DISPUTE_OPENED, game, dispute, hand)
    open_rulings(game, hand, dispute, current=True)
    return dispute


def record_changed(game: Game, hand: Hand, actor, reason: str, *, corrected: bool) -> None:
    """The hand's record was replaced (``corrected``: its rulings become history, those
    awaiting withdrawn), or the hand voided (every ruling awaiting is withdrawn: a void hand
    counts for nothing). A dispute left with no ruling awaiting closes. One query when the
    hand has no ruling, as most hands have none."""
    rows = list(
        HandRuling.objects.select_for_update()
        .filter(dispute__hand=hand)
        .values_list("pk", "dispute_id", "status", "current")
    )
    touched = [row for row in rows if row[3] or not corrected]
    awaiting = [row for row in touched if row[2] == RulingStatus.AWAITING]
    if awaiting:
        HandRuling.objects.filter(pk__in=[row[0] for row in awaiting]).update(
            status=RulingStatus.WITHDRAWN
        )
    if corrected and touched:
        HandRuling.objects.filter(pk__in=[row[0] for row in touched]).update(current=False)
    disputes = sorted({row[1] for row in awaiting})
    for dispute in Dispute.objects.select_for_update().filter(pk__in=disputes).order_by("pk"):
        close_if_decided(game, hand, dispute, actor, reason)


def close_if_decided(game: Game, hand: Hand, dispute: Dispute, actor, note: str) -> None:
    """Close an open dispute none of whose rulings awaits: accepted when the director decided
    any of them, dismissed when every one was withdrawn; told as dispute.resolved."""
    statuses = set(dispute.rulings.values_list("status", flat=True))
    if dispute.status != DisputeStatus.OPEN or RulingStatus.AWAITING in statuses:
        return
    decided = bool(statuses & {RulingStatus.ACCEPTED, RulingStatus.OVERRIDDEN})
    dispute.status = DisputeStatus.ACCEPTED if decided else DisputeStatus.DISMISSED
    dispute.resolved_by, dispute.resolved_at = actor, timezone.now()
    dispute.resolution_note = note
    dispute.save()
    events.dispute_changed(EventType.DISPUTE_RESOLVED, game, dispute, hand)


def ruled_by(rulings: Iterable[HandRuling], moon_choice: str | None) -> dict[str, Any]:
    """What a record's decided rulings make of its hand (``Hand.ruled``): the places of the
    accepted rectifications that score (a redeal or a replay voids the hand instead), the
    latest override's own count, the accepted claim ruling's result (``claim``), and the
    shooter's choice for a moon a rectification made."""
    decided = sorted(
        (r for r in rulings if r.status in (RulingStatus.ACCEPTED, RulingStatus.OVERRIDDEN)),
        key=lambda r: (r.decided_at, r.pk),
    )
    accepted = sorted(
        r.index
        for r in decided
        if r.status == RulingStatus.ACCEPTED
        and r.kind == RulingKind.IRREGULARITY
        and not r.ruling["left_to_table"]
    )
    results = [r.result for r in decided if r.status == RulingStatus.OVERRIDDEN and r.result]
    claims = [
        r.ruling["result"]
        for r in decided
        if r.status == RulingStatus.ACCEPTED and r.kind == RulingKind.CLAIM
    ]
    return {
        "accepted": accepted,
        "result": results[-1] if results else None,
        "moon_choice": moon_choice,
        **({"claim": claim_scored(claims[-1])} if claims else {}),
    }


def claim_scored(result: Mapping[str, Any]) -> dict[str, Any]:
    """What a hand scored from an accepted claim ruling keeps of its result: the count."""
    keys = ("points", *CARD_NAMES, "tricks_won", "moon_denied")
    return {key: result.get(key) for key in keys}
