"""Issue 34, finding 4: two writes that recount one player's totals of one day at once (a
director's correction of a game finished today, and the hand that finishes the same player's
next game) both succeed, and the totals they leave equal a full recount. Threads with their
own connections, on the configured database: on PostgreSQL the recount's delete-then-insert
collided on the day total's unique key (IntegrityError, a 500)."""

from __future__ import annotations

from collections import Counter

import pytest
from django.contrib.auth import get_user_model

from scoring import services
from tests.scoring.concurrency import hand_url, request, run_threads

from .test_day_totals import SHORT, kept, kept_months, months_of_the_days, recounted

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 8


def test_a_correction_racing_a_finishing_hand_of_the_same_player_both_count():
    owner = get_user_model().objects.create_user("race_owner")
    club = services.create_club(user=owner, name="Race totals", slug="race-totals")
    league = services.create_league(club=club, name="To ten", ruleset=SHORT)
    outcomes = []
    for round_ in range(ROUNDS):
        shared, *others = (
            services.create_player(club=club, name=f"R{round_}-{i}") for i in range(7)
        )
        finished = services.create_game(
            club=club, players=[shared, *others[:3]], actor=owner, league=league
        )
        services.enter_hand(
            game_id=finished.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=owner
        )
        current = services.create_game(
            club=club, players=[shared, *others[3:]], actor=owner, league=league
        )
        calls = [
            ("patch", hand_url(finished.pk, 1), {"points": [4, 13, 5, 4], "reason": "misread"}),
            ("put", hand_url(current.pk, 1), {"points": [5, 4, 13, 4]}),
        ]
        results = run_threads(2, lambda i, calls=calls: request(owner.pk, *calls[i]))
        outcomes.append(tuple(r["status"] for r in results))
    assert Counter(outcomes) == Counter({(200, 201): ROUNDS}), outcomes
    assert kept(club.pk) == recounted(club.pk)
    assert kept_months(club.pk) == months_of_the_days(club.pk)
