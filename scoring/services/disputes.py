"""Disputes: a hand contested, then accepted or dismissed by a director, once.

Two kinds. A trick record (``plays``: the hand's own, when none is sent) is adjudicated at once;
accepting it penalises the renege its ruling proves, with the ruleset's penalty. A claimed count
(``points`` or ``cards_taken``, as hand entry takes them: "I took the 9♥, not her") is scored by
the engine at once, so an impossible claim is refused, and kept with what it would change;
accepting it corrects the hand to the claimed entry, as a correction does. Dismissing changes
no score. A void hand counts for nothing: it cannot be disputed, and a dispute opened before the
hand was voided can only be dismissed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from adjudication.engine import adjudicate, ruling_as_data
from adjudication.engine.legality import MUST_FOLLOW_SUIT
from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring.domain.entries import score_entry
from scoring.models import (
    Dispute,
    DisputeStatus,
    EntryLevel,
    EventType,
    Game,
    Hand,
    HistoryEntry,
)
from scoring.services import events
from scoring.services.games import locked_game, rules_of
from scoring.services.hands import change_hand, locked_hand, replace_entry

RECORD_KEYS = ("plays", "hands", "first_leader")
COUNT_LEVELS = (EntryLevel.POINTS.value, EntryLevel.CARDS.value)


@transaction.atomic
def open_dispute(
    *, game_id: int, number: int, record: Mapping[str, Any], actor, reason: str = ""
) -> Dispute:
    """Dispute hand ``number`` with a trick record (the hand's own, when neither plays nor a
    count is sent), kept with its ruling, or with a claimed count, kept with its score."""
    game = locked_game(game_id, None)
    hand = locked_hand(game, number)
    if hand.is_void:
        raise Conflict(
            "hand_void",
            f"Hand {number} is void: it counts for nothing, so it has no dispute.",
            None,
        )
    record = dict(record)
    ruling = claim = None
    if any(level in record for level in COUNT_LEVELS):
        claim = _scored_claim(game, hand, record)
        summary = {"points": claim["points"], "scores": claim["scores"]}
    else:
        if "plays" not in record:
            if hand.level != EntryLevel.PLAYS:
                raise DomainError(
                    "record_required",
                    f"Hand {number} was entered as {hand.level}, with no trick record: send the "
                    "plays, or the count you claim (points or cards_taken).",
                    "plays",
                )
            record = {k: v for k, v in hand.entry.items() if k in RECORD_KEYS}
        ruling = ruling_as_data(
            adjudicate(
                rules_of(game),
                record["plays"],
                hands=record.get("hands"),
                first_leader=record.get("first_leader"),
                dealer=hand.dealer,
            )
        )
        summary = {"violations": len(ruling["violations"])}
    dispute = Dispute.objects.create(
        hand=hand, record=record, ruling=ruling, claim=claim, opened_by=actor, reason=reason
    )
    _bump(game)
    HistoryEntry.objects.create(
        game=game,
        hand_number=number,
        action="dispute_opened",
        actor=actor,
        after={"dispute": dispute.pk, **summary},
        reason=reason,
    )
    events.dispute_changed(EventType.DISPUTE_OPENED, game, dispute, hand)
    return dispute


def _scored_claim(game: Game, hand: Hand, record: Mapping[str, Any]) -> dict[str, Any]:
    """The claimed count scored as the hand would be (after the game's earlier hands), next
    to the hand's recorded points and scores; the engine refuses an impossible claim."""
    earlier = Hand.objects.filter(game=game, number__lt=hand.number, is_void=False)
    totals = [0] * len(hand.scores)
    for scores in earlier.order_by("number").values_list("scores", flat=True):
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
    scored = score_entry(rules_of(game), record, dealer=hand.dealer, totals_before=totals)
    return {
        "points": scored.points,
        "scores": scored.scores,
        "recorded_points": list(hand.points),
        "recorded_scores": list(hand.scores),
    }


@transaction.atomic
def resolve_dispute(*, dispute_id: int, decision: str, note: str, actor) -> Dispute:
    """Accept or dismiss an open dispute; a second decision is refused (``dispute_closed``).
    Accepting changes the hand as a correction does (every later total, the game end and the
    winners follow), kept in the history as ``dispute_accepted``; it is refused, changing
    nothing, when the dispute proves nothing to change (``ruling_proves_nothing``), when the
    hand is void (``hand_void``) and when the game was abandoned (``game_abandoned``)."""
    game_id = Dispute.objects.filter(pk=dispute_id).values_list("hand__game_id", flat=True).first()
    if game_id is None:
        raise NotFoundError("dispute_not_found", "No such dispute.", None)
    game = locked_game(game_id, None)
    dispute = Dispute.objects.select_for_update().get(pk=dispute_id)
    if dispute.status != DisputeStatus.OPEN:
        raise Conflict("dispute_closed", f"The dispute was already {dispute.status}.", None)
    hand = locked_hand(game, dispute.hand.number)
    noted = {"dispute": dispute.pk}
    if decision == "accept":
        dispute.status = DisputeStatus.ACCEPTED
        hand = change_hand(
            game, hand, _acceptance(dispute), "dispute_accepted", actor, note, noted=noted
        )
    else:
        dispute.status = DisputeStatus.DISMISSED
        _bump(game)
        HistoryEntry.objects.create(
            game=game,
            hand_number=hand.number,
            action="dispute_dismissed",
            actor=actor,
            before=hand.snapshot(),
            after={**hand.snapshot(), **noted},
            reason=note,
        )
    dispute.resolved_by = actor
    dispute.resolved_at = timezone.now()
    dispute.resolution_note = note
    dispute.save()
    events.dispute_changed(EventType.DISPUTE_RESOLVED, game, dispute, hand)
    return dispute


def _acceptance(dispute: Dispute) -> Callable[[Hand], bool]:
    """What accepting ``dispute`` does to its hand: the claimed count as its entry, or the
    renege the ruling proves penalised (its first offender's)."""
    if dispute.level in COUNT_LEVELS:
        return replace_entry(dispute.record)
    offender = next(
        (v["seat"] for v in dispute.ruling["violations"] if v["rule"] == MUST_FOLLOW_SUIT), None
    )
    if offender is None:
        raise Conflict(
            "ruling_proves_nothing",
            "The ruling proves no renege, the one violation a hand is penalised for: accepting "
            "it would change nothing. Dismiss the dispute, or correct the hand.",
            "decision",
        )

    def penalise(hand: Hand) -> bool:
        if hand.is_void:
            raise Conflict(
                "hand_void", f"Hand {hand.number} is void: dismiss the dispute instead.", None
            )
        hand.renege_by = offender
        return True

    return penalise


def _bump(game: Game) -> None:
    """A new version (and ETag) for a change that scores nothing."""
    game.version += 1
    game.save(update_fields=["version", "updated_at"])
