"""A game of hands: dealer rotation, pass directions, running totals and the end of the game."""

import pytest

from adjudication.engine import (
    PRESETS,
    HeartsError,
    build_ruleset,
    dealer_of_hand,
    game_result,
    pass_direction,
    pass_receiver,
    play_out,
)

STANDARD = build_ruleset("standard")


def test_the_deal_moves_one_seat_clockwise_each_hand():
    assert [dealer_of_hand(4, 0, hand) for hand in range(1, 10)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert [dealer_of_hand(3, 2, hand) for hand in range(1, 5)] == [2, 0, 1, 2]
    assert [dealer_of_hand(6, 5, hand) for hand in range(1, 4)] == [5, 0, 1]


@pytest.mark.parametrize("hand_number", [0, -1, True, 1.0, "1", None])
def test_hand_numbers_start_at_one(hand_number):
    with pytest.raises(HeartsError) as caught:
        dealer_of_hand(4, 0, hand_number)
    assert caught.value.code == "invalid_hand_number"
    with pytest.raises(HeartsError) as caught:
        pass_direction(STANDARD, hand_number)
    assert caught.value.code == "invalid_hand_number"
    assert caught.value.field == "hand_number"


@pytest.mark.parametrize(
    ("preset", "players", "cycle"),
    [
        ("standard", 4, ["left", "right", "across", "hold"]),
        ("standard", 3, ["left", "right", "hold"]),
        ("standard", 5, ["left", "right", "hold"]),
        ("standard", 6, ["left", "right", "across", "hold"]),
        ("omnibus", 4, ["right", "left", "across", "hold"]),
        ("omnibus", 3, ["right", "left", "hold"]),
        ("omnibus", 6, ["right", "left", "across", "hold"]),
        ("qq", 4, ["left", "right", "across", "hold"]),
        ("qq", 3, ["left", "right", "hold"]),
        ("qq-single-round", 4, ["left", "right", "across", "hold"]),
        ("microsoft", 4, ["left", "right", "across", "hold"]),
        ("microsoft", 5, ["left", "right", "hold"]),
    ],
)
def test_the_pass_direction_cycles_through_the_schedule_from_hand_one(preset, players, cycle):
    rules = build_ruleset(preset, players=players)
    hands = len(cycle) * 3
    assert [pass_direction(rules, n) for n in range(1, hands + 1)] == cycle * 3


def test_black_maria_passes_right_every_hand_at_every_player_count():
    for players in (3, 4, 5, 6):
        rules = build_ruleset("black-maria", players=players)
        assert {pass_direction(rules, n) for n in range(1, 9)} == {"right"}


def test_every_hearts_preset_has_a_pass_schedule_for_every_player_count():
    for preset in set(PRESETS) - {"black-maria"}:
        for players in (3, 4, 5, 6):
            rules = build_ruleset(preset, players=players)
            directions = {pass_direction(rules, n) for n in range(1, 9)}
            assert "hold" in directions and "left" in directions and "right" in directions
            assert ("across" in directions) == (players % 2 == 0)


def test_with_pass_count_zero_every_hand_is_a_hold_hand():
    rules = build_ruleset("standard", pass_count=0)
    assert {pass_direction(rules, n) for n in range(1, 9)} == {"hold"}


@pytest.mark.parametrize(
    ("direction", "players", "receivers"),
    [
        ("left", 4, [1, 2, 3, 0]),
        ("right", 4, [3, 0, 1, 2]),
        ("across", 4, [2, 3, 0, 1]),
        ("hold", 4, [0, 1, 2, 3]),
        ("left", 3, [1, 2, 0]),
        ("right", 3, [2, 0, 1]),
        ("across", 6, [3, 4, 5, 0, 1, 2]),
    ],
)
def test_left_is_the_next_seat_clockwise_right_the_previous_across_half_the_table(
    direction, players, receivers
):
    assert [pass_receiver(direction, seat, players) for seat in range(players)] == receivers


def test_the_game_is_not_over_before_any_hand():
    result = game_result(STANDARD, [0, 0, 0, 0], 0)
    assert not result.over
    assert result.reason == "in_progress"


def test_reach_ends_at_exactly_the_target_and_exceed_only_beyond_it():
    assert game_result(STANDARD, [100, 20, 30, 40], 3).over
    assert not game_result(STANDARD, [99, 20, 30, 40], 3).over
    exceed = build_ruleset("standard", game_ends="exceed")
    assert not game_result(exceed, [100, 20, 30, 40], 3).over
    assert game_result(exceed, [101, 20, 30, 40], 3).winners == (1,)


def test_a_custom_target_is_honoured():
    rules = build_ruleset("standard", target_score=50)
    assert game_result(rules, [50, 10, 20, 30], 2).winners == (1,)
    assert not game_result(rules, [49, 10, 20, 30], 2).over


def test_totals_accumulate_hand_by_hand_and_the_next_hand_is_announced():
    state = play_out(STANDARD, [[13, 5, 8, 0], [0, 26, 0, 0]], first_dealer=2)
    assert state.hands_played == 2
    assert state.totals == (13, 31, 8, 0)
    assert state.running == ((13, 5, 8, 0), (13, 31, 8, 0))
    assert not state.result.over
    assert state.next_dealer == 0  # hand 3, dealt two seats left of seat 2
    assert state.next_pass == "across"


def test_a_game_over_has_no_next_hand_and_refuses_another():
    hands = [[26, 0, 0, 0]] * 3 + [[13, 13, 0, 0]]
    state = play_out(STANDARD, hands)
    assert state.totals == (91, 13, 0, 0)
    assert not state.result.over
    assert state.next_dealer == 0 and state.next_pass == "left"
    finished = play_out(STANDARD, [*hands, [9, 0, 0, 17]])
    assert finished.totals == (100, 13, 0, 17)
    assert finished.result.over
    assert finished.result.winners == (2,)
    assert finished.next_dealer is None and finished.next_pass is None
    with pytest.raises(HeartsError) as caught:
        play_out(STANDARD, [*hands, [9, 0, 0, 17], [0, 0, 0, 26]])
    assert caught.value.code == "game_over"
    assert "hand 6" in caught.value.message


def test_play_out_refuses_a_hand_that_does_not_score_every_seat():
    with pytest.raises(HeartsError) as caught:
        play_out(STANDARD, [[13, 5, 8, 0], [26, 0, 0]])
    assert caught.value.code == "wrong_number_of_seats"


def test_a_single_hand_game_ends_after_one_hand_with_the_lowest_score_winning():
    rules = build_ruleset("qq-single-round")
    assert rules.target_score is None
    result = game_result(rules, [3, 0, 10, 13], 1)
    assert result.over
    assert result.reason == "single_hand"
    assert result.winners == (1,)
    state = play_out(rules, [[3, 0, 10, 13]])
    assert state.result.over and state.next_dealer is None
    with pytest.raises(HeartsError) as caught:
        play_out(rules, [[3, 0, 10, 13], [0, 0, 0, 26]])
    assert caught.value.code == "game_over"


def test_a_single_hand_game_shares_a_tied_win():
    result = game_result(build_ruleset("qq-single-round"), [0, 0, 13, 13], 1)
    assert result.over
    assert result.winners == (0, 1)


def test_a_single_hand_game_with_play_on_ties_goes_on_until_one_seat_is_lowest():
    rules = build_ruleset("qq-single-round", ties="play_on")
    state = play_out(rules, [[0, 0, 13, 13]])
    assert not state.result.over
    assert state.result.reason == "tie_plays_on"
    state = play_out(rules, [[0, 0, 13, 13], [5, 1, 20, 0]])
    assert state.result.over
    assert state.result.winners == (1,)


def test_play_on_ties_continue_past_the_target_until_one_seat_is_lowest():
    rules = build_ruleset("standard", ties="play_on")
    hands = [[26, 0, 0, 0]] * 3 + [[13, 0, 0, 13], [0, 13, 13, 0]]
    state = play_out(rules, hands)
    assert state.totals == (91, 13, 13, 13)
    assert not state.result.over
    state = play_out(rules, [*hands, [10, 10, 0, 6]])
    assert state.totals == (101, 23, 13, 19)
    assert state.result.over
    assert state.result.winners == (2,)
    tied = play_out(rules, [*hands, [10, 0, 0, 16]])
    assert tied.totals == (101, 13, 13, 29)
    assert not tied.result.over
    assert tied.result.reason == "tie_plays_on"
    assert tied.next_dealer == 2  # hand 7
    assert tied.next_pass == "across"
    assert play_out(rules, [*hands, [10, 0, 0, 16], [0, 1, 0, 25]]).result.winners == (2,)
    # under shared ties the same totals end the game with two winners
    assert play_out(STANDARD, [*hands, [10, 0, 0, 16]]).result.winners == (1, 2)


def test_shared_ties_end_the_game_with_co_winners():
    state = play_out(STANDARD, [[26, 0, 0, 0]] * 3 + [[13, 0, 0, 13]] + [[10, 13, 13, 0]])
    assert state.totals == (101, 13, 13, 13)
    assert state.result.over
    assert state.result.winners == (1, 2, 3)


def test_places_are_one_plus_the_seats_with_fewer_points_and_a_shared_total_shares_one():
    rules = build_ruleset("standard")
    over = game_result(rules, [40, 101, 40, 75], 9)
    assert over.over and over.places == (1, 4, 1, 3)
    going_on = game_result(rules, [40, 90, 40, 75], 8)
    assert not going_on.over and going_on.places == (None, None, None, None)
