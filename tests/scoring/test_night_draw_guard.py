"""A night's limits and its draw's scorers (issues 49 and 51): players per club and per night
refused with their codes, a check-in's answer the size of what it changed, a scorer seated at
every table when enough are checked in, and the tables without one named to the director."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import NightRound, Role
from tests.scoring.conftest import make_user
from tests.scoring.support import error_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(public_club):
    return services.create_league(club=public_club, name="Night league", ruleset="standard")


def nights_url(club, tail=""):
    return f"/api/v1/clubs/{club.pk}/nights/{tail}"


def opened(api, club, league, rounds=3):
    body = {"league": league.pk, "name": "Friday", "rounds": rounds, "round_hands": 2}
    answer = api.post(nights_url(club), body, format="json")
    assert answer.status_code == 201, answer.content
    return nights_url(club, f"{answer.json()['id']}/")


def with_role(club, name: str, role: str | None):
    """A player of ``club``; with a role, linked to an account of that role in the club."""
    user = None
    if role is not None:
        user = make_user(f"u-{name.lower()}")
        services.set_membership(club=club, user=user, role=role)
    return services.create_player(club=club, name=name, user=user)


def checked_in(api, base, players):
    for player in players:
        answer = api.post(base + "check-ins/", {"player": player.pk}, format="json")
        assert answer.status_code == 200, answer.content


def test_a_check_in_past_the_nights_limit_is_refused_with_its_code_and_field(
    public_club, league, director_api, settings
):
    settings.HEARTS_MAX_NIGHT_PLAYERS = 4
    base = opened(director_api, public_club, league)
    players = [services.create_player(club=public_club, name=f"N{n}") for n in range(5)]
    checked_in(director_api, base, players[:4])
    refused = director_api.post(base + "check-ins/", {"player": players[4].pk}, format="json")
    assert error_of(refused, 409) == ("night_full", "player")
    assert "at most 4 players" in refused.json()["errors"][0]["detail"]
    director_api.post(base + "withdrawals/", {"player": players[0].pk}, format="json")
    checked_in(director_api, base, players[4:])  # a withdrawal makes room


def test_a_draw_past_the_nights_limit_is_refused_once_the_limit_is_lowered(
    public_club, league, director_api, settings
):
    base = opened(director_api, public_club, league)
    checked_in(
        director_api,
        base,
        [services.create_player(club=public_club, name=f"L{n}") for n in range(8)],
    )
    settings.HEARTS_MAX_NIGHT_PLAYERS = 7
    refused = director_api.post(base + "draw/", {}, format="json")
    assert error_of(refused, 409) == ("night_full", "check_ins")
    assert not NightRound.objects.exists()


def test_a_player_past_the_clubs_limit_is_refused_with_its_code_and_field(
    public_club, director_api, settings
):
    settings.HEARTS_MAX_CLUB_PLAYERS = public_club.players.count() + 1
    body = {"club": public_club.pk, "name": "One more"}
    assert director_api.post("/api/v1/players/", body, format="json").status_code == 201
    refused = director_api.post("/api/v1/players/", {**body, "name": "Too many"}, format="json")
    assert error_of(refused, 409) == ("too_many_players", "name")
    with pytest.raises(DomainError) as many:
        services.add_players(club=public_club, names=["A", "B"])
    assert (many.value.code, many.value.attr) == ("too_many_players", "names")


def test_a_check_in_answers_with_what_it_changed_whatever_the_size_of_the_night(
    public_club, league, director_api
):
    base = opened(director_api, public_club, league)
    players = [services.create_player(club=public_club, name=f"S{n:02}") for n in range(42)]
    checked_in(director_api, base, players[:1])
    with CaptureQueriesContext(connection) as small:
        first = director_api.post(base + "check-ins/", {"player": players[1].pk}, format="json")
    checked_in(director_api, base, players[2:41])
    director_api.post(base + "draw/", {}, format="json")
    director_api.post(base + "publish/", {}, format="json")  # a night with tables too
    director_api.post(base + "start/", {}, format="json")
    director_api.post(base + "end/", {"now_for_all": True}, format="json")
    with CaptureQueriesContext(connection) as larger:
        last = director_api.post(base + "check-ins/", {"player": players[41].pk}, format="json")
    body = last.json()
    assert set(body) == {"check_in", "present", "proposed"}
    assert body["check_in"]["player"] == players[41].pk and body["present"] == 42
    assert body["check_in"]["arrived_before"] == 2 and body["proposed"] is False
    assert abs(len(last.content) - len(first.content)) < 10  # the same few fields
    assert len(larger.captured_queries) == len(small.captured_queries)


def test_the_draw_seats_a_scorer_at_every_table_when_enough_are_checked_in(
    public_club, league, director_api
):
    base = opened(director_api, public_club, league)
    scorers = [with_role(public_club, f"Sc{n}", Role.SCORER) for n in range(3)]
    director = with_role(public_club, "Di", Role.DIRECTOR)
    members = [with_role(public_club, f"Me{n}", Role.MEMBER) for n in range(6)]
    guests = [with_role(public_club, f"Gu{n}", None) for n in range(6)]
    able = {p.pk for p in [*scorers, director]}
    checked_in(director_api, base, [*scorers, director, *members, *guests])
    for seed in range(5):
        drawn = director_api.post(base + "draw/", {"seed": seed}, format="json").json()
        tables = drawn["rounds"][0]["tables"]
        assert len(tables) == 4
        assert all({s["player"] for s in t["seats"]} & able for t in tables)
        assert all(t["has_scorer"] for t in tables)
        assert drawn["rounds"][0]["scorer_warning"] == ""


def test_the_director_is_told_which_tables_have_nobody_who_can_enter_hands(
    public_club, league, director_api
):
    base = opened(director_api, public_club, league)
    scorers = [with_role(public_club, f"Sc{n}", Role.SCORER) for n in range(2)]
    members = [with_role(public_club, f"Me{n}", Role.MEMBER) for n in range(6)]
    guests = [with_role(public_club, f"Gu{n}", None) for n in range(8)]
    checked_in(director_api, base, [*scorers, *members, *guests])
    drawn = director_api.post(base + "draw/", {}, format="json").json()
    current = drawn["rounds"][0]
    able = {p.pk for p in scorers}
    lacking = [t for t in current["tables"] if not {s["player"] for s in t["seats"]} & able]
    assert len(lacking) == 2  # each scorer at a table of their own
    assert [t["has_scorer"] for t in current["tables"]].count(False) == 2
    warning = current["scorer_warning"]
    assert warning.startswith(f"Nobody at {lacking[0]['name']}, {lacking[1]['name']} can enter")
    # A role given afterwards is read when the night is: the warning goes.
    for table in lacking:
        player = public_club.players.get(pk=table["seats"][0]["player"])
        if player.user is None:
            player.user = make_user(f"u-late-{player.pk}")
            player.save(update_fields=["user"])
        services.set_membership(club=public_club, user=player.user, role=Role.SCORER)
    assert director_api.get(base).json()["rounds"][0]["scorer_warning"] == ""
