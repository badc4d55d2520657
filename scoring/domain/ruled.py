"""A recorded hand's score as the director's decisions on its rulings leave it. No database here.

A hand recorded trick by trick with irregularities is scored as played until a director
decides: ``ruled`` (kept on the hand) says which rulings' rectifications were accepted, and
any override's own result. The hand is then scored from the accepted rectifications applied
together (the engine's ``rectified_by``), or from the director's own count, which wins over
them: the director's word on the hand is final. The trick record's ruling stays with the hand
either way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from adjudication.engine import HandScore, Ruleset
from adjudication.engine.claim_result import score_claimed
from adjudication.engine.decided import rectified_by
from adjudication.engine.scoring_cards import every_taker
from scoring.domain.entries import ScoredHand, check_moon_choice, rule_on_plays, score_entry


def decided(ruled: Mapping[str, Any] | None) -> bool:
    """Whether ``ruled`` changes the hand's score from its record as played."""
    return bool(ruled) and bool(ruled.get("accepted") or ruled.get("result") or ruled.get("claim"))


def score_recorded(
    rules: Ruleset,
    entry: Mapping[str, Any],
    *,
    dealer: int,
    totals_before: Sequence[int],
    renege_by: int | None = None,
    ruled: Mapping[str, Any] | None = None,
    judged: Mapping[str, Any] | None = None,
) -> ScoredHand:
    """A stored hand's score: its entry as ``score_entry`` scores it, unless the director's
    decisions (``ruled``) change it: their own count, else the accepted claim ruling's result,
    else the accepted rectifications. A renege penalty confirmed through a dispute applies
    to the hand as played. ``judged``: as ``score_entry`` takes it."""
    played = score_entry(
        rules,
        entry,
        dealer=dealer,
        totals_before=totals_before,
        renege_by=renege_by,
        judged=judged,
    )
    if not decided(ruled):
        return played
    assert ruled is not None
    if ruled.get("result"):
        own = score_entry(rules, ruled["result"], dealer=dealer, totals_before=totals_before)
        return replace(own, level=played.level, adjudication=played.adjudication)
    moon_choice = ruled.get("moon_choice") or entry.get("moon_choice")
    if ruled.get("claim"):
        return _claim_scored(rules, played, ruled["claim"], moon_choice, totals_before)
    rectified = rectified_by(
        rule_on_plays(rules, entry, dealer),
        ruled["accepted"],
        moon_choice=moon_choice,
        totals_before=totals_before,
    )
    return _scored_as(rules, played, rectified.score, rectified.points, queen_by=rectified.queen_by)


def _claim_scored(
    rules: Ruleset,
    played: ScoredHand,
    result: Mapping[str, Any],
    moon_choice: str | None,
    totals_before: Sequence[int],
) -> ScoredHand:
    """The hand scored from its claim's accepted ruling (``result``: its points, J♦, tricks and
    whether a failed claim's moon is denied), as the engine scored it."""
    score = score_claimed(rules, result, moon_choice, totals_before)
    return _scored_as(rules, played, score, score.points)


def _scored_as(
    rules: Ruleset, played: ScoredHand, score: HandScore, points: Sequence[int], **more: Any
) -> ScoredHand:
    """``played`` with the score a decision gave it; a moon that score makes needs its choice."""
    check_moon_choice(rules, score, None)
    assert score.scores is not None
    return replace(
        played,
        points=list(points),
        scores=list(score.scores),
        moon_shooter=score.moon,
        moon_choice=score.moon_rule or "",
        takers=every_taker(score.takers),
        gems=list(score.gems) if score.gems is not None else None,
        **more,
    )
