"""The generated client plays on (issue 33): what an integrator needs beyond a game, through the
generated operations and models alone.

A newcomer signs up and accepts an invitation; the club's owner adds a webhook endpoint through
the API to a receiver on loopback, pings it, and a game is played: the receiver checks every
delivery with the code docs/webhooks.md gives (run as it is written there), one delivery is sent
again, the secret is rotated (the copy is signed with both), the deliveries are read, and the
endpoint is disabled (what follows waits). A bad token on a public read parses as the generated
``ErrorBody``; the writes show their budget falling. The task worker runs in this process
(``tasks_worker --batch``) whenever deliveries are due."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hearts_site.api.throttling import FixedWindowThrottle
from tests.contract.test_generated_client import (
    PASSWORD,
    Api,
    error_of,
    ok,
    response_models,
    sign_in,
    untyped_fields,
)
from tests.events.conftest import run_worker
from tests.events.receiver import Receiver

DOCS = Path(__file__).resolve().parents[2] / "docs" / "webhooks.md"
# Four hands that end a standard game: Ada 25, then three moons added to the others.
FINISHING_HANDS = [
    {"points": [25, 1, 0, 0]},
    {"points": [0, 26, 0, 0], "moon_choice": "add_to_others"},
    {"points": [0, 0, 26, 0], "moon_choice": "add_to_others"},
    {"points": [0, 0, 0, 26], "moon_choice": "add_to_others"},
]
BUDGET = re.compile(r'"writes";r=(\d+);t=(\d+)')

# Every operation this flow calls, by operation id (the typed-fields test walks them too).
INTEGRATOR_OPERATIONS = (
    "auth_sign_in",
    "auth_sign_up",
    "auth_tokens_list",
    "clubs_list",
    "clubs_create",
    "clubs_invitations_create",
    "invitations_accept",
    "players_create",
    "games_create",
    "games_hands_enter",
    "clubs_webhooks_create",
    "clubs_webhooks_list",
    "clubs_webhooks_ping",
    "clubs_webhooks_deliveries_list",
    "clubs_webhooks_deliveries_redeliver",
    "clubs_webhooks_rotate_secret",
    "clubs_webhooks_disable",
    "clubs_webhooks_retrieve",
)


def documented_verifier():
    """``verified(body, header, secret)``, exactly as docs/webhooks.md writes it."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### Checking a signature in Python") :]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL)[1]
    namespace: dict[str, Any] = {}
    exec(compile(code, str(DOCS), "exec"), namespace)
    return namespace["verified"]


@pytest.fixture
def olga(django_user_model):
    """Olga, who founds the club (an account made beforehand, the ORM's one use here)."""
    return django_user_model.objects.create_user("olga", password=PASSWORD)


@pytest.fixture
def receiver(settings):
    """A receiver on loopback (allowed here as the operator would allow one on purpose), and
    retries without waiting."""
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = True
    settings.HEARTS_WEBHOOK_BACKOFF = 0
    settings.HEARTS_WEBHOOK_TIMEOUT = 3
    started = Receiver().start()
    yield started
    started.stop()


@pytest.fixture
def one_window(monkeypatch):
    """The throttles' clock stands still at the start of a window: a budget falls by one a
    write, whatever minute the test runs in."""
    monkeypatch.setattr(FixedWindowThrottle, "timer", lambda self: 60.0 * 29_600_000 + 1)


def remaining(response) -> int:
    found = BUDGET.fullmatch(response.headers["RateLimit"])
    assert found, response.headers.get("RateLimit")
    return int(found[1])


def test_webhooks_accounts_and_budgets_through_the_generated_client(
    generated_client, live_server, olga, receiver, one_window
):
    api = Api(generated_client, live_server.url)
    m = api.models
    verified = documented_verifier()

    # A bad token on a public read is refused, and parses as the generated ErrorBody.
    stale = api.clubs.clubs_list.sync_detailed(client=api.signed_in("not-a-token"))
    assert error_of(api, stale, 401) == ("authentication_failed", None)
    assert stale.headers["X-Request-ID"] == stale.parsed.request_id

    # Olga founds a club and seats four players: each write shows the budget falling.
    owner = sign_in(api, "olga", "olga's laptop")
    made = api.clubs.clubs_create.sync_detailed(
        client=owner, body=m.ClubInputRequest(name="Riverside", slug="riverside")
    )
    club = ok(made, 201)
    assert made.headers["RateLimit-Policy"] == '"writes";q=300;w=60'
    seats = [
        api.players.players_create.sync_detailed(
            client=owner, body=m.PlayerInputRequest(club=club.id, name=name)
        )
        for name in ("Ada", "Ben", "Cleo", "Dev")
    ]
    players = [ok(answer, 201) for answer in seats]
    budget = [remaining(made)] + [remaining(answer) for answer in seats]
    assert budget == list(range(budget[0], budget[0] - 5, -1)), budget

    # Nina signs up on her phone, then accepts the scorer's invitation Olga gave her.
    invitation = ok(
        api.members.clubs_invitations_create.sync_detailed(
            club.id, client=owner, body=m.InvitationInputRequest(role=m.RoleEnum.SCORER)
        ),
        201,
    )
    signed_up = ok(
        api.auth.auth_sign_up.sync_detailed(
            client=api.anonymous(),
            body=m.SignUpInputRequest(
                username="nina", name="Nina", password=PASSWORD, device_name="nina's phone"
            ),
        ),
        201,
    )
    assert signed_up.membership is None
    nina = api.signed_in(signed_up.token.key)
    joined = ok(
        api.members.invitations_accept.sync_detailed(
            client=nina, body=m.InvitationAcceptInputRequest(token=invitation.token)
        )
    )
    assert (joined.username, joined.role) == ("nina", "scorer")

    # Olga adds an endpoint through the API: its secret, once.
    wanted = [m.EventTypeEnum.GAME_STARTED, m.EventTypeEnum.HAND_ENTERED]
    endpoint = ok(
        api.events.clubs_webhooks_create.sync_detailed(
            club.id,
            client=owner,
            body=m.WebhookEndpointInputRequest(
                url=receiver.url, event_types=[*wanted, m.EventTypeEnum.GAME_FINISHED]
            ),
        ),
        201,
    )
    secret = endpoint.secret
    listed = ok(api.events.clubs_webhooks_list.sync_detailed(club.id, client=owner))
    assert [row.id for row in listed.results] == [endpoint.id]
    ping = ok(api.events.clubs_webhooks_ping.sync_detailed(club.id, endpoint.id, client=owner), 202)
    assert ping.event.type_ == "ping" and ping.status == m.DeliveryStatusEnum.PENDING

    # Nina keeps the game; the worker sends what is due.
    game = ok(
        api.games.games_create.sync_detailed(
            client=nina, body=m.GameInputRequest(club=club.id, players=[p.id for p in players])
        ),
        201,
    )
    for number, hand in enumerate(FINISHING_HANDS, start=1):
        body = m.HandEntryInputRequest.from_dict(hand)
        ok(api.games.games_hands_enter.sync_detailed(game.id, number, client=nina, body=body), 201)
    run_worker()
    kinds = ["ping", "game.started", *["hand.entered"] * 4, "game.finished"]
    assert [event["type"] for event in receiver.events()] == kinds
    for item in receiver.received:
        assert verified(item.body, item.headers["Hearts-Signature"], secret)
        assert not verified(item.body, item.headers["Hearts-Signature"], "whsec_other")
        assert item.headers["Hearts-Event-Id"] == item.event["id"]
    assert receiver.events()[-1]["data"]["game"]["winners"] == [2, 3]

    # The deliveries, newest first: each delivered once, answered 204.
    deliveries = ok(
        api.events.clubs_webhooks_deliveries_list.sync_detailed(
            club.id, endpoint.id, client=owner, limit=50
        )
    ).results
    assert [row.event.type_ for row in reversed(deliveries)] == kinds
    assert {(row.status, row.attempts, row.last_status_code) for row in deliveries} == {
        (m.DeliveryStatusEnum.DELIVERED, 1, 204)
    }

    # game.started is sent again, after the secret is rotated: the copy is signed with both.
    started = next(row for row in deliveries if row.event.type_ == "game.started")
    again = api.events.clubs_webhooks_deliveries_redeliver.sync_detailed(
        club.id, endpoint.id, started.id, client=owner
    )
    assert ok(again, 202).status == m.DeliveryStatusEnum.PENDING
    rotated = ok(
        api.events.clubs_webhooks_rotate_secret.sync_detailed(club.id, endpoint.id, client=owner)
    )
    assert rotated.secret != secret and rotated.previous_secret_until is not None
    run_worker()
    copy = receiver.received[-1]
    assert copy.headers["Hearts-Event-Id"] == str(started.event.id)
    assert verified(copy.body, copy.headers["Hearts-Signature"], rotated.secret)
    assert verified(copy.body, copy.headers["Hearts-Signature"], secret)
    resent = ok(
        api.events.clubs_webhooks_deliveries_list.sync_detailed(
            club.id, endpoint.id, client=owner, status=m.DeliveryStatusEnum.DELIVERED
        )
    )
    assert next(row for row in resent.results if row.id == started.id).attempts == 2

    # Disabled, the endpoint hears nothing more: the next game's start waits for it.
    off = ok(api.events.clubs_webhooks_disable.sync_detailed(club.id, endpoint.id, client=owner))
    assert off.enabled is False
    ok(
        api.games.games_create.sync_detailed(
            client=nina, body=m.GameInputRequest(club=club.id, players=[p.id for p in players])
        ),
        201,
    )
    run_worker()
    assert len(receiver.received) == len(kinds) + 1
    waiting = ok(
        api.events.clubs_webhooks_deliveries_list.sync_detailed(
            club.id, endpoint.id, client=owner, status=m.DeliveryStatusEnum.PENDING
        )
    )
    assert [row.event.type_ for row in waiting.results] == ["game.started"]
    read = ok(api.events.clubs_webhooks_retrieve.sync_detailed(club.id, endpoint.id, client=owner))
    assert read.enabled is False and read.disabled_reason

    assert api.called <= set(INTEGRATOR_OPERATIONS), api.called - set(INTEGRATOR_OPERATIONS)


def test_the_response_models_of_webhooks_and_sign_up_are_typed(generated_client, live_server):
    api = Api(generated_client, live_server.url)
    roots = [
        model for name in INTEGRATOR_OPERATIONS for model in response_models(getattr(api.any, name))
    ]
    assert {"WebhookEndpointSecretOutput", "WebhookDeliveryOutput", "ErrorBody"} <= {
        model.__name__ for model in roots
    }
    untyped = untyped_fields(api.models, roots)
    assert not untyped, "untyped response fields:\n" + "\n".join(untyped)


def test_a_person_saves_their_own_data_through_the_generated_client(
    generated_client, live_server, olga
):
    """The document is described in words, not typed in the schema (an object): the client
    hands over the answer's bytes and headers."""
    api = Api(generated_client, live_server.url)
    signed_up = ok(
        api.auth.auth_sign_up.sync_detailed(
            client=api.anonymous(),
            body=api.models.SignUpInputRequest(
                username="nina", name="Nina", password=PASSWORD, device_name="nina's phone"
            ),
        ),
        201,
    )
    saved = api.me.me_data.sync_detailed(client=api.signed_in(signed_up.token.key))
    assert saved.status_code == 200
    assert saved.headers["Content-Disposition"] == 'attachment; filename="hearts-data-nina.json"'
    document = json.loads(saved.content)
    assert (document["format"], document["account"]["username"]) == ("hearts-personal-data", "nina")
    assert [device["name"] for device in document["devices"]] == ["nina's phone"]
    assert "olga" not in saved.content.decode()
    assert api.me.me_data.sync_detailed(client=api.anonymous()).status_code == 401
