"""Irregularities (docs/rules.md, "Irregularities"): one worked example per kind per option value.

Each example makes a record with one irregularity (irregular_support.play, from a fixed seed),
works out by hand what the option's rule gives, and checks the engine's ruling against it: the
rule code, whether it is found, where, and the points and scores per seat, with the raw result
(the record as played) kept beside it.
"""

from __future__ import annotations

import random

import pytest

from adjudication.engine import HeartsError, adjudicate, build_ruleset, ruling_as_data
from adjudication.engine.simulate import deal, opening_leader

from .irregular_support import names, play, points, suit

TOTAL = 26


def table(seed: int, rules=None, **kwargs):
    rules = rules or build_ruleset()
    rng = random.Random(seed)
    holdings = deal(rules, rng)
    leader = opening_leader(rules, holdings)
    return rules, holdings, leader, play(rules, holdings, leader, rng, **kwargs)


def rule(rules, holdings, record, *irregularities, hands=True, **kwargs):
    ruling = adjudicate(
        rules,
        names(record.plays),
        hands=[names(c for c in range(52) if h >> c & 1) for h in holdings] if hands else None,
        irregularities=list(irregularities),
        moon_choice="add_to_others",
        **kwargs,
    )
    return ruling, ruling_as_data(ruling)


def raw_points(rules, record):
    return [points(rules, mask) for mask in record.taken(rules.players)]


def a_renege(seed_range=range(400), rules=None):
    """A record whose play ``at`` is a renege: a following seat holding the led suit discards."""
    for seed in seed_range:
        state = {}

        def choose(number, seat, holding, legal, led=None, state=state):
            if state or number < 3 or legal == holding or led is None:
                return None
            others = holding & ~legal
            if others and legal & ~others and (holding & legal) != holding:
                led_suit_held = legal  # following: the legal set is the led suit held
                if all(suit(c) == suit(next(iter_bits(legal))) for c in iter_bits(led_suit_held)):
                    state["at"] = (number, seat)
                    return next(iter_bits(others))
            return None

        rules_, holdings, _leader, record = table(seed, rules, choose=choose)
        if state:
            return rules_, holdings, record, state["at"]
    raise AssertionError("no renege found")  # pragma: no cover


def iter_bits(mask):
    return (c for c in range(52) if mask >> c & 1)


def play_index(record, number, seat):
    return next(
        i for i, (t, s) in enumerate(zip(record.trick_of, record.seats, strict=True))
        if t == number and s == seat
    )  # fmt: skip


# Revokes found late ----------------------------------------------------------------------------


@pytest.mark.parametrize("penalty", ["none", "takes_all", "fixed", "replay"])
def test_a_revoke_noticed_after_the_hand_is_established_and_rectified_by_renege_penalty(penalty):
    rules, holdings, record, (number, seat) = a_renege(rules=build_ruleset(renege_penalty=penalty))
    _ruling, data = rule(rules, holdings, record, {"kind": "revoke", "trick": number, "seat": seat})
    raw = raw_points(rules, record)
    (found,) = data["irregularities"]
    assert (found["rule"], found["found"], found["seat"], found["trick"]) == (
        "revoke_established", True, seat, number,
    )  # fmt: skip
    assert found["play_index"] == play_index(record, number, seat)
    assert found["option"] == {"name": "renege_penalty", "value": penalty}
    assert found["source"]["text"]
    assert data["points_taken"] == raw  # the raw result, as played, is kept
    if penalty == "takes_all":  # Foster: the revoker pays the entire losses
        expected = [TOTAL if s == seat else 0 for s in range(4)]
        assert found["scores"] == expected and data["rectified"]["scores"] == expected
    elif penalty == "fixed":  # the raw scores, 26 more for the revoker
        assert found["scores"] == [
            p + (26 if s == seat else 0) for s, p in enumerate(data["scores"])
        ]
    elif penalty == "none":
        assert found["scores"] == data["scores"] and found["points"] == raw
    else:
        assert found["scores"] is None and found["left_to_table"] == "replay"
        assert data["rectified"] == {"points": None, "scores": None, "left_to_table": ["replay"]}


def test_a_revoke_noticed_before_the_offender_played_to_the_next_trick_is_not_established():
    rules, holdings, record, (number, seat) = a_renege(rules=build_ruleset(renege_penalty="fixed"))
    with pytest.raises(HeartsError) as refused:
        rule(rules, holdings, record, {
            "kind": "revoke", "trick": number, "seat": seat,
            "noticed_at_trick": number + 2, "corrected": True, "card": "2C",
        })  # fmt: skip
    assert refused.value.code == "revoke_established"
    assert refused.value.field == "irregularities.0.corrected"
    _, data = rule(rules, holdings, record, {
        "kind": "revoke", "trick": number, "seat": seat, "noticed_at_trick": number + 2,
    })  # fmt: skip
    assert "established" in data["irregularities"][0]["message"]


@pytest.mark.parametrize("correction", ["returned_to_hand", "exposed"])
def test_a_corrected_revoke_scores_as_played_and_its_withdrawn_card_follows_the_option(
    correction,
):
    """Law 62: the record shows the legal card played instead; the withdrawn one goes back to
    the hand, or (Law 62B1) becomes a penalty card, due at its first legal opportunity."""
    rules = build_ruleset(revoke_correction=correction)
    for seed in range(200):
        _, holdings, _, record = table(seed, rules)
        # a following seat that held another suit: it "revoked" with that card, then corrected
        index = next(
            (i for i in range(8, 40)
             if record.trick_of[i] == record.trick_of[i - 1]
             and suit(record.plays[i]) == suit(record.plays[4 * (i // 4)])
             and record.held[i] & ~(0x1FFF << 13 * suit(record.plays[i]))),
            None,
        )  # fmt: skip
        if index is not None:
            break
    number, seat = record.trick_of[index], record.seats[index]
    other = record.held[index] & ~(0x1FFF << 13 * suit(record.plays[index]))
    withdrawn = next(iter_bits(other))
    _ruling, data = rule(rules, holdings, record, {
        "kind": "revoke", "trick": number, "seat": seat, "noticed_at_trick": number,
        "corrected": True, "card": names([withdrawn])[0],
    })  # fmt: skip
    (found,) = data["irregularities"]
    assert (found["rule"], found["found"]) == ("revoke_corrected", True)
    assert found["option"] == {"name": "revoke_correction", "value": correction}
    if correction == "returned_to_hand":
        assert found["rectification"]["code"] == "corrected_card_returned"
        assert found["points"] == raw_points(rules, record)
    else:
        assert found["rectification"]["code"].startswith("corrected_card_exposed")
        # the first later play of the seat where the withdrawn card was legal
        due = _first_chance(rules, record, seat, withdrawn, after_trick=number)
        honoured = due is not None and record.plays[due] == withdrawn
        failed = [v for v in data["violations"] if v["rule"] == "penalty_card_not_played"]
        assert bool(failed) == (due is not None and not honoured)


def _first_chance(rules, record, seat, card, after_trick=0, from_trick=None):
    """The index of the first play of ``seat`` (after trick ``after_trick``, or from trick
    ``from_trick``) at which ``card`` was a legal play, worked out from the record."""
    from adjudication.engine import Situation, legal_mask

    broken = False
    for index, (number, who) in enumerate(zip(record.trick_of, record.seats, strict=True)):
        start = next(i for i, t in enumerate(record.trick_of) if t == number)
        if index == start and number > 1:
            previous = [p for p, t in zip(record.plays, record.trick_of, strict=True)
                        if t == number - 1]  # fmt: skip
            broken = broken or bool(sum(1 << c for c in previous) & rules.break_mask)
        late_enough = number > after_trick if from_trick is None else number >= from_trick
        if who != seat or not late_enough:
            continue
        if not record.held[index] >> card & 1:
            return None
        led = None if index == start else suit(record.plays[start])
        legal = legal_mask(rules, record.held[index], Situation(number - 1, led, broken))
        if legal >> card & 1:
            return index
    return None


# An exposed card ------------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["penalty_card", "none"])
def test_an_exposed_card_is_a_penalty_card_due_at_its_first_legal_opportunity_or_nothing(option):
    rules = build_ruleset(exposed_card=option, renege_penalty="takes_all")
    seen = set()
    for seed in range(60):
        _, holdings, _, record = table(seed, rules)
        seat, number = record.seats[9], record.trick_of[9]
        card = next(iter_bits(record.held[9] & ~(1 << record.plays[9])), None)
        if card is None:
            continue
        due = _first_chance(rules, record, seat, card, from_trick=number)
        honoured = record.plays[due] == card
        seen.add(honoured)
        _, data = rule(rules, holdings, record, {
            "kind": "exposed_card", "seat": seat, "trick": number, "card": names([card])[0],
        })  # fmt: skip
        (found,) = data["irregularities"]
        assert (found["rule"], found["found"]) == ("exposed_card", True)
        failed = [v for v in data["violations"] if v["rule"] == "penalty_card_not_played"]
        if option == "none" or honoured:
            assert not failed and found["points"] == raw_points(rules, record)
        else:  # failing it counts as a revoke (Foster's law 27): takes_all
            assert [v["play_index"] for v in failed] == [due]
            assert found["scores"] == [TOTAL if s == seat else 0 for s in range(4)]
    assert seen == {True, False}  # both outcomes were worked out


def test_an_exposed_card_the_seat_did_not_hold_is_not_found():
    rules, holdings, _, record = table(3)
    seat, number = record.seats[9], record.trick_of[9]
    elsewhere = next(iter_bits(holdings[(seat + 1) % 4]))
    _, data = rule(rules, holdings, record, {
        "kind": "exposed_card", "seat": seat, "trick": number, "card": names([elsewhere])[0],
    })  # fmt: skip
    assert data["irregularities"][0]["found"] is False


# A lead out of turn ---------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["foster", "bridge"])
def test_a_lead_out_of_turn_that_stood_starts_its_trick_from_the_offender(option):
    rules = build_ruleset(lead_out_of_turn=option)
    probe = table(5, rules)[3]
    number = 4
    wrong = (probe.tricks[number - 2][3] + 1) % 4  # not the winner of trick 3
    rules, holdings, _, record = table(5, rules, lead_out_of_turn=(number, wrong))
    lead = record.plays[record.trick_of.index(number)]
    _ruling, data = rule(rules, holdings, record, {
        "kind": "lead_out_of_turn", "trick": number, "seat": wrong,
        "card": names([lead])[0], "stood": True,
    })  # fmt: skip
    (found,) = data["irregularities"]
    assert (found["found"], found["rectification"]["code"]) == (True, "lead_stood")
    trick = data["tricks"][number - 1]
    assert trick["leader"] == wrong and trick["seats"][0] == wrong
    assert data["points_taken"] == raw_points(rules, record)  # every card where it was played
    assert not data["violations"]
    assert found["points"] == raw_points(rules, record)


@pytest.mark.parametrize(("option", "call"), [
    ("foster", "required"), ("foster", "forbidden"), ("foster", None),
    ("bridge", "required"), ("bridge", "forbidden"), ("bridge", None),
])  # fmt: skip
def test_a_retracted_lead_out_of_turn_leaves_the_call_or_penalty_card_the_option_gives(
    option, call
):
    """Foster: the seat on the offender's right may call for or forbid a heart at its next
    lead. Bridge (Laws 56, 50D2): the retracted card is a penalty card, or, with a call, the
    card's suit is required or forbidden at the next lead."""
    rules = build_ruleset(lead_out_of_turn=option, renege_penalty="fixed")
    _rules, holdings, _, record = table(11, rules)
    number = 5
    start = record.trick_of.index(number)
    offender = (record.seats[start] + 2) % 4
    index = play_index(record, number, offender)
    card = next(iter_bits(record.held[index]))
    stated = {"kind": "lead_out_of_turn", "trick": number, "seat": offender,
              "card": names([card])[0], "stood": False}  # fmt: skip
    if call:
        stated["lead_call"] = call
    _, data = rule(rules, holdings, record, stated)
    (found,) = data["irregularities"]
    assert found["found"] is True
    failed = [v for v in data["violations"]
              if v["rule"] in ("lead_call_not_honoured", "penalty_card_not_played")]  # fmt: skip
    if call is None and option == "foster":
        assert found["rectification"]["code"] == "lead_retracted" and not failed
        return
    if call is None:  # a penalty card
        due = _first_chance(rules, record, offender, card, from_trick=number)
        assert bool(failed) == (record.plays[due] != card)
        return
    called = 2 if option == "foster" else suit(card)  # hearts, or the retracted card's suit
    lead = next(
        (i for i in range(len(record.plays))
         if record.trick_of[i] > number and record.seats[i] == offender
         and record.trick_of.index(record.trick_of[i]) == i),
        None,
    )  # fmt: skip
    if lead is None:
        assert not failed
        return
    in_suit = suit(record.plays[lead]) == called
    holds = record.held[lead] & (0x1FFF << 13 * called)
    holds_other = record.held[lead] & ~(0x1FFF << 13 * called)
    broke = (not in_suit and holds) if call == "required" else (in_suit and holds_other)
    assert [v["play_index"] for v in failed] == ([lead] if broke else [])
    fine = [26 if broke and s == offender else 0 for s in range(4)]
    assert found["scores"] == [p + f for p, f in zip(data["scores"], fine, strict=True)]


def test_a_lead_by_the_seat_on_lead_is_not_out_of_turn():
    rules, holdings, _, record = table(2)
    start = record.trick_of.index(3)
    _, data = rule(rules, holdings, record, {
        "kind": "lead_out_of_turn", "trick": 3, "seat": record.seats[start],
        "card": names([record.plays[start]])[0], "stood": True,
    })  # fmt: skip
    assert data["irregularities"][0]["found"] is False


# A missed trick, a card short -----------------------------------------------------------------


@pytest.mark.parametrize("option", ["takes_last_trick", "surplus_to_imperfect_trick"])
def test_a_seat_that_missed_a_trick_takes_the_last_trick_or_its_surplus_goes_to_that_trick(
    option,
):
    rules = build_ruleset(missed_trick=option)
    number, seat = 6, None
    probe = table(7, rules)[3]
    seat = (probe.tricks[number - 1][0] + 2) % 4  # not the leader of trick 6
    rules, holdings, _, record = table(7, rules, missing=(number, seat))
    (surplus,) = iter_bits(record.left[seat])
    record.plays.append(surplus)
    _, data = rule(rules, holdings, record, {"kind": "missed_trick", "trick": number, "seat": seat})
    (found,) = data["irregularities"]
    assert (found["rule"], found["found"], found["card"]) == (
        "missed_trick", True, names([surplus])[0],
    )  # fmt: skip
    assert data["complete"] is True
    raw = raw_points(rules, record)
    assert data["points_taken"] == raw  # the surplus card taken by nobody
    expected = list(raw)
    if option == "takes_last_trick":
        last_winner = record.tricks[-1][3]
        last = points(rules, record.tricks[-1][2])
        expected[last_winner] -= last
        expected[seat] += last + points(rules, [surplus])
    else:
        expected[record.tricks[number - 1][3]] += points(rules, [surplus])
    assert found["points"] == expected
    assert sum(expected) == TOTAL  # every penalty point taken by someone


@pytest.mark.parametrize("option", ["takes_last_trick", "surplus_to_imperfect_trick"])
def test_a_seat_a_card_short_takes_the_last_trick_under_foster(option):
    rules = build_ruleset(missed_trick=option)
    rng = random.Random(9)
    holdings = deal(rules, rng)
    leader = opening_leader(rules, holdings)
    seat = (leader + 1) % 4
    lost = max(iter_bits(holdings[seat]))  # the card that fell to the floor
    short = list(holdings)
    short[seat] &= ~(1 << lost)
    record = play(rules, short, leader, rng)
    assert len(record.plays) == 51
    ruling = adjudicate(
        rules, names(record.plays), first_leader=leader,
        irregularities=[{"kind": "card_short", "seat": seat, "card": names([lost])[0]}],
    )  # fmt: skip
    data = ruling_as_data(ruling)
    (found,) = data["irregularities"]
    assert (found["rule"], found["found"]) == ("card_short", True)
    raw = raw_points(rules, record)
    expected = list(raw)
    last_winner = record.tricks[-1][3]
    last = points(rules, record.tricks[-1][2])
    if option == "takes_last_trick":
        expected[last_winner] -= last
        expected[seat] += last + points(rules, [lost])
    else:
        expected[last_winner] += points(rules, [lost])
    assert found["points"] == expected and sum(expected) == TOTAL


# A misdeal ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "noticed", "too_many", "stands"), [
    ("redeal", 5, False, False),
    ("stands_once_played", 5, False, True),
    ("stands_once_played", 1, False, False),
    ("stands_once_played", 5, True, False),
])  # fmt: skip
def test_a_misdeal_found_during_play_is_dealt_again_unless_the_option_lets_it_stand(
    option, noticed, too_many, stands
):
    rules, holdings, _, record = table(4, build_ruleset(misdeal=option))
    _, data = rule(rules, holdings, record, {
        "kind": "misdeal", "noticed_at_trick": noticed, "too_many": too_many,
    })  # fmt: skip
    (found,) = data["irregularities"]
    assert found["rule"] == "misdeal"
    if stands:
        assert found["points"] == raw_points(rules, record) and found["left_to_table"] is None
    else:
        assert found["scores"] is None and found["left_to_table"] == "redeal"
        assert data["rectified"]["left_to_table"] == ["redeal"]
    assert data["points_taken"] == raw_points(rules, record)


# A card twice, a card misplaced ---------------------------------------------------------------


@pytest.mark.parametrize("option", ["left_to_director", "replay"])
def test_a_card_recorded_twice_is_found_at_the_play_whose_seat_did_not_hold_it(option):
    rules, holdings, _, record = table(6, build_ruleset(impossible_card=option))
    early, late = 5, 30
    while record.seats[late] == record.seats[early]:
        late += 1
    record.plays[late] = record.plays[early]
    _, data = rule(rules, holdings, record, {"kind": "card_played_twice",
                                             "card": names([record.plays[early]])[0]})  # fmt: skip
    (found,) = data["irregularities"]
    assert (found["rule"], found["found"], found["play_index"]) == ("card_played_twice", True, late)
    assert found["scores"] is None
    assert found["left_to_table"] == ("director" if option == "left_to_director" else "replay")
    assert [v["rule"] for v in data["violations"] if v["play_index"] == late] == ["card_not_held"]


def test_a_card_misplaced_names_the_seat_that_held_it():
    rules, holdings, _, record = table(8)
    a, b = 20, 21  # two plays of one trick, by two seats: swap their cards in the record
    record.plays[a], record.plays[b] = record.plays[b], record.plays[a]
    _, data = rule(rules, holdings, record, {
        "kind": "card_misplaced", "trick": record.trick_of[a], "seat": record.seats[a],
    })  # fmt: skip
    (found,) = data["irregularities"]
    assert (found["rule"], found["found"], found["play_index"]) == ("card_misplaced", True, a)
    assert f"seat {record.seats[b]} held it" in found["message"]


# Refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("stated", "code", "field"), [
    ({"kind": "sneeze"}, "unknown_irregularity", "irregularities.0.kind"),
    ({"kind": "revoke", "trick": 3}, "invalid_irregularity", "irregularities.0.seat"),
    ({"kind": "revoke", "trick": 3, "seat": 9}, "invalid_irregularity", "irregularities.0.seat"),
    ({"kind": "revoke", "trick": 3, "seat": 1, "colour": "red"}, "invalid_irregularity",
     "irregularities.0.colour"),
    ({"kind": "misdeal", "noticed_at_trick": 2}, "no_rule_for_irregularity",
     "irregularities.0.kind"),
])  # fmt: skip
def test_an_irregularity_the_ruleset_has_no_rule_for_or_that_is_malformed_is_refused(
    stated, code, field
):
    rules, holdings, _, record = table(1, build_ruleset(misdeal="no_rule"))
    with pytest.raises(HeartsError) as refused:
        rule(rules, holdings, record, stated)
    assert (refused.value.code, refused.value.field) == (code, field)


def test_a_record_without_irregularities_rules_as_it_did():
    rules, holdings, _, record = table(1)
    ruling, data = rule(rules, holdings, record)
    assert data["irregularities"] == [] and data["rectified"] is None
    assert ruling.legal and data["points_taken"] == raw_points(rules, record)


def test_a_stored_ruleset_from_before_irregularities_loads_and_means_what_it_meant():
    from adjudication.engine import ruleset_from_spec

    old = build_ruleset(renege_penalty="takes_all").options()
    for option in ("revoke_correction", "exposed_card", "lead_out_of_turn", "missed_trick",
                   "misdeal", "impossible_card"):  # fmt: skip
        del old[option]
    loaded = ruleset_from_spec(old)
    assert loaded.renege_penalty == "takes_all" and loaded.renege_points == 26
    assert loaded.exposed_card == "penalty_card"
