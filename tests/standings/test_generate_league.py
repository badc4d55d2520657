"""``manage.py generate_league``: a synthetic league whose seat results agree with its hands."""

from __future__ import annotations

import io

from django.core.management import call_command
from django.db.models import Count, Sum

from scoring.models import Club, Game, GameSeat, GameStatus, Hand, RatingEvent


def test_a_small_generated_league_has_its_games_hands_seat_results_and_ratings(db):
    out = io.StringIO()
    call_command(
        "generate_league", "--players", "8", "--games", "30", "--quiet", "--club", "gen", stdout=out
    )
    club = Club.objects.get(slug="gen")
    games = Game.objects.filter(club=club)
    assert games.count() == 30
    assert games.filter(status=GameStatus.FINISHED).count() == 30
    assert "8 players, 30 games" in out.getvalue()
    hands = Hand.objects.filter(game__club=club)
    assert hands.count() == sum(games.values_list("hands_played", flat=True))
    # Every seat's per-game results are what its hands say.
    seats = GameSeat.objects.filter(game__club=club)
    assert seats.aggregate(p=Sum("points_taken"))["p"] == 26 * hands.count()
    for game in games.prefetch_related("hands", "seats"):
        rows = list(game.hands.all())
        assert [h.number for h in sorted(rows, key=lambda h: h.number)] == list(
            range(1, len(rows) + 1)
        )
        for seat in game.seats.all():
            assert seat.hands_played == len(rows) == game.hands_played
            assert seat.points_taken == sum(h.points[seat.seat] for h in rows)
            assert seat.total == sum(h.scores[seat.seat] for h in rows) == game.totals[seat.seat]
            assert seat.moons == sum(1 for h in rows if h.moon_shooter == seat.seat)
            assert seat.queens == sum(1 for h in rows if h.queen_by == seat.seat)
            assert seat.clean_hands == sum(1 for h in rows if h.points[seat.seat] == 0)
            assert seat.is_winner == (seat.seat in game.winners)
            assert seat.place == 1 + sum(1 for t in game.totals if t < game.totals[seat.seat])
        assert max(game.totals) >= 100
    # Four rating events a finished game, one per seat, and every player rated.
    assert RatingEvent.objects.filter(club=club).count() == 4 * 30
    rated = RatingEvent.objects.filter(club=club).values("player").annotate(n=Count("id"))
    assert len(rated) == 8


def test_generate_league_refuses_an_existing_club_and_too_few_players(db):
    import pytest
    from django.core.management.base import CommandError

    call_command("generate_league", "--players", "4", "--games", "1", "--quiet", "--club", "x")
    with pytest.raises(CommandError, match="exists already"):
        call_command("generate_league", "--players", "4", "--games", "1", "--quiet", "--club", "x")
    with pytest.raises(CommandError, match="at least 4 players"):
        call_command("generate_league", "--players", "3", "--games", "1", "--quiet", "--club", "y")
