"""A score sheet's row (each seat's score for the hand, as a paper sheet writes it) as the
points-level entry that scores it under the ruleset: the points themselves, a moon (either
choice), or the points with the J♦ taken by one seat. No database here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from adjudication.engine import HeartsError, Ruleset
from scoring.domain.entries import score_entry


def sheet_entry(
    rules: Ruleset, scores: Sequence[int], *, dealer: int, totals_before: Sequence[int]
) -> dict[str, Any]:
    """The first entry whose score under ``rules`` is ``scores``; none is a HeartsError
    ``sheet_points_make_no_hand`` saying why the points as they are make no hand."""
    if rules.sun or rules.no_trick_bonus:
        message = _("this ruleset scores tricks won, which a score sheet does not hold")
        raise HeartsError("sheet_ruleset_unsupported", message, "ruleset")
    why = ""
    for entry in _candidates(rules, list(scores)):
        try:
            scored = score_entry(rules, entry, dealer=dealer, totals_before=totals_before)
        except HeartsError as refusal:
            why = why or refusal.message
            continue
        if scored.scores == list(scores):
            return entry
        if not why:
            message = _("as points taken they score {scores}")
            why = message.format(scores=" ".join(map(str, scored.scores)))
    message = _(
        "the points {points} make no hand under this ruleset ({why}; "
        "a moon is written as it scores)"
    )
    words = message.format(points=" ".join(map(str, scores)), why=why)
    raise HeartsError("sheet_points_make_no_hand", words, "points")


def _candidates(rules: Ruleset, scores: list[int]):
    seats = range(rules.players)
    takers = [None, *seats] if rules.jack_of_diamonds else [None]
    for taker in takers:
        extra = {} if taker is None else {"jack_of_diamonds": taker}
        value = 0 if taker is None else rules.jack_of_diamonds
        yield {
            "points": [s - (value if seat == taker else 0) for seat, s in enumerate(scores)]
        } | extra
        for shooter in seats:
            moon = [rules.penalty_total if seat == shooter else 0 for seat in seats]
            for choice in (None, "add_to_others", "subtract_from_shooter"):
                said = {} if choice is None else {"moon_choice": choice}
                yield {"points": moon, **said, **extra}
