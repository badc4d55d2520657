"""A night's round limits its games by when each hand was recorded at the table, never by when
it was confirmed (issue 49): the hand in play at the bell is the first recorded after it, a
round of N hands takes N, and no hand after the round's last is taken, whatever the order in
which the hands are confirmed."""

from __future__ import annotations

from django.utils import timezone

from scoring import services
from scoring.models import Game, GameStatus
from scoring.selectors import scoreboard
from tests.scoring.night_support import code_of, confirm, enter, games_of


def the_bell_rings(game: Game) -> None:
    """The bell now: after every hand recorded so far."""
    Game.objects.filter(pk=game.pk).update(round_ends_at=timezone.now())


def test_a_hand_entered_before_the_bell_and_confirmed_after_it_does_not_end_the_game(
    public_club, night_of, scorer, director
):
    night = night_of(round_hands=None, round_minutes=30)
    game = games_of(night)[0]
    enter(game, 1, [13, 13, 0, 0], scorer)  # before the bell; awaits confirmation
    Game.objects.filter(pk=game.pk).update(round_ends_at=timezone.now())  # the bell rings
    confirm(game, 1, director)  # after the bell
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS  # hand 2 was in play at the bell
    enter(game, 2, [0, 0, 13, 13], scorer)
    confirm(game, 2, director)
    game.refresh_from_db()
    assert (game.status, game.end_reason, game.hands_played) == ("finished", "round_over", 2)


def test_a_one_hand_round_refuses_a_second_hand_while_the_first_awaits_confirmation(
    night_of, scorer, director
):
    night = night_of(round_hands=1)
    game = games_of(night)[0]
    enter(game, 1, [13, 13, 0, 0], scorer)
    assert code_of(lambda: enter(game, 2, [0, 0, 13, 13], scorer)) == "round_over"
    game.refresh_from_db()
    board = scoreboard(game)
    assert (board["status"], board["next_hand"]) == ("in_progress", None)  # nothing to enter
    confirm(game, 1, director)
    game.refresh_from_db()
    assert (game.status, game.hands_played) == (GameStatus.FINISHED, 1)


def test_a_query_across_the_bell_holds_the_game_open_and_counts_in_its_round(
    public_club, night_of, scorer, director, owner
):
    night = night_of(round_hands=None, round_minutes=30)
    game = games_of(night)[0]
    seated = game.seats.get(seat=2).player
    seated.user = director
    seated.save(update_fields=["user"])
    enter(game, 1, [13, 13, 0, 0], scorer)
    dispute = services.query_hand(game_id=game.pk, number=1, actor=director, record={})
    the_bell_rings(game)
    enter(game, 2, [0, 0, 13, 13], scorer)  # the hand in play at the bell
    confirm(game, 2, director)
    game.refresh_from_db()
    assert (game.status, game.hands_played) == (GameStatus.IN_PROGRESS, 1)  # hand 1 queried
    assert code_of(lambda: enter(game, 3, [13, 13, 0, 0], scorer)) == "round_over"
    services.resolve_dispute(dispute_id=dispute.pk, decision="dismiss", note="Stands", actor=owner)
    game.refresh_from_db()
    assert (game.status, game.end_reason, game.hands_played) == ("finished", "round_over", 2)
    assert game.totals == [13, 13, 13, 13] and game.winners == [0, 1, 2, 3]


def test_a_dropped_last_hand_lets_the_table_play_the_hand_again(
    public_club, night_of, scorer, director
):
    night = night_of(round_hands=1)
    game = games_of(night)[0]
    enter(game, 1, [13, 13, 0, 0], scorer)
    services.void_hand(game_id=game.pk, number=1, reason="Misdealt", actor=director)
    enter(game, 2, [0, 0, 13, 13], scorer)  # the round's one hand, dealt again
    assert code_of(lambda: enter(game, 3, [13, 13, 0, 0], scorer)) == "round_over"
    confirm(game, 2, director)
    game.refresh_from_db()
    assert (game.status, game.hands_played, game.totals) == ("finished", 1, [0, 0, 13, 13])


def test_hands_confirmed_out_of_order_end_the_round_at_its_last_hand_only(
    public_club, night_of, scorer, director
):
    night = night_of(round_hands=2)
    game = games_of(night)[0]
    enter(game, 1, [13, 13, 0, 0], scorer)
    enter(game, 2, [0, 0, 13, 13], scorer)
    confirm(game, 2, director)  # the last hand first: hand 1 still holds the game open
    game.refresh_from_db()
    assert (game.status, game.hands_played) == (GameStatus.IN_PROGRESS, 1)
    confirm(game, 1, director)
    game.refresh_from_db()
    assert (game.status, game.end_reason, game.hands_played) == ("finished", "round_over", 2)
