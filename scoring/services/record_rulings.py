"""A hand record's ``Ruled`` applied on import (docs/hand-record.md, Import): the director's
decisions on the rulings its entry opened, made again by the importing director through
``decide_ruling``, so the hand scores as it did. A record keeps what was decided (the
accepted irregularities' places, an accepted claim, the moon's choice) but not which ruling
an override's own count overrode: a hand with one is refused (``record_override_unapplied``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from hearts_site.errors import DomainError
from scoring.models import Hand, HandRuling, RulingKind, RulingStatus
from scoring.services.ruling_decisions import decide_ruling

REASON = "hand record import"


def apply_ruled(stored: Hand, ruled: dict[str, Any], actor, line: int) -> Hand:
    """Accept the rulings ``ruled`` names on the hand just entered; the hand as it is then."""
    if ruled.get("result") is not None:
        message = _(
            "line {line}: a director overrode a ruling of this hand with a count of their own; "
            "the record does not say which ruling: enter the hand and rule on it here"
        )
        raise DomainError(
            "record_override_unapplied", message.format(line=line), f"record:{line}:1"
        )
    accepted = set(ruled.get("accepted") or ())
    awaiting = HandRuling.objects.filter(
        dispute__hand=stored, status=RulingStatus.AWAITING
    ).order_by("index", "pk")
    chosen = [
        ruling
        for ruling in awaiting
        if (ruling.kind == RulingKind.IRREGULARITY and ruling.index in accepted)
        or (ruling.kind == RulingKind.CLAIM and "claim" in ruled)
    ]
    found = {r.index for r in chosen if r.kind == RulingKind.IRREGULARITY}
    if found != accepted or ("claim" in ruled) != any(r.kind == RulingKind.CLAIM for r in chosen):
        message = _("line {line}: the record's rulings are not the ones its entry opens here")
        raise DomainError("record_ruling_unknown", message.format(line=line), f"record:{line}:1")
    for place, ruling in enumerate(chosen):
        last = place == len(chosen) - 1
        decide_ruling(
            ruling_id=ruling.pk,
            decision="accept",
            actor=actor,
            reason=REASON,
            moon_choice=ruled.get("moon_choice") if last else None,
        )
    return Hand.objects.get(pk=stored.pk)
