"""A hand as a director's decisions leave it (``rectified_by``): the accepted rectifications
applied together to the record as played. Accepting none is the hand as played, accepting all
is ``Ruling.rectified``, accepting one alone is that ruling's own points and scores."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from adjudication.engine import HeartsError, adjudicate, build_ruleset
from adjudication.engine.decided import rectified_by
from adjudication.engine.rectify import scores_as_data
from adjudication.engine.simulate import deal, opening_leader

from .irregular_support import names
from .test_irregularity_properties import KINDS, PENALTIES, SEEDS, _hands, _made


def _ruled(kind, seed, penalty, *, second=None):
    rules = build_ruleset(renege_penalty=penalty, misdeal="stands_once_played")
    made = _made(kind, seed, rules)
    if made is None:
        return None
    record, holdings, stated, _where = made
    stated_all = [stated] if second is None else [stated, second]
    return rules, adjudicate(
        rules,
        names(record.plays),
        hands=_hands(holdings) if holdings is not None else None,
        first_leader=opening_leader(rules, holdings or deal(rules, random.Random(seed))),
        irregularities=stated_all,
        moon_choice="subtract_from_shooter",
    )


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(seed=SEEDS, kind=KINDS, penalty=PENALTIES)
def test_accepting_none_all_or_one_ruling_scores_as_played_rectified_or_as_that_ruling(
    seed, kind, penalty
):
    # A misdeal that stands once played rectifies nothing: a second ruling beside the first.
    ruled = _ruled(kind, seed, penalty, second={"kind": "misdeal", "noticed_at_trick": 2})
    if ruled is None:
        return
    _rules, ruling = ruled
    first, _second = ruling.irregularities
    moon = "subtract_from_shooter"
    none = rectified_by(ruling, [], moon_choice=moon)
    assert none.points == ruling.points_taken
    assert none.score.scores == ruling.score.scores
    both = rectified_by(ruling, [0, 1], moon_choice=moon)
    assert both.points == ruling.rectified.points
    assert scores_as_data(both.score) == scores_as_data(ruling.rectified.score)
    alone = rectified_by(ruling, [0], moon_choice=moon)
    assert alone.points == first.points
    assert scores_as_data(alone.score) == scores_as_data(first.score)
    assert rectified_by(ruling, [1], moon_choice=moon).points == ruling.points_taken
    if alone.queen_by is not None:  # the Q♠'s taker takes at least its points
        assert alone.points[alone.queen_by] >= ruling.rules.queen_points


@pytest.mark.parametrize(("accepted", "code"), [([3], "unknown_ruling"), ([0], "left_to_table")])
def test_a_ruling_not_stated_or_one_that_leaves_the_hand_to_the_table_is_not_scored(accepted, code):
    """A revoke under renege_penalty replay leaves the hand to be played again."""
    ruled = next(r for seed in range(40) if (r := _ruled("revoke", seed, "replay")) is not None)
    with pytest.raises(HeartsError) as refused:
        rectified_by(ruled[1], accepted)
    assert refused.value.code == code
