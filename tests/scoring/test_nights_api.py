"""The nights API: directors write, members read; refusals with their codes and fields; the
night's detail in a fixed number of queries whatever its size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services
from tests.scoring.support import error_of

NAMES = [f"Q{n:02}" for n in range(1, 15)]


@pytest.fixture
def league(public_club):
    return services.create_league(club=public_club, name="Night league", ruleset="standard")


@pytest.fixture
def players(public_club):
    return [services.create_player(club=public_club, name=name) for name in NAMES]


def nights_url(club, tail=""):
    return f"/api/v1/clubs/{club.pk}/nights/{tail}"


def opened(api, club, league, **more):
    body = {"league": league.pk, "name": "Friday", "rounds": 3, "round_hands": 2, **more}
    response = api.post(nights_url(club), body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_director_opens_a_night_and_a_member_reads_it_but_may_not_write(
    public_club, league, director_api, client_for, member
):
    night = opened(director_api, public_club, league)
    assert night["table_sizes"][0] == 4 and night["round_hands"] == 2
    member_api = client_for(member)
    assert member_api.get(nights_url(public_club, f"{night['id']}/")).status_code == 200
    listed = member_api.get(nights_url(public_club)).json()
    assert [n["id"] for n in listed["results"]] == [night["id"]]
    refused = member_api.post(nights_url(public_club, f"{night['id']}/close/"), {}, format="json")
    assert refused.status_code == 403


def test_a_round_of_zero_minutes_is_refused_on_its_field(public_club, league, director_api):
    body = {"league": league.pk, "name": "Friday", "rounds": 3, "round_minutes": 0}
    answer = director_api.post(nights_url(public_club), body, format="json")
    assert error_of(answer, 400) == ("invalid_round_length", "round_minutes")
    both = {**body, "round_minutes": 10, "round_hands": 3}
    answer = director_api.post(nights_url(public_club), both, format="json")
    assert error_of(answer, 400) == ("round_end_one_way", "round_minutes")


def test_a_night_for_another_clubs_league_is_refused_as_an_unknown_league(
    public_club, private_club, director_api
):
    theirs = services.create_league(club=private_club, name="Theirs", ruleset="standard")
    body = {"league": theirs.pk, "name": "Friday", "rounds": 3, "round_hands": 2}
    answer = director_api.post(nights_url(public_club), body, format="json")
    unknown = {**body, "league": 999_999}
    same = director_api.post(nights_url(public_club), unknown, format="json")
    assert error_of(answer, 400) == error_of(same, 400) == ("unknown_league", "league")
    assert answer.json()["errors"] == same.json()["errors"]  # word for word
    assert not private_club.nights.exists() and not public_club.nights.exists()


def test_check_ins_refusals_have_codes_and_the_player_field(
    public_club, league, players, director_api
):
    night = opened(director_api, public_club, league)
    url = nights_url(public_club, f"{night['id']}/check-ins/")
    assert director_api.post(url, {"player": players[0].pk}, format="json").status_code == 200
    twice = director_api.post(url, {"player": players[0].pk}, format="json")
    assert error_of(twice, 409) == ("already_checked_in", "player")
    few = director_api.post(nights_url(public_club, f"{night['id']}/draw/"), {}, format="json")
    assert error_of(few, 400) == ("too_few_players", "check_ins")
    unknown = director_api.post(url, {"player": 999_999}, format="json")
    assert error_of(unknown, 400) == ("unknown_player", "player")


def test_a_night_runs_through_the_api_and_its_detail_costs_a_fixed_number_of_queries(
    public_club, league, players, director_api
):
    night = opened(director_api, public_club, league, rounds=2, round_hands=1)
    base = nights_url(public_club, f"{night['id']}/")
    for player in players:
        director_api.post(base + "check-ins/", {"player": player.pk}, format="json")
    drawn = director_api.post(base + "draw/", {}, format="json").json()
    assert drawn["rounds"][0]["status"] == "proposed" and drawn["rounds"][0]["quality"]
    assert drawn["seats"] == []  # a proposal is not public
    published = director_api.post(base + "publish/", {}, format="json").json()
    assert len(published["seats"]) == 14 and ": table " in published["seats"][0]
    mid = director_api.post(base + "draw/", {}, format="json")
    assert error_of(mid, 409) == ("round_in_play", None)
    director_api.post(base + "start/", {}, format="json")
    ended = director_api.post(base + "end/", {"now_for_all": True}, format="json").json()
    assert ended["rounds"][0]["status"] == "over"
    with CaptureQueriesContext(connection) as small:
        director_api.get(base)
    director_api.post(base + "draw/", {}, format="json")
    director_api.post(base + "publish/", {}, format="json")
    with CaptureQueriesContext(connection) as larger:
        body = director_api.get(base).json()
    assert len(body["rounds"]) == 2
    assert len(larger.captured_queries) == len(small.captured_queries)


def test_the_feed_tells_each_night_and_round_event_in_the_shape_the_schema_gives(
    public_club, league, players, director_api, client_for, member
):
    from scoring.api.serializers.events import DATA

    night = opened(director_api, public_club, league, rounds=1, round_minutes=20, round_hands=None)
    base = nights_url(public_club, f"{night['id']}/")
    for player in players[:8]:
        director_api.post(base + "check-ins/", {"player": player.pk}, format="json")
    director_api.post(base + "withdrawals/", {"player": players[7].pk}, format="json")
    for step in ("draw/", "publish/", "start/"):
        director_api.post(base + step, {}, format="json")
    director_api.post(base + "end/", {"now_for_all": True}, format="json")
    feed = client_for(member).get(f"/api/v1/clubs/{public_club.pk}/events/").json()["results"]
    kinds = [e["type"] for e in feed if e["type"].startswith(("night.", "round."))]
    assert kinds == [
        "night.opened",
        *["night.checked_in"] * 8,
        "night.withdrawn",
        "round.published",
        "round.started",
        "round.ended",
        "night.closed",
    ]
    for event in feed:
        shape = DATA[event["type"]](data=event["data"])
        assert shape.is_valid(), (event["type"], shape.errors)
    started = next(e for e in feed if e["type"] == "round.started")["data"]["round"]
    assert started["minutes"] == 20 and started["ends_at"].endswith("Z")
    abandoned = [e for e in feed if e["type"] == "game.abandoned"]
    assert len(abandoned) == 2  # no hand played before the round was ended


def test_the_list_of_nights_costs_the_same_queries_for_one_night_or_three(
    public_club, league, director_api
):
    opened(director_api, public_club, league)
    with CaptureQueriesContext(connection) as one:
        assert director_api.get(nights_url(public_club)).status_code == 200
    opened(director_api, public_club, league)
    opened(director_api, public_club, league)
    with CaptureQueriesContext(connection) as three:
        assert len(director_api.get(nights_url(public_club)).json()["results"]) == 3
    assert len(three.captured_queries) == len(one.captured_queries)


def test_a_nights_fixes_are_for_its_clubs_directors_its_players_and_its_nights_only(
    public_club, private_club, league, players, director, director_api, scorer_api
):
    night = services.open_night(
        club=public_club, league=league, name="Friday", rounds=2, round_hands=1, actor=director
    )
    services.check_in_many(
        club=public_club, night_id=night.pk, players=[p.pk for p in players[:8]], actor=director
    )
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    services.publish_round(club=public_club, night_id=night.pk, actor=director)
    base = nights_url(public_club, f"{night.pk}/")
    seated = night.rounds.get().tables.first().players
    bodies = {
        "swap/": {"players": seated[:2]},
        "extend-table/": {"table": 1, "minutes": 5, "reason": "late"},
        "finish-table/": {"table": 1, "reason": "gone"},
        "check-ins/many/": {"players": [players[9].pk]},
    }
    for tail, body in bodies.items():
        assert error_of(scorer_api.post(base + tail, body, format="json"), 403)[0], tail
    stranger = services.create_player(club=private_club, name="Stranger")
    theirs = director_api.post(base + "swap/", {"players": [seated[0], stranger.pk]}, format="json")
    assert error_of(theirs, 400) == ("unknown_player", "players")
    other = services.open_night(
        club=private_club,
        league=services.create_league(club=private_club, name="Theirs", ruleset="standard"),
        name="Theirs",
        rounds=2,
        round_hands=1,
        actor=director,
    )
    elsewhere = nights_url(public_club, f"{other.pk}/swap/")
    answer = director_api.post(elsewhere, {"players": seated[:2]}, format="json")
    assert error_of(answer, 404) == ("night_not_found", None)
    assert night.rounds.get().tables.first().players == seated
