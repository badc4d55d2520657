"""Properties of the claim check (claims.py, claim_search.py) over random deals, plays and claims.

Hypothesis draws a ruleset and a seed; ``random.Random(seed)`` drives the deal, the play to the
claim, the claim (seat, outcome, line) and the defences played out after it, so every example
is reproducible from its seed. The search is held to a plain exhaustive search
(claim_reference.py) where that one can finish, and everywhere to random legal play: a claim
that holds is never beaten, every counter-line is legal and beats its claim.
"""

import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from adjudication.engine import (
    PRESETS,
    HeartsError,
    Situation,
    adjudicate,
    build_ruleset,
    legal_mask,
    native,
)
from adjudication.engine.claim_search import representatives
from adjudication.engine.claims import KINDS, _search, read_claim

from .claim_reference import Reference
from .claim_support import (
    claim_kept,
    judged,
    play_out,
    random_claim,
    random_deal,
    replayed,
    some_claim,
)
from .support import card, mask
from .test_properties import RULESETS, SEEDS, _settings

#: Presets whose claims the search does not judge (K♠ and A♠ score: claim_not_judged).
UNJUDGED = {"black-maria"}
BOTH_WAYS = [
    build_ruleset(preset, players=players, claim_without_line=unstated)
    for preset in sorted(set(PRESETS) - UNJUDGED)
    for players in (3, 4, 5, 6)
    for unstated in ("every_line", "best_line")
] + [param.values[0] for param in RULESETS[4 * len(PRESETS) :]]
RULES = st.sampled_from(BOTH_WAYS)


def most_left(rules):
    """The tricks the reference can search to the end in a moment: 4 at 3 or 4 seats."""
    return 4 if rules.players <= 4 else 3


@_settings(400)
@given(rules=RULES, seed=SEEDS)
def test_the_search_agrees_with_a_plain_exhaustive_search_with_up_to_4_tricks_left(rules, seed):
    rng = random.Random(seed)
    deal = random_deal(rules, rng, most_left(rules))
    claim = random_claim(deal, rng)
    ruling = judged(deal, claim)
    assume(ruling is not None)
    p = deal.position()
    reference = Reference(
        rules, list(p.hold), list(p.trick_cards), p.leader, p.trick, p.broken,
        claim["seat"], claim["outcome"], tuple(claim["line"]),
        rules.claim_without_line == "best_line",
    )  # fmt: skip
    assert (ruling.claim.verdict in ("fails", "cancelled")) == reference.beaten()


@_settings(80)
@given(rules=RULES, seed=SEEDS)
def test_a_claim_judged_to_hold_is_never_beaten_by_a_sampled_legal_defence(rules, seed):
    rng = random.Random(seed)
    deal = random_deal(rules, rng, 6)
    found = some_claim(deal, rng, {"holds"}, ("all_tricks", "no_points", "moon"))
    assume(found is not None)
    claim, ruling = found
    trick = ruling.claim.position.trick + 1

    def keeping(plays, allowed):
        """The claimer's card: any (every_line), or one that keeps the claim (best_line)."""
        if rules.claim_without_line == "every_line":
            return rng.choice(allowed)
        for choice in allowed:
            if claim_still_holds(deal, claim, plays + [choice], trick):
                return choice
        raise AssertionError("no card of the claimer keeps a claim judged to hold")

    for _ in range(3):
        record = play_out(deal, claim, rng, keeping)
        assert claim_kept(deal.ruling(plays=record), claim, trick)


def claim_still_holds(deal, claim, plays, trick):
    """After one more play: the tricks finished since the claim kept it, and it still holds."""
    if not claim_kept(deal.ruling(plays=plays), claim, trick):
        return False
    if len(plays) == deal.rules.deck_size:
        return True
    after = deal.after(plays)
    line = [c for c in claim["line"] if c not in plays]
    p = after.position()
    if p.to_play == claim["seat"]:  # the line's first allowed card goes first (its priority)
        legal = legal_mask(deal.rules, p.hold[p.to_play], p.situation())
        line.sort(key=lambda c: not legal >> c & 1)
    ruling = judged(after, {**claim, "line": line})
    return ruling is not None and ruling.claim.verdict == "holds"


@_settings(120)
@given(rules=RULES, seed=SEEDS)
def test_every_counter_line_is_legal_and_beats_the_claim_at_the_trick_it_names(rules, seed):
    rng = random.Random(seed)
    deal = random_deal(rules, rng, 9)
    found = some_claim(deal, rng, {"fails"})
    assume(found is not None)
    claim, ruling = found
    proof = ruling.claim.proof
    whole = deal.ruling(plays=[*deal.plays, *proof])
    assert whole.complete and whole.violations == ()
    trick = ruling.claim.position.trick + 1
    beaten = [t.number for t in whole.tricks[trick - 1 :] if not claim_kept_trick(t, claim)]
    assert beaten and beaten[0] == ruling.claim.beaten_at

    def on_the_line(seat, card, legal):
        """The claimer played the first card of its line that the rules allowed."""
        listed = [c for c in claim["line"] if legal >> c & 1]
        if seat == claim["seat"] and listed:
            assert card == listed[0]

    replayed(deal, on_the_line, plays_after=list(proof))


def claim_kept_trick(trick, claim):
    seat, outcome = claim["seat"], claim["outcome"]
    mine = trick.winner == seat
    if outcome == "all_tricks":
        return mine
    if outcome == "no_points":
        return not (mine and trick.points)
    return mine or not trick.points


@_settings(150)
@given(rules=RULES, seed=SEEDS)
def test_a_standing_concession_comes_with_a_legal_line_giving_the_conceder_every_point_left(
    rules, seed
):
    rng = random.Random(seed)
    deal = random_deal(rules, rng, 6)
    found = some_claim(deal, rng, {"stands", "cancelled"}, ("concede",))
    assume(found is not None)
    claim, ruling = found
    judged_claim = ruling.claim
    trick = judged_claim.position.trick + 1
    if judged_claim.verdict == "stands":
        whole = deal.ruling(plays=[*deal.plays, *judged_claim.proof])
        assert whole.complete and whole.violations == ()
        assert claim_kept(whole, claim, trick)
        assert judged_claim.result.points[claim["seat"]] == whole.points_taken[claim["seat"]]
    else:
        assert judged_claim.verdict == "cancelled" and judged_claim.proof == ()
        for _ in range(4):  # no random play gives the conceder every point left either
            record = play_out(deal, claim, rng, lambda plays, allowed: rng.choice(allowed))
            assert not claim_kept(deal.ruling(plays=record), claim, trick)


@_settings(300)
@given(rules=st.sampled_from([p.values[0] for p in RULESETS]), seed=SEEDS)
def test_the_searchs_legal_cards_are_the_engines_legal_mask(rules, seed):
    rng = random.Random(seed)
    deal = random_deal(rules, rng, rules.hand_size)
    p = deal.position()
    claim = read_claim(rules, {"seat": p.to_play, "outcome": "all_tricks"})
    search = _search(rules, claim, p)  # the search as the claim check builds it
    for seat, held in enumerate(p.hold):
        for led in (None, 0, 1, 2, 3):
            for trick in {0, p.trick}:
                for broken in (False, True):
                    situation = Situation(trick, led, broken)
                    try:
                        expected = legal_mask(rules, held, situation)
                    except HeartsError:
                        continue  # a first lead by a seat without the lowest club
                    got = search.legal(held, -1 if led is None else led, trick, broken)
                    assert got == expected, (seat, situation)


def test_equivalent_cards_keep_the_lowest_of_each_run_and_the_queen_apart():
    dead = mask("3S 4S 6S 8S KS")  # out of play
    legal = mask("2S 5S 7S 9S JS QS AS")
    # 2S 5S 7S 9S are one run (only dead cards between), JS stands alone next to QS, QS is
    # its own run, AS follows the dead KS right after the queen.
    assert representatives(legal, dead) == mask("2S JS QS AS")
    # another seat's 5S (in play, not this seat's) splits the run
    assert representatives(mask("2S 7S 9S"), mask("3S 4S 6S 8S")) == mask("2S 7S")
    assert representatives(mask("2S 5S"), mask("3S 4S")) == mask("2S")
    # runs never go on from one suit into the next
    assert representatives(mask("AC 2D"), 0) == mask("AC 2D")


@_settings(60)
@given(rules=RULES, seed=SEEDS)
def test_the_compiled_search_gives_the_pure_searchs_answers(rules, seed):
    rng = random.Random(seed)
    deal = random_deal(rules, rng, 6)
    claim = random_claim(deal, rng)
    answers = []
    for module in (native.PURE["claim_search"], compiled_search()):
        saved, native.claim_search = native.claim_search, module
        try:
            ruling = judged(deal, claim)
        finally:
            native.claim_search = saved
        assume(ruling is not None)
        answers.append((ruling.claim.verdict, ruling.claim.proof, ruling.claim.nodes))
    assert answers[0] == answers[1]


def compiled_search():
    module, reason = native.compiled_module("claim_search")
    assert module is not None, reason
    return module


@pytest.mark.parametrize("build", ["pure", "compiled"])
def test_the_queen_is_never_merged_with_the_spades_beside_it(build):
    """Two tricks left: North leads AD, East (void in diamonds, JS QS) may throw the Q♠ on it.
    Were QS merged with JS (nothing between them is in play), only JS would be tried, North
    would win AD clean and West take the Q♠ at the last trick: the claim would wrongly hold."""
    module = native.PURE["claim_search"] if build == "pure" else compiled_search()
    hold = [mask("AD 2C"), mask("JS QS"), mask("3D 3C"), mask("4D AC")]
    rules = (0x1FFF << 26, 0, False, False, 0)  # hearts broken already; no first-trick rule
    claim = (0, module.NO_POINTS, [True] * 4, ())
    search = module.Search(hold, (), 0, 11, True, claim, rules)
    assert search.beaten()
    assert search.line_of_play(True)[:4] == [card("AD"), card("QS"), card("3D"), card("4D")]


@pytest.mark.parametrize("build", ["pure", "compiled"])
def test_a_seat_on_lead_with_the_top_card_of_each_of_its_suits_decides_a_claim_at_once(build):
    """Four tricks left, North on lead with the top card of each of its suits: it wins every
    trick left, so South's QD (above East's 2D and West's 3D) never wins one. The search
    answers at the trick's start, as the plain exhaustive search does after every play."""
    module = native.PURE["claim_search"] if build == "pure" else compiled_search()
    hold = [mask("AS KS AH AD"), mask("2D 3H 4C 5C"), mask("QD 4H 3S 6C"), mask("3D 5H 4S 7C")]
    rules = build_ruleset("standard")
    search_rules = (rules.break_mask, rules.deck & ~(0x1FFF << 26), False, False, 0)
    claims = [
        (2, "no_points"), (1, "all_tricks"), (2, "moon"), (2, "concede"), (0, "all_tricks"),
    ]  # fmt: skip
    for seat, outcome in claims:
        beating = [outcome != "concede"] * 4
        claim = (seat, KINDS[outcome], beating, ())
        search = module.Search(list(hold), (), 0, 9, True, claim, search_rules)
        reference = Reference(rules, list(hold), [], 0, 9, True, seat, outcome)
        assert search.beaten() == reference.beaten(), (seat, outcome)
        assert search.nodes == 0, (seat, outcome)
        # South's claim of no more points holds; every other claim here fails
        assert search.beaten() == ((seat, outcome) not in ((2, "no_points"), (0, "all_tricks")))


#: A first trick where West (seat 3) holds the top cards and North (seat 0) claims no more
#: points: the search alone meets its budget before it finds a refutation, in which North
#: keeps a top card of one of its suits to the last trick.
LONG_DEAL = [
    "3C 4C 8C 4D 5D 7D 8D QD 2H 5H 4S 7S 9S",
    "5C 7C QC 3D 6D 9D TD JD 4H 6H 9H 2S 5S",
    "2C 6C 9C TC 2D 3H 7H 8H JH 3S 6S 8S QS",
    "JC KC AC KD AD TH QH KH AH TS JS KS AS",
]


@pytest.mark.parametrize("build", ["pure", "compiled"])
def test_a_directed_line_refutes_a_first_trick_claim_of_no_more_points_the_search_could_not(
    build,
):
    """Lines where the claimer keeps a top card and the others their penalty cards: the one
    found is a legal record to the end, the claimer taking a penalty card, in both builds."""
    rules = build_ruleset("standard")
    hands = [mask(hand) for hand in LONG_DEAL]
    saved = native.claim_search
    native.claim_search = native.PURE["claim_search"] if build == "pure" else compiled_search()
    try:
        ruling = adjudicate(rules, [], hands=hands, claim={"seat": 0, "outcome": "no_points"})
    finally:
        native.claim_search = saved
    assert (ruling.claim.verdict, ruling.claim.nodes) == ("fails", 0)
    whole = adjudicate(rules, list(ruling.claim.proof), hands=hands)
    assert whole.complete and whole.violations == ()
    taken = [t for t in whole.tricks if t.winner == 0 and t.points]
    assert taken and taken[0].number == ruling.claim.beaten_at
