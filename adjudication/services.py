"""Adjudication as a service: validated request data in, the engine's ruling out. Nothing stored."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from adjudication.engine import (
    HeartsError,
    Ruleset,
    Ruling,
    adjudicate,
    ruleset_from_spec,
    ruling_as_data,
)


def ruleset_for(spec: object, field: str = "ruleset") -> Ruleset:
    """The engine's ruleset for an API spec; errors are re-addressed under ``field``."""
    try:
        return ruleset_from_spec(spec)
    except HeartsError as exc:
        inner = None if isinstance(spec, str) else exc.field
        raise HeartsError(exc.code, exc.message, f"{field}.{inner}" if inner else field) from exc


def rule_on_hand(data: dict[str, Any]) -> Ruling:
    """Rule on a hand's record as the adjudication endpoint receives it."""
    rules = ruleset_for(data.get("ruleset", "standard"))
    totals = data.get("totals_before")
    if totals is not None and len(totals) != rules.players:
        message = _("totals_before must give each of the {players} seats")
        raise HeartsError(
            "wrong_number_of_seats", message.format(players=rules.players), "totals_before"
        )
    return adjudicate(
        rules,
        data["plays"],
        hands=data.get("hands"),
        deal=data.get("deal"),
        passes=data.get("passes"),
        hand_number=data.get("hand_number"),
        first_leader=data.get("first_leader"),
        dealer=data.get("dealer"),
        moon_choice=data.get("moon_choice"),
        totals_before=totals,
        irregularities=data.get("irregularities"),
    )


#: The ruling as the API returns it: the engine's plain form, the one a recorded hand keeps.
#: The view returns it as it is; AdjudicationOutputSerializer only documents its shape.
present_ruling = ruling_as_data
