"""The adjudication input's one-pass check of the usual body (adjudication.serializers.usual_body)
accepts what the serializer's fields accept and gives the same validated data; anything else goes
to the fields, which give the same errors as ever."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from adjudication import serializers as adjudication_serializers
from adjudication.engine.cards import NAMES
from adjudication.serializers import DECK, USUAL_KEYS, AdjudicationInputSerializer, usual_body

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
BODY = st.one_of(
    st.fixed_dictionaries(
        {"plays": CARDS}, optional={"ruleset": RULESET, "hands": HANDS, "dealer": st.integers()}
    ),
    st.fixed_dictionaries({}, optional={"ruleset": RULESET, "hands": HANDS}),
    st.sampled_from([None, [], "plays", {"plays": ["QS"], "plays ": ["QS"]}]),
)


def outcome(data: object):
    serializer = AdjudicationInputSerializer(data=data)
    if serializer.is_valid():
        return "ok", serializer.validated_data
    return "errors", serializer.errors


def fields_only(monkeypatch, data: object):
    with monkeypatch.context() as patched:
        patched.setattr(adjudication_serializers, "usual_body", lambda data: None)
        return outcome(data)


@settings(max_examples=400, deadline=None)
@given(BODY)
def test_the_usual_body_check_agrees_with_the_fields(data):
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert outcome(data) == fields_only(monkeypatch, data)


def test_a_whole_hand_with_holdings_takes_the_one_pass_check():
    hands = [list(NAMES[seat::4]) for seat in range(4)]
    body = {"plays": list(NAMES), "hands": hands}
    assert usual_body(body) == {"ruleset": "standard", "plays": list(NAMES), "hands": hands}
    assert outcome(body) == ("ok", usual_body(body))


@pytest.mark.parametrize(
    "body",
    [
        {"plays": ["10H"]},  # a name the fields also accept, but not canonical
        {"plays": ["QS"], "dealer": 1},  # a field the check does not know
        {"plays": ["QS"] * (DECK + 1)},
        {"plays": ["QS"], "hands": [["AS"], ["KS"]]},
        {"plays": ["QS"], "ruleset": None},
        {"ruleset": "standard"},
    ],
)
def test_any_other_body_is_left_to_the_fields(body):
    assert usual_body(body) is None


def test_the_check_can_skip_the_fields_only_while_nothing_else_is_declared():
    """usual_body stands in for the whole of run_validation: a validate() method, validators or
    a read-only default added to the serializer would be skipped for the usual body."""
    serializer = AdjudicationInputSerializer()
    assert type(serializer).validate is serializers.Serializer.validate
    assert serializer.get_validators() == []
    assert not any(field.read_only for field in serializer.fields.values())
    assert set(serializer.fields) >= USUAL_KEYS
    assert serializer.fields["ruleset"].get_default() == "standard"
