"""Adjudication as a service: validated request data in, the engine's ruling out. Nothing stored."""

from __future__ import annotations

from typing import Any

from adjudication.engine import (
    HeartsError,
    Ruleset,
    Ruling,
    adjudicate,
    cards_in,
    ruleset_from_spec,
    score_hand,
)
from adjudication.engine.cards import NAMES
from adjudication.engine.legality import MUST_FOLLOW_SUIT


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
        raise HeartsError(
            "wrong_number_of_seats",
            f"totals_before must give each of the {rules.players} seats",
            "totals_before",
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
    )


def renege_penalty(ruling: Ruling) -> dict[str, Any] | None:
    """The scores a director's confirmation of the first renege would give, if the rules say so."""
    rules = ruling.rules
    score = ruling.score
    if score is None or rules.renege_penalty == "none":
        return None
    offender = next((v.seat for v in ruling.violations if v.rule == MUST_FOLLOW_SUIT), None)
    if offender is None:
        return None
    penalised = score_hand(
        rules,
        score.points,
        jack_of_diamonds=ruling.jack_of_diamonds,
        tricks_won=ruling.tricks_won,
        moon_choice=score.moon_rule if score.moon_rule else None,
        renege_by=offender,
    )
    if penalised.scores is None:  # a moon whose choice is still open: both options
        return {"offender": offender, "scores": {k: list(v) for k, v in penalised.options.items()}}
    return {"offender": offender, "scores": list(penalised.scores)}


def present_ruling(ruling: Ruling) -> dict[str, Any]:
    """The ruling as the API returns it (plain dicts: faster than nested serializers)."""
    score = ruling.score
    scores: Any = None
    if score is not None:
        scores = (
            list(score.scores)
            if score.scores is not None
            else {choice: list(values) for choice, values in score.options.items()}
        )
    names = NAMES
    return {
        "legal": ruling.legal,
        "complete": ruling.complete,
        "first_leader": ruling.first_leader,
        "violations": [
            {
                "play_index": v.play_index,
                "trick": v.trick,
                "seat": v.seat,
                "card": names[v.card] if v.card is not None else None,
                "rule": v.rule,
                "message": v.message,
                "evidence": v.evidence(),
            }
            for v in ruling.violations
        ],
        "undetermined": [
            {
                "play_index": u.play_index,
                "trick": u.trick,
                "seat": u.seat,
                "card": names[u.card],
                "rule": u.rule,
                "condition": u.condition,
                "decided_by": [names[c] for c in u.decided_by],
            }
            for u in ruling.undetermined
        ],
        "tricks": [
            {
                "trick": t.number,
                "leader": t.leader,
                "cards": [names[c] for c in t.cards],
                "seats": list(t.seats),
                "winner": t.winner,
                "points": t.points,
            }
            for t in ruling.tricks
        ],
        "points_taken": list(ruling.points_taken),
        "tricks_won": list(ruling.tricks_won),
        "jack_of_diamonds": ruling.jack_of_diamonds,
        "moon": {"shooter": score.moon} if score and score.moon is not None else None,
        "sun": {"shooter": score.sun} if score and score.sun is not None else None,
        "scores": scores,
        "gems": list(score.gems) if score and score.gems is not None else None,
        "no_trick_bonus": list(score.no_trick_bonus) if score else [],
        "renege_penalty": renege_penalty(ruling),
        "hands": (
            [[names[c] for c in cards_in(mask)] for mask in ruling.holdings]
            if ruling.holdings is not None
            else None
        ),
        "holdings_source": ruling.holdings_source,
        "passing": (
            {"hand_number": ruling.hand_number, "direction": ruling.pass_direction}
            if ruling.pass_direction is not None
            else None
        ),
        "ruleset": ruling.rules.options(),
    }
