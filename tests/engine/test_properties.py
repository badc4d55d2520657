"""Properties over random hands, for every preset and 3-6 players (plus a few option variants).

Hypothesis draws a seed; ``random.Random(seed)`` drives the deal, the pass and the play, so every
example is reproducible from its seed. The play is modelled by ``support.Table`` (seats, trick
winners and broken hearts worked out independently of the adjudicator).
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication.engine import (
    PRESETS,
    RULE_CODES,
    adjudicate,
    build_ruleset,
    legal_mask,
    legal_plays,
    mask_of,
    names,
    parse_card,
    pass_direction,
    simulate,
    why_illegal,
)

from .support import Table, bits

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
MOON_CHOICES = ("subtract_from_shooter", "add_to_others")


def _settings(examples):
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None)


RULESETS = [
    pytest.param(build_ruleset(preset, players=players), id=f"{preset}-{players}p")
    for preset in sorted(PRESETS)
    for players in (3, 4, 5, 6)
] + [
    # options no preset turns on
    pytest.param(build_ruleset("standard", first_lead="any_club"), id="any_club-4p"),
    pytest.param(
        build_ruleset("standard", first_lead="left_of_dealer", points_on_first_trick="forbidden"),
        id="left_of_dealer-forbidden-4p",
    ),
    pytest.param(
        build_ruleset("omnibus", players=3, first_lead="left_of_dealer"),
        id="omnibus-left_of_dealer-3p",
    ),
    pytest.param(
        build_ruleset(
            "microsoft",
            first_trick_fallback="hearts_only",
            lead_hearts_with_only_queen=True,
        ),
        id="hearts_only-only_queen-4p",
    ),
    pytest.param(build_ruleset("standard", hearts_must_be_broken=False), id="no_breaking-4p"),
]


def _deal(rules, rng):
    dealer = rng.randrange(rules.players)
    holdings = simulate.deal(rules, rng)
    return holdings, dealer, simulate.opening_leader(rules, holdings, dealer)


def play_with_one_deviation(rules, rng, deviate=True):
    """A whole hand of random legal play, except (when ``deviate``) one illegal play.

    From a random start the first seat that holds a card outside its legal set plays one; the
    play then goes on legally from the actual state. Returns the table, the dealer and the
    deviation ``(play_index, trick, seat, card, rule)`` or None.
    """
    holdings, dealer, leader = _deal(rules, rng)
    table = Table(rules, holdings, leader)
    if not deviate:
        start = rules.deck_size
    elif rng.random() < 0.25:  # the first trick has rules of its own: try it more often
        start = rng.randrange(rules.players)
    else:
        start = rng.randrange(rules.deck_size)
    table.play_randomly(rng, stop=start)
    deviation = None
    while not table.done:
        holding = table.holding()
        legal = table.legal()
        illegal = holding & ~legal
        if deviation is None and illegal:
            card = rng.choice(bits(illegal))
            reason = why_illegal(rules, holding, card, table.situation())
            assert reason is not None
            deviation = (len(table.plays), table.trick + 1, table.seat, card, reason.rule)
            table.play(card)
        else:
            table.play(rng.choice(bits(legal)))
    return table, dealer, deviation


def summary(violations):
    return [(v.play_index, v.trick, v.seat, v.card, v.rule) for v in violations]


def rotated(values, k):
    n = len(values)
    return tuple(values[(seat - k) % n] for seat in range(n))


#: Each penalty card's points, written out apart from the engine (docs/rules.md).
FACE = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}


def card_points(rules, taken):
    points = 0
    for name in names(taken & rules.deck):
        rank, suit = name
        if suit == "H":
            points += FACE[rank] if rules.heart_points == "face" else 1
        elif name == "QS":
            points += rules.queen_points
        elif name == "KS":
            points += rules.king_of_spades_points
        elif name == "AS":
            points += rules.ace_of_spades_points
    return points


def check_scores(rules, ruling):
    """Scores follow the points: conserved without a moon, the moon rule's shape with one."""
    points = ruling.points_taken
    total = rules.penalty_total
    score = ruling.score
    assert score.points == points
    assert points == tuple(card_points(rules, taken) for taken in ruling.taken)
    bonus = [0] * rules.players
    for name, value in (("JD", rules.jack_of_diamonds), ("TD", rules.ten_of_diamonds)):
        taker = next(
            (s for s, taken in enumerate(ruling.taken) if taken & 1 << parse_card(name)), None
        )
        if taker is not None:
            bonus[taker] += value
    if score.moon is not None and rules.moon_scoring_cards == "needed":
        # a slam takes the scoring cards too, and its score stands alone
        assert all(seat == score.moon for seat, value in enumerate(bonus) if value)
        bonus = [0] * rules.players
    if score.moon is None:
        if rules.moon != "off" and rules.moon_scoring_cards == "on_top":
            assert all(p < total for p in points)  # else every point with no moon: no slam
        assert score.scores == tuple(p + b for p, b in zip(points, bonus, strict=True))
        assert sum(score.scores) == total + sum(bonus)
    else:
        shooter = score.moon
        assert points[shooter] == total
        if score.moon_rule == "subtract_from_shooter":
            base = [-total if seat == shooter else 0 for seat in range(rules.players)]
        else:
            assert score.moon_rule == "add_to_others"
            base = [0 if seat == shooter else total for seat in range(rules.players)]
        assert score.scores == tuple(s + b for s, b in zip(base, bonus, strict=True))


# (a) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
@_settings(60)
@given(seed=SEEDS)
def test_random_legal_play_adjudicates_as_legal_with_hands_without_hands_and_from_the_deal(
    rules, seed
):
    rng = random.Random(seed)
    holdings, dealer, leader = _deal(rules, rng)
    table = Table(rules, holdings, leader)
    table.play_randomly(rng)
    choice = rng.choice(MOON_CHOICES)

    with_hands = adjudicate(rules, table.plays, hands=holdings, dealer=dealer, moon_choice=choice)
    without_hands = adjudicate(rules, table.plays, first_leader=leader, moon_choice=choice)
    for ruling in (with_hands, without_hands):
        assert ruling.violations == ()
        assert ruling.undetermined == ()
        assert ruling.complete
        assert ruling.first_leader == leader
        assert ruling.holdings == tuple(holdings)
        assert ruling.taken == tuple(table.taken)
        assert ruling.tricks_won == tuple(table.won)
        assert [winner for _, winner, _ in ruling.trick_log] == table.winners
        assert sum(ruling.points_taken) == rules.penalty_total
        assert sum(ruling.tricks_won) == rules.hand_size
        check_scores(rules, ruling)
    assert with_hands.holdings_source == "hands"
    assert without_hands.holdings_source == "record"
    assert with_hands.score == without_hands.score

    # from the deal and each seat's random pass of its own cards
    hand_number = rng.randint(1, 8)
    dealt = simulate.deal(rules, rng)
    passes, after = simulate.random_passes(rules, dealt, hand_number, rng)
    passed_leader = simulate.opening_leader(rules, after, dealer)
    passed = Table(rules, after, passed_leader)
    passed.play_randomly(rng)
    from_deal = adjudicate(
        rules,
        passed.plays,
        deal=dealt,
        passes=passes,
        hand_number=hand_number,
        dealer=dealer,
        moon_choice=choice,
    )
    assert from_deal.violations == ()
    assert from_deal.undetermined == ()
    assert from_deal.holdings_source == "deal"
    assert from_deal.holdings == tuple(after)
    assert from_deal.first_leader == passed_leader
    assert from_deal.pass_direction == pass_direction(rules, hand_number)
    assert from_deal.tricks_won == tuple(passed.won)
    assert sum(from_deal.points_taken) == rules.penalty_total
    check_scores(rules, from_deal)


# (b) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
@_settings(60)
@given(seed=SEEDS)
def test_a_single_illegal_play_is_reported_at_its_index_with_the_rule_why_illegal_gives(
    rules, seed
):
    rng = random.Random(seed)
    table, dealer, deviation = play_with_one_deviation(rules, rng)
    expected = [] if deviation is None else [deviation]
    with_hands = adjudicate(rules, table.plays, hands=table.initial, dealer=dealer)
    without_hands = adjudicate(rules, table.plays, first_leader=table.first_leader)
    for ruling in (with_hands, without_hands):
        assert summary(ruling.violations) == expected
        assert ruling.undetermined == ()
        assert ruling.taken == tuple(table.taken)
        assert sum(ruling.points_taken) == rules.penalty_total
    if deviation is not None:
        index, _, seat, card, rule = deviation
        violation = with_hands.violations[0]
        assert violation.card == card and violation.seat == seat
        assert rule in RULE_CODES
        held = mask_of(violation.held)
        assert held & ~table.held_before[index] == 0  # the evidence was really held
        if rule not in ("first_lead_lowest_club", "first_lead_club"):
            assert held  # a rule broken by holding something names what was held
        assert without_hands.violations[0].held == violation.held
        for shown in without_hands.violations[0].shown:
            assert shown.play_index > index
            assert shown.trick == shown.play_index // rules.players + 1
            assert table.seats[shown.play_index] == seat
            assert shown.card in violation.held


# (c) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
@_settings(40)
@given(seed=SEEDS, k=st.integers(min_value=1, max_value=5))
def test_relabelling_the_seats_permutes_points_scores_and_violations(rules, seed, k):
    rng = random.Random(seed)
    k %= rules.players
    table, _, _ = play_with_one_deviation(rules, rng, deviate=rng.random() < 0.5)
    choice = rng.choice(MOON_CHOICES)
    n = rules.players
    original = adjudicate(
        rules, table.plays, hands=table.initial, first_leader=table.first_leader, moon_choice=choice
    )
    moved = adjudicate(
        rules,
        table.plays,
        hands=rotated(table.initial, k),
        first_leader=(table.first_leader + k) % n,
        moon_choice=choice,
    )
    assert moved.points_taken == rotated(original.points_taken, k)
    assert moved.tricks_won == rotated(original.tricks_won, k)
    assert moved.score.scores == rotated(original.score.scores, k)
    if original.score.moon is not None:
        assert moved.score.moon == (original.score.moon + k) % n
    assert [(v.play_index, v.rule, (v.seat + k) % n) for v in original.violations] == [
        (v.play_index, v.rule, v.seat) for v in moved.violations
    ]


# (d) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
@_settings(30)
@given(seed=SEEDS)
def test_in_every_reachable_state_the_legal_set_is_not_empty_and_agrees_with_why_illegal(
    rules, seed
):
    rng = random.Random(seed)
    holdings, _, leader = _deal(rules, rng)
    table = Table(rules, holdings, leader)
    while not table.done:
        holding = table.holding()
        situation = table.situation()
        legal = legal_mask(rules, holding, situation)
        assert legal
        assert legal & ~holding == 0
        assert legal_plays(rules, holding, situation) == frozenset(bits(legal))
        for card in range(52):
            reason = why_illegal(rules, holding, card, situation)
            assert (reason is None) == bool(legal >> card & 1)
            if reason is not None:
                assert reason.rule in RULE_CODES
                assert reason.message
                assert reason.evidence & ~holding == 0
                if not holding >> card & 1:
                    assert reason.rule == "card_not_held"
        # mostly legal play; now and then any held card, to reach states after a deviation
        pool = holding if rng.random() < 0.05 else legal
        table.play(rng.choice(bits(pool)))


# (e) ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
@_settings(60)
@given(seed=SEEDS)
def test_an_incomplete_record_without_hands_proves_only_what_the_full_record_confirms(rules, seed):
    rng = random.Random(seed)
    table, dealer, _ = play_with_one_deviation(rules, rng, deviate=rng.random() < 0.8)
    cut = rng.randrange(1, rules.deck_size)
    full = adjudicate(rules, table.plays, hands=table.initial, dealer=dealer)
    part = adjudicate(rules, table.plays[:cut], first_leader=table.first_leader)
    assert not part.complete
    assert part.score is None
    truth = {v.play_index: v for v in full.violations}
    unseen = rules.deck & ~mask_of(table.plays[:cut])

    # proven implies true: the same play, seat and card, by a rule the holding really broke
    for violation in part.violations:
        assert violation.play_index < cut
        assert violation.play_index in truth
        confirmed = truth[violation.play_index]
        assert (violation.seat, violation.card, violation.trick) == (
            confirmed.seat,
            confirmed.card,
            confirmed.trick,
        )
        # a first-trick discard can break two rules; with a renege still open the engine
        # reports the one it can prove (see the report: points_on_first_trick before renege)
        assert violation.rule == confirmed.rule or (
            violation.rule == "points_on_first_trick" and confirmed.rule == "must_follow_suit"
        )
        assert mask_of(violation.held) & ~table.held_before[violation.play_index] == 0
        for shown in violation.shown:
            assert violation.play_index < shown.play_index < cut
            assert table.seats[shown.play_index] == violation.seat

    # nothing illegal before the cut is missed: it is either proven or still open
    proven = {v.play_index for v in part.violations}
    open_plays = {u.play_index for u in part.undetermined}
    for index in truth:
        if index < cut:
            assert index in proven or index in open_plays

    # an open question is decided by unseen cards, and decided the right way; a seat that has
    # played its whole hand has shown everything it held, so it leaves no question open
    for question in part.undetermined:
        assert question.play_index not in proven
        assert table.seats[:cut].count(question.seat) < rules.hand_size
        decided_by = mask_of(question.decided_by)
        assert decided_by and decided_by & ~unseen == 0
        held = table.held_before[question.play_index] & decided_by
        if question.unless:
            assert (question.play_index in truth) == (not held)
        else:
            if held:
                assert question.play_index in truth
            if question.play_index in truth and truth[question.play_index].rule == question.rule:
                assert held
