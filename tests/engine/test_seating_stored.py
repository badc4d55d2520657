"""The stored schedules (scoring/domain/seating/stored.py): each a round of every player once
at tables of 4, and no pair meeting twice over all its rounds."""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring.domain.seating.constructions import difference_matrix
from scoring.domain.seating.stored import stored_round, stored_rounds


@pytest.mark.parametrize(("tables", "rounds"), [(6, 7), (7, 9), (8, 10), (10, 13)])
def test_a_stored_schedule_seats_everyone_each_round_and_no_pair_twice(tables, rounds):
    assert stored_rounds(4, tables) == rounds
    met: set[tuple[int, int]] = set()
    for b in range(rounds):
        round_ = stored_round(tables, b)
        assert sorted(p for table in round_ for p in table) == list(range(4 * tables))
        assert all(len(table) == 4 for table in round_)
        for table in round_:
            for pair in combinations(sorted(table), 2):
                assert pair not in met
                met.add(pair)


def test_no_schedule_is_stored_for_other_sizes():
    assert stored_rounds(4, 5) == stored_rounds(3, 7) == stored_rounds(5, 8) == 0


@pytest.mark.parametrize("m", [5, 7, 8, 9, 12])
def test_any_two_groups_steps_differ_by_every_element_of_the_group_once(m):
    """What makes a difference matrix: then two players of different groups meet in exactly
    one round. Negation read from the group's own addition (x + (-x) = 0)."""
    matrix = difference_matrix(m)
    negative = {x: next(y for y in range(m) if matrix.add(x, y) == 0) for x in range(m)}
    for g, h in combinations(range(min(matrix.rows, 6)), 2):
        differences = {
            matrix.add(matrix.entry(g, b), negative[matrix.entry(h, b)]) for b in range(m)
        }
        assert differences == set(range(m))


def test_twelve_tables_have_a_difference_matrix_of_five_groups_and_ten_none():
    assert difference_matrix(12).rows == 5
    assert difference_matrix(10) is None and difference_matrix(6) is None
