"""Scoring one hand (docs/rules.md, Scoring a hand): points, moon, J♦, sun, no-trick bonus,
gems, renege penalty."""

import pytest

from adjudication.engine import (
    HeartsError,
    build_ruleset,
    check_points,
    gems_of,
    mask_of,
    points_from_cards,
    points_of,
    score_hand,
)

from .support import EAST, NORTH, SOUTH, WEST, mask

STANDARD = build_ruleset("standard")


def refused(call, *args, **kwargs):
    with pytest.raises(HeartsError) as caught:
        call(*args, **kwargs)
    return caught.value


# --- points -------------------------------------------------------------------------------


def test_points_are_one_a_heart_and_the_queen_points_for_the_queen():
    assert points_of(STANDARD, mask("2H AH QS")) == 15
    assert points_of(STANDARD, mask("JD QD KS AS 2C")) == 0
    assert points_of(build_ruleset("standard", queen_points=26), mask("QS 5H")) == 27
    # the J♦ is scored as a bonus, never as points taken
    assert points_of(build_ruleset("omnibus"), mask("JD 5H")) == 1


def test_points_from_cards_finds_the_seat_that_took_the_jack_of_diamonds():
    taken = [mask("QS 2H"), mask("JD 3H"), 0, mask("4H 5H")]
    points, takers = points_from_cards(STANDARD, taken)
    assert points == (14, 1, 0, 2)
    assert takers["jack_of_diamonds"] == EAST
    points, takers = points_from_cards(STANDARD, [0, 0, 0, mask_of([26])])
    assert (points, takers["jack_of_diamonds"]) == ((0, 0, 0, 1), None)


def test_an_ordinary_hand_scores_the_points_taken_and_sets_no_moon():
    scored = score_hand(STANDARD, [13, 5, 8, 0])
    assert scored.scores == (13, 5, 8, 0)
    assert scored.points == (13, 5, 8, 0)
    assert scored.moon is None and scored.moon_rule is None and scored.sun is None
    assert scored.gems is None
    assert dict(scored.options) == {}


# --- the moon ------------------------------------------------------------------------------


def test_shooter_choice_is_pending_until_the_shooter_chooses_and_offers_both_options():
    pending = score_hand(STANDARD, [0, 26, 0, 0])
    assert pending.needs_moon_choice
    assert pending.scores is None
    assert pending.moon == EAST
    assert pending.moon_rule is None
    assert dict(pending.options) == {
        "subtract_from_shooter": (0, -26, 0, 0),
        "add_to_others": (26, 0, 26, 26),
    }
    chosen = score_hand(STANDARD, [0, 26, 0, 0], moon_choice="add_to_others")
    assert chosen.scores == (26, 0, 26, 26)
    assert chosen.moon_rule == "add_to_others"
    assert not chosen.needs_moon_choice


def test_an_unknown_moon_choice_is_refused():
    error = refused(score_hand, STANDARD, [0, 26, 0, 0], moon_choice="both")
    assert error.code == "invalid_moon_choice"
    assert error.field == "moon_choice"


def test_a_moon_choice_on_an_ordinary_hand_changes_nothing():
    scored = score_hand(STANDARD, [13, 5, 8, 0], moon_choice="add_to_others")
    assert scored.scores == (13, 5, 8, 0)
    assert scored.moon is None


@pytest.mark.parametrize(
    ("moon", "scores"),
    [
        ("add_to_others", (26, 26, 0, 26)),
        ("subtract_from_shooter", (0, 0, -26, 0)),
        ("off", (0, 0, 26, 0)),
    ],
)
def test_each_fixed_moon_rule_scores_the_moon_without_asking(moon, scores):
    rules = build_ruleset("standard", moon=moon)
    scored = score_hand(rules, [0, 0, 26, 0])
    assert scored.scores == scores
    assert not scored.needs_moon_choice
    if moon == "off":
        assert scored.moon is None and scored.moon_rule is None
    else:
        assert scored.moon == SOUTH and scored.moon_rule == moon


def test_the_moon_uses_the_decks_penalty_total_with_a_black_lady_of_26():
    rules = build_ruleset("standard", queen_points=26, moon="add_to_others")
    assert score_hand(rules, [39, 0, 0, 0]).scores == (0, 39, 39, 39)
    # 26 points are not a moon when the deck holds 39
    assert score_hand(rules, [26, 13, 0, 0]).moon is None


@pytest.mark.parametrize(
    ("before", "rule", "scores"),
    [
        ([90, 50, 80, 85], "subtract_from_shooter", (-26, 0, 0, 0)),  # E30
        ([10, 50, 80, 85], "add_to_others", (0, 26, 26, 26)),  # adding ends it, shooter wins
        ([0, 0, 0, 0], "add_to_others", (0, 26, 26, 26)),  # adding does not end the game
        ([82, 55, 90, 95], "subtract_from_shooter", (-26, 0, 0, 0)),  # 82 loses to 81
        ([80, 55, 90, 95], "add_to_others", (0, 26, 26, 26)),  # 80 beats 81
        ([80, 54, 90, 95], "add_to_others", (0, 26, 26, 26)),  # 80 ties 80: shared win
    ],
)
def test_add_unless_shooter_loses_adds_unless_that_ends_the_game_with_the_shooter_losing(
    before, rule, scores
):
    rules = build_ruleset("standard", moon="add_unless_shooter_loses")
    scored = score_hand(rules, [26, 0, 0, 0], totals_before=before)
    assert scored.moon_rule == rule
    assert scored.scores == scores


def test_add_unless_shooter_loses_without_totals_adds():
    rules = build_ruleset("standard", moon="add_unless_shooter_loses")
    assert score_hand(rules, [0, 0, 0, 26]).scores == (26, 26, 26, 0)


def test_add_unless_shooter_loses_counts_the_jack_of_diamonds_in_the_game_end():
    rules = build_ruleset("omnibus", moon="add_unless_shooter_loses")
    # adding alone: 78 for the shooter, 76 for East and 106, 111: the game ends, East wins;
    # but the shooter also took the J♦ (-10), so the hand ends 68, 76, 106, 111: the shooter wins
    before = [78, 50, 80, 85]
    scored = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=NORTH, totals_before=before)
    assert scored.moon_rule == "add_to_others"
    assert scored.scores == (-10, 26, 26, 26)
    # with the J♦ elsewhere the shooter would lose, so the moon subtracts
    other = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=WEST, totals_before=before)
    assert other.moon_rule == "subtract_from_shooter"
    assert other.scores == (-26, 0, 0, -10)


# --- the jack of diamonds -------------------------------------------------------------------


def test_the_jack_of_diamonds_goes_on_top_of_ordinary_scores():
    rules = build_ruleset("omnibus")
    scored = score_hand(rules, [13, 5, 8, 0], jack_of_diamonds=WEST)
    assert scored.scores == (13, 5, 8, -10)
    assert scored.jack_of_diamonds == WEST


def test_the_jack_of_diamonds_goes_on_top_of_both_pending_moon_options():
    rules = build_ruleset("omnibus", moon="shooter_choice")
    pending = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=SOUTH)
    assert dict(pending.options) == {
        "subtract_from_shooter": (-26, 0, -10, 0),
        "add_to_others": (0, 26, 16, 26),
    }


def test_a_ruleset_that_scores_the_jack_must_be_told_who_took_it():
    error = refused(score_hand, build_ruleset("omnibus"), [13, 5, 8, 0])
    assert error.code == "jack_of_diamonds_required"
    assert error.field == "jack_of_diamonds"


def test_without_a_jack_bonus_the_jack_holder_is_ignored():
    scored = score_hand(STANDARD, [13, 5, 8, 0], jack_of_diamonds=EAST)
    assert scored.scores == (13, 5, 8, 0)
    assert scored.jack_of_diamonds is None


@pytest.mark.parametrize("seat", [-1, 4, True, "1"])
def test_a_jack_holder_that_is_not_a_seat_is_refused(seat):
    error = refused(score_hand, build_ruleset("omnibus"), [13, 5, 8, 0], jack_of_diamonds=seat)
    assert error.code == "invalid_seat"
    assert error.field == "jack_of_diamonds"


# --- the sun ----------------------------------------------------------------------------------


def test_the_sun_replaces_the_moon_for_a_seat_that_won_every_trick():
    rules = build_ruleset("standard", sun=-52, moon="add_to_others")
    scored = score_hand(rules, [0, 26, 0, 0], tricks_won=[0, 13, 0, 0])
    assert scored.scores == (0, -52, 0, 0)
    assert scored.sun == EAST
    assert scored.moon is None
    assert scored.moon_rule is None


def test_a_moon_without_every_trick_is_still_a_moon_under_a_sun_ruleset():
    rules = build_ruleset("standard", sun=-52, moon="add_to_others")
    scored = score_hand(rules, [0, 26, 0, 0], tricks_won=[1, 12, 0, 0])
    assert scored.sun is None
    assert scored.scores == (26, 0, 26, 26)


def test_the_sun_is_off_when_zero():
    scored = score_hand(STANDARD, [26, 0, 0, 0], tricks_won=[13, 0, 0, 0])
    assert scored.sun is None
    assert scored.needs_moon_choice


def test_the_jack_of_diamonds_goes_on_top_of_the_sun():
    # docs/rules.md says the J♦ goes on top of moon scoring; the engine does the same for the sun
    rules = build_ruleset("omnibus", sun=-52)
    scored = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=NORTH, tricks_won=[13, 0, 0, 0])
    assert scored.scores == (-62, 0, 0, 0)


def test_without_tricks_won_a_sun_ruleset_scores_a_moon():
    # docs/rules.md does not say what to do when the tricks are unknown; the engine scores the moon
    rules = build_ruleset("standard", sun=-52, moon="add_to_others")
    scored = score_hand(rules, [26, 0, 0, 0])
    assert scored.sun is None
    assert scored.scores == (0, 26, 26, 26)


# --- the no-trick bonus ---------------------------------------------------------------------


def test_the_no_trick_bonus_goes_to_each_seat_that_won_no_trick():
    rules = build_ruleset("standard", no_trick_bonus=-5)
    scored = score_hand(rules, [20, 0, 6, 0], tricks_won=[6, 0, 7, 0])
    assert scored.scores == (20, -5, 6, -5)
    assert scored.no_trick_bonus == (EAST, WEST)
    none = score_hand(rules, [20, 0, 6, 0], tricks_won=[6, 1, 5, 1])
    assert none.scores == (20, 0, 6, 0)
    assert none.no_trick_bonus == ()


def test_the_no_trick_bonus_is_never_given_on_a_moon_hand():
    rules = build_ruleset("standard", no_trick_bonus=-5, moon="subtract_from_shooter")
    scored = score_hand(rules, [26, 0, 0, 0], tricks_won=[10, 3, 0, 0])
    assert scored.scores == (-26, 0, 0, 0)
    assert scored.no_trick_bonus == ()
    pending = score_hand(
        build_ruleset("standard", no_trick_bonus=-5), [26, 0, 0, 0], tricks_won=[10, 3, 0, 0]
    )
    assert dict(pending.options)["add_to_others"] == (0, 26, 26, 26)
    assert pending.no_trick_bonus == ()


def test_the_no_trick_bonus_is_not_given_on_a_sun_hand():
    rules = build_ruleset("standard", no_trick_bonus=-5, sun=-52)
    scored = score_hand(rules, [26, 0, 0, 0], tricks_won=[13, 0, 0, 0])
    assert scored.scores == (-52, 0, 0, 0)
    assert scored.no_trick_bonus == ()


def test_the_no_trick_bonus_needs_the_tricks_each_seat_won():
    rules = build_ruleset("standard", no_trick_bonus=-5)
    error = refused(score_hand, rules, [20, 0, 6, 0])
    assert error.code == "tricks_won_required"
    assert error.field == "tricks_won"


def test_with_the_moon_off_a_shooter_hand_is_an_ordinary_hand_and_gets_the_bonus():
    # docs/rules.md: never on a moon hand; with the moon off the engine treats the hand as ordinary
    rules = build_ruleset("standard", no_trick_bonus=-5, moon="off")
    scored = score_hand(rules, [26, 0, 0, 0], tricks_won=[10, 3, 0, 0])
    assert scored.scores == (26, 0, -5, -5)


# --- gems ---------------------------------------------------------------------------------


def test_gems_are_the_others_points_minus_three_times_ones_own_and_sum_to_zero():
    rules = build_ruleset("qq")
    scored = score_hand(rules, [3, 0, 10, 13])
    assert scored.gems == (14, 26, -14, -26)
    for points in ([13, 13, 0, 0], [1, 2, 3, 20], [0, 0, 13, 13]):
        assert sum(score_hand(rules, points).gems) == 0


def test_a_moon_earns_the_shooter_78_gems_and_costs_the_others_26():
    rules = build_ruleset("qq")
    scored = score_hand(rules, [0, 0, 0, 26])
    assert scored.gems == (-26, -26, -26, 78)
    assert scored.scores == (0, 0, 0, -26)
    assert gems_of(rules, [0, 0, 0, 26], WEST) == (-26, -26, -26, 78)


def test_gems_are_only_reported_when_the_ruleset_plays_them():
    assert score_hand(STANDARD, [3, 0, 10, 13]).gems is None
    assert score_hand(build_ruleset("qq-single-round"), [3, 0, 10, 13]).gems == (14, 26, -14, -26)


def test_gems_with_three_players_use_three_times_the_total_for_a_moon():
    # docs/rules.md gives the moon gems for four players; the engine keeps +3T and -T for any count
    rules = build_ruleset("qq", players=3)
    assert score_hand(rules, [26, 0, 0]).gems == (78, -26, -26)
    assert score_hand(rules, [6, 10, 10]).gems == (2, -14, -14)


# --- the renege penalty ---------------------------------------------------------------------


def test_takes_all_charges_the_offender_every_penalty_point_and_the_others_nothing():
    rules = build_ruleset("standard", renege_penalty="takes_all")
    scored = score_hand(rules, [13, 5, 8, 0], renege_by=WEST)
    assert scored.scores == (0, 0, 0, 26)
    assert scored.renege_by == WEST
    assert scored.points == (13, 5, 8, 0)  # the raw result is kept


def test_takes_all_leaves_the_others_at_zero_even_with_a_jack_bonus():
    # "the others 0": the engine drops the J♦ bonus under takes_all
    rules = build_ruleset("omnibus", renege_penalty="takes_all")
    scored = score_hand(rules, [13, 5, 8, 0], jack_of_diamonds=NORTH, renege_by=EAST)
    assert scored.scores == (0, 26, 0, 0)


def test_takes_all_overrides_a_pending_moon():
    rules = build_ruleset("standard", renege_penalty="takes_all")
    scored = score_hand(rules, [26, 0, 0, 0], renege_by=EAST)
    assert scored.scores == (0, 26, 0, 0)
    assert not scored.needs_moon_choice


def test_fixed_adds_the_renege_points_to_the_offender():
    rules = build_ruleset("standard", renege_penalty="fixed", renege_points=15)
    scored = score_hand(rules, [13, 5, 8, 0], renege_by=EAST)
    assert scored.scores == (13, 20, 8, 0)
    assert scored.renege_by == EAST
    jack = build_ruleset("omnibus", renege_penalty="fixed")
    assert score_hand(jack, [13, 5, 8, 0], jack_of_diamonds=EAST, renege_by=EAST).scores == (
        13,
        21,
        8,
        0,
    )


def test_fixed_goes_on_top_of_a_chosen_moon():
    rules = build_ruleset("standard", renege_penalty="fixed")
    scored = score_hand(rules, [26, 0, 0, 0], moon_choice="add_to_others", renege_by=SOUTH)
    assert scored.scores == (0, 26, 52, 26)


def test_fixed_keeps_a_pending_moon_choice_with_the_penalty_in_both_options():
    rules = build_ruleset("standard", renege_penalty="fixed")
    scored = score_hand(rules, [26, 0, 0, 0], renege_by=SOUTH)
    assert scored.needs_moon_choice
    assert dict(scored.options) == {
        "subtract_from_shooter": (-26, 0, 26, 0),
        "add_to_others": (0, 26, 52, 26),
    }
    assert scored.renege_by == SOUTH


def test_no_renege_penalty_leaves_the_scores_alone():
    scored = score_hand(STANDARD, [13, 5, 8, 0], renege_by=EAST)
    assert scored.scores == (13, 5, 8, 0)
    assert scored.renege_by is None


def test_a_renege_offender_that_is_not_a_seat_is_refused():
    rules = build_ruleset("standard", renege_penalty="fixed")
    error = refused(score_hand, rules, [13, 5, 8, 0], renege_by=9)
    assert error.code == "invalid_seat"
    assert error.field == "renege_by"


# --- points entered at a table --------------------------------------------------------------


def test_check_points_accepts_a_possible_hand():
    check_points(STANDARD, [13, 5, 8, 0])
    check_points(STANDARD, [0, 26, 0, 0])
    check_points(STANDARD, [13, 13, 0, 0])  # the queen to one seat, every heart to another
    check_points(build_ruleset("standard", players=3), [13, 13, 0])


@pytest.mark.parametrize("points", [[13, 5, 8], [13, 5, 8, 0, 0], (), "13 5 8 0", None])
def test_check_points_refuses_the_wrong_number_of_seats(points):
    error = refused(check_points, STANDARD, points)
    assert error.code == "wrong_number_of_seats"
    assert error.field == "points"


@pytest.mark.parametrize(
    ("points", "field"),
    [
        ([13, 5, -8, 16], "points.2"),
        ([27, 0, 0, -1], "points.0"),
        ([13, 5.5, 7.5, 0], "points.1"),
        ([13, True, 12, 0], "points.1"),
        ([13, "5", 8, 0], "points.1"),
    ],
)
def test_check_points_refuses_points_out_of_range_naming_the_seat(points, field):
    error = refused(check_points, STANDARD, points)
    assert error.code == "points_out_of_range"
    assert error.field == field


@pytest.mark.parametrize("points", [[13, 5, 8, 1], [13, 5, 7, 0], [0, 0, 0, 0], [26, 26, 0, 0]])
def test_check_points_refuses_points_that_do_not_sum_to_the_deck_total(points):
    error = refused(check_points, STANDARD, points)
    assert error.code == "points_do_not_sum"
    assert error.field == "points"


@pytest.mark.parametrize("points", [[12, 12, 1, 1], [7, 7, 6, 6], [12, 0, 2, 12]])
def test_check_points_refuses_points_where_nobody_could_have_taken_the_queen(points):
    error = refused(check_points, STANDARD, points)
    assert error.code == "impossible_points"
    assert error.field == "points"


def test_check_points_names_its_field_as_given():
    error = refused(check_points, STANDARD, [1, 2, 3], "hands.4.points")
    assert error.field == "hands.4.points"
