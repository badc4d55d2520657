"""The per-game seat results a league table reads are kept hand by hand as hands are added;
they must always equal what counting every hand of the game again gives."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.services import ruleset_for
from scoring import services
from scoring.models import Game, GameSeat
from scoring.services.settlement import rescore

from .support import play_hand

SEAT_COLUMNS = ("seat", "total", "place", "is_winner", *GameSeat.RESULT_FIELDS[3:])


def seat_rows(game: Game) -> list[tuple]:
    return list(GameSeat.objects.filter(game=game).order_by("seat").values_list(*SEAT_COLUMNS))


def recounted(game: Game) -> list[tuple]:
    """The seats as a recount from every hand leaves them (rolled back afterwards)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        rescore(locked, services.rules_of(locked))
        rows = seat_rows(game)
        transaction.set_rollback(True)
    return rows


RULESETS = [
    "standard",
    {"preset": "standard", "gems": True},
    {"preset": "omnibus", "target_score": 60},
    {"preset": "standard", "players": 3},
]


@pytest.mark.django_db(transaction=False)
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    ruleset=st.sampled_from(RULESETS),
    seeds=st.lists(st.integers(0, 10_000), min_size=1, max_size=14),
    levels=st.lists(st.sampled_from(["points", "cards_taken", "tricks"]), min_size=14),
)
def test_seat_results_kept_hand_by_hand_equal_a_recount_from_every_hand(
    new_game, owner, ruleset, seeds, levels
):
    game = new_game(ruleset)
    rules = ruleset_for(ruleset)
    for number, (seed, level) in enumerate(zip(seeds, levels, strict=False), start=1):
        played = play_hand(rules, seed, hand_number=number, dealer=(number - 1) % rules.players)
        entry = played.entry(level)
        if played.moon and rules.moon == "shooter_choice":
            entry["moon_choice"] = "add_to_others"
        game.refresh_from_db()
        if game.status != "in_progress":
            break
        services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=owner)
        assert seat_rows(game) == recounted(game), f"after hand {number}"


def test_entering_a_hand_costs_the_same_queries_on_the_30th_hand_as_on_the_2nd(new_game, owner):
    game = new_game({"preset": "standard", "target_score": 10_000})
    counts = {}
    for number in range(1, 31):
        with CaptureQueriesContext(connection) as queries:
            services.enter_hand(
                game_id=game.pk, number=number, entry={"points": [13, 5, 4, 4]}, actor=owner
            )
        counts[number] = len(queries)
    assert counts[2] == counts[30] <= 12, counts
