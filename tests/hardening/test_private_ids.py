"""A private club's ids answer exactly as ids that do not exist, to everyone who may not read
the club: the same status, code, words and attribute, in a list's filters, in a path and in a
body. Else anyone could walk the ids and learn which private clubs, leagues, seasons and
players there are."""

from __future__ import annotations

import re
from datetime import date

import pytest
from rest_framework.test import APIClient

from scoring import services
from scoring.models import Membership
from tests.hardening.test_bad_input import snapshot

pytestmark = pytest.mark.django_db

UNKNOWN = 987_654_321
REQUEST_ID = re.compile(rb',"request_id":"[0-9a-f]+"')


@pytest.fixture
def hidden(django_user_model):
    """A private club with a league, a season, players, a game and a member; and an outsider
    who scores in a public club of their own (with a league and four players)."""
    owner = django_user_model.objects.create_user("hidden-owner")
    club = services.create_club(user=owner, name="Back room", slug="back-room", is_public=False)
    league = services.create_league(club=club, name="Secret league", ruleset="standard")
    season = services.create_season(
        league=league, name="2026", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    players = [services.create_player(club=club, name=f"Hidden {n}") for n in "ABCD"]
    game = services.create_game(club=club, league=league, players=players, actor=owner)
    membership = Membership.objects.get(club=club, user=owner)
    outsider = django_user_model.objects.create_user("outsider")
    mine = services.create_club(user=outsider, name="Front room", slug="front-room")
    my_league = services.create_league(club=mine, name="Open league", ruleset="standard")
    seated = [services.create_player(club=mine, name=f"Open {n}").pk for n in "ABCD"]
    ids = {
        "club": club.pk,
        "league": league.pk,
        "season": season.pk,
        "player": players[0].pk,
        "game": game.pk,
        "membership": membership.pk,
    }
    return {
        "ids": ids,
        "outsider": outsider,
        "mine": mine,
        "my_league": my_league,
        "seated": seated,
    }


def callers(hidden) -> dict[str, APIClient]:
    signed_in = APIClient()
    signed_in.force_authenticate(hidden["outsider"])
    return {"anonymous": APIClient(), "outsider": signed_in}


def answers(api: APIClient, method: str, asked: list[tuple[str, dict | None]]) -> list:
    """The (status, body) of each (url, body) asked, byte for byte but the body's request_id
    (each request has its own)."""
    seen = []
    for url, body in asked:
        response = getattr(api, method)(url, body, format="json")
        content = REQUEST_ID.sub(b"", response.content)
        seen.append((response.status_code, content))
    return seen


def same_answer(api: APIClient, method: str, template: str, name: str, ids, body=None):
    """The answers for the private id and for an unknown one, which must be the same."""
    urls = [template.format(**{**ids, name: value}) for value in (ids[name], UNKNOWN)]
    return answers(api, method, [(url, body) for url in urls])


def same_body_answer(api: APIClient, url: str, body: dict, name: str, private) -> list:
    """The answers to ``body`` with ``name`` the private id and an unknown one."""
    return answers(api, "post", [(url, {**body, name: value}) for value in (private, UNKNOWN)])


LIST_FILTERS = [
    ("/api/v1/games/?club={club}", "club"),
    ("/api/v1/games/?league={league}", "league"),
    ("/api/v1/games/?season={season}", "season"),
    ("/api/v1/games/?player={player}", "player"),
    ("/api/v1/players/?club={club}", "club"),
    ("/api/v1/leagues/?club={club}", "club"),
]


@pytest.mark.parametrize(("template", "name"), LIST_FILTERS, ids=[t for t, _ in LIST_FILTERS])
def test_a_list_filtered_by_a_private_id_answers_as_for_an_unknown_one(hidden, template, name):
    for who, api in callers(hidden).items():
        private, unknown = same_answer(api, "get", template, name, hidden["ids"])
        assert private == unknown, who
        assert private[0] == 200 and b'"count":0' in private[1], who


PATHS = [
    ("get", "/api/v1/clubs/{club}/", "club"),
    ("get", "/api/v1/clubs/{club}/standings/", "club"),
    ("get", "/api/v1/clubs/{club}/standings.csv", "club"),
    ("get", "/api/v1/clubs/{club}/events/", "club"),
    ("get", "/api/v1/clubs/{club}/members/", "club"),
    ("patch", "/api/v1/clubs/{club}/members/{membership}/", "club"),
    ("delete", "/api/v1/clubs/{club}/members/{membership}/", "club"),
    ("get", "/api/v1/clubs/{club}/room/", "club"),
    ("get", "/api/v1/clubs/{club}/claims/", "club"),
    ("post", "/api/v1/clubs/{club}/invitations/", "club"),
    ("get", "/api/v1/leagues/{league}/", "league"),
    ("patch", "/api/v1/leagues/{league}/", "league"),
    ("get", "/api/v1/leagues/{league}/seasons/", "league"),
    ("post", "/api/v1/leagues/{league}/seasons/", "league"),
    ("get", "/api/v1/leagues/{league}/standings/", "league"),
    ("get", "/api/v1/leagues/{league}/standings.csv", "league"),
    ("get", "/api/v1/leagues/{league}/hands.csv", "league"),
    ("get", "/api/v1/players/{player}/", "player"),
    ("get", "/api/v1/players/{player}/stats/", "player"),
    ("get", "/api/v1/players/{player}/ratings/", "player"),
    ("post", "/api/v1/players/{player}/merge/", "player"),
    ("put", "/api/v1/players/{player}/pin/", "player"),
    ("post", "/api/v1/players/{player}/claim/", "player"),
    ("post", "/api/v1/players/{player}/invitation/", "player"),
    ("get", "/api/v1/games/{game}/", "game"),
    ("get", "/api/v1/games/{game}/scoreboard/", "game"),
    ("get", "/api/v1/games/{game}/history/", "game"),
    ("get", "/api/v1/games/{game}/hands/", "game"),
    ("post", "/api/v1/games/{game}/abandon/", "game"),
    ("put", "/api/v1/games/{game}/hands/1/", "game"),
]


@pytest.mark.parametrize(
    ("method", "template", "name"), PATHS, ids=[f"{p[0]} {p[1]}" for p in PATHS]
)
def test_a_private_id_in_a_path_answers_word_for_word_as_an_unknown_one(
    hidden, method, template, name
):
    before = snapshot()
    api = callers(hidden)["outsider"]
    body = {} if method in ("post", "put", "patch") else None
    private, unknown = same_answer(api, method, template, name, hidden["ids"], body)
    assert private == unknown
    assert private[0] == 404
    assert snapshot() == before


def test_a_game_in_a_private_league_says_what_an_unknown_league_says(hidden):
    api = callers(hidden)["outsider"]
    before = snapshot()
    league = hidden["ids"]["league"]
    seated = hidden["seated"]
    # The league's club is the league's: a body may name it too, or leave it to the league.
    for body in ({"players": seated}, {"club": hidden["mine"].pk, "players": seated}):
        private, unknown = same_body_answer(api, "/api/v1/games/", body, "league", league)
        assert private == unknown
        assert private[0] == 400 and b'"unknown_league"' in private[1]
    assert snapshot() == before


def test_a_game_in_another_clubs_season_or_with_its_players_says_they_do_not_exist(hidden):
    api = callers(hidden)["outsider"]
    before = snapshot()
    ids, seated = hidden["ids"], hidden["seated"]
    mine = {"league": hidden["my_league"].pk, "players": seated}
    private, unknown = same_body_answer(api, "/api/v1/games/", mine, "season", ids["season"])
    assert private == unknown
    assert private[0] == 400 and b'"unknown_season"' in private[1]
    tables = [
        ("/api/v1/games/", {**mine, "players": [p, *seated[1:]]}) for p in (ids["player"], UNKNOWN)
    ]
    private, unknown = answers(api, "post", tables)
    assert private == unknown
    assert private[0] == 400 and b'"unknown_player"' in private[1]
    assert snapshot() == before


@pytest.mark.parametrize("what", ["players", "leagues"])
def test_a_player_or_league_in_a_private_club_says_what_an_unknown_club_says(hidden, what):
    api = callers(hidden)["outsider"]
    before = snapshot()
    body = {"name": "Intruder", **({"ruleset": "standard"} if what == "leagues" else {})}
    url = f"/api/v1/{what}/"
    private, unknown = same_body_answer(api, url, body, "club", hidden["ids"]["club"])
    assert private == unknown
    assert private[0] == 400 and b'"unknown_club"' in private[1]
    assert snapshot() == before
