"""A record's hand replayed by OpenSpiel's C++ ``hearts`` (a dev dependency) gives the points
the record says, so docs/hand-record.md's mapping of cards and actions holds."""

from __future__ import annotations

import pytest

from adjudication.engine import build_ruleset
from adjudication.engine.openspiel import openspiel_parameters
from scoring.domain.entries import score_entry
from scoring.record.entries import entry_of
from scoring.record.openspiel import PASS_ACTIONS, openspiel_actions, openspiel_card
from tests.records.test_reader import a_game

pyspiel = pytest.importorskip("pyspiel")


def test_openspiel_numbers_a_card_rank_times_four_plus_suit():
    assert [openspiel_card(name) for name in ("2C", "2D", "3C", "QS", "AS")] == [0, 1, 4, 43, 51]
    assert PASS_ACTIONS == {"hold": 0, "left": 1, "across": 2, "right": 3}


@pytest.mark.parametrize("seed", range(6))
def test_a_recorded_hand_replayed_by_openspiel_takes_the_points_the_engine_gave(seed):
    hand = a_game("plays", seed=seed)["hands"][0]
    rules = build_ruleset()
    scored = score_entry(rules, entry_of(hand), dealer=0, totals_before=[0, 0, 0, 0])
    game = pyspiel.load_game("hearts", openspiel_parameters(rules))
    state = game.new_initial_state()
    for action in openspiel_actions(rules, hand):
        state.apply_action_with_legality_check(action)
    assert state.is_terminal()
    assert [state.points(seat) for seat in range(4)] == scored.points


def test_a_hand_openspiel_cannot_play_has_no_actions():
    hand = a_game("plays", seed=1)["hands"][0]
    assert openspiel_actions(build_ruleset("standard", first_lead="left_of_dealer"), hand) is None
    assert openspiel_actions(build_ruleset(), {**hand, "holdings": None}) is None
