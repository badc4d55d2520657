"""A game's table ("Table 3"): named when the game starts (API and services), checked, never
shared by two games in progress in a club, and shown by the scoreboard, the room and the events."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from hearts_site.errors import Conflict
from scoring import selectors, services
from scoring.models import Event, Game, GameStatus
from scoring.services import games as game_services

from .support import API, error_of

pytestmark = pytest.mark.django_db


def start(client, club, table=..., players=None) -> object:
    body = {"club": club.pk, "players": [p.pk for p in (players or club.seated[:4])]}
    if table is not ...:
        body["table"] = table
    return client.post(f"{API}/games/", body, format="json")


def test_a_game_started_at_a_table_names_it_everywhere(public_club, scorer_api, client_for, users):
    created = start(scorer_api, public_club, "Table 3")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert created.json()["table"] == "Table 3"
    assert scorer_api.get(f"{API}/games/{game_id}/").json()["table"] == "Table 3"
    assert scorer_api.get(f"{API}/games/{game_id}/scoreboard/").json()["table"] == "Table 3"
    room = client_for(users["director"]).get(f"{API}/clubs/{public_club.pk}/room/").json()
    assert [t["table"] for t in room["tables"]] == ["Table 3"]
    started = Event.objects.get(game_id=game_id, type="game.started")
    assert started.data["game"]["table"] == "Table 3"


@pytest.mark.parametrize(
    "given,stored",
    [
        (..., ""),
        ("", ""),
        ("  Table   4 ", "Table 4"),
        ("Bar\tcorner", "Bar corner"),
        ("T" * 30, "T" * 30),
    ],
)
def test_a_tables_name_is_optional_and_kept_with_single_spaces(
    public_club, scorer_api, given, stored
):
    created = start(scorer_api, public_club, given)
    assert created.status_code == 201, created.content
    assert Game.objects.get(pk=created.json()["id"]).table == stored


@pytest.mark.parametrize(
    "given,code",
    [("T" * 31, "max_length"), ("Table\u200b3", "invalid_table"), ([3], "invalid")],
)
def test_a_bad_tables_name_is_refused_on_its_field_and_nothing_is_stored(
    public_club, scorer_api, given, code
):
    before = Game.objects.count()
    assert error_of(start(scorer_api, public_club, given), 400) == (code, "table")
    assert Game.objects.count() == before


def test_two_games_in_progress_in_a_club_never_share_a_table(public_club, private_club, scorer_api):
    first = start(scorer_api, public_club, "Table 3").json()["id"]
    before = Game.objects.count()
    refused = start(scorer_api, public_club, "TABLE  3", players=public_club.seated[2:6])
    assert error_of(refused, 409) == ("table_in_use", "table")
    assert f"Game {first} is in progress at Table 3" in refused.json()["errors"][0]["detail"]
    assert Game.objects.count() == before
    # Another club's Table 3 is another table.
    assert start(scorer_api, private_club, "Table 3").status_code == 201


@pytest.mark.parametrize("end", ["finish", "abandon"])
def test_a_game_that_ends_frees_its_table(public_club, scorer_api, users, end):
    first = Game.objects.get(pk=start(scorer_api, public_club, "Table 1").json()["id"])
    if end == "abandon":
        services.abandon_game(game_id=first.pk, reason="closing", actor=users["director"])
    else:  # four moons by the last seat: the others pass 100
        moon = {"points": [0, 0, 0, 26], "moon_choice": "add_to_others"}
        for number in range(1, 5):
            services.enter_hand(game_id=first.pk, number=number, entry=moon, actor=None)
    first.refresh_from_db()
    assert first.status != GameStatus.IN_PROGRESS
    assert start(scorer_api, public_club, "Table 1").status_code == 201


def test_the_database_itself_refuses_a_second_game_in_progress_at_a_table(public_club):
    services.create_game(club=public_club, players=public_club.seated[:4], actor=None, table="A")
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(club=public_club, ruleset={}, started_at=timezone.now(), table="a")


def test_a_game_started_meanwhile_at_the_table_is_refused_by_name(public_club, monkeypatch):
    """Two directors at once: both find the table free, the second insert meets the first
    game's row and is refused as if it had been seen."""
    first = services.create_game(
        club=public_club, players=public_club.seated[:4], actor=None, table="Table 5"
    )
    checks = []
    real = game_services._free_table

    def free_the_first_time(club, table):
        checks.append(table)
        return table if len(checks) == 1 else real(club, table)

    monkeypatch.setattr(game_services, "_free_table", free_the_first_time)
    with pytest.raises(Conflict) as refused:
        services.create_game(
            club=public_club, players=public_club.seated[2:6], actor=None, table="Table 5"
        )
    assert refused.value.code == "table_in_use" and str(first.pk) in refused.value.detail
    assert Game.objects.filter(club=public_club).count() == 1


def test_the_next_free_table_is_the_first_with_no_game_in_progress(public_club, users):
    assert selectors.next_free_table(public_club) == "Table 1"
    seated = public_club.seated
    for table in ("table 1", "Table 3", "Corner"):
        services.create_game(club=public_club, players=seated[:4], actor=None, table=table)
    assert selectors.next_free_table(public_club) == "Table 2"
    services.create_game(club=public_club, players=seated[:4], actor=None, table="Table 2")
    assert selectors.next_free_table(public_club) == "Table 4"
    one = Game.objects.get(table="table 1")
    services.abandon_game(game_id=one.pk, reason="closing", actor=users["director"])
    assert selectors.next_free_table(public_club) == "Table 1"
