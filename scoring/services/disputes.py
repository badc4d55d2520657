"""Disputes: a trick record filed against a hand, adjudicated, and accepted or dismissed by a
director; an accepted renege rescores the hand with the ruleset's penalty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from adjudication.engine import adjudicate, ruling_as_data
from adjudication.engine.legality import MUST_FOLLOW_SUIT
from hearts_site.errors import Conflict, DomainError
from scoring.models import Dispute, DisputeStatus, Game, Hand, HistoryEntry
from scoring.services.games import locked_game, rules_of
from scoring.services.hands import locked_hand
from scoring.services.settlement import rescore

RECORD_KEYS = ("plays", "hands", "first_leader")


@transaction.atomic
def open_dispute(
    *, game_id: int, number: int, record: Mapping[str, Any], actor, reason: str = ""
) -> Dispute:
    """Adjudicate a trick record for a hand (the hand's own, when none is sent) and keep it
    with its ruling."""
    game = locked_game(game_id, None)
    hand = locked_hand(game, number)
    record = dict(record)
    if "plays" not in record:
        if hand.level != "plays":
            raise DomainError(
                "record_required", "This hand has no trick record: send the plays.", "plays"
            )
        record = {k: v for k, v in hand.entry.items() if k in RECORD_KEYS}
    ruling = adjudicate(
        rules_of(game),
        record["plays"],
        hands=record.get("hands"),
        first_leader=record.get("first_leader"),
        dealer=hand.dealer,
    )
    dispute = Dispute.objects.create(
        hand=hand, record=record, ruling=ruling_as_data(ruling), opened_by=actor, note=reason
    )
    _bump(game)
    HistoryEntry.objects.create(
        game=game,
        hand_number=number,
        action="dispute_opened",
        actor=actor,
        after={"dispute": dispute.pk, "violations": len(ruling.violations)},
        reason=reason,
    )
    return dispute


@transaction.atomic
def resolve_dispute(*, dispute_id: int, decision: str, note: str, actor) -> Dispute:
    """Accept (the hand is rescored with the ruleset's renege penalty) or dismiss."""
    dispute = Dispute.objects.select_related("hand").get(pk=dispute_id)
    game = locked_game(dispute.hand.game_id, None)
    dispute = Dispute.objects.select_for_update().get(pk=dispute_id)
    if dispute.status != DisputeStatus.OPEN:
        raise Conflict("dispute_closed", f"The dispute was already {dispute.status}.", None)
    hand = locked_hand(game, dispute.hand.number)
    before = hand.snapshot()
    if decision == "accept":
        dispute.status = DisputeStatus.ACCEPTED
        rescored = _penalise_renege(game, hand, dispute)
    else:
        dispute.status = DisputeStatus.DISMISSED
        rescored = False
    dispute.resolved_by = actor
    dispute.resolved_at = timezone.now()
    dispute.note = note or dispute.note
    dispute.save()
    if not rescored:
        _bump(game)
    HistoryEntry.objects.create(
        game=game,
        hand_number=hand.number,
        action=f"dispute_{dispute.status}",
        actor=actor,
        before=before,
        after={**hand.snapshot(), "dispute": dispute.pk},
        reason=note,
    )
    return dispute


def _penalise_renege(game: Game, hand: Hand, dispute: Dispute) -> bool:
    """The ruling's first renege, confirmed: the hand rescored with its offender's penalty
    (rescoring bumps the game's version). False when the ruling names no renege or the hand
    is void: nothing to rescore."""
    offender = next(
        (v["seat"] for v in dispute.ruling["violations"] if v["rule"] == MUST_FOLLOW_SUIT), None
    )
    if offender is None or hand.is_void:
        return False
    hand.renege_by = offender
    hand.save()
    rescore(game, rules_of(game))
    hand.refresh_from_db()
    return True


def _bump(game: Game) -> None:
    """A new version (and ETag) for a change that scores nothing."""
    game.version += 1
    game.save(update_fields=["version", "updated_at"])
