"""The pages' number fields read ASCII digits only, as the API does (hearts_site/text/numbers.py):
another script's digits ("١٣") are refused in words, never read as a number nobody typed."""

from __future__ import annotations

import pytest

from scoring.pages.forms.confirmations import ConfirmForm
from scoring.pages.forms.disputes import ResolveForm
from scoring.pages.forms.setup import LeagueForm

pytestmark = pytest.mark.django_db  # the pages' fixtures clear the cache table

ARABIC_THIRTEEN = "١٣"
BOUNDS = {"target_score": (1, 100_000), "min_games": (0, 10_000)}


def test_a_directors_count_in_other_digits_is_refused():
    form = ResolveForm(
        {"decision": "count", **{f"points_{seat}": "0" for seat in range(3)}, "points_3": "١٣"},
        seat_names=["Ada", "Ben", "Cleo", "Dev"],
    )
    assert not form.is_valid()
    assert "points_3" in form.errors
    digits = ResolveForm(
        {"decision": "count", "points_0": "13", "points_1": "13", "points_2": "0", "points_3": "0"},
        seat_names=["Ada", "Ben", "Cleo", "Dev"],
    )
    assert digits.is_valid(), digits.errors


def test_a_confirmations_revision_in_other_digits_is_refused():
    assert not ConfirmForm({"revision": ARABIC_THIRTEEN}, players=[]).is_valid()
    assert ConfirmForm({"revision": "13"}, players=[]).is_valid()


@pytest.mark.parametrize("field", ["target_score", "min_games"])
def test_a_leagues_numbers_in_other_digits_are_refused_in_words(field):
    base = {"name": "Night", "preset": "standard", "players": "4", "criterion": "average_place"}
    form = LeagueForm({**base, field: ARABIC_THIRTEEN})
    assert not form.is_valid()
    low, high = BOUNDS[field]
    assert form.errors[field] == [f"A whole number from {low} to {high}."]
    written = LeagueForm({**base, field: "13"})
    written.is_valid()
    assert field not in written.errors
