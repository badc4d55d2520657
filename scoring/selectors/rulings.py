"""Reads of the rulings on a hand that a director accepts or overrides."""

from __future__ import annotations

from django.db.models import QuerySet

from scoring.models import Dispute, Hand, HandRuling, RulingStatus


def current_rulings(hand: Hand) -> QuerySet[HandRuling]:
    """The rulings on the hand's record as it stands (one dispute's), in the record's order."""
    return HandRuling.objects.filter(dispute__hand=hand, current=True).order_by("index")


def rulings_of(dispute: Dispute) -> list[HandRuling]:
    """A dispute's rulings, in its record's order, each with its decider."""
    return list(dispute.rulings.select_related("decided_by").order_by("index"))


def awaiting_dispute(hand: Hand) -> Dispute | None:
    """The open dispute whose rulings on the hand's record await a director, if any."""
    ruling = current_rulings(hand).filter(status=RulingStatus.AWAITING).first()
    return ruling.dispute if ruling is not None else None
