"""A ruling as plain data: what a recorded hand keeps and what the adjudication API shows.

``ruling_as_data`` turns a ``Ruling`` into JSON-safe values only (cards by their names, lists,
dicts, numbers, strings, None). The scoring app stores it with a hand recorded trick by trick,
and the API returns it as the ruling, so its shape is a stored format: a change to it changes
what old hands hold and what clients read.
"""

from __future__ import annotations

from typing import Any

from .cards import NAMES, cards_in
from .legality import MUST_FOLLOW_SUIT
from .rectify import ruling_as_data as irregularity_as_data
from .ruling import Ruling, Trick, Undetermined, Violation
from .scoring import HandScore, score_hand


def ruling_as_data(ruling: Ruling) -> dict[str, Any]:
    """The ruling as plain, JSON-safe data, with the renege penalty it implies (docs/rules.md,
    Scoring a hand)."""
    names = NAMES
    return {
        "legal": ruling.legal,
        "complete": ruling.complete,
        "first_leader": ruling.first_leader,
        "violations": [
            {**_where(v), "message": v.message, "evidence": v.evidence()} for v in ruling.violations
        ],
        "undetermined": [
            {
                **_where(u),
                "condition": u.condition,
                "decided_by": [names[c] for c in u.decided_by],
            }
            for u in ruling.undetermined
        ],
        "tricks": [trick_as_data(t) for t in ruling.tricks],
        "points_taken": list(ruling.points_taken),
        "tricks_won": list(ruling.tricks_won),
        **ruling.takers,
        **_score(ruling),
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
        # Irregularities the record stated: each one's ruling, and the hand once rectified
        # (the fields above stay the raw result, the record as played).
        "irregularities": [irregularity_as_data(r) for r in ruling.irregularities],
        "rectified": ruling.rectified.as_data() if ruling.rectified is not None else None,
        "claim": _claim(ruling),
    }


def _claim(ruling: Ruling) -> dict[str, Any] | None:
    """The claim the record ends in, judged (claim_data.py), or None."""
    if ruling.claim is None:
        return None
    from .claim_data import claim_as_data  # which builds on this module's tricks and scores

    return claim_as_data(ruling.rules, ruling.claim)


def trick_as_data(trick: Trick) -> dict[str, Any]:
    """One trick: its number, leader, cards and their seats, winner and points."""
    return {
        "trick": trick.number,
        "leader": trick.leader,
        "cards": [NAMES[c] for c in trick.cards],
        "seats": list(trick.seats),
        "winner": trick.winner,
        "points": trick.points,
    }


def _where(found: Violation | Undetermined) -> dict[str, Any]:
    """Where a finding stands (the play, None for a pass; its trick, seat and card) and its rule."""
    return {
        "play_index": found.play_index,
        "trick": found.trick,
        "seat": found.seat,
        "card": NAMES[found.card] if found.card is not None else None,
        "rule": found.rule,
    }


def _score(ruling: Ruling) -> dict[str, Any]:
    """The score of a complete record (None or empty before) and the renege penalty."""
    return {**score_fields(ruling.score), "renege_penalty": renege_penalty(ruling)}


def score_fields(score: HandScore | None) -> dict[str, Any]:
    """A hand's score (None or empty before it has one): moon, sun, scores, gems, bonuses.
    Scores are per seat, or both moon options while the choice is open."""
    scores: Any = None
    if score is not None:
        scores = (
            list(score.scores)
            if score.scores is not None
            else {choice: list(values) for choice, values in score.options.items()}
        )
    return {
        "moon": {"shooter": score.moon} if score and score.moon is not None else None,
        "sun": {"shooter": score.sun} if score and score.sun is not None else None,
        "scores": scores,
        "gems": list(score.gems) if score and score.gems is not None else None,
        "no_trick_bonus": list(score.no_trick_bonus) if score else [],
    }


def renege_penalty(ruling: Ruling) -> dict[str, Any] | None:
    """The scores a director's confirmation of the first renege would give, if the rules say so."""
    rules = ruling.rules
    score = ruling.score
    if score is None or rules.renege_penalty == "none":
        return None
    offender = next((v.seat for v in ruling.violations if v.rule == MUST_FOLLOW_SUIT), None)
    if offender is None:
        return None
    if rules.renege_penalty == "replay":  # the hand is dealt again: no scores to price
        return {"offender": offender, "scores": None}
    penalised = score_hand(
        rules,
        score.points,
        tricks_won=ruling.tricks_won,
        moon_choice=score.moon_rule if score.moon_rule else None,
        renege_by=offender,
        **ruling.takers,
    )
    if penalised.scores is None:  # a moon whose choice is still open: both options
        return {"offender": offender, "scores": {k: list(v) for k, v in penalised.options.items()}}
    return {"offender": offender, "scores": list(penalised.scores)}
