"""The relatives of Hearts (docs/rules.md, The Hearts family): Black Maria, Omnibus Hearts and
Spot Hearts, each as its sources score and deal it."""

import random

import pytest

from adjudication.engine import (
    HeartsError,
    adjudicate,
    build_ruleset,
    check_points,
    mask_of,
    names,
    parse_card,
    pass_direction,
    points_of,
    score_hand,
    simulate,
)

BLACK_MARIA = build_ruleset("black-maria")
OMNIBUS = build_ruleset("omnibus-hearts")
SPOT = build_ruleset("spot")


def refused(call, *args, **kwargs):
    with pytest.raises(HeartsError) as caught:
        call(*args, **kwargs)
    return caught.value


def cards(*names_):
    return mask_of(parse_card(name) for name in names_)


# --- Black Maria --------------------------------------------------------------------------


def test_black_maria_is_three_players_of_seventeen_cards_without_the_two_of_clubs():
    assert (BLACK_MARIA.players, BLACK_MARIA.hand_size) == (3, 17)
    assert names(mask_of(BLACK_MARIA.removed_cards)) == ["2C"]
    assert pass_direction(BLACK_MARIA, 1) == "right"
    assert BLACK_MARIA.first_lead == "left_of_dealer"


@pytest.mark.parametrize(
    ("players", "removed", "total"),
    [(4, [], 43), (5, ["2C", "2D"], 43), (6, ["2C", "2D", "2H", "2S"], 42)],
)
def test_black_maria_removes_the_twos_the_sources_remove_for_more_players(players, removed, total):
    rules = build_ruleset("black-maria", players=players)
    assert names(mask_of(rules.removed_cards)) == removed
    assert rules.penalty_total == total


def test_black_maria_counts_the_ace_king_and_queen_of_spades_and_a_point_a_heart():
    assert BLACK_MARIA.penalty_total == 13 + 13 + 10 + 7
    assert points_of(BLACK_MARIA, cards("AS", "KS", "QS", "2H", "JS")) == 31
    assert points_of(BLACK_MARIA, cards("AS")) == 7
    assert points_of(build_ruleset("standard"), cards("AS", "KS")) == 0


def test_black_maria_has_no_moon_a_seat_with_every_point_scores_them():
    score = score_hand(BLACK_MARIA, [43, 0, 0])
    assert (score.scores, score.moon) == ((43, 0, 0), None)


def test_black_maria_points_must_sum_to_43_and_name_the_field():
    error = refused(check_points, BLACK_MARIA, [13, 13, 0])
    assert (error.code, error.field) == ("points_do_not_sum", "points")
    assert "43" in error.message


def test_black_maria_refuses_the_removed_two_of_clubs_naming_the_card_and_the_field():
    deck = [card for card in range(52) if card != parse_card("2C")]
    plays = [*deck[:-1], parse_card("2C")]
    error = refused(adjudicate, BLACK_MARIA, plays, first_leader=0)
    assert error.field == f"plays.{len(plays) - 1}"
    assert "2C" in error.message


def played(rules, seed, stop=None):
    rng = random.Random(seed)
    holdings = simulate.deal(rules, rng)
    leader = simulate.opening_leader(rules, holdings, 0)
    return holdings, simulate.play_randomly(rules, holdings, leader, rng, stop=stop)


def test_a_black_maria_hand_played_out_scores_its_spades_from_the_cards():
    rules = BLACK_MARIA
    holdings, plays = played(rules, 7)
    ruling = adjudicate(rules, plays, hands=holdings, dealer=0)
    assert not ruling.violations
    assert sum(ruling.points_taken) == 43
    king = next(s for s, taken in enumerate(ruling.taken) if taken & cards("KS"))
    assert ruling.points_taken[king] >= 10


def test_a_black_maria_claim_is_not_searched_but_an_accepted_one_is_scored():
    rules = BLACK_MARIA
    holdings, plays = played(rules, 3, stop=3 * 14)
    claim = {"seat": 0, "outcome": "all_tricks"}
    error = refused(adjudicate, rules, plays, hands=holdings, dealer=0, claim=claim)
    assert (error.code, error.field) == ("claim_not_judged", "claim")
    accepted = adjudicate(rules, plays, hands=holdings, dealer=0, claim={**claim, "accepted": True})
    assert accepted.claim.verdict == "accepted"


# --- Omnibus Hearts -----------------------------------------------------------------------


def test_omnibus_ten_of_diamonds_takes_ten_off_its_taker():
    score = score_hand(OMNIBUS, [13, 7, 6, 0], ten_of_diamonds=3)
    assert score.scores == (13, 7, 6, -10)
    assert score.takers == {"ten_of_diamonds": 3}


def test_omnibus_asks_who_took_the_ten_of_diamonds():
    error = refused(score_hand, OMNIBUS, [13, 7, 6, 0])
    assert (error.code, error.field) == ("ten_of_diamonds_required", "ten_of_diamonds")


def test_an_omnibus_slam_takes_every_counting_card_and_scores_26_plus():
    slam = score_hand(OMNIBUS, [26, 0, 0, 0], ten_of_diamonds=0)
    assert (slam.moon, slam.scores) == (0, (-26, 0, 0, 0))


def test_every_penalty_card_without_the_ten_of_diamonds_is_no_slam():
    score = score_hand(OMNIBUS, [26, 0, 0, 0], ten_of_diamonds=2)
    assert (score.moon, score.scores) == (None, (26, 0, -10, 0))


def test_omnibus_with_the_jack_instead_of_the_ten_is_an_option():
    rules = build_ruleset("omnibus-hearts", ten_of_diamonds=0, jack_of_diamonds=-10)
    slam = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=0)
    assert slam.scores == (-26, 0, 0, 0)
    assert score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=1).moon is None


def test_the_j_diamonds_stays_on_top_of_the_moon_where_the_moon_does_not_need_it():
    rules = build_ruleset("omnibus")
    score = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=1, moon_choice="add_to_others")
    assert score.scores == (0, 16, 26, 26)


# --- Spot Hearts --------------------------------------------------------------------------


def test_spot_hearts_score_their_face_and_the_queen_26():
    assert SPOT.penalty_total == sum(range(2, 15)) + 26 == 130
    assert points_of(SPOT, cards("2H", "TH", "JH", "AH")) == 2 + 10 + 11 + 14
    assert points_of(SPOT, cards("QS", "KH")) == 39


def test_spot_hearts_moon_adds_the_deck_total_to_the_others():
    score = score_hand(SPOT, [130, 0, 0, 0])
    assert score.scores == (0, 130, 130, 130)


def test_spot_hearts_points_must_sum_to_the_deck_total():
    error = refused(check_points, SPOT, [26, 0, 0, 0])
    assert error.code == "points_do_not_sum"
    check_points(SPOT, [100, 4, 26, 0])


def test_spot_hearts_with_the_eliters_queen_of_50_is_an_option():
    assert build_ruleset("spot", queen_points=50).penalty_total == 154


@pytest.mark.parametrize("option", ["heart_points", "moon_scoring_cards"])
def test_an_unknown_value_of_a_family_option_is_refused_naming_it(option):
    error = refused(build_ruleset, "standard", **{option: "sometimes"})
    assert (error.code, error.field) == ("invalid_option", option)


def test_black_maria_opens_left_of_the_dealer_with_any_card_and_may_lead_a_heart_at_once():
    rules = BLACK_MARIA
    holdings, plays = played(rules, 11)
    leader = next(seat for seat, held in enumerate(holdings) if held & 1 << plays[0])
    assert leader == 1  # the dealer is seat 0
    heart = next(c for c in names(holdings[1]) if c.endswith("H"))
    rest = [c for c in names(holdings[1]) if c != heart]
    ruling = adjudicate(rules, [heart], hands=holdings, dealer=0)
    assert ruling.violations == ()
    standard_like = build_ruleset("black-maria", hearts_must_be_broken=True)
    ruling = adjudicate(standard_like, [heart], hands=holdings, dealer=0)
    assert [v.rule for v in ruling.violations] == (["hearts_not_broken"] if rest else [])
