"""Someone at every table who can enter its hands (issue 49): the draw's rule for the players
it is told are scorers, over random rosters and histories. Counted here from the tables."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.domain.seating import plan_rounds, table_layout
from tests.engine.test_seating_draw import QUICK, nights, recount


def covered(tables, scorers) -> int:
    return sum(1 for table in tables if set(table) & scorers)


@st.composite
def nights_with_scorers(draw):
    players, sizes, rounds, history, seed = draw(nights())
    rng = random.Random(seed)
    share = draw(st.sampled_from([0.1, 0.25, 0.5, 0.9]))
    scorers = {p for p in players if rng.random() < share}
    return players, sizes, rounds, history, seed, scorers


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(nights_with_scorers())
def test_each_table_gets_a_scorer_when_there_are_enough_and_else_each_scorer_a_table(night):
    players, sizes, rounds, history, seed, scorers = night
    plan = plan_rounds(
        players, rounds, sizes, history=history, seed=seed, moves=QUICK, scorers=scorers
    )
    tables = len(table_layout(len(players), sizes))
    for drawn, unscored in zip(plan.rounds, plan.unscored, strict=True):
        assert covered(drawn, scorers) == min(len(scorers), tables)
        assert unscored == tuple(i for i, t in enumerate(drawn) if not set(t) & scorers)
    assert plan.repeats == recount([*history, *plan.rounds])
    assert 0 <= plan.lower_bound <= plan.repeats


@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(nights())
def test_the_rule_changes_nothing_when_everyone_or_nobody_can_enter_hands(night):
    players, sizes, rounds, history, seed = night
    plain = plan_rounds(players, rounds, sizes, history=history, seed=seed, moves=QUICK)
    for scorers in (set(players), set()):
        ruled = plan_rounds(
            players, rounds, sizes, history=history, seed=seed, moves=QUICK, scorers=scorers
        )
        assert ruled.rounds == plain.rounds
        assert ruled.repeats == plain.repeats


def test_a_design_keeps_no_repeat_and_a_scorer_at_every_table():
    players = [f"p{i}" for i in range(32)]
    scorers = set(players[:8])
    plan = plan_rounds(players, 8, {4}, seed=4, scorers=scorers)
    assert plan.repeats == recount(plan.rounds) == 0
    assert all(covered(tables, scorers) == 8 for tables in plan.rounds)
    assert plan.unscored == ((),) * 8


def test_the_tables_without_a_scorer_are_named_when_there_are_too_few():
    players = [f"p{i}" for i in range(20)]
    plan = plan_rounds(players, 3, {4}, seed=1, scorers={"p3", "p17"})
    for tables, unscored in zip(plan.rounds, plan.unscored, strict=True):
        assert covered(tables, {"p3", "p17"}) == 2
        assert len(unscored) == 3
        assert all(not {"p3", "p17"} & set(tables[i]) for i in unscored)


def test_a_seeded_round_follows_the_standings_and_names_its_tables_without_a_scorer():
    players = [f"p{i}" for i in range(8)]
    plan = plan_rounds(players, 1, {4}, seed=1, seeded_last=players, scorers={"p0", "p1"})
    assert [set(t) for t in plan.rounds[0]] == [set(players[:4]), set(players[4:])]
    assert plan.unscored == ((1,),)


def test_scorers_too_few_for_the_odd_size_tables_go_there_when_the_spread_must_give_way():
    # 14 players at 4, 4, 3, 3; after a round where the four scorers all sat at tables of 3,
    # the fair spread would seat the next tables of 3 from the other ten alone.
    history = [[["s0", "s1", "p0"], ["s2", "s3", "p1"], ["p2", "p3", "p4", "p5"],
                ["p6", "p7", "p8", "p9"]]]  # fmt: skip
    players = ["s0", "s1", "s2", "s3", *(f"p{i}" for i in range(10))]
    scorers = {"s0", "s1", "s2", "s3"}
    plan = plan_rounds(players, 1, {3, 4}, history=history, seed=2, scorers=scorers)
    assert covered(plan.rounds[0], scorers) == 4
    assert plan.unscored == ((),)
