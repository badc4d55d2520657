"""Contract fuzzing: every operation of the OpenAPI schema, against the in-process app.

No 5xx; every response matches the schema; every status returned is documented. A fixed,
bounded number of examples per operation, derandomized, so a run is reproducible and fits CI.
"""

from __future__ import annotations

import zlib

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from hearts_site.wsgi import application
from scoring import services

# Loaded at module level from the WSGI app (a lazy fixture broke on pytest 9.2; see NOTES.md).
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)

EXAMPLES_PER_OPERATION = 12
# Not `positive_data_acceptance`: a schema-valid body can still break a rule of Hearts
# (points that do not sum, a card played twice) and must get its 400.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """schemathesis calls the raw WSGI app, whose request signals close the connection
    (CONN_MAX_AGE=0); on PostgreSQL that would end the test's transaction mid-test."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def seeded(db, django_user_model, settings) -> dict:
    """An owner's token and a seeded public club, league, season, players, game and dispute,
    and a webhook endpoint (on loopback, allowed here; no worker sends) with its deliveries."""
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = True
    owner = django_user_model.objects.create_user("fuzz-owner", password="x")
    club = services.create_club(user=owner, name="Fuzz club", slug="fuzz")
    endpoint, _ = services.create_endpoint(
        club=club, url="http://127.0.0.1:9/", event_types=["game.started"], actor=owner
    )
    league = services.create_league(club=club, name="Fuzz league", ruleset="standard")
    players = [services.create_player(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    game = services.create_game(club=club, league=league, players=players, actor=owner)
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 0, 5, 8]}, actor=owner)
    dispute = services.open_dispute(
        game_id=game.pk, number=1, record={"plays": ["2C"], "first_leader": 0}, actor=owner
    )
    token, key = services.create_device_token(user=owner, name="fuzzer")
    ids = {
        "clubs": club.pk,
        "leagues": league.pk,
        "players": players[0].pk,
        "game_id": game.pk,
        "number": 1,
        "membership_id": club.memberships.get().pk,
        "dispute_id": dispute.pk,
        "endpoint_id": endpoint.pk,
        "delivery_id": endpoint.deliveries.get().pk,
        "auth": token.pk,
        "rulesets": "standard",
    }
    return {"key": key, "ids": ids}


def aim_at_seeded_objects(case, ids: dict) -> None:
    """Point half the cases' path parameters at real objects, so writes reach the services."""
    if not case.path_parameters or zlib.crc32(repr(case.body).encode()) % 2:
        return
    resource = case.path.strip("/").split("/")[2]
    for name in case.path_parameters:
        if name in ids:
            case.path_parameters[name] = ids[name]
        elif name in ("id", "pk", "preset"):  # drf-spectacular names a pk "id"
            case.path_parameters[name] = ids.get(resource, 1)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_honours_its_schema(case, seeded):
    aim_at_seeded_objects(case, seeded["ids"])
    case.call_and_validate(headers={"Authorization": f"Token {seeded['key']}"}, checks=CHECKS)


# Input crafted to break a parser rather than a rule: a JSON body nested a thousand deep (as
# bytes: Python's own encoder would give up first), and numbers in digits other than ASCII's,
# which str.isdigit() accepts and int() refuses ("³") or misreads ("٣").
DEEP_BODY = b'{"plays": ' + b"[" * 1000 + b"]" * 1000 + b"}"
NOT_ASCII_NUMBER = "³"


def crafted_parts(operation) -> dict:
    """Every integer in the query and ``If-Match`` in other digits, and a JSON body (where the
    operation takes one) nested too deep."""
    parts = {}
    query = {
        p.name: NOT_ASCII_NUMBER
        for p in operation.query
        if p.definition.get("schema", {}).get("type") == "integer"
    }
    if query:
        parts["query"] = query
    if any(p.name == "If-Match" for p in operation.headers):
        parts["headers"] = {"If-Match": f'"{NOT_ASCII_NUMBER}"'}
    if operation.body:
        parts.update(body=DEEP_BODY, media_type="application/json")
    return parts


CRAFTED = [op for op in (r.ok() for r in schema.get_all_operations()) if crafted_parts(op)]


@pytest.mark.parametrize("operation", CRAFTED, ids=[op.label for op in CRAFTED])
def test_every_operation_refuses_crafted_input_as_its_schema_says(operation, seeded):
    resource = operation.path.strip("/").split("/")[2]
    ids = seeded["ids"]
    path = {
        p.name: ids.get(p.name, ids.get(resource, 1) if p.name in ("id", "pk", "preset") else 1)
        for p in operation.path_parameters
    }
    case = operation.Case(path_parameters=path, **crafted_parts(operation))
    response = case.call_and_validate(
        headers={"Authorization": f"Token {seeded['key']}"}, checks=CHECKS
    )
    assert 400 <= response.status_code < 500, response.content[:300]
