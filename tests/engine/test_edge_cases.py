"""docs/rules.md, Edge cases: one test per edge case E1-E36, each building the exact situation
of the table.

Seats at a four-player table: North 0, East 1, South 2, West 3, clockwise (East is North's left).
``Situation(trick_index, led_suit, hearts_broken)`` counts tricks from 0, so "trick 3" of the
table is ``trick_index`` 2. Records are written trick by trick, in play order from the leader.
"""

import random

import pytest

from adjudication.engine import (
    Situation,
    adjudicate,
    build_ruleset,
    game_result,
    legal_plays,
    names,
    pass_direction,
    score_hand,
    simulate,
    why_illegal,
)

from .support import EAST, NORTH, SOUTH, WEST, card, cards, full_hands, mask, record

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
FORBIDDEN_PRESETS = ["omnibus", "qq", "qq-single-round", "microsoft"]


def legal_names(rules, holding, situation):
    return sorted(names(tuple(legal_plays(rules, holding, situation))))


def rule_broken(rules, holding_text, card_name, situation):
    reason = why_illegal(rules, mask(holding_text), card(card_name), situation)
    return None if reason is None else reason.rule


def test_e01_the_two_of_clubs_holder_must_lead_it_unless_any_club_may_open():
    holding = "2C 5C 9C 4D KH QS"
    first_lead = Situation(0, None, False)
    standard = build_ruleset("standard")
    assert rule_broken(standard, holding, "5C", first_lead) == "first_lead_lowest_club"
    assert rule_broken(standard, holding, "2C", first_lead) is None
    assert legal_names(standard, mask(holding), first_lead) == ["2C"]

    any_club = build_ruleset("standard", first_lead="any_club")
    assert rule_broken(any_club, holding, "5C", first_lead) is None
    assert rule_broken(any_club, holding, "4D", first_lead) == "first_lead_club"
    assert legal_names(any_club, mask(holding), first_lead) == ["2C", "5C", "9C"]

    # the same, judged on a record: North holds the 2♣ and opens with the 5♣
    hands = full_hands(standard, {NORTH: "2C 5C"})
    ruling = adjudicate(standard, ["5C"], hands=hands)
    assert [(v.play_index, v.seat, v.rule) for v in ruling.violations] == [
        (0, NORTH, "first_lead_lowest_club")
    ]
    assert adjudicate(any_club, ["5C"], hands=hands).violations == ()


@pytest.mark.parametrize("preset", FORBIDDEN_PRESETS)
def test_e02_with_no_first_trick_points_a_club_void_seat_may_not_discard_a_heart_or_the_queen(
    preset,
):
    rules = build_ruleset(preset)
    east = "AH 3D 7S QS 5H 9D TD JD QD KD AD 8S 9S"
    led_clubs = Situation(0, CLUBS, False)
    assert rule_broken(rules, east, "AH", led_clubs) == "points_on_first_trick"
    assert rule_broken(rules, east, "QS", led_clubs) == "points_on_first_trick"
    assert rule_broken(rules, east, "3D", led_clubs) is None
    assert rule_broken(rules, east, "7S", led_clubs) is None
    legal = legal_names(rules, mask(east), led_clubs)
    assert "AH" not in legal and "QS" not in legal and "5H" not in legal
    assert "3D" in legal and "7S" in legal

    hands = full_hands(rules, {NORTH: "2C", EAST: east})
    ruling = adjudicate(rules, ["2C", "AH"], hands=hands)
    assert [(v.play_index, v.trick, v.seat, v.rule) for v in ruling.violations] == [
        (1, 1, EAST, "points_on_first_trick")
    ]
    assert adjudicate(rules, ["2C", "3D"], hands=hands).violations == ()


def test_e03_under_standard_rules_the_ace_of_hearts_may_be_discarded_and_breaks_hearts():
    rules = build_ruleset("standard")
    east = "AH 3D 7S QS 5H 9D TD JD QD KD AD 8S 9S"
    led_clubs = Situation(0, CLUBS, False)
    assert rule_broken(rules, east, "AH", led_clubs) is None
    assert rule_broken(rules, east, "QS", led_clubs) is None
    assert set(legal_names(rules, mask(east), led_clubs)) == set(east.split())

    # West wins trick 1 with the 4♣ and leads a heart while holding other suits
    hands = full_hands(rules, {NORTH: "2C", EAST: east, SOUTH: "3C", WEST: "4C 2H 2D 2S"})
    with_heart = adjudicate(rules, ["2C", "AH", "3C", "4C", "2H"], hands=hands)
    assert with_heart.violations == ()
    assert with_heart.trick_log[0][1] == WEST
    # control: had East followed with a diamond instead, hearts would still be unbroken
    without_heart = adjudicate(rules, ["2C", "3D", "3C", "4C", "2H"], hands=hands)
    assert [(v.play_index, v.rule) for v in without_heart.violations] == [(4, "hearts_not_broken")]


@pytest.mark.parametrize("preset", FORBIDDEN_PRESETS)
def test_e04_a_seat_holding_thirteen_hearts_may_discard_any_heart_on_trick_one(preset):
    rules = build_ruleset(preset)
    hearts = " ".join(rank + "H" for rank in "23456789TJQKA")
    led_clubs = Situation(0, CLUBS, False)
    assert legal_names(rules, mask(hearts), led_clubs) == sorted(hearts.split())
    for name in hearts.split():
        assert rule_broken(rules, hearts, name, led_clubs) is None

    hands = full_hands(rules, {NORTH: "2C", EAST: "3C", SOUTH: hearts})
    ruling = adjudicate(rules, ["2C", "3C", "QH"], hands=hands)
    assert ruling.violations == ()


def test_e05_queen_and_twelve_hearts_on_trick_one_depends_on_the_fallback():
    holding = "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    led_clubs = Situation(0, CLUBS, False)
    fallback_any = build_ruleset("microsoft", first_trick_fallback="any")
    assert rule_broken(fallback_any, holding, "QS", led_clubs) is None
    assert rule_broken(fallback_any, holding, "KH", led_clubs) is None
    assert set(legal_names(fallback_any, mask(holding), led_clubs)) == set(holding.split())

    hearts_only = build_ruleset("microsoft", first_trick_fallback="hearts_only")
    assert rule_broken(hearts_only, holding, "QS", led_clubs) == "points_on_first_trick"
    assert rule_broken(hearts_only, holding, "KH", led_clubs) is None
    assert set(legal_names(hearts_only, mask(holding), led_clubs)) == set(holding.split()) - {"QS"}


def test_e06_the_jack_of_diamonds_is_no_point_card_for_the_first_trick_rule():
    rules = build_ruleset("omnibus")
    assert rules.jack_of_diamonds == -10
    holding = "JD 5D AH 7D 8D 9D TD QD KD AD 2S 3S 4S"
    led_clubs = Situation(0, CLUBS, False)
    assert rule_broken(rules, holding, "JD", led_clubs) is None
    assert rule_broken(rules, holding, "AH", led_clubs) == "points_on_first_trick"
    assert "JD" in legal_names(rules, mask(holding), led_clubs)
    # with only the J♦ and point cards left, the J♦ is the one legal discard
    assert legal_names(rules, mask("JD AH QS"), led_clubs) == ["JD"]


@pytest.mark.parametrize("preset", ["standard", "omnibus", "qq", "qq-single-round", "microsoft"])
def test_e07_a_seat_holding_spades_must_follow_the_spade_lead_even_with_the_queen(preset):
    rules = build_ruleset(preset)
    south = "QS 5S AH"
    spades_led = Situation(4, SPADES, True)
    assert rule_broken(rules, south, "AH", spades_led) == "must_follow_suit"
    assert rule_broken(rules, south, "QS", spades_led) is None
    assert rule_broken(rules, south, "5S", spades_led) is None
    assert legal_names(rules, mask(south), spades_led) == ["5S", "QS"]
    reason = why_illegal(rules, mask(south), card("AH"), spades_led)
    assert names(reason.evidence) == ["5S", "QS"]


def test_e08_a_heart_may_not_be_led_before_hearts_are_broken_while_holding_a_diamond():
    rules = build_ruleset("standard")
    leading = Situation(2, None, False)
    assert rule_broken(rules, "2H 9D", "2H", leading) == "hearts_not_broken"
    assert rule_broken(rules, "2H 9D", "9D", leading) is None
    assert legal_names(rules, mask("2H 9D"), leading) == ["9D"]
    reason = why_illegal(rules, mask("2H 9D"), card("2H"), leading)
    assert names(reason.evidence) == ["9D"]
    # once broken, the same lead is legal
    assert rule_broken(rules, "2H 9D", "2H", Situation(2, None, True)) is None


def test_e09_a_leader_holding_only_hearts_may_lead_one_before_hearts_are_broken():
    rules = build_ruleset("standard")
    only_hearts = "2H 5H 7H 9H JH KH AH"
    leading = Situation(6, None, False)
    for name in only_hearts.split():
        assert rule_broken(rules, only_hearts, name, leading) is None
    assert legal_names(rules, mask(only_hearts), leading) == sorted(only_hearts.split())


def test_e10_hearts_and_the_queen_only_must_lead_the_queen_unless_the_option_allows_hearts():
    leading = Situation(8, None, False)
    holding = "QS 4H 8H"
    rules = build_ruleset("standard")
    assert legal_names(rules, mask(holding), leading) == ["QS"]
    assert rule_broken(rules, holding, "4H", leading) == "hearts_not_broken"
    assert rule_broken(rules, holding, "8H", leading) == "hearts_not_broken"
    assert rule_broken(rules, holding, "QS", leading) is None

    option = build_ruleset("standard", lead_hearts_with_only_queen=True)
    assert legal_names(option, mask(holding), leading) == ["4H", "8H", "QS"]
    assert rule_broken(option, holding, "4H", leading) is None
    # the option is about the queen only: another spade still bars the heart lead
    assert rule_broken(option, "QS 5S 4H", "4H", leading) == "hearts_not_broken"


# E11: tricks 1-3 play no heart; North, void in diamonds, discards the Q♠ on trick 3; East wins
# trick 3 and leads the 6♥ at trick 4 while holding clubs.
E11_HANDS = {
    NORTH: "2C 3D QS 4S 5S 6S 7S 8S 9S TS JS KS AS",
    EAST: "3C 6C 7C 8C 9C TC 4D 7D 2H 3H 4H 5H 6H",
    SOUTH: "4C 5D AD 2S 3S 7H 8H 9H TH JH QH KH AH",
    WEST: "5C JC QC KC AC 2D 6D 8D 9D TD JD QD KD",
}
E11_RECORD = record(
    [
        "2C 3C 4C AC",  # North leads; West wins
        "2D 3D 4D AD",  # West leads; South wins
        "5D 6D QS 7D",  # South leads; North discards the Q♠; East wins
        "6H",  # East leads a heart holding clubs
    ]
)


@pytest.mark.parametrize("queen_breaks", [True, False])
def test_e11_the_queen_discarded_on_trick_three_breaks_hearts_only_if_the_option_says_so(
    queen_breaks,
):
    rules = build_ruleset("standard", queen_breaks_hearts=queen_breaks)
    hands = [E11_HANDS[seat].split() for seat in range(4)]
    ruling = adjudicate(rules, E11_RECORD, hands=hands)
    assert [t.winner for t in ruling.tricks[:3]] == [WEST, SOUTH, EAST]
    assert ruling.tricks[3].leader == EAST
    if queen_breaks:
        assert ruling.violations == ()
    else:
        assert [(v.play_index, v.trick, v.seat, v.card, v.rule) for v in ruling.violations] == [
            (12, 4, EAST, card("6H"), "hearts_not_broken")
        ]
        assert set(names(ruling.violations[0].held)) == {"6C", "7C", "8C", "9C", "TC"}
    # the omnibus preset has the option on
    assert adjudicate(build_ruleset("omnibus"), E11_RECORD, hands=hands).violations == ()


def test_e12_without_must_break_a_heart_may_lead_trick_two_but_trick_one_still_opens_low_club():
    rules = build_ruleset("standard", hearts_must_be_broken=False)
    assert rule_broken(rules, "5H 3D 9D KS", "5H", Situation(1, None, False)) is None
    assert "5H" in legal_names(rules, mask("5H 3D 9D KS"), Situation(1, None, False))
    first_lead = Situation(0, None, False)
    assert rule_broken(rules, "2C 5H 3D", "5H", first_lead) == "first_lead_lowest_club"
    assert legal_names(rules, mask("2C 5H 3D"), first_lead) == ["2C"]


def test_e13_a_heart_discarded_on_trick_one_lets_trick_two_open_with_a_heart():
    rules = build_ruleset("standard")
    hands = full_hands(
        rules,
        {NORTH: "2C", EAST: "3H", SOUTH: "4C", WEST: "5C JH 2D 2S"},
        voids={EAST: "C"},
    )
    ruling = adjudicate(rules, ["2C", "3H", "4C", "5C", "JH"], hands=hands)
    assert ruling.violations == ()
    assert ruling.tricks[1].leader == WEST
    assert ruling.undetermined == ()


# E14: North wins tricks 2-7 with spades and leads trick 8 holding nothing but hearts; every seat
# follows with a heart; South wins with the K♥ and leads the 9♥ at trick 9 while holding clubs.
E14_HANDS = [
    "8S AS KS QS JS TS 9S 2H 4H 5H 6H 7H 8H",
    "2C 3S 5S 2D 3D 4D 5D 3H 6C 7C 8C AD JH",
    "3C 4S 6S 6D 7D 8D 9D KH 9H 4C 5C TC QH",
    "AC 2S 7S TD JD QD KD TH 9C JC QC KC AH",
]
E14_RECORD = record(
    [
        "2C 3C AC 8S",  # East leads; North has no club; West wins
        "2S AS 3S 4S",  # West leads; North wins
        "KS 5S 6S 7S",
        "QS 2D 6D TD",
        "JS 3D 7D JD",
        "TS 4D 8D QD",
        "9S 5D 9D KD",  # North wins trick 7 and holds only hearts
        "4H 3H KH TH",  # trick 8: North leads a heart; all follow; South wins
        "9H",  # trick 9: South leads a heart while holding clubs
    ]
)


def test_e14_hearts_led_by_a_seat_with_only_hearts_and_followed_break_hearts_for_trick_nine():
    rules = build_ruleset("standard")
    ruling = adjudicate(rules, E14_RECORD, hands=[h.split() for h in E14_HANDS])
    assert ruling.violations == ()
    assert ruling.undetermined == ()
    assert ruling.tricks[7].leader == NORTH
    assert ruling.tricks[7].winner == SOUTH
    assert ruling.tricks[8].leader == SOUTH
    # at trick 8 hearts were not broken and North held nothing else
    north_at_trick_8 = mask("2H 4H 5H 6H 7H 8H")
    assert rule_broken(rules, "2H 4H 5H 6H 7H 8H", "4H", Situation(7, None, False)) is None
    assert legal_names(rules, north_at_trick_8, Situation(7, None, False)) == names(
        north_at_trick_8
    )
    # South's lead at trick 9 would have been illegal had trick 8 not broken hearts
    assert rule_broken(rules, "9H QH 4C 5C TC", "9H", Situation(8, None, False)) == (
        "hearts_not_broken"
    )


def test_e15_the_queen_of_spades_may_be_led_on_trick_two_before_hearts_are_broken():
    rules = build_ruleset("standard")
    leading = Situation(1, None, False)
    assert rule_broken(rules, "QS 3S 4D 7H", "QS", leading) is None
    assert "QS" in legal_names(rules, mask("QS 3S 4D 7H"), leading)
    # also under the omnibus rules, where the queen would break hearts
    assert rule_broken(build_ruleset("omnibus"), "QS 3S 4D 7H", "QS", leading) is None


def test_e16_the_highest_card_of_the_led_suit_wins_and_a_higher_spade_discard_does_not():
    rules = build_ruleset("standard")
    plays = record(["2C 3C 4C AC", "5D AS 9D 7D"])  # West wins trick 1 and leads the 5♦
    ruling = adjudicate(rules, plays, first_leader=NORTH)
    assert ruling.tricks[0].winner == WEST
    trick = ruling.tricks[1]
    assert trick.leader == WEST
    assert trick.seats == (WEST, NORTH, EAST, SOUTH)
    assert trick.cards == tuple(cards("5D AS 9D 7D"))
    assert trick.winner == EAST  # East played the 9♦
    assert ruling.tricks_won == (0, 1, 0, 1)


def test_e17_hand_five_passes_left_and_hand_four_holds():
    rules = build_ruleset("standard")
    assert pass_direction(rules, 5) == "left"
    assert pass_direction(rules, 4) == "hold"
    assert [pass_direction(rules, n) for n in range(1, 9)] == [
        "left",
        "right",
        "across",
        "hold",
    ] * 2


def test_e18_the_two_of_clubs_passed_from_north_to_east_makes_east_the_first_leader():
    rules = build_ruleset("standard")
    dealt = full_hands(
        rules,
        {NORTH: "2C 3C 4C", EAST: "5C 2D 3D 4D", SOUTH: "6C 2H 3H 4H", WEST: "7C 2S 3S 4S"},
    )
    passes = [cards("2C 3C 4C"), cards("2D 3D 4D"), cards("2H 3H 4H"), cards("2S 3S 4S")]
    # hand 1 passes left: North's 2♣ goes to East
    ruling = adjudicate(rules, ["2C", "6C"], deal=dealt, passes=passes, hand_number=1)
    assert ruling.pass_direction == "left"
    assert ruling.first_leader == EAST
    assert ruling.holdings[EAST] & mask("2C 3C 4C") == mask("2C 3C 4C")
    assert ruling.tricks[0].seats[:2] == (EAST, SOUTH)
    assert ruling.violations == ()


def test_e19_a_standard_moon_lets_the_shooter_choose_minus_26_or_plus_26_to_the_others():
    rules = build_ruleset("standard")
    pending = score_hand(rules, [0, 0, 26, 0])
    assert pending.moon == SOUTH
    assert pending.needs_moon_choice
    assert pending.scores is None
    assert dict(pending.options) == {
        "subtract_from_shooter": (0, 0, -26, 0),
        "add_to_others": (26, 26, 0, 26),
    }
    assert score_hand(rules, [0, 0, 26, 0], moon_choice="subtract_from_shooter").scores == (
        0,
        0,
        -26,
        0,
    )
    assert score_hand(rules, [0, 0, 26, 0], moon_choice="add_to_others").scores == (
        26,
        26,
        0,
        26,
    )


def test_e20_a_shooter_who_also_took_the_jack_of_diamonds_scores_minus_ten():
    rules = build_ruleset("omnibus", moon="add_to_others")
    scored = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=NORTH)
    assert scored.scores == (-10, 26, 26, 26)
    assert scored.moon == NORTH
    assert scored.moon_rule == "add_to_others"


def test_e21_adding_to_others_the_jack_goes_to_east_who_took_it():
    rules = build_ruleset("omnibus", moon="add_to_others")
    scored = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=EAST)
    assert scored.scores == (0, 16, 26, 26)


def test_e22_subtracting_from_the_shooter_the_jack_still_goes_to_east():
    rules = build_ruleset("omnibus", moon="subtract_from_shooter")
    scored = score_hand(rules, [26, 0, 0, 0], jack_of_diamonds=EAST)
    assert scored.scores == (-26, -10, 0, 0)
    assert scored.moon_rule == "subtract_from_shooter"


def test_e23_twelve_hearts_and_the_queen_are_no_moon_when_another_seat_took_a_heart():
    rules = build_ruleset("standard")
    scored = score_hand(rules, [25, 1, 0, 0])
    assert scored.moon is None
    assert not scored.needs_moon_choice
    assert scored.scores == (25, 1, 0, 0)


def test_e24_each_seat_that_won_no_trick_gets_the_no_trick_bonus():
    rules = build_ruleset("standard", no_trick_bonus=-5)
    scored = score_hand(rules, [20, 6, 0, 0], tricks_won=[7, 6, 0, 0])
    assert scored.scores == (20, 6, -5, -5)
    assert scored.no_trick_bonus == (SOUTH, WEST)


# North holds every club and wins every trick: the others, void in clubs, discard onto it.
SWEEP_HANDS = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in ("C", "D", "H", "S")]
SWEEP_RECORD = record(
    [
        f"{c}C {d}D {h}H {s}S"
        for c, d, h, s in zip(
            "23456789TJQKA", "23456789TJQKA", "23456789TJQKA", "AKQJT98765432", strict=True
        )
    ]
)


def test_e25_the_sun_scores_minus_52_for_winning_every_trick_and_replaces_the_moon():
    rules = build_ruleset("standard", sun=-52)
    scored = score_hand(rules, [26, 0, 0, 0], tricks_won=[13, 0, 0, 0])
    assert scored.scores == (-52, 0, 0, 0)
    assert scored.sun == NORTH
    assert scored.moon is None
    assert not scored.needs_moon_choice
    # the same from a record in which North wins all thirteen tricks
    ruling = adjudicate(rules, SWEEP_RECORD, hands=[h.split() for h in SWEEP_HANDS])
    assert ruling.violations == ()
    assert ruling.tricks_won == (13, 0, 0, 0)
    assert ruling.score.scores == (-52, 0, 0, 0)
    # a moon without the sun: the seat took all points but not every trick
    moon = score_hand(rules, [26, 0, 0, 0], tricks_won=[12, 1, 0, 0])
    assert moon.sun is None
    assert moon.moon == NORTH


def test_e26_totals_99_100_60_81_end_a_standard_game_and_the_60_wins():
    result = game_result(build_ruleset("standard"), [99, 100, 60, 81], 6)
    assert result.over
    assert result.winners == (SOUTH,)
    assert result.reason == "target_reached"


def test_e27_under_exceed_the_same_totals_do_not_end_the_game():
    result = game_result(build_ruleset("standard", game_ends="exceed"), [99, 100, 60, 81], 6)
    assert not result.over
    assert result.winners == ()
    assert result.reason == "in_progress"
    assert game_result(build_ruleset("standard", game_ends="exceed"), [99, 101, 60, 81], 6).over


def test_e28_a_total_that_passes_100_in_the_middle_of_a_hand_does_not_end_the_game():
    rules = build_ruleset("standard")
    before = [95, 50, 60, 70]
    # after six tricks North has taken the Q♠ and six hearts: 95 + 19 passes 100
    partial = adjudicate(
        rules, SWEEP_RECORD[:24], hands=[h.split() for h in SWEEP_HANDS], totals_before=before
    )
    assert partial.points_taken[NORTH] == 19
    assert before[NORTH] + partial.points_taken[NORTH] > 100
    assert not partial.complete
    assert partial.score is None  # nothing is scored, so nothing ends, mid-hand
    # at the end of the hand North has shot the moon; either choice leaves everyone under 100
    for choice in ("add_to_others", "subtract_from_shooter"):
        ruling = adjudicate(
            rules,
            SWEEP_RECORD,
            hands=[h.split() for h in SWEEP_HANDS],
            moon_choice=choice,
            totals_before=before,
        )
        totals = [b + s for b, s in zip(before, ruling.score.scores, strict=True)]
        assert max(totals) < 100
        assert not game_result(rules, totals, 7).over


@pytest.mark.parametrize(
    ("ties", "over", "winners", "reason"),
    [("shared", True, (NORTH, EAST), "target_reached"), ("play_on", False, (), "tie_plays_on")],
)
def test_e29_equal_lowest_totals_share_the_win_or_play_another_hand(ties, over, winners, reason):
    result = game_result(build_ruleset("standard", ties=ties), [70, 70, 101, 90], 8)
    assert result.over is over
    assert result.winners == winners
    assert result.reason == reason


def test_e30_the_moon_subtracts_when_adding_would_end_the_game_with_the_shooter_losing():
    rules = build_ruleset("standard", moon="add_unless_shooter_loses")
    before = [90, 50, 80, 85]
    scored = score_hand(rules, [26, 0, 0, 0], totals_before=before)
    assert scored.moon_rule == "subtract_from_shooter"
    assert scored.scores == (-26, 0, 0, 0)
    totals = [b + s for b, s in zip(before, scored.scores, strict=True)]
    assert totals == [64, 50, 80, 85]
    # control: when adding ends the game with the shooter winning, the moon adds
    leading = score_hand(rules, [26, 0, 0, 0], totals_before=[10, 50, 80, 85])
    assert leading.moon_rule == "add_to_others"
    assert leading.scores == (0, 26, 26, 26)
    # and when adding does not end the game at all, it adds too
    early = score_hand(rules, [26, 0, 0, 0], totals_before=[30, 20, 10, 0])
    assert early.scores == (0, 26, 26, 26)


def _holder(holdings, target):
    return next(seat for seat, held in enumerate(holdings) if held >> target & 1)


def test_e31_with_five_players_the_three_of_clubs_holder_leads_it():
    rules = build_ruleset("standard", players=5)
    assert names(((1 << 52) - 1) & ~rules.deck) == ["2C", "2D"]
    holdings = simulate.deal(rules, random.Random(31))
    leader = _holder(holdings, card("3C"))
    situation = Situation(0, None, False)
    assert legal_names(rules, holdings[leader], situation) == ["3C"]
    ruling = adjudicate(rules, ["3C"], hands=holdings)
    assert ruling.first_leader == leader
    assert ruling.violations == ()
    # opening with another club is illegal, and so is a lead of the 3♣ by another seat
    opener = holdings[leader] | 1 << card("4C")
    assert why_illegal(rules, opener, card("4C"), situation).rule == "first_lead_lowest_club"
    other = (leader + 1) % 5
    wrong_seat = adjudicate(rules, ["3C"], hands=holdings, first_leader=other)
    assert [(v.seat, v.rule) for v in wrong_seat.violations] == [(other, "card_not_held")]


def test_e32_omnibus_with_three_players_removes_the_two_of_clubs_and_the_three_leads():
    rules = build_ruleset("omnibus", players=3)
    assert not rules.deck & 1 << card("2C")
    assert rules.deck & 1 << card("2D")
    holdings = simulate.deal(rules, random.Random(32))
    leader = _holder(holdings, card("3C"))
    assert legal_names(rules, holdings[leader], Situation(0, None, False)) == ["3C"]
    ruling = adjudicate(rules, ["3C"], hands=holdings)
    assert ruling.first_leader == leader
    assert ruling.violations == ()


def test_e33_qq_gems_are_others_points_minus_three_times_own_and_a_moon_is_78_and_minus_26():
    rules = build_ruleset("qq")
    scored = score_hand(rules, [3, 0, 10, 13])
    assert scored.gems == (14, 26, -14, -26)
    assert sum(scored.gems) == 0
    assert scored.scores == (3, 0, 10, 13)
    moon = score_hand(rules, [0, 26, 0, 0])
    assert moon.gems == (-26, 78, -26, -26)
    assert moon.scores == (0, -26, 0, 0)  # qq subtracts from the shooter


# E34/E35: West holds one club after trick 1, the 9♣; it discards the 2♥ on the club lead of
# trick 4 and plays the 9♣ at trick 9. Every other play follows suit.
E34_HANDS = [
    "2C 3D 8D QC 2S 7S QD KS 6C AS KC AC AD",
    "3C 4D 9D TC 3S 8S KD TS 7C 7H 8H 9H TH",
    "4C 5D 6D JC 4S 9S TD JS 8C JH QH KH AH",
    "5C 2D 7D 2H 5S 6S JD QS 9C 3H 4H 5H 6H",
]
E34_RECORD = record(
    [
        "2C 3C 4C 5C",  # North leads; West wins with the 5♣
        "2D 3D 4D 5D",  # West leads; South wins
        "6D 7D 8D 9D",  # South leads; East wins
        "TC JC 2H QC",  # East leads a club; West discards the 2♥ holding the 9♣; North wins
        "2S 3S 4S 5S",  # North leads; West wins
        "6S 7S 8S 9S",  # West leads; South wins
        "TD JD QD KD",  # South leads; East wins
        "TS JS QS KS",  # East leads; North wins
        "6C 7C 8C 9C",  # North leads; West plays the 9♣ and wins
        "3H AS 7H JH",
        "QH 4H KC 8H",
        "KH 5H AC 9H",
        "AH 6H AD TH",
    ]
)


def test_e34_a_complete_record_without_hands_proves_west_reneged_at_trick_four():
    rules = build_ruleset("standard")
    assert len(E34_RECORD) == 52
    ruling = adjudicate(rules, E34_RECORD, first_leader=NORTH)
    assert ruling.complete
    assert ruling.holdings_source == "record"
    assert ruling.holdings == tuple(mask(hand) for hand in E34_HANDS)
    assert len(ruling.violations) == 1
    violation = ruling.violations[0]
    assert violation.play_index == 14
    assert violation.trick == 4
    assert violation.seat == WEST
    assert violation.card == card("2H")
    assert violation.rule == "must_follow_suit"
    assert names(violation.held) == ["9C"]
    assert [(s.play_index, s.trick, s.card) for s in violation.shown] == [(35, 9, card("9C"))]
    assert violation.source == "record"
    assert "9C at trick 9" in violation.message
    assert violation.evidence()["shown"] == [{"play_index": 35, "trick": 9, "card": "9C"}]
    # with the hands given the verdict is the same
    with_hands = adjudicate(rules, E34_RECORD, hands=[h.split() for h in E34_HANDS])
    assert [(v.play_index, v.trick, v.seat, v.rule) for v in with_hands.violations] == [
        (14, 4, WEST, "must_follow_suit")
    ]


def test_e35_the_same_record_stopped_after_trick_six_leaves_the_renege_undetermined():
    rules = build_ruleset("standard")
    cut = E34_RECORD[:24]
    ruling = adjudicate(rules, cut, first_leader=NORTH)
    assert not ruling.complete
    assert ruling.holdings is None
    assert ruling.violations == ()
    assert len(ruling.undetermined) == 1
    open_question = ruling.undetermined[0]
    assert open_question.play_index == 14
    assert open_question.trick == 4
    assert open_question.seat == WEST
    assert open_question.card == card("2H")
    assert open_question.rule == "must_follow_suit"
    assert open_question.condition == "illegal if seat 3 later shows a club"
    # the clubs nobody has played yet decide it
    assert names(open_question.decided_by) == ["6C", "7C", "8C", "9C", "KC", "AC"]
    assert not open_question.unless


@pytest.mark.parametrize("preset", ["standard", "omnibus", "qq", "qq-single-round", "microsoft"])
def test_e36_the_queen_of_spades_may_not_be_dropped_on_a_heart_lead_while_holding_a_heart(preset):
    rules = build_ruleset(preset)
    hearts_led = Situation(5, HEARTS, True)
    assert rule_broken(rules, "QS 2H", "QS", hearts_led) == "must_follow_suit"
    assert rule_broken(rules, "QS 2H", "2H", hearts_led) is None
    assert legal_names(rules, mask("QS 2H"), hearts_led) == ["2H"]
