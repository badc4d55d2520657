"""Checking the pass: a deal plus each seat's passes give the holdings the play is judged on."""

import random

import pytest

from adjudication.engine import HeartsError, adjudicate, build_ruleset, names, simulate

from .support import EAST, NORTH, SOUTH, WEST, bits, cards, full_hands, mask

STANDARD = build_ruleset("standard")

# North holds the low clubs; each seat's first three cards are the ones it passes
DEALT = full_hands(
    STANDARD,
    {NORTH: "2C 3C 4C", EAST: "5C 2D 3D 4D", SOUTH: "6C 2H 3H 4H", WEST: "7C 2S 3S 4S"},
)
PASSES = [cards("2C 3C 4C"), cards("2D 3D 4D"), cards("2H 3H 4H"), cards("2S 3S 4S")]


def refused(**kwargs):
    with pytest.raises(HeartsError) as caught:
        adjudicate(STANDARD, kwargs.pop("plays", []), **kwargs)
    return caught.value


def test_a_correct_pass_moves_three_cards_left_on_hand_one():
    ruling = adjudicate(STANDARD, [], deal=DEALT, passes=PASSES, hand_number=1)
    assert ruling.violations == ()
    assert ruling.pass_direction == "left"
    assert ruling.holdings_source == "deal"
    for seat in range(4):
        receiver = (seat + 1) % 4
        moved = mask(" ".join(names(PASSES[seat])))
        assert ruling.holdings[receiver] & moved == moved
        assert not ruling.holdings[seat] & moved
        assert bin(ruling.holdings[seat]).count("1") == 13


@pytest.mark.parametrize(("hand_number", "offset"), [(2, -1), (3, 2), (6, -1), (7, 2)])
def test_the_pass_goes_right_on_hand_two_and_across_on_hand_three(hand_number, offset):
    ruling = adjudicate(STANDARD, [], deal=DEALT, passes=PASSES, hand_number=hand_number)
    assert ruling.violations == ()
    for seat in range(4):
        moved = mask(" ".join(names(PASSES[seat])))
        assert ruling.holdings[(seat + offset) % 4] & moved == moved


def test_the_first_leader_is_whoever_holds_the_two_of_clubs_after_the_pass():
    ruling = adjudicate(STANDARD, ["2C", "6C", "7C"], deal=DEALT, passes=PASSES, hand_number=1)
    assert ruling.first_leader == EAST
    assert ruling.violations == ()
    assert ruling.tricks[0].seats == (EAST, SOUTH, WEST)
    # passed right instead (hand 2), the 2♣ goes to West, who leads
    right = adjudicate(STANDARD, ["2C"], deal=DEALT, passes=PASSES, hand_number=2)
    assert right.first_leader == WEST
    # on a hold hand North keeps it and leads
    hold = adjudicate(STANDARD, ["2C"], deal=DEALT, hand_number=4)
    assert hold.first_leader == NORTH


def test_a_pass_of_the_wrong_number_of_cards_is_a_pass_wrong_count_violation():
    passes = [cards("2C 3C"), *PASSES[1:]]
    ruling = adjudicate(STANDARD, [], deal=DEALT, passes=passes, hand_number=1)
    assert len(ruling.violations) == 1
    violation = ruling.violations[0]
    assert violation.rule == "pass_wrong_count"
    assert violation.seat == NORTH
    assert violation.play_index is None and violation.trick is None and violation.card is None
    assert violation.source == "deal"
    assert "passed 2 cards" in violation.message
    # the two cards still move, and the 4♣ stays with North
    assert ruling.holdings[EAST] & mask("2C 3C") == mask("2C 3C")
    assert ruling.holdings[NORTH] & mask("4C")


def test_four_cards_passed_is_a_wrong_count_too():
    passes = [*PASSES[:3], cards("2S 3S 4S 7C")]
    ruling = adjudicate(STANDARD, [], deal=DEALT, passes=passes, hand_number=1)
    assert [(v.seat, v.rule) for v in ruling.violations] == [(WEST, "pass_wrong_count")]


def test_passing_a_card_that_was_not_dealt_is_a_pass_card_not_held_violation():
    passes = [PASSES[0], cards("2D 3D AS"), *PASSES[2:]]
    assert not DEALT[EAST] & mask("AS")
    ruling = adjudicate(STANDARD, [], deal=DEALT, passes=passes, hand_number=1)
    assert [(v.seat, v.card, v.rule) for v in ruling.violations] == [
        (EAST, cards("AS")[0], "pass_card_not_held")
    ]
    assert "AS" in ruling.violations[0].message
    # the card is not moved: its real holder keeps it
    holder = next(seat for seat in range(4) if DEALT[seat] & mask("AS"))
    assert ruling.holdings[holder] & mask("AS")


def test_passing_on_the_hold_hand_is_a_wrong_count_for_every_seat_that_passes():
    assert STANDARD.pass_schedule[3] == "hold"
    ruling = adjudicate(STANDARD, [], deal=DEALT, passes=PASSES, hand_number=4)
    assert ruling.pass_direction == "hold"
    assert [(v.seat, v.rule) for v in ruling.violations] == [
        (seat, "pass_wrong_count") for seat in range(4)
    ]
    assert "passes 0" in ruling.violations[0].message
    # nothing moves on a hold hand
    assert ruling.holdings == tuple(DEALT)


def test_a_hold_hand_needs_no_passes_and_accepts_empty_ones():
    assert adjudicate(STANDARD, [], deal=DEALT, hand_number=8).violations == ()
    empty = adjudicate(STANDARD, [], deal=DEALT, passes=[[], [], [], []], hand_number=4)
    assert empty.violations == ()
    assert empty.holdings == tuple(DEALT)


def test_a_passing_hand_without_passes_is_refused():
    error = refused(deal=DEALT, hand_number=1)
    assert error.code == "passes_required"
    assert error.field == "passes"


def test_passes_without_a_deal_are_refused():
    error = refused(passes=PASSES, hand_number=1, first_leader=0)
    assert error.code == "deal_required"
    assert error.field == "deal"


def test_a_deal_without_a_hand_number_is_refused():
    error = refused(deal=DEALT, passes=PASSES)
    assert error.code == "hand_number_required"
    assert error.field == "hand_number"


def test_hands_and_a_deal_together_are_refused():
    error = refused(hands=DEALT, deal=DEALT, passes=PASSES, hand_number=1)
    assert error.code == "conflicting_holdings"


def test_passes_for_the_wrong_number_of_seats_are_refused():
    error = refused(deal=DEALT, passes=PASSES[:3], hand_number=1)
    assert error.code == "wrong_number_of_seats"
    assert error.field == "passes"


def test_a_card_passed_by_two_seats_is_refused_naming_the_second():
    passes = [PASSES[0], cards("2D 3D 2C"), *PASSES[2:]]
    error = refused(deal=DEALT, passes=passes, hand_number=1)
    assert error.code == "duplicate_card"
    assert error.field == "passes.1.2"


def test_a_passed_card_that_is_not_a_card_is_named_by_seat_and_index():
    passes = [PASSES[0], ["2D", "3D", "4X"], *PASSES[2:]]
    error = refused(deal=DEALT, passes=passes, hand_number=1)
    assert error.code == "invalid_card"
    assert error.field == "passes.1.2"


def test_play_after_a_faulty_pass_is_judged_on_the_cards_actually_held():
    # East passes the A♠ it was never dealt; play then follows the real holdings
    passes = [PASSES[0], cards("2D 3D AS"), *PASSES[2:]]
    ruling = adjudicate(STANDARD, ["2C", "6C"], deal=DEALT, passes=passes, hand_number=1)
    assert ruling.first_leader == EAST
    assert [v.rule for v in ruling.violations] == ["pass_card_not_held"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("hand_number", [1, 2, 3, 4])
def test_random_passes_of_own_cards_check_clean_and_give_the_simulated_holdings(
    players, hand_number
):
    rules = build_ruleset("omnibus", players=players)
    rng = random.Random(players * 10 + hand_number)
    dealt = simulate.deal(rules, rng)
    passes, after = simulate.random_passes(rules, dealt, hand_number, rng)
    ruling = adjudicate(rules, [], deal=dealt, passes=passes, hand_number=hand_number)
    assert ruling.violations == ()
    assert ruling.holdings == tuple(after)
    low = bits(rules.deck & 0x1FFF)[0]
    leader = next(seat for seat in range(players) if after[seat] >> low & 1)
    opened = adjudicate(rules, [low], deal=dealt, passes=passes, hand_number=hand_number)
    assert opened.first_leader == leader
    assert opened.violations == ()
