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
