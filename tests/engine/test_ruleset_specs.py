"""Rulesets built from API specs are kept per spec (they are frozen); errors never are."""

from __future__ import annotations

import pytest

from adjudication.engine import HeartsError
from adjudication.engine.rules import ruleset_from_spec


def test_the_same_spec_gives_the_same_ruleset_whatever_the_key_order():
    first = ruleset_from_spec({"preset": "standard", "gems": True, "target_score": 50})
    second = ruleset_from_spec({"target_score": 50, "gems": True, "preset": "standard"})
    assert first is second
    assert (first.gems, first.target_score) == (True, 50)
    assert ruleset_from_spec("omnibus") is ruleset_from_spec("omnibus")
    assert ruleset_from_spec({"preset": "standard", "gems": False}) is not first


def test_a_bad_spec_is_refused_every_time_it_is_asked_for():
    for _ in range(2):
        with pytest.raises(HeartsError) as refused:
            ruleset_from_spec({"preset": "standard", "players": 7})
        assert refused.value.field == "players"


def test_a_preset_name_that_looks_like_an_object_is_still_an_unknown_preset():
    with pytest.raises(HeartsError) as refused:
        ruleset_from_spec('{"preset": "standard"}')
    assert refused.value.code == "unknown_preset"
