"""The one-pass checks of the usual bodies (``usual_body`` of the adjudication and hand entry
inputs) accept what the serializers' fields accept and give the same validated data; anything
else goes to the fields, which give the same errors as ever."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from adjudication.engine.cards import NAMES
from adjudication.serializers import (
    DECK,
    USUAL_KEYS,
    AdjudicationInputSerializer,
    usual_adjudication,
)
from scoring.api.serializers.hands import (
    MAX_HAND_POINTS,
    HandCorrectionInputSerializer,
    HandEntryInputSerializer,
    usual_hand_entry,
)

CARD = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(["10H", "qs", "♠A", "", "AS ", "1S"]),
    st.integers(),
    st.none(),
    st.lists(st.just("QS"), max_size=1),
)
CARDS = st.one_of(
    st.lists(st.sampled_from(NAMES), max_size=DECK + 2),
    st.lists(st.sampled_from(NAMES), min_size=DECK, max_size=DECK + 1),  # the limit
    st.lists(CARD, max_size=DECK + 1),
    st.sampled_from(["QS", None, 5, {"0": "QS"}]),
)
HANDS = st.one_of(st.lists(CARDS, max_size=7), st.sampled_from([None, "AS", {}, [[]] * 3]))
RULESET = st.one_of(
    st.sampled_from(["standard", "omnibus", "no-such-preset", ""]),
    st.fixed_dictionaries({"preset": st.sampled_from(["standard", "qq"])}),
    st.sampled_from([None, 5, ["standard"], True]),
)
SEAT = st.one_of(
    st.integers(min_value=-1, max_value=7), st.integers(), st.sampled_from([True, "1", 1.0, None])
)
BODY = st.one_of(
    st.fixed_dictionaries(
        {"plays": CARDS},
        optional={"ruleset": RULESET, "hands": HANDS, "dealer": SEAT, "first_leader": SEAT},
    ),
    st.fixed_dictionaries({}, optional={"ruleset": RULESET, "hands": HANDS}),
    st.sampled_from([None, [], "plays", {"plays": ["QS"], "plays ": ["QS"]}]),
)


POINT = st.one_of(
    st.integers(min_value=0, max_value=26),
    st.integers(min_value=MAX_HAND_POINTS - 1, max_value=MAX_HAND_POINTS + 1),
    st.integers(min_value=-2, max_value=-1),
    st.sampled_from([True, False, "5", 5.0, 5.5, None, [5]]),
)
# A good list of points with, at most, one odd item somewhere in it.
ONE_ODD = st.builds(
    lambda good, odd, at: good[:at] + [odd] + good[at + 1 :],
    st.lists(st.integers(min_value=0, max_value=26), min_size=3, max_size=6),
    POINT,
    st.integers(min_value=0, max_value=5),
)
ENTRY = st.one_of(
    st.fixed_dictionaries(
        {
            "points": st.one_of(
                ONE_ODD, st.lists(POINT, max_size=7), st.sampled_from([None, "13", {}])
            )
        },
        optional={
            "moon_choice": st.sampled_from(["add_to_others", "nonsense"]),
            "plays": st.just(["QS"]),
            "reason": st.just("typo"),
        },
    ),
    st.sampled_from([None, [], {}, {"cards_taken": [["QS"], [], [], []]}]),
)


def outcome(serializer_class, data: object):
    serializer = serializer_class(data=data)
    if serializer.is_valid():
        return "ok", serializer.validated_data
    return "errors", serializer.errors


def fields_only(serializer_class, data: object):
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(serializer_class, "usual_body", staticmethod(lambda data: None))
        return outcome(serializer_class, data)


@settings(max_examples=400, deadline=None)
@given(BODY)
def test_the_usual_adjudication_check_agrees_with_the_fields(data):
    assert outcome(AdjudicationInputSerializer, data) == fields_only(
        AdjudicationInputSerializer, data
    )


@settings(max_examples=400, deadline=None)
@given(ENTRY)
def test_the_usual_hand_entry_check_agrees_with_the_fields(data):
    assert outcome(HandEntryInputSerializer, data) == fields_only(HandEntryInputSerializer, data)


def test_a_points_entry_takes_the_one_pass_check_and_a_correction_does_not():
    body = {"points": [13, 5, 4, 4]}
    assert usual_hand_entry(body) == body
    assert outcome(HandEntryInputSerializer, body) == ("ok", body)
    # A correction's fields are the entry's and a reason: the check is not inherited.
    assert outcome(HandCorrectionInputSerializer, body)[0] == "errors"


def test_a_whole_hand_with_holdings_takes_the_one_pass_check():
    hands = [list(NAMES[seat::4]) for seat in range(4)]
    body = {"plays": list(NAMES), "hands": hands}
    assert usual_adjudication(body) == {
        "ruleset": "standard",
        "plays": list(NAMES),
        "hands": hands,
    }
    assert outcome(AdjudicationInputSerializer, body) == ("ok", usual_adjudication(body))


@pytest.mark.parametrize(
    "body",
    [
        {"plays": ["10H"]},  # a name the fields also accept, but not canonical
        {"plays": ["QS"], "hand_number": 1},  # a field the check does not know
        {"plays": ["QS"], "first_leader": 7},  # past the largest table
        {"plays": ["QS"] * (DECK + 1)},
        {"plays": ["QS"], "hands": [["AS"], ["KS"]]},
        {"plays": ["QS"], "ruleset": None},
        {"ruleset": "standard"},
    ],
)
def test_any_other_body_is_left_to_the_fields(body):
    assert usual_adjudication(body) is None


def test_the_adjudication_check_can_skip_the_fields_only_while_nothing_else_is_declared():
    """usual_body stands in for the whole of run_validation: a validate() method, validators or
    a read-only default added to the serializer would be skipped for the usual body."""
    serializer = AdjudicationInputSerializer()
    assert type(serializer).validate is serializers.Serializer.validate
    assert serializer.get_validators() == []
    assert not any(field.read_only for field in serializer.fields.values())
    assert set(serializer.fields) >= USUAL_KEYS
    assert serializer.fields["ruleset"].get_default() == "standard"
