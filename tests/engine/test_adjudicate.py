"""Adjudicating a record: inputs, who leads, the wrong leader, cards not held, rulings' fields."""

import pytest

from adjudication.engine import (
    HeartsError,
    Situation,
    adjudicate,
    build_ruleset,
    legal_mask,
    names,
    why_illegal,
)

from .support import EAST, NORTH, SOUTH, WEST, card, full_hands, mask, record

STANDARD = build_ruleset("standard")
ANY_CLUB = build_ruleset("standard", first_lead="any_club")
FIRST_LEAD = Situation(0, None, False)


def refused(rules, plays, **kwargs):
    with pytest.raises(HeartsError) as caught:
        adjudicate(rules, plays, **kwargs)
    return caught.value


# --- who leads the first trick --------------------------------------------------------------


def test_under_any_club_only_the_holder_of_the_lowest_club_may_open():
    assert why_illegal(ANY_CLUB, mask("5C 9C AH"), card("5C"), FIRST_LEAD).rule == "wrong_leader"
    assert why_illegal(ANY_CLUB, mask("2C 5C AH"), card("5C"), FIRST_LEAD) is None
    assert why_illegal(ANY_CLUB, mask("2C 5C AH"), card("AH"), FIRST_LEAD).rule == (
        "first_lead_club"
    )


@pytest.mark.parametrize("rules", [STANDARD, ANY_CLUB], ids=["lowest_club", "any_club"])
def test_the_legal_set_of_a_first_leader_without_the_lowest_club_is_refused(rules):
    with pytest.raises(HeartsError) as caught:
        legal_mask(rules, mask("5C 9C AH"), FIRST_LEAD)
    assert caught.value.code == "wrong_leader"
    assert caught.value.field == "first_leader"


def test_a_wrong_first_leader_with_hands_is_a_wrong_leader_violation():
    hands = full_hands(ANY_CLUB, {NORTH: "2C", EAST: "5C"})
    ruling = adjudicate(ANY_CLUB, ["5C"], hands=hands, first_leader=EAST)
    assert [(v.play_index, v.seat, v.rule) for v in ruling.violations] == [
        (0, EAST, "wrong_leader")
    ]
    assert "2C" in ruling.violations[0].message


def test_without_hands_a_wrong_leader_stays_open_until_the_lowest_club_shows_up():
    plays = record(["5C 2C 3C 4C"])  # North opens with the 5♣; East then plays the 2♣
    open_ruling = adjudicate(ANY_CLUB, plays[:1], first_leader=NORTH)
    assert open_ruling.violations == ()
    [question] = open_ruling.undetermined
    assert question.unless
    assert question.rule == "wrong_leader"
    assert question.condition == "illegal unless seat 0 later shows 2C"
    assert names(question.decided_by) == ["2C"]
    # East showing the 2♣ proves North did not hold it
    proven = adjudicate(ANY_CLUB, plays, first_leader=NORTH)
    assert [(v.play_index, v.seat, v.rule) for v in proven.violations] == [
        (0, NORTH, "wrong_leader")
    ]
    assert proven.undetermined == ()
    # North showing the 2♣ later clears the lead
    cleared = adjudicate(ANY_CLUB, record(["5C 3C 4C 7D", "2C"]), first_leader=NORTH)
    assert cleared.violations == ()
    # only West's 7♦ discard is open; North's lead is no longer in question
    assert [(u.play_index, u.rule) for u in cleared.undetermined] == [(3, "must_follow_suit")]


def test_the_first_leader_is_the_holder_of_the_lowest_club_when_hands_are_given():
    hands = full_hands(STANDARD, {SOUTH: "2C"})
    assert adjudicate(STANDARD, [], hands=hands).first_leader == SOUTH
    assert adjudicate(STANDARD, ["2C"], hands=hands).tricks[0].leader == SOUTH


def test_left_of_dealer_leads_first_and_needs_the_dealer_or_the_leader():
    rules = build_ruleset("standard", first_lead="left_of_dealer")
    hands = full_hands(rules, {})
    assert adjudicate(rules, [], hands=hands, dealer=WEST).first_leader == NORTH
    assert adjudicate(rules, [], hands=hands, dealer=NORTH).first_leader == EAST
    error = refused(rules, ["5D"], hands=hands)
    assert error.code == "first_leader_required"
    assert "dealer" in error.message
    # any card may open, the hearts rules aside
    assert why_illegal(rules, mask("5D 7H"), card("5D"), FIRST_LEAD) is None
    assert why_illegal(rules, mask("5D 7H"), card("7H"), FIRST_LEAD).rule == "hearts_not_broken"


def test_left_of_dealer_with_forbidden_points_keeps_the_queen_off_the_first_lead():
    rules = build_ruleset("microsoft", first_lead="left_of_dealer")
    assert why_illegal(rules, mask("QS 5D"), card("QS"), FIRST_LEAD).rule == (
        "points_on_first_trick"
    )
    assert names(legal_mask(rules, mask("QS 5D 7H"), FIRST_LEAD)) == ["5D"]
    # with nothing but point cards, the hearts rules alone decide: the queen, not a heart
    assert names(legal_mask(rules, mask("QS 7H 8H"), FIRST_LEAD)) == ["QS"]
    assert names(legal_mask(rules, mask("7H 8H"), FIRST_LEAD)) == ["7H", "8H"]


def test_a_record_without_holdings_needs_the_first_leader():
    error = refused(STANDARD, ["2C", "3C"])
    assert error.code == "first_leader_required"
    assert error.field == "first_leader"
    assert adjudicate(STANDARD, []).plays == ()


# --- plays that break no trick rule but the holding -----------------------------------------


def test_playing_a_card_the_seat_does_not_hold_is_card_not_held():
    hands = full_hands(STANDARD, {NORTH: "2C", EAST: "3C", SOUTH: "4C 9D"})
    ruling = adjudicate(STANDARD, ["2C", "3C", "AS"], hands=hands)
    [violation] = ruling.violations
    assert (violation.play_index, violation.seat, violation.rule) == (2, SOUTH, "card_not_held")
    assert violation.source == "hands"


def test_a_renege_with_hands_names_what_was_held_and_where_it_was_played_later():
    hands = full_hands(STANDARD, {NORTH: "2C", EAST: "3C 9C 3D", SOUTH: "4C", WEST: "5C"})
    ruling = adjudicate(STANDARD, ["2C", "3D"], hands=hands)
    [violation] = ruling.violations
    assert violation.rule == "must_follow_suit"
    assert names(violation.held) == sorted(names(hands[EAST] & 0x1FFF))
    assert violation.shown == ()  # the record stops before East shows a club
    assert violation.evidence() == {
        "source": "hands",
        "held": names(violation.held),
        "shown": [],
    }
    assert not ruling.legal


def test_an_open_first_trick_point_discard_names_the_cards_that_would_decide_it():
    rules = build_ruleset("microsoft")
    ruling = adjudicate(rules, ["2C", "AH"], first_leader=NORTH)
    assert ruling.violations == ()
    by_rule = {u.rule: u for u in ruling.undetermined}
    assert set(by_rule) == {"must_follow_suit", "points_on_first_trick"}
    assert by_rule["must_follow_suit"].condition == "illegal if seat 1 later shows a club"
    assert "2C" not in names(by_rule["must_follow_suit"].decided_by)
    # every non-point card still unseen would decide it: clubs, diamonds, spades but the Q♠
    assert by_rule["points_on_first_trick"].condition == (
        "illegal if seat 1 later shows a club or a diamond or 2S or 3S or 4S or 5S or 6S or 7S "
        "or 8S or 9S or TS or JS or KS or AS"
    )


def test_a_proven_first_trick_point_discard_is_reported_while_the_renege_is_still_open():
    # East discards the A♥ on the 2♣ and shows a diamond later; whether it held a club is open.
    # The engine reports the rule it can prove (points_on_first_trick).
    rules = build_ruleset("microsoft")
    plays = record(["2C AH 3C 4C", "5D 6D 7D"])  # West wins trick 1; East plays the 7♦ later
    ruling = adjudicate(rules, plays, first_leader=NORTH)
    assert ruling.tricks[0].winner == WEST
    [violation] = ruling.violations
    assert (violation.play_index, violation.seat, violation.rule) == (
        1,
        EAST,
        "points_on_first_trick",
    )
    assert names(violation.held) == ["7D"]
    assert [(s.play_index, s.trick) for s in violation.shown] == [(6, 2)]
    assert ruling.undetermined == ()  # the open renege is not listed


# --- input checks --------------------------------------------------------------------------


def test_plays_may_be_names_in_any_accepted_spelling_or_card_numbers():
    ruling = adjudicate(STANDARD, ["2♣", "3c", 2, "10C"], first_leader=NORTH)
    assert ruling.plays == (0, 1, 2, 8)
    assert ruling.tricks[0].winner == WEST


@pytest.mark.parametrize(
    ("plays", "code", "field"),
    [
        ("2C 3C", "not_a_list", "plays"),
        (["2C", "3C", "2C"], "duplicate_card", "plays.2"),
        (["2C", "XX"], "invalid_card", "plays.1"),
        (["2C", 52], "invalid_card", "plays.1"),
        (["2C", True], "invalid_card", "plays.1"),
        ([f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA"] + ["2C"], "too_many_plays", "plays"),
    ],
)
def test_malformed_plays_are_refused_naming_the_field(plays, code, field):
    error = refused(STANDARD, plays, first_leader=NORTH)
    assert error.code == code
    assert error.field == field


def test_a_card_removed_from_the_deck_is_refused():
    rules = build_ruleset("standard", players=3)
    error = refused(rules, ["2C", "2D"], first_leader=NORTH)
    assert error.code == "card_not_in_deck"
    assert error.field == "plays.1"


def test_hands_must_split_the_deck_into_full_hands():
    hands = full_hands(STANDARD, {})
    as_names = [names(h) for h in hands]
    error = refused(STANDARD, [], hands=as_names[:3])
    assert (error.code, error.field) == ("wrong_number_of_seats", "hands")
    error = refused(STANDARD, [], hands=[as_names[0][:12], *as_names[1:]])
    assert (error.code, error.field) == ("wrong_hand_size", "hands.0")
    doubled = [as_names[0], [as_names[0][0], *as_names[1][1:]], *as_names[2:]]
    error = refused(STANDARD, [], hands=doubled)
    assert (error.code, error.field) == ("duplicate_card", "hands.1.0")
    # masks are accepted as they are, and checked the same way
    assert adjudicate(STANDARD, [], hands=hands).holdings == tuple(hands)
    error = refused(STANDARD, [], hands=[hands[0] | hands[1], 0, hands[2], hands[3]])
    assert error.code == "wrong_hand_size"


@pytest.mark.parametrize("name", ["first_leader", "dealer"])
@pytest.mark.parametrize("value", [-1, 4, True, "0"])
def test_a_seat_outside_the_table_is_refused(name, value):
    error = refused(STANDARD, ["2C"], **{name: value})
    assert (error.code, error.field) == ("invalid_seat", name)


def test_an_unknown_moon_choice_is_refused():
    error = refused(STANDARD, [], moon_choice="keep")
    assert (error.code, error.field) == ("invalid_moon_choice", "moon_choice")


# --- the ruling ------------------------------------------------------------------------------


def test_the_ruling_lists_the_tricks_with_seats_winners_and_points():
    plays = record(["2C 3C 4C AC", "2H 3H QS"])
    ruling = adjudicate(STANDARD, plays, first_leader=NORTH)
    first, second = ruling.tricks
    assert (first.number, first.leader, first.seats, first.winner, first.points) == (
        1,
        NORTH,
        (NORTH, EAST, SOUTH, WEST),
        WEST,
        0,
    )
    assert (second.number, second.leader, second.seats, second.winner, second.points) == (
        2,
        WEST,
        (WEST, NORTH, EAST),
        None,
        15,
    )
    assert ruling.tricks_won == (0, 0, 0, 1)
    assert ruling.points_taken == (0, 0, 0, 0)  # an unfinished trick belongs to nobody yet
    assert ruling.jack_of_diamonds is None
    assert not ruling.complete and ruling.score is None
    # West leads a heart before hearts are broken (open until West shows a non-heart), and
    # East drops the Q♠ on it (open until East shows a heart)
    assert [(u.play_index, u.seat, u.rule) for u in ruling.undetermined] == [
        (4, WEST, "hearts_not_broken"),
        (6, EAST, "must_follow_suit"),
    ]


def test_a_complete_ruling_scores_the_hand_and_says_who_took_the_jack():
    hands = [" ".join(rank + suit for rank in "23456789TJQKA") for suit in "CDHS"]
    plays = [f"{r}C {r}D {r}H {s}S" for r, s in zip("23456789TJQKA", "AKQJT98765432", strict=True)]
    ruling = adjudicate(
        build_ruleset("omnibus"),
        record(plays),
        hands=[h.split() for h in hands],
        moon_choice="subtract_from_shooter",
    )
    assert ruling.legal
    assert ruling.jack_of_diamonds == NORTH
    assert ruling.score.moon == NORTH
    assert ruling.score.scores == (-36, 0, 0, 0)
