"""A night that does not go to plan (issue 52): players come and go during a round, a
director checks several in at once, fixes seats after the draw, gives one table more time or
ends it, and draws again for another draw."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import (
    CheckIn,
    Event,
    EventType,
    GameSeat,
    GameStatus,
    HistoryEntry,
    NightRound,
    RoundStatus,
)
from tests.scoring.night_support import code_of, enter, games_of

pytestmark = pytest.mark.django_db

SIXTEEN = [f"S{n:02}" for n in range(1, 17)]


def _player(club, name):
    return services.create_player(club=club, name=name)


def _round_one(night) -> NightRound:
    return night.rounds.get(number=1)


def test_a_late_arrival_is_checked_in_during_a_round_and_plays_from_the_next(
    public_club, night_of, director
):
    night = night_of(rounds=3)
    late = _player(public_club, "Late Lou")
    entry = services.check_in(
        club=public_club, night_id=night.pk, player_id=late.pk, actor=director
    )
    assert entry.arrived_before == 2
    assert all(late.pk not in t.players for t in _round_one(night).tables.all())
    own = _player(public_club, "Scanning Sam")
    mine = services.check_in(
        club=public_club, night_id=night.pk, player_id=own.pk, actor=director, by_self=True
    )
    assert mine.arrived_before == 2


def test_a_player_withdrawn_during_a_round_plays_it_out_or_leaves_now_and_their_table_stands(
    public_club, night_of, director, scorer
):
    night = night_of(rounds=3, round_hands=3)
    first, second = games_of(night)
    enter(first, 1, [13, 13, 0, 0], scorer)
    services.confirm_for_table(game_id=first.pk, number=1, actor=director)
    leaving = first.seats.get(seat=0).player
    staying = second.seats.get(seat=0).player
    later = services.withdraw(
        club=public_club, night_id=night.pk, player_id=staying.pk, actor=director
    )
    assert later.withdrawn_before == 2
    second.refresh_from_db()
    assert second.status == GameStatus.IN_PROGRESS
    no_reason = code_of(
        lambda: services.withdraw(
            club=public_club, night_id=night.pk, player_id=leaving.pk, actor=director, now=True
        )
    )
    assert no_reason == "reason_required"
    services.withdraw(
        club=public_club,
        night_id=night.pk,
        player_id=leaving.pk,
        actor=director,
        now=True,
        reason="Taken ill",
    )
    first.refresh_from_db()
    assert (first.status, first.end_reason, first.hands_played) == (
        GameStatus.FINISHED,
        "round_over",
        1,
    )
    assert HistoryEntry.objects.filter(game=first, action="table_finished").get().reason == (
        "Taken ill"
    )
    changed = Event.objects.filter(club=public_club, type=EventType.ROUND_CHANGED).get()
    assert changed.data["change"] == {
        "kind": "table_finished",
        "tables": [1],
        "players": [],
        "minutes": None,
        "reason": "Taken ill",
    }


def test_a_director_checks_several_players_in_at_once_or_none_of_them(
    public_club, night_of, director
):
    night = night_of()
    fresh = [_player(public_club, f"Fresh {n}") for n in range(3)]
    already = CheckIn.objects.filter(night=night).first().player
    with pytest.raises(DomainError):
        services.check_in_many(
            club=public_club,
            night_id=night.pk,
            players=[fresh[0].pk, already.pk, fresh[1].pk],
            actor=director,
        )
    assert not CheckIn.objects.filter(night=night, player__in=fresh).exists()
    entries = services.check_in_many(
        club=public_club, night_id=night.pk, players=[p.pk for p in fresh], actor=director
    )
    assert [e.arrived_before for e in entries] == [2, 2, 2]


def test_a_refused_player_in_a_bulk_check_in_is_named_by_its_place(public_club, night_of, director):
    night = night_of()
    fresh = _player(public_club, "Fresh")
    already = CheckIn.objects.filter(night=night).first().player
    with pytest.raises(DomainError) as caught:
        services.check_in_many(
            club=public_club, night_id=night.pk, players=[fresh.pk, already.pk], actor=director
        )
    assert (caught.value.code, caught.value.attr) == ("already_checked_in", "players.1")
    twice = code_of(
        lambda: services.check_in_many(
            club=public_club, night_id=night.pk, players=[fresh.pk, fresh.pk], actor=director
        )
    )
    assert twice == "invalid_players"


def test_two_players_at_different_tables_swap_seats_before_a_hand_and_their_games_follow(
    public_club, night_of, director
):
    night = night_of()
    first, second = games_of(night)
    a = first.seats.get(seat=1).player
    b = second.seats.get(seat=2).player
    services.swap_seats(club=public_club, night_id=night.pk, players=[a.pk, b.pk], actor=director)
    assert GameSeat.objects.get(game=first, seat=1).player == b
    assert GameSeat.objects.get(game=second, seat=2).player == a
    tables = list(_round_one(night).tables.order_by("number"))
    assert tables[0].players[1] == b.pk and tables[1].players[2] == a.pk
    changed = Event.objects.filter(club=public_club, type=EventType.ROUND_CHANGED).get()
    assert changed.data["change"] == {
        "kind": "seats_swapped",
        "tables": [1, 2],
        "players": [a.pk, b.pk],
        "minutes": None,
        "reason": "",
    }
    assert changed.data["round"]["tables"][0]["players"] == tables[0].players


def test_a_swap_is_refused_at_a_table_that_recorded_a_hand_and_nothing_changes(
    public_club, night_of, director, scorer
):
    night = night_of()
    first, second = games_of(night)
    enter(first, 1, [13, 13, 0, 0], scorer)
    a, b = first.seats.get(seat=1).player, second.seats.get(seat=1).player
    code = code_of(
        lambda: services.swap_seats(
            club=public_club, night_id=night.pk, players=[a.pk, b.pk], actor=director
        )
    )
    assert code == "table_started"
    assert GameSeat.objects.get(game=second, seat=1).player == b
    assert b.pk in _round_one(night).tables.get(number=2).players


def test_a_substitute_checked_in_takes_a_seat_and_the_seated_player_sits_the_round_out(
    public_club, night_of, director
):
    night = night_of(rounds=3)
    first, _second = games_of(night)
    sub = _player(public_club, "Sub")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    out = first.seats.get(seat=3).player
    services.swap_seats(
        club=public_club, night_id=night.pk, players=[out.pk, sub.pk], actor=director
    )
    assert GameSeat.objects.get(game=first, seat=3).player == sub
    assert CheckIn.objects.get(night=night, player=sub).arrived_before == 1
    assert CheckIn.objects.get(night=night, player=out).present
    nobody = _player(public_club, "Nobody")
    refused = code_of(
        lambda: services.swap_seats(
            club=public_club, night_id=night.pk, players=[nobody.pk, sub.pk], actor=director
        )
    )
    assert refused == "not_checked_in"


def test_a_swap_in_a_proposed_draw_recounts_its_repeats(
    public_club, confirmed_league, director, scorer
):
    night = services.open_night(
        club=public_club,
        league=confirmed_league,
        name="N",
        actor=director,
        rounds=2,
        round_hands=1,
    )
    players = [_player(public_club, name) for name in SIXTEEN]
    services.check_in_many(
        club=public_club, night_id=night.pk, players=[p.pk for p in players], actor=director
    )
    for _round in (1, 2):
        drawn = services.draw_round(club=public_club, night_id=night.pk, actor=director)
        if _round == 1:
            services.publish_round(club=public_club, night_id=night.pk, actor=director)
            services.start_round(club=public_club, night_id=night.pk, actor=director)
            for game in games_of(night):
                enter(game, 1, [13, 13, 0, 0], scorer)
                services.confirm_for_table(game_id=game.pk, number=1, actor=director)
            services.end_round(club=public_club, night_id=night.pk, actor=director)
    assert drawn.repeats == 0
    # Round 1's first table, split in round 2: put two of them together again.
    one = night.rounds.get(number=1).tables.get(number=1).players
    two = {p: t for t in drawn.tables.all() for p in t.players}
    a, b = one[0], next(p for p in one[1:] if two[p].number != two[one[0]].number)
    partner = next(p for p in two[b].players if p != b)
    services.swap_seats(club=public_club, night_id=night.pk, players=[a, partner], actor=director)
    drawn.refresh_from_db()
    assert drawn.repeats >= 1 and drawn.lower_bound == 0 and drawn.planned == 1


def test_drawing_again_gives_another_draw_when_one_exists(public_club, confirmed_league, director):
    night = services.open_night(
        club=public_club,
        league=confirmed_league,
        name="N",
        actor=director,
        rounds=3,
        round_hands=1,
    )
    players = [_player(public_club, name) for name in SIXTEEN]
    services.check_in_many(
        club=public_club, night_id=night.pk, players=[p.pk for p in players], actor=director
    )

    def tables_of(drawn):
        return {frozenset(t.players) for t in drawn.tables.all()}

    first = services.draw_round(club=public_club, night_id=night.pk, actor=director)
    again = services.draw_round(club=public_club, night_id=night.pk, actor=director)
    assert tables_of(again) != tables_of(first) and again.seed != first.seed
    assert NightRound.objects.filter(night=night).count() == 1


def test_a_table_of_a_timed_round_gets_more_time_with_a_reason_once_and_again(
    public_club, night_of, director
):
    night = night_of(round_hands=None, round_minutes=30)
    first, second = games_of(night)
    bell = first.round_ends_at
    services.extend_table(
        club=public_club,
        night_id=night.pk,
        table=1,
        minutes=5,
        reason="Late start",
        actor=director,
    )
    services.extend_table(
        club=public_club,
        night_id=night.pk,
        table=1,
        minutes=3,
        reason="A long claim",
        actor=director,
    )
    first.refresh_from_db(), second.refresh_from_db()
    assert first.round_ends_at == bell + timedelta(minutes=8)
    assert second.round_ends_at == bell
    table = _round_one(night).tables.get(number=1)
    assert table.extensions == [
        {"minutes": 5, "reason": "Late start"},
        {"minutes": 3, "reason": "A long claim"},
    ]
    for minutes, code in ((0, "invalid_minutes"), (121, "invalid_minutes")):
        assert (
            code_of(
                lambda minutes=minutes: services.extend_table(
                    club=public_club,
                    night_id=night.pk,
                    table=2,
                    minutes=minutes,
                    reason="x",
                    actor=director,
                )
            )
            == code
        )
    assert (
        code_of(
            lambda: services.extend_table(
                club=public_club, night_id=night.pk, table=9, minutes=5, reason="x", actor=director
            )
        )
        == "unknown_table"
    )


def test_an_extension_is_refused_for_a_round_of_hands_and_after_the_round(
    public_club, night_of, director
):
    night = night_of()
    assert (
        code_of(
            lambda: services.extend_table(
                club=public_club, night_id=night.pk, table=1, minutes=5, reason="x", actor=director
            )
        )
        == "round_not_timed"
    )
    services.end_round(club=public_club, night_id=night.pk, actor=director, now_for_all=True)
    assert (
        code_of(
            lambda: services.extend_table(
                club=public_club, night_id=night.pk, table=1, minutes=5, reason="x", actor=director
            )
        )
        == "no_round_playing"
    )


def test_a_director_ends_one_table_now_and_the_round_goes_on_for_the_others(
    public_club, night_of, director, scorer
):
    night = night_of(round_hands=None, round_minutes=30)
    first, second = games_of(night)
    enter(first, 1, [13, 13, 0, 0], scorer)
    waits = code_of(
        lambda: services.finish_table(
            club=public_club, night_id=night.pk, table=1, reason="Phone lost", actor=director
        )
    )
    assert waits == "hands_unsettled"  # the league asks for confirmations: hand 1 waits
    services.confirm_for_table(game_id=first.pk, number=1, actor=director)
    services.finish_table(
        club=public_club, night_id=night.pk, table=1, reason="Phone lost", actor=director
    )
    first.refresh_from_db(), second.refresh_from_db()
    assert first.status == GameStatus.FINISHED and second.status == GameStatus.IN_PROGRESS
    table = _round_one(night).tables.get(number=1)
    assert table.finished_at is not None and table.finished_at <= timezone.now()
    again = code_of(
        lambda: services.finish_table(
            club=public_club, night_id=night.pk, table=1, reason="again", actor=director
        )
    )
    assert again == "table_finished"
    assert _round_one(night).status == RoundStatus.PLAYING
    ended = first.seats.get(seat=0).player
    playing = second.seats.get(seat=0).player
    into_ended = code_of(
        lambda: services.swap_seats(
            club=public_club, night_id=night.pk, players=[ended.pk, playing.pk], actor=director
        )
    )
    assert into_ended == "table_finished"
    assert GameSeat.objects.get(game=second, seat=0).player == playing
