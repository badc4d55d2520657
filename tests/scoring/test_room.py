"""The director's room view: every table of a club evening, with an ETag for conditional
polling, a fixed number of queries, and directors only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring import services

from .support import API, error_of, hand_url


@pytest.fixture
def tonight(public_club, users):
    league = services.create_league(
        club=public_club, name="Night", ruleset="standard", confirmations=1
    )
    games = [
        services.create_game(
            club=public_club, league=league, players=public_club.seated[i : i + 4], actor=None
        )
        for i in (0, 2)
    ]
    yesterday = timezone.now() - timedelta(days=1)
    services.create_game(
        club=public_club, players=public_club.seated[:4], actor=None, started_at=yesterday
    )
    return games


def room_url(club) -> str:
    return f"{API}/clubs/{club.pk}/room/"


def test_it_shows_every_table_started_today_with_what_waits(
    tonight, public_club, client_for, users
):
    scorer, director = client_for(users["scorer"]), client_for(users["director"])
    scorer.put(hand_url(tonight[0].pk, 1), {"points": [13, 5, 4, 4]}, format="json")
    body = director.get(room_url(public_club)).json()
    assert [t["game"] for t in body["tables"]] == [g.pk for g in tonight]
    first = body["tables"][0]
    assert first["awaiting"] == [{"number": 1, "confirmation": "awaiting"}]
    assert first["totals"] == [0, 0, 0, 0]
    assert (first["hands_recorded"], first["hands_counted"]) == (1, 0)
    assert (first["next_hand"], first["next_dealer"]) == (2, 1)
    assert [s["name"] for s in first["seats"]] == ["Ada", "Ben", "Cleo", "Dev"]
    assert first["link"] == f"/games/{tonight[0].pk}/"


def test_it_answers_304_until_any_table_of_the_evening_changes(
    tonight, public_club, client_for, users
):
    director = client_for(users["director"])
    first = director.get(room_url(public_club))
    etag = first["ETag"]
    assert director.get(room_url(public_club), HTTP_IF_NONE_MATCH=etag).status_code == 304
    client_for(users["scorer"]).put(
        hand_url(tonight[1].pk, 1), {"points": [13, 5, 4, 4]}, format="json"
    )
    changed = director.get(room_url(public_club), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_it_reads_the_room_in_a_fixed_number_of_queries(tonight, public_club, client_for, users):
    director = client_for(users["director"])
    director.get(room_url(public_club))  # the first request reads what every later one reuses
    with CaptureQueriesContext(connection) as few:
        director.get(room_url(public_club))
    for i in range(3):
        services.create_game(club=public_club, players=public_club.seated[i : i + 4], actor=None)
    with CaptureQueriesContext(connection) as more:
        assert len(director.get(room_url(public_club)).json()["tables"]) == 5
    assert len(more) == len(few)


def test_it_shows_the_room_of_another_day_and_refuses_a_bad_date(
    tonight, public_club, client_for, users
):
    director = client_for(users["director"])
    day = (timezone.localdate() - timedelta(days=1)).isoformat()
    assert len(director.get(room_url(public_club), {"date": day}).json()["tables"]) == 1
    assert error_of(director.get(room_url(public_club), {"date": "31/12"}), 400)[1] == "date"


@pytest.mark.parametrize("who,status", [("scorer", 403), ("member", 403), ("anonymous", 403)])
def test_it_shows_the_room_to_directors_only(who, status, tonight, public_club, client_for, users):
    response = client_for(users[who]).get(room_url(public_club))
    assert response.status_code in (status, 401)


def test_it_hides_a_private_clubs_room_from_outsiders(private_club, client_for, users):
    assert client_for(users["outsider"]).get(room_url(private_club)).status_code == 404


# --- The wall: the same room for anyone who may read the club, with the night's leaders -----------


def wall_url(club) -> str:
    return f"{API}/clubs/{club.pk}/wall/"


def test_the_wall_shows_a_public_clubs_room_to_anyone_and_answers_304_until_it_changes(
    tonight, public_club, client_for, users
):
    anyone = client_for(users["anonymous"])
    first = anyone.get(wall_url(public_club))
    assert first.status_code == 200
    assert [t["game"] for t in first.json()["tables"]] == [g.pk for g in tonight]
    assert anyone.get(wall_url(public_club), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    client_for(users["scorer"]).put(
        hand_url(tonight[0].pk, 1), {"points": [13, 5, 4, 4]}, format="json"
    )
    assert anyone.get(wall_url(public_club), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


@pytest.mark.parametrize("who,status", [("member", 200), ("outsider", 404), ("anonymous", 404)])
def test_a_private_clubs_wall_is_for_its_members_only(who, status, private_club, client_for, users):
    services.create_game(
        club=private_club, players=private_club.seated[:4], actor=None, table="Table 1"
    )
    response = client_for(users[who]).get(wall_url(private_club))
    assert response.status_code == status
    if status == 404:
        assert "Table 1" not in response.content.decode()


def test_the_wall_reads_in_a_fixed_number_of_queries_and_its_304_in_three(
    tonight, public_club, client_for, users
):
    def friendly_game_with_a_hand(first_seat: int) -> None:
        game = services.create_game(
            club=public_club, players=public_club.seated[first_seat : first_seat + 4], actor=None
        )
        services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=None)

    anyone = client_for(users["anonymous"])
    friendly_game_with_a_hand(0)
    anyone.get(wall_url(public_club))
    with CaptureQueriesContext(connection) as few:
        anyone.get(wall_url(public_club))
    for i in range(3):
        friendly_game_with_a_hand(i)
    with CaptureQueriesContext(connection) as more:
        body = anyone.get(wall_url(public_club)).json()
    assert (len(body["tables"]), len(body["leaders"])) == (6, 6)
    assert len(more) == len(few)
    with CaptureQueriesContext(connection) as unchanged:
        assert (
            anyone.get(wall_url(public_club), HTTP_IF_NONE_MATCH=f'"{body["version"]}"').status_code
            == 304
        )
    assert len(unchanged) == 3  # the club, the evening's one aggregate, the evening's night


def test_the_walls_version_follows_its_night_a_check_in_a_draw_and_its_start(
    public_club, client_for, users
):
    """The wall updates itself on its version alone: the night's own steps change it, though
    they change no game (the room's version stays)."""
    director = users["director"]
    league = services.create_league(club=public_club, name="Nights", ruleset="standard")
    night = services.open_night(
        club=public_club, league=league, name="Friday", rounds=2, round_minutes=20, actor=director
    )
    anyone = client_for(users["anonymous"])
    seen = [anyone.get(wall_url(public_club))["ETag"]]
    for player in public_club.seated[:4]:
        services.check_in(club=public_club, night_id=night.pk, player_id=player.pk, actor=director)
    seen.append(anyone.get(wall_url(public_club))["ETag"])
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    seen.append(anyone.get(wall_url(public_club))["ETag"])
    with CaptureQueriesContext(connection) as unchanged:
        status = anyone.get(wall_url(public_club), HTTP_IF_NONE_MATCH=seen[-1]).status_code
    assert (
        status == 304 and len(unchanged) == 5
    )  # the club, the games, the night, its rounds, its check-ins
    services.publish_round(club=public_club, night_id=night.pk, actor=director)
    seen.append(anyone.get(wall_url(public_club))["ETag"])
    services.start_round(club=public_club, night_id=night.pk, actor=director)
    seen.append(anyone.get(wall_url(public_club))["ETag"])
    assert len(set(seen)) == len(seen), seen


def test_a_finished_tables_winner_and_the_nights_leaders(public_club, client_for, users):
    """Leaders: games won tonight first, then the fewest points a counted hand; an abandoned
    game and a game with no hand counted add nothing."""
    ada, ben, cleo, dev, edie, finn = public_club.seated
    won = services.create_game(club=public_club, players=[ada, ben, cleo, dev], actor=None)
    moon = {"points": [0, 0, 0, 26], "moon_choice": "add_to_others"}
    for number in range(1, 5):  # Dev shoots four moons: 0 against 104 each
        services.enter_hand(game_id=won.pk, number=number, entry=moon, actor=None)
    playing = services.create_game(
        club=public_club, players=[ada, edie, finn, ben], actor=None, table="Table 2"
    )
    services.enter_hand(game_id=playing.pk, number=1, entry={"points": [1, 12, 0, 13]}, actor=None)
    dropped = services.create_game(club=public_club, players=[cleo, dev, edie, finn], actor=None)
    services.enter_hand(game_id=dropped.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=None)
    services.abandon_game(game_id=dropped.pk, reason="closing", actor=None)
    services.create_game(club=public_club, players=[ada, ben, cleo, dev], actor=None)  # no hand

    body = client_for(users["director"]).get(room_url(public_club)).json()
    first = body["tables"][0]
    assert first["status"] == "finished" and first["winners"] == [3]
    assert [s["is_winner"] for s in first["seats"]] == [False, False, False, True]
    assert body["tables"][1]["table"] == "Table 2"
    # Dev won; Finn took 0 in one hand; Edie 12 in one; Ada 105 in five; Ben 117 in five;
    # Cleo 104 in four.
    rows = body["leaders"]
    assert [(row["place"], row["name"], row["wins"], row["per_hand"]) for row in rows] == [
        ("1", "Dev", 1, 0.0),
        ("2", "Finn", 0, 0.0),
        ("3", "Edie", 0, 12.0),
        ("4", "Ada", 0, 21.0),
        ("5", "Ben", 0, 23.4),
        ("6", "Cleo", 0, 26.0),
    ]
    by_name = {row["name"]: row for row in rows}
    assert (by_name["Dev"]["games"], by_name["Dev"]["hands"], by_name["Dev"]["points"]) == (1, 4, 0)
    assert (by_name["Ada"]["games"], by_name["Ada"]["hands"], by_name["Ada"]["points"]) == (
        2,
        5,
        105,
    )


def test_players_equal_on_wins_and_points_a_hand_share_their_place(public_club):
    from scoring.selectors.room import leaders

    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=None)
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 13, 0, 0]}, actor=None)
    game.refresh_from_db()
    places = [(row["name"], row["place"]) for row in leaders([game])]
    assert places == [("Cleo", "1="), ("Dev", "1="), ("Ada", "3="), ("Ben", "3=")]
