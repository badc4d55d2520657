"""A hand a phone kept offline is judged by when it was recorded at the table, not when it
reached the server (README, "A hand sent late"): sent after the bell, it is not the hand in play
at the bell; its time never goes before the game's latest hand nor after its arrival; a time
ahead of the server's clock is refused with its code and field, and nothing is stored."""

from __future__ import annotations

import re
from datetime import timedelta

from django.utils import timezone

from hearts_site.text import numbers
from scoring import services
from scoring.models import Game, GameStatus, Hand, HistoryEntry
from tests.scoring.night_support import code_of, confirm, games_of
from tests.scoring.support import error_of


def hand_url(game: Game, number: int) -> str:
    return f"/api/v1/games/{game.pk}/hands/{number}/"


def bell_rang(game: Game, ago: timedelta) -> None:
    """The round started ten minutes ago and its bell rang ``ago``."""
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(
        started_at=now - timedelta(minutes=10), round_ends_at=now - ago
    )


def test_a_hand_kept_before_the_bell_and_sent_after_it_leaves_the_hand_in_play_to_enter(
    night_of, scorer, director
):
    night = night_of(round_hands=None, round_minutes=30)
    game = games_of(night)[0]
    bell_rang(game, timedelta(seconds=30))
    kept_at = timezone.now() - timedelta(seconds=40)  # recorded offline, before the bell
    services.enter_hand(
        game_id=game.pk,
        number=1,
        entry={"points": [13, 13, 0, 0]},
        actor=scorer,
        recorded_at=kept_at,
    )
    confirm(game, 1, director)
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS  # hand 2 was in play at the bell
    services.enter_hand(game_id=game.pk, number=2, entry={"points": [0, 0, 13, 13]}, actor=scorer)
    confirm(game, 2, director)
    game.refresh_from_db()
    assert (game.status, game.end_reason, game.hands_played) == ("finished", "round_over", 2)
    first = Hand.objects.get(game=game, number=1)
    assert first.recorded_at == kept_at < first.created_at
    noted = HistoryEntry.objects.get(game=game, hand_number=1, action="hand_entered").after
    assert noted["recorded_at"] == kept_at.isoformat()


def test_the_same_hand_sent_after_the_bell_without_its_time_is_the_hand_in_play_at_the_bell(
    night_of, scorer, director
):
    night = night_of(round_hands=None, round_minutes=30)
    game = games_of(night)[0]
    bell_rang(game, timedelta(seconds=30))
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 13, 0, 0]}, actor=scorer)
    assert (
        code_of(
            lambda: services.enter_hand(
                game_id=game.pk, number=2, entry={"points": [0, 0, 13, 13]}, actor=scorer
            )
        )
        == "round_over"
    )


def test_a_late_hand_never_goes_before_the_games_latest_hand(night_of, scorer):
    night = night_of(round_hands=None, round_minutes=30)
    game = games_of(night)[0]
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 13, 0, 0]}, actor=scorer)
    latest = Hand.objects.get(game=game, number=1).recorded_at
    services.enter_hand(
        game_id=game.pk,
        number=2,
        entry={"points": [0, 0, 13, 13]},
        actor=scorer,
        recorded_at=timezone.now() - timedelta(hours=3),
    )
    assert Hand.objects.get(game=game, number=2).recorded_at == latest


def test_a_time_ahead_of_the_servers_clock_is_refused_on_the_api_and_nothing_is_stored(
    night_of, scorer_api, settings
):
    settings.HEARTS_CLOCK_SKEW_SECONDS = 60
    night = night_of(round_hands=None, round_minutes=30)
    game = games_of(night)[0]
    ahead = (timezone.now() + timedelta(minutes=5)).isoformat()
    refused = scorer_api.put(
        hand_url(game, 1), {"points": [13, 13, 0, 0], "recorded_at": ahead}, format="json"
    )
    assert error_of(refused, 400) == ("recorded_in_future", "recorded_at")
    assert not Hand.objects.filter(game=game).exists()

    within = (timezone.now() + timedelta(seconds=30)).isoformat()  # a clock a little ahead
    taken = scorer_api.put(
        hand_url(game, 1), {"points": [13, 13, 0, 0], "recorded_at": within}, format="json"
    )
    assert taken.status_code == 201, taken.content
    hand = taken.json()["hand"]
    assert hand["entry"] == {"points": [13, 13, 0, 0]}  # the time is not part of the entry
    assert hand["recorded_at"] == hand["created_at"] or hand["recorded_at"] < hand["created_at"]


def test_a_correction_keeps_when_the_hand_was_recorded(night_of, scorer_api):
    night = night_of(round_hands=None, round_minutes=30)
    game = games_of(night)[0]
    scorer_api.put(hand_url(game, 1), {"points": [13, 13, 0, 0]}, format="json")
    refused = scorer_api.patch(
        hand_url(game, 1),
        {"points": [0, 0, 13, 13], "reason": "Swapped", "recorded_at": timezone.now().isoformat()},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["attr"] == "recorded_at"


def test_the_schemas_pattern_for_a_moment_takes_the_years_of_the_days_taken():
    pattern = re.compile(numbers.MOMENT_YEARS_PATTERN)
    first, last = numbers.FIRST_DAY.year, numbers.LAST_DAY.year
    assert pattern.match(f"{first}-01-01T00:00:00Z") and pattern.match(f"{last}-12-31T00:00Z")
    assert not pattern.match(f"{first - 1}-12-31T00:00:00Z")
    assert not pattern.match(f"{last + 1}-01-01T00:00:00Z")
