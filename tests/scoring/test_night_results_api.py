"""A night's results through the API (issue 49): the end of a round refused with a code while
hands wait, the waiting hands listed in the night, a director's decision on each (one by one,
or with the end), the results' state, and the standings kept as each round ended."""

from __future__ import annotations

from scoring import services
from scoring.api.serializers.nights import NightRowOutputSerializer
from scoring.selectors.night_standings import ROW_FIELDS
from tests.scoring.night_support import confirm, enter, games_of
from tests.scoring.support import error_of


def night_url(club, night, tail=""):
    return f"/api/v1/clubs/{club.pk}/nights/{night.pk}/{tail}"


def test_the_end_is_refused_while_hands_wait_and_the_night_lists_them(
    public_club, night_of, scorer, director_api, client_for, member
):
    night = night_of()
    first, second = games_of(night)
    enter(first, 1, [13, 13, 0, 0], scorer)
    enter(second, 1, [20, 6, 0, 0], scorer)
    refused = director_api.post(night_url(public_club, night, "end/"), {}, format="json")
    assert error_of(refused, 409) == ("hands_unsettled", "settle")
    body = client_for(member).get(night_url(public_club, night)).json()
    assert body["results"]["state"] == "provisional"
    waiting = body["results"]["unsettled"]
    assert [(h["table_name"], h["hand"], h["state"]) for h in waiting] == [
        ("Table 1", 1, "awaiting"),
        ("Table 2", 1, "awaiting"),
    ]
    tables = body["rounds"][0]["tables"]
    assert [len(t["unsettled"]) for t in tables] == [1, 1]
    assert all(t["hands_played"] == 0 for t in tables)

    one = {"game": first.pk, "hand": 1, "decision": "confirm", "reason": "Seen with the table"}
    settled = director_api.post(night_url(public_club, night, "settle/"), one, format="json")
    assert settled.status_code == 200, settled.content
    assert [h["game"] for h in settled.json()["results"]["unsettled"]] == [second.pk]
    again = director_api.post(night_url(public_club, night, "settle/"), one, format="json")
    assert error_of(again, 409) == ("hand_settled", None)
    blank = {"game": second.pk, "hand": 1, "decision": "drop", "reason": ""}
    refused = director_api.post(
        night_url(public_club, night, "end/"), {"settle": [blank]}, format="json"
    )
    assert error_of(refused, 400)[0] == "blank"
    drop = {**blank, "reason": "Cards were mixed"}
    ended = director_api.post(
        night_url(public_club, night, "end/"), {"settle": [drop]}, format="json"
    )
    assert ended.status_code == 200, ended.content
    assert ended.json()["rounds"][0]["status"] == "over"


def test_a_scorer_may_not_settle_a_hand(public_club, night_of, scorer, scorer_api):
    night = night_of()
    game = games_of(night)[0]
    enter(game, 1, [13, 13, 0, 0], scorer)
    one = {"game": game.pk, "hand": 1, "decision": "confirm", "reason": "Mine"}
    answer = scorer_api.post(night_url(public_club, night, "settle/"), one, format="json")
    assert answer.status_code == 403


def test_after_a_round_the_api_keeps_its_standings_and_shows_what_changed_since(
    public_club, night_of, scorer, director, owner, director_api
):
    night = night_of(rounds=2, round_hands=1)
    first, second = games_of(night)
    for game in (first, second):
        enter(game, 1, [13, 13, 0, 0], scorer)
        confirm(game, 1, director)
    services.end_round(club=public_club, night_id=night.pk, actor=director)
    kept = director_api.get(night_url(public_club, night)).json()
    assert kept["standings"][0]["changes"] == []
    assert kept["latest"]["rows"] == kept["standings"][0]["rows"]
    services.correct_hand(
        game_id=first.pk,
        number=1,
        entry={"points": [26, 0, 0, 0], "moon_choice": "add_to_others"},
        reason="A moon",
        actor=owner,
    )
    confirm(first, 1, director)
    body = director_api.get(night_url(public_club, night)).json()
    after = body["standings"][0]
    assert after["rows"] == kept["standings"][0]["rows"]  # as it stood when round 1 ended
    moved = {c["player"]: c for c in after["changes"]}
    shooter = first.seats.get(seat=0).player_id
    assert moved[shooter]["rank"] == 1 and moved[shooter]["was_rank"] != 1
    assert body["latest"]["rows"][0]["player"] == shooter  # the standings now


def test_a_standings_row_documents_every_field_the_event_sends():
    assert tuple(NightRowOutputSerializer().fields) == ROW_FIELDS


def test_the_walls_leaders_are_the_nights_standings_now_in_their_order(
    public_club, night_of, scorer, director, client_for
):
    night = night_of(rounds=2, round_hands=1)
    for game, points in zip(games_of(night), ([13, 13, 0, 0], [20, 6, 0, 0]), strict=True):
        enter(game, 1, points, scorer)
        confirm(game, 1, director)
    anyone = client_for(None)
    before = anyone.get(f"/api/v1/clubs/{public_club.pk}/wall/")
    assert before.json()["leaders_by"] == "night" and before.json()["leaders"] == []
    services.end_round(club=public_club, night_id=night.pk, actor=director)
    wall = anyone.get(f"/api/v1/clubs/{public_club.pk}/wall/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert wall.status_code == 200  # the round's end moved the room's version
    body = wall.json()
    assert body["night"] == {"id": night.pk, "name": night.name, "results": "provisional"}
    latest = anyone.get(night_url(public_club, night)).json()["latest"]["rows"]
    assert [row["player"] for row in body["leaders"]] == [row["player"] for row in latest]
    assert [row["place_points"] for row in body["leaders"]] == [r["place_points"] for r in latest]
