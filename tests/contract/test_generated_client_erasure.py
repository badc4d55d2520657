"""Erasure (issue 55, point 2) as an integrator meets it, through the client generated from the
served schema alone (tests/contract/conftest.py): a director erases a player without an
account, typing its name (a mistyped name and a second erasure refused, each with the one
error body), and reads the club's erasures; a member forgets themselves, after their data's
download, and their token then opens nothing; every response model the flow reads is
typed."""

from __future__ import annotations

import pytest

from tests.contract.test_generated_client import (
    PASSWORD,
    Api,
    error_of,
    ok,
    response_models,
    sign_in,
    untyped_fields,
)

ERASURE_OPERATIONS = ("players_erase", "clubs_erasures_list", "me_erase")


@pytest.fixture
def olga_and_mia(django_user_model):
    return [
        django_user_model.objects.create_user(name, password=PASSWORD) for name in ("olga", "mia")
    ]


def test_a_director_erases_a_player_and_a_member_forgets_themselves_through_the_client(
    generated_client, live_server, olga_and_mia
):
    api = Api(generated_client, live_server.url)
    m = api.models
    olga = sign_in(api, "olga", "olga's phone")
    club = ok(
        api.clubs.clubs_create.sync_detailed(
            client=olga, body=m.ClubInputRequest(name="Forgetful", slug="forgetful")
        ),
        201,
    )
    zed = ok(
        api.players.players_create.sync_detailed(
            client=olga, body=m.PlayerInputRequest(club=club.id, name="Zed Nobody")
        ),
        201,
    )

    def erase(confirm: str):
        body = m.PlayerErasureInputRequest(confirm=confirm)
        return api.players.players_erase.sync_detailed(zed.id, client=olga, body=body)

    assert error_of(api, erase("Zed Somebody"), 400) == ("confirmation_mismatch", "confirm")
    erased = ok(erase("zed nobody"))
    assert (erased.pseudonym, erased.asked_by, erased.player) == (
        f"Player {zed.id}",
        "director",
        zed.id,
    )
    assert {row.kind: row.count for row in erased.removed}["players_renamed"] == 1
    assert erased.delivered == []
    assert error_of(api, erase(f"Player {zed.id}"), 409) == ("already_erased", None)
    listed = ok(api.players.clubs_erasures_list.sync_detailed(club.id, client=olga))
    assert [e.pseudonym for e in listed.results] == [f"Player {zed.id}"]

    mia = sign_in(api, "mia", "mia's phone")
    mistyped = api.me.me_erase.sync_detailed(client=mia, body=m.MyErasureInputRequest(confirm="m"))
    assert error_of(api, mistyped, 400) == ("confirmation_mismatch", "confirm")
    only_owner = api.me.me_erase.sync_detailed(
        client=olga, body=m.MyErasureInputRequest(confirm="olga")
    )
    assert error_of(api, only_owner, 409) == ("last_owner", None)
    (record,) = ok(api.me.me_erase.sync_detailed(client=mia, body=m.MyErasureInputRequest("mia")))
    assert record.asked_by == "person" and record.club is None
    gone = api.auth.auth_tokens_list.sync_detailed(client=mia)
    assert error_of(api, gone, 401)[0] in ("authentication_failed", "not_authenticated")


def test_the_response_models_of_erasures_are_typed(generated_client, live_server):
    api = Api(generated_client, live_server.url)
    roots = [
        model for name in ERASURE_OPERATIONS for model in response_models(getattr(api.any, name))
    ]
    assert {"ClubErasureOutput", "PaginatedClubErasureOutputList"} <= {m.__name__ for m in roots}
    untyped = untyped_fields(api.models, roots)
    assert not untyped, "untyped response fields:\n" + "\n".join(untyped)
