"""The migration step that fills a new per-hand count on the rows already kept
(``scoring/migrations/_recount.py``) gives what the services keep."""

from __future__ import annotations

from django.apps import apps

from scoring.migrations._recount import recount
from scoring.models import GameSeat, PlayerDayTotal, PlayerMonthTotal

KEPT = (GameSeat, PlayerDayTotal, PlayerMonthTotal)


def kept_counts() -> list[list[tuple]]:
    return [list(model.objects.order_by("pk").values_list("pk", "big_hands")) for model in KEPT]


def test_the_step_counts_a_new_statistic_on_the_seats_and_totals_already_kept(qq_league):
    kept = kept_counts()
    assert all(any(count for _, count in rows) for rows in kept)
    for model in KEPT:
        model.objects.update(big_hands=0)  # as the migration's new column starts
    recount("big_hands").code(apps, None)
    assert kept_counts() == kept
