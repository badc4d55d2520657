"""Claims and concessions by example: docs/rules.md's worked examples (their sentences as the
engine writes them), what each result scores and leaves to the table, and every refusal.

Two deals, each played legally for nine tricks, so that four tricks are left with North (seat 0)
on lead and hearts broken. In ``NORTH`` North took every point so far (the 6 hearts played); in
``SOUTH`` the points so far are 1, 4, 1, 0. The cards at the claim, in both:

    North AS KS 2H 3H · East QS 5S 4H 9D · South JS 6H 7H 8C · West TS 9H TH 5C
"""

import pytest

from adjudication.engine import (
    PRESETS,
    HeartsError,
    adjudicate,
    build_ruleset,
    parse_card,
    ruling_as_data,
)

from .support import record

NORTH = {
    "hands": [
        "9C 6D JD QD AD 2H 3H KH 3S 8S 9S KS AS",
        "2C TC QC 5D 8D 9D TD KD 4H JH 5S 6S QS",
        "6C 7C 8C JC KC 7D 6H 7H 8H AH 2S 7S JS",
        "3C 4C 5C AC 2D 3D 4D 5H 9H TH QH 4S TS",
    ],
    "plays": record(
        [
            "2C KC 4C 9C", "7C 3C 8S QC", "KD 7D 2D JD", "6S 7S 4S 9S", "6D TD JC 3D",
            "TC 6C AC 3S", "4D AD 5D AH", "KH JH 8H QH", "QD 8D 2S 5H",
        ]
    ),
}  # fmt: skip
SOUTH = {
    "hands": [
        "7C KC 3D TD JD AD 2H 3H JH KH 4S KS AS",
        "4C TC 4D 5D 6D 8D 9D 4H AH 3S 5S 8S QS",
        "6C 8C JC AC 2D QD 6H 7H 8H 2S 7S 9S JS",
        "2C 3C 5C 9C QC 7D KD 5H 9H TH QH 6S TS",
    ],
    "plays": record(
        [
            "2C 7C 4C 6C", "TD 8D QD KD", "QC KC TC JC", "4S 8S 2S 6S", "6D 2D 7D 3D",
            "3C KH 3S AC", "8H 5H JH AH", "4D 9S QH AD", "JD 5D 7S 9C",
        ]
    ),
}  # fmt: skip
AT_THE_CLAIM = [["2H", "3H", "KS", "AS"], ["9D", "4H", "5S", "QS"], ["8C", "6H", "7H", "JS"],
                ["5C", "9H", "TH", "TS"]]  # fmt: skip


def claimed(deal, claim, preset="standard", **options):
    rules = build_ruleset(preset, **options)
    hands = [h.split() for h in deal["hands"]]
    return ruling_as_data(adjudicate(rules, deal["plays"], hands=hands, claim=claim))["claim"]


def refused(deal, claim, **given):
    hands = [h.split() for h in deal["hands"]] if deal else None
    plays = given.pop("plays", deal["plays"] if deal else [])
    with pytest.raises(HeartsError) as caught:
        adjudicate(build_ruleset(), plays, hands=given.pop("hands", hands), claim=claim, **given)
    return caught.value.code, caught.value.field


def test_both_deals_are_legal_to_the_claim_and_show_the_same_cards_there():
    for deal, points in ((NORTH, [6, 0, 0, 0]), (SOUTH, [1, 4, 1, 0])):
        ruling = adjudicate(
            build_ruleset(), deal["plays"], hands=[h.split() for h in deal["hands"]]
        )
        assert ruling.violations == () and list(ruling.points_taken) == points
        found = claimed(deal, {"seat": 1, "outcome": "no_points"})
        assert (found["cards"], found["trick"], found["at_play"]) == (AT_THE_CLAIM, 10, 36)


def test_a_claim_of_the_rest_without_a_line_fails_on_the_claimers_own_low_heart():
    found = claimed(NORTH, {"seat": 0, "outcome": "all_tricks"})
    assert (found["verdict"], found["rule"]) == ("fails", "claim_all_tricks")
    assert found["message"] == (
        "Seat 0's claim of the rest of the tricks fails: seat 3 wins trick 10 with 9H."
    )
    assert found["line_message"] == (
        "No line stated: judged on every legal play of seat 0's cards "
        "(claim_without_line: every_line)."
    )
    assert found["proof"]["kind"] == "counter_line" and found["proof"]["beaten_at"] == 10
    assert [t["cards"] for t in found["proof"]["tricks"]] == [
        ["2H", "4H", "6H", "9H"], ["TS", "KS", "QS", "JS"], ["3H", "5S", "7H", "TH"],
        ["5C", "AS", "9D", "8C"],
    ]  # fmt: skip
    assert found["source"] == "Laws of Duplicate Bridge (2017), Law 70A and 70D"


def test_a_failed_claim_gives_the_claimer_the_points_left_but_never_a_moon():
    found = claimed(NORTH, {"seat": 0, "outcome": "all_tricks", "line": ["AS", "KS", "3H", "2H"]})
    assert found["message"] == (
        "Seat 0's claim of the rest of the tricks fails: seat 3 wins trick 12 with TH."
    )
    assert found["line_message"] == (
        "Judged on the line seat 0 stated: AS, KS, 3H, 2H, at each turn the first of them the "
        "rules allow."
    )
    result = found["result"]
    assert result["how"] == "claimer_takes_rest" and result["moon_denied"] is True
    assert result["message"] == (
        "The claim failed: any doubtful point goes against the claimer, so seat 0 takes the 20 "
        "penalty points left. A failed claim shoots no moon: seat 0 scores every penalty card "
        "as points."
    )
    assert (result["points"], result["scores"], result["moon"]) == (
        [26, 0, 0, 0],
        [26, 0, 0, 0],
        None,
    )


def test_a_failed_claim_is_played_on_under_play_on():
    result = claimed(NORTH, {"seat": 0, "outcome": "all_tricks"}, failed_claim="play_on")["result"]
    assert result["message"] == (
        "The claim failed: play goes on from the claim (failed_claim: play_on), and the table "
        "scores the hand."
    )
    assert (result["points"], result["left_to_table"]) == ([None] * 4, ["points"])
    assert (result["open_points"], result["open_among"], result["scores"]) == (
        20,
        [0, 1, 2, 3],
        None,
    )


def test_no_more_points_that_holds_leaves_the_split_of_the_rest_to_the_table():
    found = claimed(NORTH, {"seat": 1, "outcome": "no_points"})
    assert found["message"] == (
        "Seat 1's claim of no more penalty points holds: no legal play of the other seats gives "
        "it a penalty card."
    )
    assert found["proof"] is None
    result = found["result"]
    assert result["message"] == (
        "Seat 1 takes no more penalty points; the table says how the other seats share the 20 "
        "points left."
    )
    assert result["points"] == [None, 0, None, None] and result["left_to_table"] == ["points"]
    assert (result["open_points"], result["open_among"]) == (20, [0, 2, 3])


def test_no_more_points_fails_when_a_discard_can_be_forced_on_the_claimer():
    for unstated in ("every_line", "best_line"):
        found = claimed(NORTH, {"seat": 2, "outcome": "no_points"}, claim_without_line=unstated)
        assert found["message"] == (
            "Seat 2's claim of no more penalty points fails: it wins trick 11 with 8C, taking 14 "
            "points."
        )
        assert found["proof"]["tricks"][1]["cards"] == ["5C", "3H", "QS", "8C"]
    assert claimed(NORTH, {"seat": 2, "outcome": "no_points"})["result"]["points"] == [6, 0, 20, 0]


def test_a_moon_every_seat_accepts_is_scored_without_a_check():
    found = claimed(NORTH, {"seat": 0, "outcome": "moon", "accepted": True})
    assert (found["verdict"], found["rule"], found["proof"]) == ("accepted", "claim_accepted", None)
    assert found["message"] == (
        "Seat 0 claims every penalty card and every other seat accepts: scored as claimed, "
        "without a check."
    )
    assert found["line_message"] is None
    assert found["source"] == "Laws of Duplicate Bridge (2017), Law 69A"
    result = found["result"]
    assert result["moon"] == {"shooter": 0}
    assert result["scores"] == {
        "subtract_from_shooter": [-26, 0, 0, 0],
        "add_to_others": [0, 26, 26, 26],
    }
    checked = claimed(NORTH, {"seat": 0, "outcome": "moon"})
    assert checked["message"] == (
        "Seat 0's claim of every penalty card fails: seat 3 wins trick 10 with 9H, taking 4 points."
    )


def test_a_concession_stands_when_some_legal_play_gives_the_conceder_every_point_left():
    found = claimed(SOUTH, {"seat": 3, "outcome": "concede"})
    assert (found["verdict"], found["rule"]) == ("stands", "concession")
    assert found["message"] == (
        "Seat 3's concession stands: a legal play of the cards left gives it every penalty "
        "point left."
    )
    assert found["proof"]["kind"] == "conceded_line"
    assert found["result"]["message"] == "Seat 3 takes the 20 penalty points left."
    assert found["result"]["scores"] == [1, 4, 1, 20]
    assert found["source"] == "Laws of Duplicate Bridge (2017), Law 71"


def test_a_concession_no_play_can_make_good_is_cancelled_and_played_on():
    found = claimed(SOUTH, {"seat": 1, "outcome": "concede"})
    assert found["message"] == (
        "Seat 1's concession is cancelled: no legal play of the cards left gives it every "
        "penalty point left."
    )
    assert found["proof"] is None
    assert found["result"]["message"] == (
        "The concession is cancelled: play goes on from the claim, and the table scores the hand."
    )
    assert found["result"]["scores"] is None


def test_a_claim_of_every_trick_before_the_first_lead_holds_and_shoots_the_moon():
    clubs = [f"{rank}C" for rank in "23456789TJQKA"]
    rest = [f"{rank}{suit}" for suit in "DHS" for rank in "23456789TJQKA"]
    hands = [clubs, rest[0:13], rest[13:26], rest[26:39]]
    ruling = adjudicate(
        build_ruleset(), [], hands=hands, claim={"seat": 0, "outcome": "all_tricks"},
        moon_choice="add_to_others",
    )  # fmt: skip
    found = ruling_as_data(ruling)["claim"]
    assert found["message"] == (
        "Seat 0's claim of the rest of the tricks holds: no legal play of the other seats wins "
        "a trick from it."
    )
    result = found["result"]
    assert result["message"] == "Seat 0 takes every trick left and the 26 penalty points in them."
    assert result["tricks_won"] == [13, 0, 0, 0] and result["scores"] == [0, 26, 26, 26]
    assert ruling.claim.nodes <= 2  # known at once: every club is seat 0's, it leads


def every_club_to_north(claim, preset="standard", **options):
    """Seat 0 holds every club and leads trick 1; the claim comes before the first lead."""
    clubs = [f"{rank}C" for rank in "23456789TJQKA"]
    rest = [f"{rank}{suit}" for suit in "DHS" for rank in "23456789TJQKA"]
    hands = [clubs, rest[0:13], rest[13:26], rest[26:39]]
    rules = build_ruleset(preset, **options)
    return ruling_as_data(adjudicate(rules, [], hands=hands, claim=claim))["claim"]["result"]


def test_what_a_claim_does_not_decide_is_left_to_the_table():
    # omnibus scores the J♦: the rest of the tricks give it to the claimer, the moon does not
    tricks = every_club_to_north({"seat": 0, "outcome": "all_tricks"}, "omnibus")
    assert (tricks["jack_of_diamonds"], tricks["left_to_table"]) == (0, [])
    assert tricks["scores"] == {
        "subtract_from_shooter": [-36, 0, 0, 0],
        "add_to_others": [-10, 26, 26, 26],
    }
    moon = every_club_to_north({"seat": 0, "outcome": "moon", "accepted": True}, "omnibus")
    assert (moon["jack_of_diamonds"], moon["left_to_table"]) == (None, ["jack_of_diamonds"])
    assert moon["scores"] is None and moon["points"] == [26, 0, 0, 0]
    assert moon["message"] == "Seat 0 takes every penalty card. The table says who takes the J♦."
    # a sun while no seat has won a trick: only the rest of the tricks decide it
    sun = every_club_to_north({"seat": 0, "outcome": "moon", "accepted": True}, sun=-52)
    assert sun["left_to_table"] == ["tricks_won"]
    assert every_club_to_north({"seat": 0, "outcome": "all_tricks"}, sun=-52)["scores"] == [
        -52, 0, 0, 0
    ]  # fmt: skip
    # every seat has won a trick at North's claim: neither a sun nor a no-trick bonus can come
    with_sun = claimed(NORTH, {"seat": 1, "outcome": "no_points"}, sun=-26)["result"]
    assert with_sun["left_to_table"] == ["points"]
    bonus = claimed(NORTH, {"seat": 0, "outcome": "moon", "accepted": True}, no_trick_bonus=-5)
    assert bonus["result"]["left_to_table"] == []  # no bonus on a moon
    # before the first lead no seat has won a trick: who wins none is the table's to say
    open_bonus = every_club_to_north(
        {"seat": 1, "outcome": "no_points", "accepted": True}, no_trick_bonus=-5
    )
    assert open_bonus["left_to_table"] == ["points", "tricks_won"]


@pytest.mark.parametrize(
    ("deal", "claim", "given", "code", "field"),
    [
        (NORTH, {"seat": 4, "outcome": "moon"}, {}, "invalid_seat", "claim.seat"),
        (NORTH, {"outcome": "moon"}, {}, "invalid_seat", "claim.seat"),
        (NORTH, {"seat": 0, "outcome": "slam"}, {}, "invalid_claim_outcome", "claim.outcome"),
        (NORTH, {"seat": 0, "outcome": "moon", "by": 1}, {}, "invalid_claim", "claim.by"),
        (NORTH, ["seat", 0], {}, "invalid_claim", "claim"),
        (NORTH, {"seat": 0, "outcome": "moon", "accepted": "yes"}, {}, "invalid_claim",
         "claim.accepted"),
        (NORTH, {"seat": 1, "outcome": "moon"}, {}, "moon_already_lost", "claim.outcome"),
        (NORTH, {"seat": 0, "outcome": "concede"}, {}, "concession_is_a_moon", "claim.outcome"),
        (SOUTH, {"seat": 3, "outcome": "concede", "line": ["TS"]}, {}, "concession_has_no_line",
         "claim.line"),
        (NORTH, {"seat": 0, "outcome": "all_tricks", "line": ["AS", "QS"]}, {},
         "line_card_not_held", "claim.line.1"),
        (NORTH, {"seat": 0, "outcome": "all_tricks", "line": ["AS", "AS"]}, {}, "duplicate_card",
         "claim.line.1"),
        (NORTH, {"seat": 0, "outcome": "all_tricks", "line": ["XX"]}, {}, "invalid_card",
         "claim.line.0"),
        (NORTH, {"seat": 0, "outcome": "all_tricks"}, {"plays": NORTH["plays"] + ["AS", "QS",
         "JS", "TS", "KS", "5S", "6H", "9H", "3H", "4H", "7H", "TH", "5C", "2H", "9D", "8C"]},
         "hand_over", "claim"),
        (NORTH, {"seat": 1, "outcome": "no_points", "shown": [None, ["9D", "4H", "5S", "JS"],
         None, None]}, {}, "shown_card_not_held", "claim.shown.1.3"),
        (NORTH, {"seat": 1, "outcome": "no_points", "shown": [None, ["9D", "4H", "5S"], None,
         None]}, {}, "wrong_hand_size", "claim.shown.1"),
        (NORTH, {"seat": 1, "outcome": "no_points", "shown": [None, None]}, {},
         "wrong_number_of_seats", "claim.shown"),
        (None, {"seat": 1, "outcome": "no_points"}, {"plays": NORTH["plays"],
         "first_leader": 1}, "claim_needs_holdings", "claim.shown"),
        (None, {"seat": 1, "outcome": "no_points", "shown": [None, AT_THE_CLAIM[1], None, None]},
         {"plays": NORTH["plays"], "first_leader": 1}, "claim_needs_every_holding",
         "claim.shown.0"),
        (None, {"seat": 1, "outcome": "no_points", "shown": [AT_THE_CLAIM[0], AT_THE_CLAIM[1],
         AT_THE_CLAIM[2], ["5C", "9H", "TH", "QH"]]}, {"plays": NORTH["plays"],
         "first_leader": 1}, "card_already_played", "claim.shown.3.3"),
    ],
)  # fmt: skip
def test_a_claim_that_cannot_be_judged_is_refused_naming_its_field(deal, claim, given, code, field):
    assert refused(deal, claim, **given) == (code, field)


def test_a_line_that_cannot_open_where_the_claimer_plays_next_is_refused():
    # North is on lead with hearts broken: every card may open. After AS is led, East must
    # follow spades, so a line of East's opening with 4H is not legal.
    plays = NORTH["plays"] + ["AS"]
    code, field = refused(NORTH, {"seat": 1, "outcome": "no_points", "line": ["4H"]}, plays=plays)
    assert (code, field) == ("line_not_legal", "claim.line.0")


def test_a_record_that_does_not_fit_the_holdings_is_refused_for_a_claim():
    hands = [h.split() for h in NORTH["hands"]]
    hands[0], hands[1] = hands[1], hands[0]  # the record has seat 0 lead 2C it no longer holds
    code, field = refused(NORTH, {"seat": 1, "outcome": "no_points"}, hands=hands)
    assert (code, field) == ("claim_on_impossible_record", "plays")


def test_the_cards_shown_at_a_claim_stand_for_the_holdings_and_prove_a_renege():
    shown = {"seat": 1, "outcome": "no_points", "shown": AT_THE_CLAIM}
    ruling = adjudicate(build_ruleset(), NORTH["plays"], first_leader=1, claim=shown)
    assert ruling.holdings_source == "shown" and ruling.violations == ()
    found = ruling_as_data(ruling)["claim"]
    assert (found["verdict"], found["cards_source"]) == ("holds", "shown")
    assert found == claimed(NORTH, {"seat": 1, "outcome": "no_points"}) | {"cards_source": "shown"}
    # South shows the 9D: then it held it when it threw AH on diamonds at trick 7
    cards = [list(c) for c in AT_THE_CLAIM]
    cards[1][0], cards[2][0] = "8C", "9D"
    ruling = adjudicate(
        build_ruleset(), NORTH["plays"], first_leader=1, claim={**shown, "shown": cards}
    )
    renege = [(v.trick, v.seat, v.rule, v.held, v.source) for v in ruling.violations]
    assert (7, 2, "must_follow_suit", (parse_card("9D"),), "shown") in renege


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_judges_claims_as_the_laws_default(preset):
    rules = build_ruleset(preset)
    assert (rules.claim_without_line, rules.failed_claim) == ("every_line", "claimer_takes_rest")


def test_a_search_past_its_budget_is_refused_not_left_running(monkeypatch):
    from adjudication.engine import claims

    made = claims._search

    def small(rules, claim, position):
        search = made(rules, claim, position)
        search.budget = 50
        return search

    monkeypatch.setattr(claims, "_search", small)
    with pytest.raises(HeartsError) as caught:  # East's claim holds after 113 positions
        claimed(NORTH, {"seat": 1, "outcome": "no_points"})
    assert (caught.value.code, caught.value.field) == ("claim_too_deep", "claim")
    assert "51 positions" in caught.value.message
