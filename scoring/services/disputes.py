"""Disputes: a hand contested, then accepted or dismissed by a director, once.

Two kinds. A trick record (``plays``: the hand's own, when none is sent) is adjudicated at once;
accepting it penalises the renege its ruling proves, with the ruleset's penalty. A claimed count
(``points`` or ``cards_taken``, as hand entry takes them: "I took the 9♥, not her") is scored by
the engine at once, so an impossible claim is refused, and kept with what it would change;
accepting it corrects the hand to the claimed entry, as a correction does. A director may
accept with a ruling of their own instead (a count, or a renege), in the same decision: so a
query that claims nothing is upheld in one step. Dismissing changes no score. A void hand counts
for nothing: it cannot be disputed, and a dispute opened before the hand was voided can only be
dismissed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudication.engine import adjudicate
from adjudication.engine.legality import MUST_FOLLOW_SUIT
from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring.domain.entries import kept_ruling, score_entry
from scoring.models import (
    COUNTED,
    Confirmation,
    Dispute,
    DisputeStatus,
    EntryLevel,
    EventType,
    Game,
    Hand,
    HistoryEntry,
)
from scoring.services import events, night_lock
from scoring.services.games import locked_game, rules_of
from scoring.services.hands import change_hand, locked_hand, replace_entry

RECORD_KEYS = ("plays", "hands", "first_leader")
COUNT_LEVELS = (EntryLevel.POINTS.value, EntryLevel.CARDS.value)


@transaction.atomic
def open_dispute(
    *,
    game_id: int,
    number: int,
    record: Mapping[str, Any],
    actor,
    reason: str = "",
    query: Mapping[str, Any] | None = None,
) -> Dispute:
    """Dispute hand ``number`` with a trick record (the hand's own, when neither plays nor a
    count is sent), kept with its ruling, or with a claimed count, kept with its score.
    ``query``: a seated player's query of a hand awaiting confirmation (who, and how), which
    may claim nothing; kept in the history as ``hand_queried``."""
    game = locked_game(game_id, None)
    night_lock.refuse_dispute(game)
    hand = locked_hand(game, number)
    if hand.is_void:
        raise Conflict(
            "hand_void",
            _("Hand {number} is void: it counts for nothing, so it has no dispute.").format(
                number=number
            ),
            None,
        )
    record, ruling, claim, summary = _examined(game, hand, dict(record), query is not None)
    dispute = Dispute.objects.create(
        hand=hand, record=record, ruling=ruling, claim=claim, opened_by=actor, reason=reason
    )
    _bump(game)
    HistoryEntry.objects.create(
        game=game,
        hand_number=number,
        action="dispute_opened" if query is None else "hand_queried",
        actor=actor,
        after={"dispute": dispute.pk, **summary, **(query or {})},
        reason=reason,
    )
    opened = EventType.DISPUTE_OPENED if query is None else EventType.HAND_QUERIED
    events.dispute_changed(opened, game, dispute, hand)
    return dispute


def _examined(game: Game, hand: Hand, record: dict[str, Any], query: bool):
    """What a dispute keeps: (record, ruling, claim, the history's summary of it)."""
    if any(level in record for level in COUNT_LEVELS):
        claim = _scored_claim(game, hand, record)
        return record, None, claim, {"points": claim["points"], "scores": claim["scores"]}
    if "plays" not in record:
        if hand.level != EntryLevel.PLAYS:
            if query:  # a query may claim nothing: the director asks the table
                return record, None, None, {}
            raise DomainError(
                "record_required",
                _(
                    "Hand {number} was entered as {level}, with no trick record: send the "
                    "plays, or the count you claim (points or cards_taken)."
                ).format(number=hand.number, level=hand.level),
                "plays",
            )
        record = {k: v for k, v in hand.entry.items() if k in RECORD_KEYS}
    ruling = kept_ruling(
        lambda: adjudicate(
            rules_of(game),
            record["plays"],
            hands=record.get("hands"),
            first_leader=record.get("first_leader"),
            dealer=hand.dealer,
        )
    )
    return record, ruling, None, {"violations": len(ruling["violations"])}


def _scored_claim(game: Game, hand: Hand, record: Mapping[str, Any]) -> dict[str, Any]:
    """The claimed count scored as the hand would be (after the game's earlier hands), next
    to the hand's recorded points and scores; the engine refuses an impossible claim."""
    earlier = Hand.objects.filter(COUNTED, game=game, number__lt=hand.number)
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
def resolve_dispute(
    *,
    dispute_id: int,
    decision: str,
    note: str,
    actor,
    ruled: Mapping[str, Any] | None = None,
) -> Dispute:
    """Accept or dismiss an open dispute; a second decision is refused (``dispute_closed``).
    Accepting changes the hand as a correction does (every later total, the game end and the
    winners follow), kept in the history as ``dispute_accepted``; it is refused, changing
    nothing, when the dispute proves nothing to change (``ruling_proves_nothing``), when the
    hand is void (``hand_void``) and when the game was abandoned (``game_abandoned``).

    ``ruled``: the director's own ruling, accepted in the same decision (upholding a query
    that claims nothing, or ruling otherwise than the dispute claims): the count each seat
    took (``points`` or ``cards_taken``, as a hand entry takes them), which becomes the hand's
    entry, or a renege (``renege_by``: the seat), penalised as a proven one is. It is kept in
    the history's ``after`` as ``ruled``."""
    if ruled is not None and decision != "accept":
        raise DomainError(
            "ruling_needs_accept", _("A ruling goes with the decision to accept."), "decision"
        )
    game_id = Dispute.objects.filter(pk=dispute_id).values_list("hand__game_id", flat=True).first()
    if game_id is None:
        raise NotFoundError("dispute_not_found", _("No such dispute."), None)
    game = locked_game(game_id, None)
    dispute = Dispute.objects.select_for_update().get(pk=dispute_id)
    if dispute.status != DisputeStatus.OPEN:
        closed = {
            DisputeStatus.ACCEPTED: _("The dispute was already accepted."),
            DisputeStatus.DISMISSED: _("The dispute was already dismissed."),
        }
        raise Conflict("dispute_closed", closed[dispute.status], None)
    hand = locked_hand(game, dispute.hand.number)
    noted: dict[str, Any] = {"dispute": dispute.pk}
    settles = hand.confirmation == Confirmation.QUERIED and not hand.is_void
    if decision == "accept":
        dispute.status = DisputeStatus.ACCEPTED
        if ruled is not None:
            noted["ruled"] = dict(ruled)
            acceptance = _ruling(game, dict(ruled))
        else:
            acceptance = _acceptance(dispute)
        change = _settled(acceptance) if settles else acceptance
        hand = change_hand(game, hand, change, "dispute_accepted", actor, note, noted=noted)
    elif settles:  # the entry stands, as the director ruled: the queried hand counts
        dispute.status = DisputeStatus.DISMISSED
        hand = change_hand(
            game, hand, _settled(None), "dispute_dismissed", actor, note, noted=noted
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


def _settled(change: Callable[[Hand], bool] | None) -> Callable[[Hand], bool]:
    """``change``, and a queried hand confirmed by the director's ruling (it counts again)."""

    def settle(hand: Hand) -> bool:
        if change is not None:
            change(hand)
        hand.confirmation = Confirmation.CONFIRMED
        return True

    return settle


def _ruling(game: Game, ruled: dict[str, Any]) -> Callable[[Hand], bool]:
    """What a director's own ruling does to the hand: a renege penalised, or a count as its
    entry (scored by the engine with the rest of the game, so an impossible one is refused)."""
    if "renege_by" not in ruled:
        return replace_entry(ruled)
    seat = ruled["renege_by"]
    if type(seat) is not int or not 0 <= seat < rules_of(game).players:
        raise DomainError("invalid_seat", _("renege_by is a seat of this game."), "renege_by")
    return _penalised(seat)


def _acceptance(dispute: Dispute) -> Callable[[Hand], bool]:
    """What accepting ``dispute`` does to its hand: the claimed count as its entry, or the
    renege the ruling proves penalised (its first offender's); refused for a query that
    claims nothing (``nothing_claimed``)."""
    if dispute.level in COUNT_LEVELS:
        return replace_entry(dispute.record)
    if dispute.ruling is None:
        raise Conflict(
            "nothing_claimed",
            _(
                "The query claims no other count: dismiss it (the entry stands), or accept it with "
                "your own ruling (the count each seat took, or who reneged)."
            ),
            "decision",
        )
    offender = next(
        (v["seat"] for v in dispute.ruling["violations"] if v["rule"] == MUST_FOLLOW_SUIT), None
    )
    if offender is None:
        raise Conflict(
            "ruling_proves_nothing",
            _(
                "The ruling proves no renege, the one violation a hand is penalised for: accepting "
                "it would change nothing. Dismiss the dispute, or correct the hand."
            ),
            "decision",
        )
    return _penalised(offender)


def _penalised(offender: int) -> Callable[[Hand], bool]:
    """The renege of seat ``offender`` penalised on the hand, with the ruleset's penalty."""

    def penalise(hand: Hand) -> bool:
        if hand.is_void:
            raise Conflict(
                "hand_void",
                _("Hand {number} is void: dismiss the dispute instead.").format(number=hand.number),
                None,
            )
        hand.renege_by = offender
        return True

    return penalise


def _bump(game: Game) -> None:
    """A new version (and ETag) for a change that scores nothing."""
    game.version += 1
    game.save(update_fields=["version", "updated_at"])
