"""A player's finished games where players already log their plays (issue 53, point 5): a BG
Stats play file and BoardGameGeek's play-logging fields, from the API and the player's page.
Each game one play, its seats' totals, places and wins as the game has them; nothing of a
game still in play; the same UUIDs at every export; three queries (the player, the games,
their seats) whatever the games."""

from __future__ import annotations

import json
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from scoring import services
from scoring.models import Game, GameStatus

from .support import API

pytestmark = pytest.mark.django_db


def finished(club, players, owner) -> Game:
    """A standard game to 100: seat 0 takes 13 a hand, so it ends after hand 8 at 104; seats
    2 and 3 share the win at 32."""
    game = services.create_game(club=club, players=players, actor=owner, ruleset="standard")
    for number in range(1, 9):
        services.enter_hand(
            game_id=game.pk, number=number, entry={"points": [13, 5, 4, 4]}, actor=owner
        )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game


def bg_stats(player, client=None):
    return (client or APIClient()).get(f"{API}/players/{player.pk}/bg-stats/")


def test_a_finished_game_is_one_bg_stats_play_with_each_seats_total_place_and_win(
    public_club, owner
):
    seated = public_club.seated[:4]
    game = finished(public_club, seated, owner)
    services.create_game(club=public_club, players=seated, actor=owner, ruleset="standard")
    answer = bg_stats(seated[0])
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == f'attachment; filename="hearts-{seated[0].pk}.bgsplay"'
    document = answer.json()
    [play] = document["plays"]  # the game still in play is no play yet
    names = {p["id"]: p["name"] for p in document["players"]}
    assert sorted(names.values()) == sorted(p.name for p in seated)
    rows = [
        (names[s["playerRefId"]], s["score"], s["rank"], s["winner"]) for s in play["playerScores"]
    ]
    assert rows == [
        (seat.player.name, str(seat.total), seat.place, seat.is_winner)
        for seat in game.seats.order_by("seat")
    ]
    assert [r[1] for r in rows] == ["104", "40", "32", "32"]
    assert [r[3] for r in rows] == [False, False, True, True]
    assert play["rounds"] == 8 and play["gameRefId"] == document["games"][0]["id"]
    assert document["games"][0]["bggId"] == 6887
    assert document["games"][0]["highestWins"] is False
    assert [loc["name"] for loc in document["locations"]] == [public_club.name]
    assert play["locationRefId"] == document["locations"][0]["id"]


def test_every_export_names_a_game_and_a_player_by_the_same_uuid(public_club, owner):
    seated = public_club.seated[:4]
    finished(public_club, seated, owner)
    first = bg_stats(seated[1]).json()
    finished(public_club, seated, owner)
    again = bg_stats(seated[1]).json()
    assert again["plays"][0]["uuid"] == first["plays"][0]["uuid"]
    assert again["plays"][1]["uuid"] != first["plays"][0]["uuid"]
    assert [p["uuid"] for p in again["players"]] == [p["uuid"] for p in first["players"]]
    assert all(uuid.UUID(p["uuid"]).version == 5 for p in again["plays"])


def test_boardgamegeeks_fields_give_each_seat_its_position_score_and_win(public_club, owner):
    seated = public_club.seated[:4]
    game = finished(public_club, seated, owner)
    answer = APIClient().get(f"{API}/players/{seated[2].pk}/bgg-plays/")
    assert answer.status_code == 200
    [play] = answer.json()
    assert (play["objectid"], play["quantity"], play["location"]) == (6887, 1, public_club.name)
    assert play["playdate"] == game.started_at.date().isoformat()
    assert [(p["name"], p["position"], p["score"], p["win"]) for p in play["players"]] == [
        (seated[0].name, "1", "104", False),
        (seated[1].name, "2", "40", False),
        (seated[2].name, "3", "32", True),
        (seated[3].name, "4", "32", True),
    ]


def test_the_exports_take_four_queries_whatever_the_games(public_club, owner):
    """The player, the games, their seats, and the players whose names are not public."""
    seated = public_club.seated[:4]
    finished(public_club, seated, owner)
    with CaptureQueriesContext(connection) as one:
        assert len(bg_stats(seated[0]).json()["plays"]) == 1
    for _ in range(3):
        finished(public_club, seated[::-1], owner)
    with CaptureQueriesContext(connection) as four:
        assert len(bg_stats(seated[0]).json()["plays"]) == 4
    assert len(four) == len(one) == 4, [q["sql"][:80] for q in four.captured_queries]


def test_a_private_clubs_player_is_exported_to_its_members_only(private_club, owner, member):
    seated = private_club.seated[:4]
    finished(private_club, seated, owner)
    assert bg_stats(seated[0]).status_code == 404
    assert APIClient().get(f"{API}/players/{seated[0].pk}/bgg-plays/").status_code == 404
    reader = APIClient()
    reader.force_authenticate(member)
    assert len(bg_stats(seated[0], reader).json()["plays"]) == 1


def test_the_players_page_links_both_files_once_a_game_is_finished(client, public_club, owner):
    player = public_club.seated[0]
    page = client.get(f"/players/{player.pk}/")
    assert f"/api/v1/players/{player.pk}/bg-stats/" not in page.content.decode()
    finished(public_club, public_club.seated[:4], owner)
    page = client.get(f"/players/{player.pk}/").content.decode()
    for url in (
        f"/api/v1/players/{player.pk}/bg-stats/",
        f"/api/v1/players/{player.pk}/bgg-plays/",
    ):
        assert f'href="{url}"' in page
        assert json.loads(client.get(url).content)
