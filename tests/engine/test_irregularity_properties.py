"""Properties of irregular records: random deals, random legal play, one irregularity injected.

Hypothesis draws a seed and the kind; the record is made by irregular_support.play. Each ruling
must be found exactly where the irregularity was made (its seat, trick and play), and the
rectified points must be conserved: every penalty point taken by someone, or the stated
transfer of the rectification (a fixed fine on top; the revoker taking every point).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication.engine import adjudicate, build_ruleset, ruling_as_data
from adjudication.engine.simulate import deal, opening_leader

from .irregular_support import names, play, points

SEEDS = st.integers(min_value=0, max_value=2**32)
KINDS = st.sampled_from(
    ["revoke", "exposed_card", "lead_out_of_turn", "missed_trick", "card_short", "misdeal"]
)
PENALTIES = st.sampled_from(["none", "takes_all", "fixed"])


def _bits(mask):
    return [c for c in range(52) if mask >> c & 1]


def _hands(holdings):
    return [names(_bits(h)) for h in holdings]


def _made(kind, seed, rules):
    """(record, holdings given or None, the irregularity stated, where it is: trick, seat)."""
    rng = random.Random(seed)
    holdings = deal(rules, rng)
    leader = opening_leader(rules, holdings)
    number = rng.randrange(3, rules.hand_size)
    if kind == "revoke":
        made = {}

        def choose(trick, seat, holding, legal, led=None):
            led_suit = 0x1FFF << 13 * (led or 0)
            if made or trick < number or led is None or not holding & led_suit:
                return None
            if not holding & ~led_suit:
                return None  # a seat following, holding the led suit and another, revokes
            made["at"] = (trick, seat)
            return rng.choice(_bits(holding & ~legal))

        record = play(rules, holdings, leader, rng, choose=choose)
        if not made:
            return None
        trick, seat = made["at"]
        return record, holdings, {"kind": "revoke", "trick": trick, "seat": seat}, (trick, seat)
    probe = play(rules, holdings, leader, random.Random(seed))
    on_lead = probe.tricks[number - 1][0]
    seat = (on_lead + 1 + rng.randrange(rules.players - 1)) % rules.players
    if kind == "lead_out_of_turn":
        record = play(rules, holdings, leader, random.Random(seed), lead_out_of_turn=(number, seat))
        lead = record.plays[record.trick_of.index(number)]
        stated = {"kind": kind, "trick": number, "seat": seat, "card": names([lead])[0],
                  "stood": True}  # fmt: skip
        return record, holdings, stated, (number, seat)
    if kind == "missed_trick":
        record = play(rules, holdings, leader, random.Random(seed), missing=(number, seat))
        record.plays += _bits(record.left[seat])
        return record, holdings, {"kind": kind, "trick": number, "seat": seat}, (number, seat)
    if kind == "card_short":
        short = list(holdings)
        short[seat] &= ~(1 << rng.choice(_bits(holdings[seat])))
        record = play(rules, short, leader, random.Random(seed))
        record.lost = points(rules, [card for card in _bits(holdings[seat] & ~short[seat])])
        return record, None, {"kind": kind, "seat": seat}, (rules.hand_size, seat)
    if kind == "misdeal":
        return probe, holdings, {"kind": kind, "noticed_at_trick": number}, (number, None)
    # an exposed card: a card the seat holds at that trick
    index = next(i for i, (t, s) in enumerate(zip(probe.trick_of, probe.seats, strict=True))
                 if t == number and s == seat)  # fmt: skip
    card = rng.choice(_bits(probe.held[index]))
    stated = {"kind": kind, "trick": number, "seat": seat, "card": names([card])[0]}
    return probe, holdings, stated, (number, seat)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(seed=SEEDS, kind=KINDS, penalty=PENALTIES)
def test_an_injected_irregularity_is_ruled_where_it_happened_and_the_points_add_up(
    seed, kind, penalty
):
    rules = build_ruleset(renege_penalty=penalty, misdeal="stands_once_played")
    made = _made(kind, seed, rules)
    if made is None:  # no seat could revoke in this deal
        return
    record, holdings, stated, (trick, seat) = made
    ruling = adjudicate(
        rules,
        names(record.plays),
        hands=_hands(holdings) if holdings is not None else None,
        first_leader=opening_leader(rules, holdings or deal(rules, random.Random(seed))),
        irregularities=[stated],
        moon_choice="subtract_from_shooter",
    )
    data = ruling_as_data(ruling)
    (found,) = data["irregularities"]
    assert found["found"] is True
    assert found["trick"] == trick
    if seat is not None:
        assert found["seat"] == seat
    assert data["complete"] is True
    offender = found["rectification"]["offender"]
    # every violation but the injected one's: none, since the rest of the play was legal
    other = [v for v in data["violations"]
             if v["rule"] not in ("must_follow_suit", "penalty_card_not_played")]  # fmt: skip
    assert other == []
    if kind == "revoke":
        (renege,) = [v for v in data["violations"] if v["rule"] == "must_follow_suit"]
        assert (renege["trick"], renege["seat"]) == (trick, seat) == (found["trick"], found["seat"])
        assert offender == (None if penalty == "none" else seat)
    total = rules.penalty_total
    lost = getattr(record, "lost", 0)  # a card short: its card is lost, and its points
    assert sum(found["points"]) == total - lost  # every other penalty point taken by someone
    scores = found["scores"]
    raw = data["scores"]
    if offender is None:
        return
    if penalty == "takes_all":
        assert scores == [total if s == offender else 0 for s in range(rules.players)]
    elif penalty == "fixed":
        assert sum(scores) == sum(raw) + rules.renege_points
    else:
        assert scores == raw


def test_an_injected_card_short_without_the_card_found_loses_exactly_its_points():
    rules = build_ruleset()
    for seed in range(30):
        rng = random.Random(seed)
        holdings = deal(rules, rng)
        leader = opening_leader(rules, holdings)
        seat = (leader + 2) % 4
        lost = rng.choice(_bits(holdings[seat]))
        short = list(holdings)
        short[seat] &= ~(1 << lost)
        record = play(rules, short, leader, rng)
        data = ruling_as_data(adjudicate(
            rules, names(record.plays), first_leader=leader,
            irregularities=[{"kind": "card_short", "seat": seat}],
            moon_choice="subtract_from_shooter",
        ))  # fmt: skip
        assert sum(data["irregularities"][0]["points"]) == 26 - points(rules, [lost])
