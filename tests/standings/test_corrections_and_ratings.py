"""What counts (finished games, non-void hands), corrections of past games, and ratings."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from scoring import services
from scoring.models import Game, GameStatus, RatingEvent
from scoring.services import ratings, rerating

from .support import build_qq_league, rows_by_name, table_of


def history(player) -> list[tuple[float, float, float, float]]:
    return [
        (e.mu, e.sigma, e.ordinal, e.change)
        for e in RatingEvent.objects.filter(player=player).order_by("at", "game_id")
    ]


def test_abandoned_games_and_voided_hands_do_not_count(api, qq_league, owner):
    before = table_of(api, qq_league.league)
    # The abandoned game had a moon for Dev and the voided hand 26 points: neither shows.
    assert rows_by_name(before)["Dev"]["moons"] == 0
    assert {r["games"] for r in before["rows"]} == {3}
    assert {r["hands"] for r in before["rows"]} == {7}
    # Another abandoned game and another voided hand (in the game still in progress).
    extra = services.create_game(
        club=qq_league.club, players=list(qq_league.players.values()), actor=owner,
        league=qq_league.league,
    )  # fmt: skip
    services.enter_hand(game_id=extra.pk, number=1, entry={"points": [26, 0, 0, 0]}, actor=owner)
    services.abandon_game(game_id=extra.pk, reason="fire alarm", actor=owner)
    services.void_hand(game_id=qq_league.in_progress.pk, number=1, reason="misdeal", actor=owner)
    after = table_of(api, qq_league.league)
    assert after["rows"] == before["rows"]
    assert not RatingEvent.objects.filter(game__status=GameStatus.ABANDONED).exists()


def test_voiding_a_hand_of_a_finished_game_changes_the_table(api, qq_league, owner):
    """Game 2 without its moon hand: Cleo's −26 and the moon go; the game still ends."""
    g2 = qq_league.games[1]
    services.void_hand(game_id=g2.pk, number=1, reason="misdeal", actor=owner)
    g2.refresh_from_db()
    assert g2.status == GameStatus.FINISHED
    assert g2.totals == [31, 3, 18, 0]  # Ben, Cleo, Dev, Ada
    rows = rows_by_name(table_of(api, qq_league.league))
    assert rows["Cleo"]["moons"] == 0
    assert rows["Cleo"]["total_points"] == 5 + 3 + 17
    assert rows["Ada"]["hands"] == 6
    assert rows["Ada"]["wins"] == 3  # she now wins game 2 on 0


def test_correcting_a_past_game_changes_the_table_and_re_rates_every_later_game(
    api, qq_league, owner
):
    ada, ben = qq_league.players["Ada"], qq_league.players["Ben"]
    g1 = qq_league.games[0]
    ada_before, ben_before = history(ada), history(ben)
    event_ids = set(RatingEvent.objects.values_list("pk", flat=True))
    # Hand 1 of game 1 gave Ben the Q♠; it was Ada's: game 1 ends 15 1 5 31 and Ben wins it.
    services.correct_hand(
        game_id=g1.pk,
        number=1,
        entry={"points": [13, 0, 5, 8]},
        reason="the Q♠ was Ada's",
        actor=owner,
    )
    g1.refresh_from_db()
    assert (g1.status, g1.totals, g1.winners) == (GameStatus.FINISHED, [15, 1, 5, 31], [1])
    stale = table_of(api, qq_league.league)
    rows = rows_by_name(stale)
    assert (rows["Ada"]["wins"], rows["Ada"]["average_place"]) == (1, 2.0)
    assert (rows["Ben"]["wins"], rows["Ben"]["average_place"]) == (2, 2.0)
    assert (rows["Ada"]["queens"], rows["Ben"]["queens"]) == (1, 2)
    # The correction answered before re-rating: the table says its ratings are updating and
    # still shows the ratings as they were, whole.
    assert stale["ratings_updating"] is True
    assert history(ada) == ada_before and event_ids == set(
        RatingEvent.objects.values_list("pk", flat=True)
    )
    # The queue's task, run here: every event from game 1 on is rebuilt, in the same order.
    assert rerating.settle_ratings(qq_league.club.pk) == 3
    assert rerating.settle_ratings(qq_league.club.pk) == 0  # run twice: nothing more to do
    settled = table_of(api, qq_league.league)
    assert settled["ratings_updating"] is False and settled["ratings_as_of"] is not None
    rows = rows_by_name(settled)
    assert not event_ids & set(RatingEvent.objects.values_list("pk", flat=True))
    ada_after, ben_after = history(ada), history(ben)
    assert len(ada_after) == len(ada_before) == 3
    # Ada lost game 1 instead of winning it, Ben won it instead of coming third.
    # (An ordinal, mu - 3 sigma, can rise for a middling place as sigma shrinks.)
    assert ada_after[0][0] < ada_before[0][0] and ada_after[0][2] < ada_before[0][2]
    assert ben_after[0][0] > ben_before[0][0] and ben_after[0][2] > ben_before[0][2]
    # The effect carries through the later games.
    assert ada_after[-1][2] < ada_before[-1][2]
    assert ben_after[-1][2] > ben_before[-1][2]
    assert rows["Ada"]["rating"] == pytest.approx(ada_after[-1][2], abs=1e-3)


def test_ratings_are_deterministic_two_identical_leagues_rate_identically(owner):
    first = build_qq_league(owner, "first")
    second = build_qq_league(owner, "second")
    for name in first.players:
        assert history(first.players[name]) == history(second.players[name])
        assert len(history(first.players[name])) == 3
    # Recomputing from scratch gives the same figures again.
    figures = history(first.players["Cleo"])
    assert ratings.recompute(first.club.pk) == 3
    assert history(first.players["Cleo"]) == figures


def test_a_correction_that_reopens_a_finished_game_withdraws_its_ratings(api, qq_league, owner):
    """Game 3's last hand corrected so that nobody reaches 30: the game is back in progress."""
    g3 = qq_league.games[2]
    services.correct_hand(
        game_id=g3.pk, number=3, entry={"points": [0, 0, 13, 13]}, reason="typo", actor=owner
    )
    assert Game.objects.get(pk=g3.pk).status == GameStatus.IN_PROGRESS
    assert not RatingEvent.objects.filter(game=g3).exists()
    assert RatingEvent.objects.filter(club=qq_league.club).count() == 8
    assert {r["games"] for r in table_of(api, qq_league.league)["rows"]} == {2}


def test_rating_history_endpoint_lists_each_game_in_order(api, qq_league):
    cleo = qq_league.players["Cleo"]
    response = api.get(f"/api/v1/players/{cleo.pk}/ratings/")
    assert response.status_code == 200
    body = response.json()
    events = body["results"] if isinstance(body, dict) else body
    assert [e["game"] for e in events] == [g.pk for g in qq_league.games]
    assert [e["rating"] for e in events] == pytest.approx([h[2] for h in history(cleo)])


def test_player_stats_are_that_players_own_figures(api, qq_league):
    for name, player in qq_league.players.items():
        response = api.get(f"/api/v1/players/{player.pk}/stats/")
        assert response.status_code == 200
        body = response.json()
        assert body["overall"]["player"] == player.pk
        assert body["overall"]["name"] == name
        assert body["overall"]["games"] == 3
        assert body["leagues"] == [
            {
                "league": qq_league.league.pk,
                "name": "QQ Thirty",
                "games": 3,
                "wins": {"Ada": 2, "Ben": 1, "Cleo": 1, "Dev": 0}[name],
                "average_place": body["overall"]["average_place"],
            }
        ]
    dev = api.get(f"/api/v1/players/{qq_league.players['Dev'].pk}/stats/").json()
    assert (dev["overall"]["total_points"], dev["overall"]["queens"]) == (84, 2)


def test_the_sweep_queues_the_re_rating_of_a_club_whose_task_was_lost(qq_league, owner):
    """A Redis restart or a killed worker loses a queued re-rating; the stale mark stays in the
    database, and ``manage.py sweep`` (every minute) queues the club again."""
    club = qq_league.club.pk
    services.correct_hand(
        game_id=qq_league.games[0].pk,
        number=1,
        entry={"points": [13, 0, 5, 8]},
        reason="the Q♠ was Ada's",
        actor=owner,
    )
    # The test's transaction never commits: the task queued after the commit never was, as if
    # the queue had lost it.
    settle = "scoring.services.rerating.settle_ratings_task"
    assert not DBTaskResult.objects.filter(task_path=settle).exists()
    assert rerating.stale_clubs() == [club]

    call_command("sweep", stdout=io.StringIO())

    queued = DBTaskResult.objects.get(task_path=settle)
    assert (queued.queue_name, queued.args_kwargs["args"]) == ("ratings", [club])
    assert rerating.settle_ratings(club) == 3
    call_command("sweep", stdout=io.StringIO())  # settled: nothing more is queued
    assert DBTaskResult.objects.filter(task_path=settle).count() == 1
