"""A director's decision on one ruling on a hand: accepted, or overridden with a reason.

Accepting scores the hand from the ruling's rectification, applied with the others accepted on
its record; accepting one that leaves the hand to the table for a redeal or a replay voids the
hand (it keeps its number, and the deal is played again as the next hand). Overriding gives
the director's own result (the count each seat took, scored instead of any rectification) or
none (the hand stands as played for it). Either way the hand changes as a correction does:
every later total, the game's end and its winners follow, and the game's history keeps it
(``ruling_accepted``, ``ruling_overridden``). One decision a ruling: a second is refused
(``ruling_decided``), as is one made on a revision of the hand since changed
(``hand_changed``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring.models import (
    Confirmation,
    EventType,
    Game,
    Hand,
    HandRuling,
    RulingKind,
    RulingStatus,
)
from scoring.services import events
from scoring.services.games import locked_game
from scoring.services.hands import change_hand, check_not_abandoned, locked_hand
from scoring.services.rulings import close_if_decided, record_of, ruled_by

DECISIONS = ("accept", "override")
#: What an accepted ruling may leave to the table: a new deal, which voids the hand.
VOIDS = ("redeal", "replay")

_DECIDED = {
    RulingStatus.ACCEPTED: lambda: _("The ruling was already accepted."),
    RulingStatus.OVERRIDDEN: lambda: _("The ruling was already overridden."),
    RulingStatus.WITHDRAWN: lambda: _(
        "The ruling was withdrawn: its hand was corrected or voided since."
    ),
}


def _checked(decision: str, reason: str, result: Mapping[str, Any] | None) -> None:
    """What a decision needs before anything is read: a reason to override, a result only
    with an override."""
    if decision not in DECISIONS:
        raise DomainError("invalid_decision", _("Accept or override the ruling."), "decision")
    if result is not None and decision != "override":
        raise DomainError(
            "result_needs_override",
            _("Your own result goes with the decision to override."),
            "result",
        )
    if decision == "override" and not reason.strip():
        raise DomainError(
            "reason_required", _("Say why you override the ruling: it stays in the history."),
            "reason",
        )  # fmt: skip


def _locked(ruling_id: int) -> tuple[Game, HandRuling, Hand]:
    """The game, the ruling and its hand, locked in that order (as every hand write locks)."""
    place = (
        HandRuling.objects.filter(pk=ruling_id)
        .values_list("dispute__hand__game_id", "dispute__hand__number")
        .first()
    )
    if place is None:
        raise NotFoundError("ruling_not_found", _("No such ruling."), None)
    game = locked_game(place[0], None)
    check_not_abandoned(game)
    ruling = HandRuling.objects.select_for_update().select_related("dispute").get(pk=ruling_id)
    return game, ruling, locked_hand(game, place[1])


def _check_open(ruling: HandRuling, hand: Hand, decision: str, expected_revision: int | None):
    if ruling.status != RulingStatus.AWAITING:
        raise Conflict("ruling_decided", _DECIDED[RulingStatus(ruling.status)](), None)
    if expected_revision is not None and expected_revision != hand.revision:
        raise Conflict(
            "hand_changed",
            _(
                "Hand {number} changed since you read it (revision {seen}, now {revision}): "
                "read the ruling again before you decide."
            ).format(number=hand.number, seen=expected_revision, revision=hand.revision),
            "revision",
        )
    if decision == "accept" and leaves_score(ruling):
        raise Conflict(
            "ruling_leaves_score",
            _(
                "The ruling leaves the score to you: override it with your own result (the "
                "points each player took)."
            ),
            "decision",
        )


def leaves_score(ruling: HandRuling) -> bool:
    """Whether accepting the ruling cannot score the hand: it leaves the score to the director,
    or (a claim's) leaves points, the J♦ or the tricks to the table."""
    if ruling.kind == RulingKind.CLAIM:
        return bool(ruling.ruling["result"]["left_to_table"])
    return ruling.ruling["left_to_table"] == "director"


@transaction.atomic
def decide_ruling(
    *,
    ruling_id: int,
    decision: str,
    actor,
    reason: str = "",
    result: Mapping[str, Any] | None = None,
    moon_choice: str | None = None,
    expected_revision: int | None = None,
) -> HandRuling:
    """Accept or override a ruling awaiting the director (module docstring); ``result``: an
    override's own count (points, as a hand entry takes them); ``moon_choice``: the shooter's
    choice for a moon an accepted rectification makes; ``expected_revision``: the hand's
    revision the director read."""
    _checked(decision, reason, result)
    game, ruling, hand = _locked(ruling_id)
    _check_open(ruling, hand, decision, expected_revision)
    ruling.status = RulingStatus.ACCEPTED if decision == "accept" else RulingStatus.OVERRIDDEN
    ruling.result = dict(result) if result is not None else None
    ruling.reason = reason
    ruling.decided_by, ruling.decided_at = actor, timezone.now()
    ruling.save()
    dispute = ruling.dispute
    takes_record = not ruling.current  # the dispute's own record becomes the hand's
    voids = decision == "accept" and ruling.ruling.get("left_to_table") in VOIDS
    noted: dict[str, Any] = {
        "dispute": dispute.pk,
        "ruling": ruling.pk,
        "index": ruling.index,
        "rule": ruling.ruling["rule"],
        **({"result": ruling.result} if ruling.result else {}),
        **({"replay": ruling.ruling["left_to_table"]} if voids else {}),
    }
    action = "ruling_accepted" if decision == "accept" else "ruling_overridden"
    # The last ruling of a query decided: the queried hand counts again, as a resolution does.
    settles = not dispute.rulings.filter(status=RulingStatus.AWAITING).exists()
    change = _decided(
        dispute.record if takes_record else None, dispute, moon_choice, voids, settles
    )
    hand = change_hand(game, hand, change, action, actor, reason, noted=noted)
    if takes_record:
        dispute.rulings.update(current=True)
        ruling.current = True
    kind = EventType.RULING_ACCEPTED if decision == "accept" else EventType.RULING_OVERRIDDEN
    events.rulings_changed(kind, game, dispute, hand, [ruling])
    close_if_decided(game, hand, dispute, actor, reason)
    return ruling


def _decided(
    record: Mapping[str, Any] | None,
    dispute,
    moon_choice: str | None,
    voids: bool,
    settles: bool,
) -> Callable[[Hand], bool]:
    """What the decision does to the hand: its record becomes the dispute's (``record``), its
    ``ruled`` follows the record's decided rulings, a redeal or replay voids it, and a queried
    hand is confirmed once the dispute's last ruling is decided (``settles``)."""

    def decide(hand: Hand) -> bool:
        if hand.is_void:
            raise Conflict(
                "hand_void", _("Hand {number} is void.").format(number=hand.number), None
            )
        earlier = (hand.ruled or {}).get("moon_choice") if record is None else None
        if record is not None:
            hand.entry = record_of(record)
            hand.renege_by = None
        hand.ruled = ruled_by(dispute.rulings.all(), moon_choice or earlier)
        if voids:
            hand.is_void = True
        if settles and hand.confirmation == Confirmation.QUERIED:
            hand.confirmation = Confirmation.CONFIRMED
        return True

    return decide
