"""One rule for query parameters, on every read the schema lists: a parameter the operation does
not take is a 400 ``unknown_field`` naming it (a misspelt filter would otherwise answer every
row), and ``?ordering=`` names a field the list sorts by (else 400 ``invalid_ordering``)."""

from __future__ import annotations

import json
import re
from datetime import date

import pytest
from django.test import Client

from scoring import services

from .support import error_of


@pytest.fixture
def every_read(public_club, owner, client_for, settings):
    """Each GET of the schema with its path filled in from one club's rows, as its owner."""
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = True
    league = services.create_league(club=public_club, name="Tuesday", ruleset="standard")
    season = services.create_season(
        league=league, name="Spring", starts_on=date(2026, 1, 1), ends_on=date(2026, 6, 30)
    )
    game = services.create_game(
        club=public_club, league=league, players=public_club.seated[:4], actor=owner
    )
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=owner)
    dispute = services.open_dispute(
        game_id=game.pk, number=1, record={"points": [13, 4, 5, 4]}, actor=owner, reason="no"
    )
    endpoint, _ = services.create_endpoint(
        club=public_club, url="http://127.0.0.1:9/", event_types=["game.started"], actor=owner
    )
    night = services.open_night(
        club=public_club, league=league, name="Friday", rounds=2, round_hands=4, actor=owner
    )
    ids = {
        "clubs": public_club.pk,
        "leagues": league.pk,
        "players": public_club.seated[0].pk,
        "game_id": game.pk,
        "number": 1,
        "dispute_id": dispute.pk,
        "endpoint_id": endpoint.pk,
        "night_id": night.pk,
        "preset": "standard",
        "season": season.pk,
    }
    schema = json.loads(Client().get("/api/schema/?format=json").content)
    reads = []
    for path, methods in schema["paths"].items():
        if "get" not in methods:
            continue
        kind = path.split("/")[3]
        named = {**ids, "id": ids.get(kind)}
        filled = re.sub(r"\{(\w+)\}", lambda m, named=named: str(named[m[1]]), path)
        reads.append((methods["get"], filled))
    return client_for(owner), reads


def test_every_read_refuses_a_parameter_it_does_not_take(every_read):
    api, reads = every_read
    assert len(reads) > 30
    for operation, path in reads:
        assert api.get(path).status_code == 200, path
        refused = api.get(path, {"bogus": "1"})
        assert error_of(refused, 400) == ("unknown_field", "bogus"), path
        taken = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
        if "ordering" not in taken:
            assert error_of(api.get(path, {"ordering": "id"}), 400) == ("unknown_field", "ordering")


def test_an_ordering_the_list_does_not_sort_by_is_refused(every_read, public_club):
    api, _ = every_read
    assert api.get("/api/v1/games/", {"ordering": "-started_at"}).status_code == 200
    for asked in ("bogus", "started_at,bogus", "-secret"):
        refused = api.get("/api/v1/games/", {"ordering": asked})
        assert error_of(refused, 400) == ("invalid_ordering", "ordering"), asked
        assert "started_at" in refused.json()["errors"][0]["detail"]
    members = f"/api/v1/clubs/{public_club.pk}/members/"
    assert error_of(api.get(members, {"ordering": "password"}), 400)[0] == "invalid_ordering"


def test_a_list_s_own_parameters_are_still_read(every_read, public_club):
    api, _ = every_read
    club = public_club.pk
    assert api.get("/api/v1/games/", {"club": club, "limit": 1, "offset": 0}).status_code == 200
    assert api.get("/api/v1/me/games/", {"playing": "true", "limit": 5}).status_code == 200
    assert api.get("/api/v1/players/", {"club": club, "name": "Ada"}).json()["count"] == 1
    assert api.get("/api/v1/rulesets/", {"players": 3}).status_code == 200
