"""The night's formula and table (scoring/domain/night_ranking.py), pure: Hypothesis over
tables of 3 to 6 with any totals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_site.errors import DomainError
from scoring.domain.night_ranking import (
    DEFAULT_PLACE_POINTS,
    TableResult,
    formula_of,
    night_table,
    place_points,
)
from scoring.domain.ranking import DEFAULT_RANKING


def places_of(totals: list[int]) -> list[int]:
    """Places as a finished game keeps them: 1 + the seats with fewer points."""
    return [1 + sum(t < mine for t in totals) for mine in totals]


tables = st.integers(3, 6).flatmap(
    lambda size: st.lists(st.integers(0, 120), min_size=size, max_size=size)
)


@given(tables)
def test_a_table_hands_out_exactly_its_place_points_whatever_the_ties(totals):
    points = place_points(places_of(totals), DEFAULT_PLACE_POINTS[str(len(totals))])
    assert sum(points) == pytest.approx(sum(DEFAULT_PLACE_POINTS[str(len(totals))]))
    for a, b in zip(totals, points, strict=True):  # fewer points, at least as many place points
        assert all(p <= b for t, p in zip(totals, points, strict=True) if t > a)


@given(st.lists(tables, min_size=1, max_size=6))
def test_the_night_table_ranks_everyone_and_counts_each_game_once(games):
    results, names, seen = [], {}, 0
    for round_number, totals in enumerate(games, start=1):
        players = tuple(range(seen, seen + len(totals)))
        seen += len(totals)
        names.update({p: f"P{p}" for p in players})
        results.append(TableResult(round_number, players, tuple(totals), tuple(places_of(totals))))
    rows = night_table(results, names, formula_of(None), DEFAULT_RANKING, len(games))
    assert {row["player"] for row in rows} == set(names)
    assert all(row["games"] == 1 for row in rows)
    ranks = [row["rank"] for row in rows]
    assert ranks == sorted(ranks) and ranks[0] == 1
    points = [row["place_points"] for row in rows]
    assert points == sorted(points, reverse=True)


def test_a_formula_with_a_table_of_seven_or_rising_points_is_refused_on_its_field():
    with pytest.raises(DomainError) as seven:
        formula_of({"place_points": {"7": [1] * 7}})
    assert (seven.value.code, seven.value.attr) == ("invalid_formula", "formula.place_points.7")
    with pytest.raises(DomainError) as rising:
        formula_of({"place_points": {"4": [0, 1, 2, 4]}})
    assert rising.value.attr == "formula.place_points.4"
