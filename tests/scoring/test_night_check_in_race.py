"""One player checked in at two open nights at the same instant, by two directors: one
check-in stands, the other is refused. PostgreSQL (SQLite's writers take turns anyway)."""

from __future__ import annotations

import pytest
from django.db import connection

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import CheckIn

from .concurrency import THREADS, run_threads

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL only: SQLite cannot race"
    ),
]


def test_a_player_checked_in_at_two_nights_at_once_is_checked_in_at_one(public_club, director):
    league = services.create_league(club=public_club, name="Tuesday", ruleset="standard")
    nights = [
        services.open_night(
            club=public_club, league=league, name=name, rounds=2, round_hands=2, actor=director
        )
        for name in ("Early", "Late")
    ]
    for attempt in range(3):
        ada = services.create_player(club=public_club, name=f"Ada {attempt}")

        def check_in(index: int, ada=ada) -> str:
            night = nights[index % 2]
            try:
                services.check_in(
                    club=public_club, night_id=night.pk, player_id=ada.pk, actor=director
                )
            except DomainError as refused:
                return refused.code
            return "checked_in"

        outcomes = run_threads(THREADS, check_in)
        assert outcomes.count("checked_in") == 1, outcomes
        assert set(outcomes) <= {"checked_in", "already_checked_in", "checked_in_elsewhere"}
        assert CheckIn.objects.filter(player=ada, withdrawn_before=None).count() == 1
