"""The stored schedules (scoring/domain/seating/stored.py): each a round of every player once
at tables of 4, and no pair meeting twice over all its rounds."""

from __future__ import annotations

from itertools import combinations

import pytest

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
