"""The card lists' fast path (adjudication.serializers.CardListField) accepts exactly what
DRF's ListField of CardField accepts, and returns the same values or the same errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from adjudication.serializers import DECK, CardField, CardListField

TRICKY = ["QS", "10H", "♠A", "Q S", " AS", "AS ", "\tAS", "", " ", "\x00", "\ud800", "a" * 9]
ITEM = st.one_of(
    st.sampled_from(TRICKY),
    st.text(max_size=10),
    st.integers(),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
    st.lists(st.text(max_size=2), max_size=2),
)


def outcome(field: serializers.Field, data: object):
    try:
        return "ok", field.run_validation(data)
    except serializers.ValidationError as error:
        return "error", error.detail


def agree(data: object) -> None:
    fast = CardListField(child=CardField(), max_length=DECK)
    plain = serializers.ListField(child=CardField(), max_length=DECK)
    assert outcome(fast, data) == outcome(plain, data)


@pytest.mark.parametrize("card", TRICKY + [5, 1.5, True, None, ["QS"]])
def test_each_tricky_card_alone_and_among_good_ones(card):
    agree([card])
    agree(["QS", card, "AH"])


def test_too_many_cards_and_not_a_list():
    agree(["2C"] * (DECK + 1))
    agree("QS")
    agree({"0": "QS"})


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(ITEM, max_size=60), ITEM, st.dictionaries(st.text(), ITEM)))
def test_the_fast_path_agrees_with_listfield_of_cardfield(data):
    agree(data)
