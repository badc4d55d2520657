"""Bad input, table-driven: every refusal is a 4xx naming a code and the field, and the
database is exactly as it was before the request."""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from hearts_site.api.json import MAX_DEPTH
from scoring import services
from scoring.models import Game, WriteCount

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(django_user_model):
    scorer = django_user_model.objects.create_user("table-scorer", password="x")
    club = services.create_club(user=scorer, name="Bad input club", slug="bad-input")
    league = services.create_league(club=club, name="Omnibus", ruleset="omnibus")
    players = [services.create_player(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    game = services.create_game(club=club, league=league, players=players, actor=scorer)
    services.enter_hand(
        game_id=game.pk,
        number=1,
        entry={"points": [13, 0, 5, 8], "jack_of_diamonds": 1},
        actor=scorer,
    )
    api = APIClient()
    api.force_authenticate(scorer)
    return api, game


def snapshot() -> dict:
    """Every row of every model of the project's apps, as plain values; but the throttle's
    counts, which count every attempt, refused or not, by design."""
    state = {}
    for app in ("scoring", "auth"):
        for model in apps.get_app_config(app).get_models():
            if model is WriteCount:
                continue
            state[model._meta.label] = sorted(
                json.dumps(row, sort_keys=True, default=str) for row in model.objects.values()
            )
    return state


CLUBS = [f"{r}C" for r in "23456789TJQKA"]
FULL = CLUBS + [f"{r}{s}" for s in "DHS" for r in "23456789TJQKA"]

HAND_CASES = [
    ("malformed JSON", '{"points": [13, 0,', 400, "parse_error", None),
    ("a list body", "[13, 0, 5, 8]", 400, "invalid", "non_field_errors"),
    ("no level", {}, 400, "one_level_required", "points"),
    ("two levels", {"points": [13, 0, 5, 8], "plays": []}, 400, "one_level_required", "points"),
    (
        "extra field",
        {"points": [13, 0, 5, 8], "jack_of_diamonds": 0, "bonus": 1},
        400,
        "unknown_field",
        "bonus",
    ),
    ("points as text", {"points": "13,0,5,8"}, 400, "not_a_list", "points"),
    ("a point as text", {"points": ["x", 0, 5, 8]}, 400, "invalid", "points.0"),
    (
        "negative points",
        {"points": [-1, 1, 13, 13], "jack_of_diamonds": 0},
        400,
        "min_value",
        "points.0",
    ),
    (
        "oversized points",
        {"points": [27, 0, 0, 0], "jack_of_diamonds": 0},
        400,
        "points_out_of_range",
        "points.0",
    ),
    (
        "points that do not sum",
        {"points": [13, 1, 5, 8], "jack_of_diamonds": 0},
        400,
        "points_do_not_sum",
        "points",
    ),
    (
        "nobody took the queen",
        {"points": [7, 7, 6, 6], "jack_of_diamonds": 0},
        400,
        "impossible_points",
        "points",
    ),
    (
        "three seats of four",
        {"points": [13, 5, 8], "jack_of_diamonds": 0},
        400,
        "wrong_number_of_seats",
        "points",
    ),
    (
        "the J♦ unsaid",
        {"points": [13, 0, 5, 8]},
        400,
        "jack_of_diamonds_required",
        "jack_of_diamonds",
    ),
    (
        "an unknown seat",
        {"points": [13, 0, 5, 8], "jack_of_diamonds": 7},
        400,
        "max_value",
        "jack_of_diamonds",
    ),
    (
        "a look-alike suit",
        {"cards_taken": [["Q♤"], [], [], []]},
        400,
        "invalid_card",
        "cards_taken.0.0",
    ),
    (
        "a Cyrillic queen",
        {"cards_taken": [["\u0051\u0405"], [], [], []]},
        400,
        "invalid_card",
        "cards_taken.0.0",
    ),
    (
        "a very long card",
        {"cards_taken": [["Q" * 5000], [], [], []]},
        400,
        "max_length",
        "cards_taken.0.0",
    ),
    (
        "a duplicate card",
        {"cards_taken": [["QS", "QS"], [], [], []]},
        400,
        "duplicate_card",
        "cards_taken.0.1",
    ),
    (
        "a card with no points",
        {"cards_taken": [["2C"], [], [], []]},
        400,
        "not_a_penalty_card",
        "cards_taken.0.0",
    ),
    ("too many plays", {"plays": [*FULL, "AS"]}, 400, "max_length", "plays"),
    (
        "a short record",
        {"plays": ["2C", "3C"], "first_leader": 0},
        400,
        "incomplete_record",
        "plays",
    ),
    (
        "a card played twice",
        {"plays": ["2C", "2C"], "first_leader": 0},
        400,
        "duplicate_card",
        "plays.1",
    ),
    (
        "a bad moon choice",
        {"points": [26, 0, 0, 0], "moon_choice": "both"},
        400,
        "invalid_choice",
        "moon_choice",
    ),
]


@pytest.mark.parametrize(
    ("body", "status", "code", "attr"),
    [case[1:] for case in HAND_CASES],
    ids=[case[0] for case in HAND_CASES],
)
def test_a_bad_hand_entry_is_refused_and_changes_nothing(table, body, status, code, attr):
    api, game = table
    before = snapshot()
    data = body if isinstance(body, str) else json.dumps(body)
    response = api.put(
        f"/api/v1/games/{game.pk}/hands/2/", data=data, content_type="application/json"
    )
    assert response.status_code == status, response.content
    error = response.json()["errors"][0]
    assert (error["code"], error["attr"]) == (code, attr)
    assert error["detail"]
    assert snapshot() == before


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/v1/games/999999/hands/2/", {"points": [13, 0, 5, 8]}, 404, "not_found"),
        (
            "/api/v1/games/{game}/hands/9/",
            {"points": [13, 0, 5, 8], "jack_of_diamonds": 0},
            409,
            "hand_out_of_order",
        ),
        (
            "/api/v1/games/{game}/hands/0/",
            {"points": [13, 0, 5, 8], "jack_of_diamonds": 0},
            409,
            "hand_out_of_order",
        ),
        (
            "/api/v1/games/{game}/hands/1/",
            {"points": [0, 13, 5, 8], "jack_of_diamonds": 0},
            409,
            "hand_exists",
        ),
        ("/api/v1/games/abc/hands/2/", {"points": [13, 0, 5, 8]}, 404, "not_found"),
    ],
)
def test_unknown_games_and_hands_are_refused_and_change_nothing(table, path, body, status, code):
    api, game = table
    before = snapshot()
    response = api.put(path.format(game=game.pk), body, format="json")
    assert response.status_code == status, response.content
    assert response.json()["errors"][0]["code"] == code
    assert snapshot() == before


def test_a_game_with_unknown_players_or_seats_is_refused(table):
    api, game = table
    before = snapshot()
    unknown = api.post(
        "/api/v1/games/",
        {
            "league": game.league_id,
            "players": [*game.seats.values_list("player", flat=True)[:3], 99999],
        },
        format="json",
    )
    assert unknown.status_code == 400
    assert unknown.json()["errors"][0]["attr"] == "players.3"
    dealer = api.post(
        "/api/v1/games/",
        {
            "league": game.league_id,
            "players": list(game.seats.values_list("player", flat=True)),
            "first_dealer": 9,
        },
        format="json",
    )
    assert dealer.status_code == 400 and dealer.json()["errors"][0]["attr"] == "first_dealer"
    assert snapshot() == before
    assert Game.objects.count() == 1


ADJUDICATION_CASES = [
    ("malformed JSON", '{"plays": ["2C"', "parse_error", None),
    ("wrong type", {"plays": 5}, "not_a_list", "plays"),
    ("missing plays", {"ruleset": "standard"}, "required", "plays"),
    ("extra field", {"plays": [], "jokers": True}, "unknown_field", "jokers"),
    ("look-alike symbol", {"plays": ["2♧"], "first_leader": 0}, "invalid_card", "plays.0"),
    (
        "fullwidth letters",
        {"plays": ["\uff12\uff23"], "first_leader": 0},
        "invalid_card",
        "plays.0",
    ),
    ("long string", {"plays": ["2C" * 3000]}, "max_length", "plays.0"),
    (
        "duplicate cards",
        {"plays": ["2C", "3C", "2C"], "first_leader": 0},
        "duplicate_card",
        "plays.2",
    ),
    ("too many plays", {"plays": [*FULL, "2C"]}, "max_length", "plays"),
    ("unknown seat", {"plays": ["2C"], "first_leader": 4}, "invalid_seat", "first_leader"),
    ("negative seat", {"plays": ["2C"], "first_leader": -1}, "min_value", "first_leader"),
    ("unknown preset", {"plays": [], "ruleset": "bridge"}, "unknown_preset", "ruleset"),
    ("lists nested 1,000 deep", '{"plays": ' + "[" * 1000 + "]" * 1000 + "}", "parse_error", None),
    ("lists nested 5,000 deep", '{"plays": ' + "[" * 5000 + "]" * 5000 + "}", "parse_error", None),
    (
        "objects nested 1,000 deep",
        '{"plays": [], "ruleset": ' + '{"a": ' * 1000 + "1" + "}" * 1000 + "}",
        "parse_error",
        None,
    ),
]


@pytest.mark.parametrize(
    ("body", "code", "attr"),
    [case[1:] for case in ADJUDICATION_CASES],
    ids=[case[0] for case in ADJUDICATION_CASES],
)
def test_a_bad_adjudication_request_is_refused_with_its_code(table, body, code, attr):
    api, _ = table
    before = snapshot()
    data = body if isinstance(body, str) else json.dumps(body)
    response = api.post("/api/v1/adjudications/", data=data, content_type="application/json")
    assert response.status_code == 400, response.content
    error = response.json()["errors"][0]
    assert (error["code"], error["attr"]) == (code, attr)
    assert snapshot() == before


def test_a_body_nested_just_within_the_limit_is_read_as_usual(table):
    api, _ = table
    ruleset = {"options": {"a": 1}}
    for _ in range(MAX_DEPTH - 4):
        ruleset = {"options": ruleset}
    body = json.dumps({"plays": [], "ruleset": ruleset})
    response = api.post("/api/v1/adjudications/", data=body, content_type="application/json")
    # Read, then refused for what it says (no such option), not for its depth.
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] != "parse_error"


# "³".isdigit() is true, and int("³") fails: only ASCII digits are a number.
NOT_ASCII_NUMBERS = ["³", "٣", "¹²", "\uff17"]


@pytest.mark.parametrize("number", NOT_ASCII_NUMBERS)
def test_a_number_in_other_digits_is_refused_where_a_caller_sends_one(table, number, client):
    api, game = table
    before = snapshot()
    limit = api.get(f"/api/v1/clubs/?limit={number}")
    assert limit.status_code == 400
    assert (limit.json()["errors"][0]["code"], limit.json()["errors"][0]["attr"]) == (
        "invalid",
        "limit",
    )
    season = api.get(f"/api/v1/leagues/{game.league_id}/standings/?season={number}")
    assert season.status_code == 400 and season.json()["errors"][0]["attr"] == "season"
    stale = api.put(
        f"/api/v1/games/{game.pk}/hands/2/",
        {"points": [13, 0, 5, 8], "jack_of_diamonds": 1},
        format="json",
        HTTP_IF_MATCH=f'"{number}"',
    )
    assert stale.status_code == 412
    assert stale.json()["errors"][0]["code"] == "invalid_if_match"
    assert snapshot() == before
    # The pages: a season the league table does not know is the whole league's; a league to
    # start a game in that is no number is no league.
    assert client.get(f"/leagues/{game.league_id}/?season={number}").status_code == 200
    client.force_login(game.club.memberships.first().user)
    assert client.get(f"/games/new/?league={number}").status_code == 404


def test_a_huge_body_is_refused_before_it_is_read(table):
    api, game = table
    before = snapshot()
    body = json.dumps({"points": [13, 0, 5, 8], "padding": "x" * 400_000})
    response = api.put(
        f"/api/v1/games/{game.pk}/hands/2/", data=body, content_type="application/json"
    )
    assert response.status_code == 413
    assert response.json()["errors"][0]["code"] == "request_too_large"
    assert snapshot() == before


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/games/{big}/",
        "/api/v1/games/1/hands/{big}/",
        "/api/v1/clubs/{big}/standings/",
        "/api/v1/players/{big}/ratings/",
        "/games/{big}/",
        "/leagues/{big}/",
        "/players/{big}/",
    ],
)
def test_an_id_too_long_for_a_database_column_is_a_404(client, path):
    response = client.get(path.format(big="9" * 30))
    assert response.status_code == 404
