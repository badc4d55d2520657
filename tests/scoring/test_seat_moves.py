"""A seat fix after the draw (issue 52): one player moved to another table, one table's seats
drawn again; before publishing or once out, never at a table that has recorded a hand."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Event, EventType, GameSeat, HistoryEntry
from tests.scoring.night_support import code_of, enter, games_of

pytestmark = pytest.mark.django_db


def _tables(night, number: int = 1):
    return list(night.rounds.get(number=number).tables.order_by("number"))


def test_a_player_moved_to_another_table_plays_there_and_both_games_are_seated_again(
    public_club, night_of, director
):
    night = night_of()
    first, second = _tables(night)
    mover = first.players[1]
    services.move_player(club=public_club, night_id=night.pk, player=mover, table=2, actor=director)
    first, second = _tables(night)
    assert len(first.players) == 3 and mover not in first.players
    assert second.players[-1] == mover and len(second.players) == 5
    one, two = games_of(night)
    assert sorted(GameSeat.objects.filter(game=one).values_list("player", flat=True)) == sorted(
        first.players
    )
    assert (
        list(GameSeat.objects.filter(game=two).order_by("seat").values_list("player", flat=True))
        == second.players
    )
    assert HistoryEntry.objects.filter(game=two, action="seats_changed").exists()
    change = Event.objects.filter(type=EventType.ROUND_CHANGED).latest("id").data["change"]
    assert change["kind"] == "seat_moved" and change["tables"] == [1, 2]


def test_a_move_is_refused_to_its_own_table_past_the_nights_sizes_and_after_a_hand(
    public_club, night_of, director, scorer
):
    night = night_of()
    first, _second = _tables(night)
    move = lambda player, table: code_of(  # noqa: E731
        lambda: services.move_player(
            club=public_club, night_id=night.pk, player=player, table=table, actor=director
        )
    )
    assert move(first.players[0], 1) == "same_table"
    assert move(first.players[0], 9) == "unknown_table"
    services.move_player(
        club=public_club, night_id=night.pk, player=first.players[0], table=2, actor=director
    )
    first, second = _tables(night)
    # Table 1 has 3 now: a table of 2 is no size the night allows.
    assert move(first.players[0], 2) == "table_size"
    enter(games_of(night)[1], 1, [13, 13, 0, 0, 0], scorer)
    assert move(second.players[0], 1) == "table_started"
    assert [len(t.players) for t in _tables(night)] == [3, 5]


def test_a_table_drawn_again_sits_in_an_order_no_turn_of_the_old_gives(
    public_club, night_of, director, scorer
):
    night = night_of()
    before = _tables(night)[0].players
    services.redraw_table(club=public_club, night_id=night.pk, table=1, actor=director)
    after = _tables(night)[0].players
    assert sorted(after) == sorted(before)
    assert after not in [before[i:] + before[:i] for i in range(4)]
    game = games_of(night)[0]
    assert list(game.seats.order_by("seat").values_list("player", flat=True)) == after
    enter(game, 1, [13, 13, 0, 0], scorer)
    refused = code_of(
        lambda: services.redraw_table(club=public_club, night_id=night.pk, table=1, actor=director)
    )
    assert refused == "table_started"
    assert _tables(night)[0].players == after
