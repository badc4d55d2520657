"""Idempotency-Key on creates; the game version as ETag, If-None-Match and If-Match."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Game, Hand, IdempotencyRecord, Player

from .support import API, error_of, game_url, hand_url, patch_hand, put_hand, snapshot, void_hand

KEY = "Idempotency-Key"


def post(api, url, body, key=None, **headers):
    if key is not None:
        headers[KEY] = key
    return api.post(url, body, format="json", headers=headers)


CREATES = {
    "player": (lambda c, g: (f"{API}/players/", {"club": c.pk, "name": "Newcomer"})),
    "league": (lambda c, g: (f"{API}/leagues/", {"club": c.pk, "name": "Monday"})),
    "game": (
        lambda c, g: (f"{API}/games/", {"club": c.pk, "players": [p.pk for p in c.seated[2:]]})
    ),
    "dispute": (
        lambda c, g: (f"{API}/games/{g.pk}/hands/1/disputes/", {"plays": [], "first_leader": 0})
    ),
    "club": (lambda c, g: (f"{API}/clubs/", {"name": "Second club", "slug": "second"})),
}


@pytest.fixture
def game_with_a_hand(new_game, scorer):
    game = new_game("standard")
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 13, 0, 0]}, actor=scorer)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("kind", list(CREATES))
def test_the_same_key_and_body_replay_the_first_response_and_create_one_row(
    kind, public_club, game_with_a_hand, client_for, owner
):
    api = client_for(owner)
    url, body = CREATES[kind](public_club, game_with_a_hand)
    first = post(api, url, body, key=f"create-{kind}-1")
    assert first.status_code == 201, first.content
    assert "Idempotent-Replayed" not in first.headers
    rows = snapshot()["counts"]
    again = post(api, url, body, key=f"create-{kind}-1")
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert snapshot()["counts"] == rows
    assert IdempotencyRecord.objects.filter(user=owner, key=f"create-{kind}-1").count() == 1


def test_the_same_key_with_another_body_is_refused_with_422(public_club, scorer_api):
    url = f"{API}/players/"
    post(scorer_api, url, {"club": public_club.pk, "name": "Ann"}, key="k-1")
    before = snapshot()
    response = post(scorer_api, url, {"club": public_club.pk, "name": "Bob"}, key="k-1")
    assert error_of(response, 422)[0] == "idempotency_key_reused"
    assert snapshot() == before
    assert not Player.objects.filter(name="Bob").exists()


def test_the_same_key_on_another_endpoint_is_refused_with_422(public_club, scorer_api, new_game):
    post(scorer_api, f"{API}/players/", {"club": public_club.pk, "name": "Ann"}, key="k-2")
    before = snapshot()
    body = {"club": public_club.pk, "players": [p.pk for p in public_club.seated[:4]]}
    response = post(scorer_api, f"{API}/games/", body, key="k-2")
    assert error_of(response, 422)[0] == "idempotency_key_reused"
    assert snapshot() == before


def test_a_key_longer_than_255_characters_is_refused(public_club, scorer_api):
    before = snapshot()
    body = {"club": public_club.pk, "name": "Ann"}
    response = post(scorer_api, f"{API}/players/", body, key="k" * 256)
    assert error_of(response, 400)[0] == "idempotency_key_too_long"
    assert snapshot() == before
    assert post(scorer_api, f"{API}/players/", body, key="k" * 255).status_code == 201


def test_keys_belong_to_their_user(public_club, client_for, scorer, director):
    body = {"club": public_club.pk, "name": "Ann"}
    first = post(client_for(scorer), f"{API}/players/", body, key="shared")
    second = post(client_for(director), f"{API}/players/", body, key="shared")
    assert (first.status_code, second.status_code) == (201, 201)
    assert "Idempotent-Replayed" not in second.headers
    assert first.json()["id"] != second.json()["id"]
    assert Player.objects.filter(name="Ann").count() == 2


def test_a_failed_create_keeps_no_key(public_club, scorer_api):
    refused = post(scorer_api, f"{API}/players/", {"club": public_club.pk}, key="retry-me")
    assert error_of(refused, 400) == ("required", "name")
    assert not IdempotencyRecord.objects.exists()
    body = {"club": public_club.pk, "name": "Ann"}
    created = post(scorer_api, f"{API}/players/", body, key="retry-me")
    assert created.status_code == 201 and "Idempotent-Replayed" not in created.headers


# --- ETags ------------------------------------------------------------------------------------


@pytest.mark.parametrize("tail", ["", "scoreboard/"], ids=["game", "scoreboard"])
def test_a_game_and_its_scoreboard_carry_the_version_as_etag(
    tail, game_with_a_hand, scorer_api, client_for
):
    game = game_with_a_hand
    reader = client_for(None)
    response = reader.get(game_url(game.pk, tail))
    assert response.status_code == 200
    etag = response.headers["ETag"]
    assert etag == f'"{game.version}"'
    assert response.json()["version"] == game.version

    for header in (etag, f"W/{etag}", f'"0", {etag}'):
        cached = reader.get(game_url(game.pk, tail), headers={"If-None-Match": header})
        assert cached.status_code == 304, header
        assert cached.headers["ETag"] == etag and cached.content == b""

    put_hand(scorer_api, game.pk, 2, {"points": [0, 13, 13, 0]})
    fresh = reader.get(game_url(game.pk, tail), headers={"If-None-Match": etag})
    assert fresh.status_code == 200
    assert fresh.headers["ETag"] == f'"{game.version + 1}"' != etag


WRITES = {
    "enter": lambda api, g, h: put_hand(api, g, 2, {"points": [0, 13, 13, 0]}, **h),
    "correct": lambda api, g, h: patch_hand(
        api, g, 1, {"points": [0, 13, 13, 0], "reason": "r"}, **h
    ),
    "void": lambda api, g, h: void_hand(api, g, 1, **h),
    "abandon": lambda api, g, h: api.post(
        game_url(g, "abandon/"), {"reason": "late"}, format="json", headers=h
    ),
}


@pytest.mark.parametrize("write", list(WRITES))
def test_a_stale_if_match_is_refused_with_412_and_writes_nothing(
    write, game_with_a_hand, scorer_api
):
    game = game_with_a_hand
    before = snapshot()
    response = WRITES[write](scorer_api, game.pk, {"If-Match": f'"{game.version - 1}"'})
    assert error_of(response, 412)[0] == "version_mismatch"
    assert snapshot() == before


@pytest.mark.parametrize("write", list(WRITES))
def test_a_current_if_match_lets_the_write_through_and_moves_the_etag(
    write, game_with_a_hand, scorer_api
):
    game = game_with_a_hand
    response = WRITES[write](scorer_api, game.pk, {"If-Match": f'"{game.version}"'})
    assert response.status_code in (200, 201), response.content
    version = Game.objects.get(pk=game.pk).version
    assert version == game.version + 1
    assert response.headers["ETag"] == f'"{version}"'


def test_if_match_star_or_absent_sets_no_precondition_and_garbage_is_412(
    game_with_a_hand, scorer_api
):
    game = game_with_a_hand
    response = put_hand(scorer_api, game.pk, 2, {"points": [0, 13, 13, 0]}, **{"If-Match": "*"})
    assert response.status_code == 201
    response = put_hand(scorer_api, game.pk, 3, {"points": [0, 13, 13, 0]}, **{"If-Match": "v7"})
    assert error_of(response, 412)[0] == "invalid_if_match"
    assert not Hand.objects.filter(game=game, number=3).exists()


def test_a_retried_put_with_the_etag_it_was_sent_with_replays_the_hand(
    game_with_a_hand, scorer_api
):
    game = game_with_a_hand
    etag = f'"{game.version}"'
    body = {"points": [0, 13, 13, 0]}
    first = put_hand(scorer_api, game.pk, 2, body, **{"If-Match": etag})
    retry = put_hand(scorer_api, game.pk, 2, body, **{"If-Match": etag})
    assert (first.status_code, retry.status_code) == (201, 200)
    assert retry.json()["hand"] == first.json()["hand"]
    other = put_hand(scorer_api, game.pk, 2, {"points": [13, 0, 13, 0]}, **{"If-Match": etag})
    assert error_of(other, 409)[0] == "hand_exists"
    assert Hand.objects.get(game=game, number=2).entry == body
    assert hand_url(game.pk, 2) in other.json()["errors"][0]["detail"]


def test_a_replayed_token_create_names_the_token_but_never_keeps_its_key(django_user_model):
    from rest_framework.test import APIClient

    from scoring.models import DeviceToken, IdempotencyRecord

    user = django_user_model.objects.create_user("key-keeper", password="x")
    api = APIClient()
    api.force_authenticate(user)
    body = {"name": "phone", "password": "x"}
    first = api.post("/api/v1/auth/tokens/", body, format="json", HTTP_IDEMPOTENCY_KEY="t1")
    again = api.post("/api/v1/auth/tokens/", body, format="json", HTTP_IDEMPOTENCY_KEY="t1")
    assert first.status_code == again.status_code == 201
    key = first.json()["key"]
    assert key and again.json()["key"] is None
    assert again.json()["id"] == first.json()["id"] and again["Idempotent-Replayed"] == "true"
    assert DeviceToken.objects.filter(user=user).count() == 1
    stored = IdempotencyRecord.objects.get(user=user, key="t1")
    assert key not in str(stored.body)
