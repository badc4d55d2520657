"""The replay compiled by mypyc at install (setup.py) gives the pure module's answers.

The same Hypothesis deals and plays as the property tests (every preset, 3 to 6 players, legal
hands and hands with one illegal play, whole records and cut ones) are ruled with each replay
in turn: the rulings, their points and scores, must be equal. The compiled module must exist
here: a build that silently fell back to pure Python fails this test rather than skip it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

import pytest
from hypothesis import given

from adjudication.engine import adjudicate, native, replay

from .test_properties import MOON_CHOICES, RULESETS, SEEDS, _settings, play_with_one_deviation


def compiled() -> ModuleType:
    module, reason = native.compiled_replay()
    assert module is not None, reason
    return module


@contextmanager
def replaying_with(module: ModuleType) -> Iterator[None]:
    """The engine's replay set to ``module`` for the block."""
    saved = native.replay
    native.replay = module
    try:
        yield
    finally:
        native.replay = saved


def rulings(rules, plays, holdings, leader, choice):
    """The rulings of a record with its holdings and without them."""
    return (
        adjudicate(rules, plays, hands=holdings, first_leader=leader, moon_choice=choice),
        adjudicate(rules, plays, first_leader=leader, moon_choice=choice),
    )


def test_the_compiled_replay_is_built_from_this_replay_py_and_is_in_use():
    module = compiled()
    assert module is not replay
    assert native.source_digest() == module.SOURCE_SHA256
    assert module.__file__.endswith(".so")
    assert (native.replay, native.IMPLEMENTATION) in ((module, "mypyc"), (replay, "python"))


def test_hearts_engine_python_chooses_the_pure_replay(monkeypatch):
    monkeypatch.setenv("HEARTS_ENGINE", "python")
    assert native._choose() == (replay, "python", "HEARTS_ENGINE=python")
    monkeypatch.delenv("HEARTS_ENGINE")
    assert native._choose()[:2] == (compiled(), "mypyc")


@pytest.mark.parametrize("rules", RULESETS)
@_settings(40)
@given(seed=SEEDS)
def test_compiled_and_pure_replays_give_the_same_rulings(rules, seed):
    fast = compiled()
    rng = random.Random(seed)
    table, _dealer, _deviation = play_with_one_deviation(rules, rng, deviate=rng.random() < 0.7)
    choice = rng.choice(MOON_CHOICES)
    cut = rng.randrange(len(table.plays) + 1)
    for plays in (table.plays, table.plays[:cut]):
        with replaying_with(replay):
            expected = rulings(rules, plays, table.initial, table.first_leader, choice)
        with replaying_with(fast):
            found = rulings(rules, plays, table.initial, table.first_leader, choice)
        assert found == expected
        assert [r.points_taken for r in found] == [r.points_taken for r in expected]
        assert [r.score for r in found] == [r.score for r in expected]


@pytest.mark.parametrize("rules", RULESETS)
@_settings(40)
@given(seed=SEEDS)
def test_compiled_and_pure_replays_flag_the_same_plays_on_any_holdings(rules, seed):
    """Straight to the replay, with holdings the record does not fit (cards not held)."""
    fast = compiled()
    rng = random.Random(seed)
    table, _dealer, _deviation = play_with_one_deviation(rules, rng)
    holdings = list(table.initial)
    rng.shuffle(holdings)
    plays = tuple(table.plays[: rng.randrange(len(table.plays) + 1)])
    leader = rng.randrange(rules.players)
    first_lead = rng.choice([-1, rng.randrange(52)])
    args = (rules.players, rules.break_mask, rng.getrandbits(52), rng.random() < 0.5, first_lead)
    assert fast.replay_flagging(plays, leader, list(holdings), *args) == replay.replay_flagging(
        plays, leader, list(holdings), *args
    )
    assert fast.holdings_from_record(plays, leader, rules.players) == (
        replay.holdings_from_record(plays, leader, rules.players)
    )
