"""A substitute into a seat of a game that has recorded hands (issue 52 point 1): each hand
keeps who played each seat, the seat's game counts to whom the night's ``substitute_scores``
says, and the standings (night, league) and the pages say so. Refused clearly, nothing
written, on a conflict.

The table worked out by hand, table 1 of round 1 (a round of 3 hands), the substitute in
seat 4 (index 3) from hand 2:

    hand 1: [13, 5, 4, 4]   hand 2: [4, 13, 9, 0]   hand 3: [6, 3, 13, 4]
    totals: seat 1 23, seat 2 21, seat 3 26, seat 4 8: seat 4 first (4 place points),
    seat 2 second (2), seat 1 third (1), seat 3 fourth (0).

So under ``starter`` the player who started seat 4 has one game, one win, 4 place points and
8 points (all three hands), the substitute none; under ``finisher`` the other way round."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services
from scoring.models import (
    CheckIn,
    Event,
    EventType,
    GameSeat,
    GameStatus,
    HistoryEntry,
    NightTable,
    SeatChange,
)
from scoring.selectors import standings
from scoring.selectors.night_standings import standings_of
from scoring.selectors.nights import night_detail
from scoring.selectors.substitutes import game_substitutions
from tests.scoring.night_support import code_of, confirm, enter, games_of
from tests.scoring.support import error_of

pytestmark = pytest.mark.django_db

HANDS = ([13, 5, 4, 4], [4, 13, 9, 0], [6, 3, 13, 4])


def _substitute_after_hand_one(public_club, night_of, director, scorer, counts_to):
    night = night_of(rounds=2, round_hands=3, substitute_scores=counts_to)
    first, _second = games_of(night)
    enter(first, 1, list(HANDS[0]), scorer)
    confirm(first, 1, director)
    sub = services.create_player(club=public_club, name="Sub Sue")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    starter = first.seats.get(seat=3).player
    table = services.substitute(
        club=public_club, night_id=night.pk, player=sub.pk, replaces=starter.pk, actor=director
    )
    for number, points in enumerate(HANDS[1:], start=2):
        enter(first, number, list(points), scorer)
        confirm(first, number, director)
    first.refresh_from_db()
    return night, first, table, starter, sub


def _row(rows, player):
    return next((row for row in rows if row["player"] == player.pk), None)


def test_under_starter_the_seat_s_whole_game_counts_to_who_started_it_and_the_standings_say_so(
    public_club, night_of, director, scorer, confirmed_league
):
    night, game, table, starter, sub = _substitute_after_hand_one(
        public_club, night_of, director, scorer, "starter"
    )
    assert game.status == GameStatus.FINISHED
    assert game.totals == [23, 21, 26, 8]
    change = SeatChange.objects.get(game=game)
    assert (change.seat, change.from_hand, change.player, change.replaced) == (3, 2, sub, starter)
    assert GameSeat.objects.get(game=game, seat=3).player == starter
    assert table.players[3] == sub.pk  # the table's phone and seats say who sits there now
    services.end_round(club=public_club, night_id=night.pk, actor=director, now_for_all=True)
    rows = standings_of(night)["latest"]["rows"]
    assert (_row(rows, starter)["games"], _row(rows, starter)["place_points"]) == (1, 4)
    assert _row(rows, starter)["total_points"] == 8
    assert _row(rows, sub)["games"] == 0
    league_rows = standings.league_table(confirmed_league, standings.Period())["rows"]
    assert (_row(league_rows, starter)["games"], _row(league_rows, starter)["wins"]) == (1, 1)
    assert _row(league_rows, sub) is None
    words = (
        f"Seat 4: {starter.name} played hand 1; Sub Sue substituted from hand 2. "
        f"The seat's game counts to {starter.name}."
    )
    assert game_substitutions(game.pk) == [words]
    detail = night_detail(night)
    assert [s["words"] for s in detail["substitutions"]] == [words]
    seat = detail["rounds"][0]["tables"][0]["seats"][3]
    assert (seat["player"], seat["counts_to"], seat["counts_to_name"]) == (
        sub.pk,
        starter.pk,
        starter.name,
    )


def test_under_finisher_the_seat_s_whole_game_counts_to_the_substitute(
    public_club, night_of, director, scorer, confirmed_league
):
    night, game, _table, starter, sub = _substitute_after_hand_one(
        public_club, night_of, director, scorer, "finisher"
    )
    assert GameSeat.objects.get(game=game, seat=3).player == sub
    services.end_round(club=public_club, night_id=night.pk, actor=director, now_for_all=True)
    rows = standings_of(night)["latest"]["rows"]
    assert (_row(rows, sub)["games"], _row(rows, sub)["place_points"]) == (1, 4)
    assert _row(rows, sub)["total_points"] == 8
    assert _row(rows, starter)["games"] == 0
    league_rows = standings.league_table(confirmed_league, standings.Period())["rows"]
    assert (_row(league_rows, sub)["games"], _row(league_rows, sub)["total_points"]) == (1, 8)
    assert _row(league_rows, starter) is None
    assert game_substitutions(game.pk)[0].endswith(f"The seat's game counts to {sub.name}.")
    seat = night_detail(night)["rounds"][0]["tables"][0]["seats"][3]
    assert (seat["player"], seat["counts_to"]) == (sub.pk, sub.pk)


def test_a_substitute_is_a_round_changed_event_and_a_line_of_the_game_s_history(
    public_club, night_of, director, scorer
):
    night = night_of(round_hands=3)
    first, _second = games_of(night)
    enter(first, 1, list(HANDS[0]), scorer)
    sub = services.create_player(club=public_club, name="Sub Sue")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    out = first.seats.get(seat=0).player
    first.refresh_from_db()
    version = first.version
    services.substitute(
        club=public_club,
        night_id=night.pk,
        player=sub.pk,
        replaces=out.pk,
        leaves=True,
        game_version=version,
        actor=director,
    )
    event = Event.objects.filter(type=EventType.ROUND_CHANGED).latest("sequence")
    assert event.data["change"]["kind"] == "seat_substituted"
    assert event.data["change"]["players"] == [out.pk, sub.pk]
    entry = HistoryEntry.objects.get(game=first, action="seat_substituted")
    assert entry.after == {
        "seat": 0,
        "player": sub.pk,
        "from_hand": 2,
        "substitute_scores": "starter",
    }
    assert not CheckIn.objects.get(night=night, player=out).present  # leaves: withdrawn
    first.refresh_from_db()
    assert first.version > version


def test_a_substitute_at_a_table_with_no_hand_is_a_plain_seat_change(
    public_club, night_of, director
):
    night = night_of()
    first, _second = games_of(night)
    sub = services.create_player(club=public_club, name="Sub Sue")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    out = first.seats.get(seat=2).player
    services.substitute(
        club=public_club, night_id=night.pk, player=sub.pk, replaces=out.pk, actor=director
    )
    assert GameSeat.objects.get(game=first, seat=2).player == sub
    assert not SeatChange.objects.exists()


def _refused(public_club, night, director, **call):
    return code_of(
        lambda: services.substitute(club=public_club, night_id=night.pk, actor=director, **call)
    )


def test_a_substitute_is_refused_clearly_on_each_conflict_and_nothing_is_written(
    public_club, night_of, director, scorer
):
    night = night_of(round_hands=3)
    first, second = games_of(night)
    enter(first, 1, list(HANDS[0]), scorer)
    seated_elsewhere = second.seats.get(seat=0).player
    out = first.seats.get(seat=1).player
    assert _refused(public_club, night, director, player=seated_elsewhere.pk, replaces=out.pk) == (
        "already_seated"
    )
    stranger = services.create_player(club=public_club, name="Not Here")
    assert _refused(public_club, night, director, player=stranger.pk, replaces=out.pk) == (
        "not_checked_in"
    )
    sub = services.create_player(club=public_club, name="Sub Sue")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    first.refresh_from_db()
    stale = first.version
    enter(first, 2, list(HANDS[1]), scorer)  # a hand recorded since the director read the game
    assert (
        _refused(public_club, night, director, player=sub.pk, replaces=out.pk, game_version=stale)
        == "version_mismatch"
    )
    enter(first, 3, list(HANDS[2]), scorer)  # the round's last hand: the table has finished
    assert _refused(public_club, night, director, player=sub.pk, replaces=out.pk) == (
        "table_finished"
    )
    assert not SeatChange.objects.exists()
    assert CheckIn.objects.get(night=night, player=sub).arrived_before == 2  # not brought forward
    assert out.pk in NightTable.objects.get(pk=first.night_table.pk).players


def test_a_substitute_who_played_another_seat_of_the_game_is_refused_but_may_come_back_to_their_own(
    public_club, night_of, director, scorer
):
    night = night_of(round_hands=5)
    first, _second = games_of(night)
    enter(first, 1, list(HANDS[0]), scorer)
    a, b = first.seats.get(seat=0).player, first.seats.get(seat=1).player
    sub = services.create_player(club=public_club, name="Sub Sue")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    services.substitute(
        club=public_club, night_id=night.pk, player=sub.pk, replaces=a.pk, actor=director
    )
    enter(first, 2, list(HANDS[1]), scorer)
    assert _refused(public_club, night, director, player=a.pk, replaces=b.pk) == "two_seats"
    services.substitute(
        club=public_club, night_id=night.pk, player=a.pk, replaces=sub.pk, actor=director
    )
    assert list(SeatChange.objects.values_list("seat", "from_hand", "player")) == [
        (0, 2, sub.pk),
        (0, 3, a.pk),
    ]
    assert game_substitutions(first.pk)[1].startswith("Seat 1: Sub Sue played hand 2; ")


def test_a_night_is_opened_through_the_api_with_its_substitute_rule_and_an_unknown_one_is_refused(
    public_club, confirmed_league, director_api
):
    url = f"/api/v1/clubs/{public_club.pk}/nights/"
    body = {"league": confirmed_league.pk, "name": "Friday", "rounds": 2, "round_hands": 2}
    default = director_api.post(url, body, format="json")
    assert default.status_code == 201 and default.json()["substitute_scores"] == "starter"
    finisher = director_api.post(url, {**body, "substitute_scores": "finisher"}, format="json")
    assert finisher.json()["substitute_scores"] == "finisher"
    unknown = director_api.post(url, {**body, "substitute_scores": "per_hand"}, format="json")
    assert error_of(unknown, 400) == ("invalid_choice", "substitute_scores")


def test_the_night_reads_its_substitutions_in_as_many_queries_for_one_as_for_three(
    public_club, night_of, director, scorer
):
    night = night_of(round_hands=5)
    first, second = games_of(night)
    subs = []
    for game in (first, second):
        enter(game, 1, list(HANDS[0]), scorer)
    for name in ("Sub A", "Sub B", "Sub C"):
        sub = services.create_player(club=public_club, name=name)
        services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
        subs.append(sub)
    out = [first.seats.get(seat=0).player, first.seats.get(seat=2).player]
    out.append(second.seats.get(seat=1).player)

    def put_in(index):
        services.substitute(
            club=public_club,
            night_id=night.pk,
            player=subs[index].pk,
            replaces=out[index].pk,
            actor=director,
        )

    def counted() -> tuple[int, int]:
        with CaptureQueriesContext(connection) as queries:
            found = len(night_detail(night)["substitutions"])
        return found, len(queries)

    put_in(0)
    one, one_queries = counted()
    put_in(1)
    put_in(2)
    three, three_queries = counted()
    assert (one, three) == (1, 3)
    assert three_queries == one_queries


def test_a_substitute_s_record_merged_into_another_takes_its_seat_changes_but_not_into_a_tablemate(
    public_club, night_of, director, scorer
):
    night = night_of(round_hands=5)
    first, _second = games_of(night)
    enter(first, 1, list(HANDS[0]), scorer)
    sub = services.create_player(club=public_club, name="Sub Sue")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    services.substitute(
        club=public_club,
        night_id=night.pk,
        player=sub.pk,
        replaces=first.seats.get(seat=3).player_id,
        actor=director,
    )
    tablemate = first.seats.get(seat=0).player
    refused = code_of(lambda: services.merge_players(source=sub, target=tablemate, actor=director))
    assert refused == "players_share_a_game"
    same_person = services.create_player(club=public_club, name="Susan")
    services.merge_players(source=sub, target=same_person, actor=director)
    assert SeatChange.objects.get(game=first).player == same_person
