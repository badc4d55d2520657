"""A hand entry reads and scores with no lock held, then writes only if the game is still at
the version it read (scoring.services.enter_hand). Here another write lands between the read
and the write, on the same database, and the entry must neither lose it nor be lost."""

from __future__ import annotations

import pytest

from hearts_site.errors import Conflict
from scoring import services
from scoring.models import Game, GameSeat, Hand, HistoryEntry
from scoring.services import hands

pytestmark = pytest.mark.django_db

FIRST, SECOND, OTHER = [13, 5, 4, 4], [0, 20, 3, 3], [4, 16, 3, 3]


@pytest.fixture
def rival_after_read(monkeypatch):
    """``rival_after_read(write, times=1)``: run ``write()`` right after each of the next
    ``times`` reads of the game by a hand entry (not the rival's own)."""

    def arrange(write, times: int = 1) -> list[int]:
        read, left, busy = hands.read_game, [times], [False]

        def read_then_rival(game_id):
            found = read(game_id)
            if left[0] and not busy[0]:
                left[0] -= 1
                busy[0] = True
                try:
                    write()
                finally:
                    busy[0] = False
            return found

        monkeypatch.setattr(hands, "read_game", read_then_rival)
        return left

    return arrange


def enter(game, number, points, actor):
    return services.enter_hand(
        game_id=game.pk, number=number, entry={"points": points}, actor=actor
    )


def test_it_scores_against_a_correction_that_landed_after_its_read(
    new_game, scorer, director, rival_after_read
):
    game = new_game("standard")
    enter(game, 1, FIRST, scorer)
    rival_after_read(
        lambda: services.correct_hand(
            game_id=game.pk, number=1, entry={"points": OTHER}, reason="misread", actor=director
        )
    )
    hand, created = enter(game, 2, SECOND, scorer)
    assert created
    stored = Game.objects.get(pk=game.pk)
    # The totals add the corrected hand 1, not the one the entry first read.
    assert stored.totals == [a + b for a, b in zip(OTHER, SECOND, strict=True)]
    assert [s.total for s in GameSeat.objects.filter(game=game).order_by("seat")] == stored.totals
    assert [s.points_taken for s in GameSeat.objects.filter(game=game).order_by("seat")] == (
        stored.totals
    )
    assert stored.version == hand.game.version
    assert HistoryEntry.objects.filter(game=game, action="hand_entered", hand_number=2).count() == 1


def test_it_replays_the_same_hand_stored_by_a_rival_after_its_read(
    new_game, scorer, director, rival_after_read
):
    game = new_game("standard")
    rival_after_read(lambda: enter(game, 1, FIRST, director))
    hand, created = enter(game, 1, FIRST, scorer)
    assert not created
    assert hand.entered_by_id == director.pk
    assert Hand.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).totals == FIRST


def test_it_refuses_a_different_hand_stored_by_a_rival_after_its_read(
    new_game, scorer, director, rival_after_read
):
    game = new_game("standard")
    rival_after_read(lambda: enter(game, 1, OTHER, director))
    with pytest.raises(Conflict) as refused:
        enter(game, 1, FIRST, scorer)
    assert refused.value.code == "hand_exists"
    assert list(Hand.objects.filter(game=game).values_list("points", flat=True)) == [OTHER]
    assert Game.objects.get(pk=game.pk).totals == OTHER


def test_it_gives_up_with_nothing_written_when_the_game_moves_after_every_read(
    new_game, scorer, rival_after_read
):
    game = new_game("standard")
    version = Game.objects.get(pk=game.pk).version
    rival_after_read(
        lambda: services.games_changed(Game.objects.filter(pk=game.pk)),
        times=services.ENTRY_ATTEMPTS,
    )
    with pytest.raises(Conflict) as refused:
        enter(game, 1, FIRST, scorer)
    assert refused.value.code == "game_busy"
    stored = Game.objects.get(pk=game.pk)
    assert (stored.version, stored.totals, stored.hands_played) == (
        version + services.ENTRY_ATTEMPTS,
        [0, 0, 0, 0],
        0,
    )
    assert not Hand.objects.filter(game=game).exists()
    assert not HistoryEntry.objects.filter(game=game, action="hand_entered").exists()


def test_it_stores_the_hand_when_the_game_moves_on_all_but_the_last_attempt(
    new_game, scorer, rival_after_read
):
    game = new_game("standard")
    rival_after_read(
        lambda: services.games_changed(Game.objects.filter(pk=game.pk)),
        times=services.ENTRY_ATTEMPTS - 1,
    )
    _, created = enter(game, 1, FIRST, scorer)
    assert created
    assert Game.objects.get(pk=game.pk).totals == FIRST
    assert Hand.objects.filter(game=game).count() == 1
