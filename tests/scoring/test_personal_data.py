"""A person's own data (issue 55, point 3): a signed-in person downloads everything kept about
them as one JSON document, from the account page and from ``GET /api/v1/me/data/``,
and nothing of anyone else."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from scoring import selectors, services
from scoring.models import (
    DeviceToken,
    Hand,
    HistoryEntry,
    Invitation,
    PasswordResetLink,
    Player,
    RatingEvent,
    RatingsState,
    Role,
    SignInCount,
)

from .conftest import make_user
from .support import API

pytestmark = pytest.mark.django_db

OWN_ADDRESS, OTHER_ADDRESS = "203.0.113.7", "198.51.100.9"
OTHER_NAME, OTHER_DEVICE = "Zebulon Quist", "Milo's tablet"


def sign_in_records(username: str, address: str) -> None:
    common = {"username": username, "ip_address": address, "user_agent": "phone"}
    AccessLog.objects.create(**common, path_info="/account/login/")
    AccessAttempt.objects.create(**common, failures_since_start=1)
    AccessFailureLog.objects.create(**common)
    SignInCount.objects.create(
        username=username, address=address, failures=1, latest=timezone.now()
    )


def linked(club, player: Player, user, director) -> Player:
    """``player`` linked to ``user`` by accepting a director's invitation."""
    _invitation, token = services.invite_player(player=player, actor=director)
    services.accept_invitation(token=token, user=user)
    player.refresh_from_db()
    return player


def played(club, players: list[Player], owner, hands: int):
    """A game of ``players`` with ``hands`` hands entered, and a rating event for each seat."""
    game = services.create_game(club=club, players=players, actor=owner, ruleset="standard")
    for number in range(1, hands + 1):
        services.enter_hand(
            game_id=game.pk, number=number, entry={"points": [13, 5, 4, 4]}, actor=owner
        )
    for place, player in enumerate(players):
        RatingEvent.objects.create(
            club=club,
            player=player,
            game=game,
            at=timezone.now(),
            mu=25.0 - place,
            sigma=8.0,
            ordinal=1.0 - place,
            change=0.5 - place,
        )
    return game


@pytest.fixture
def person(public_club, users):
    """The scorer, linked to Ada, with something of every kind kept about them."""
    sam, owner, director = users["scorer"], users["owner"], users["director"]
    ada = linked(public_club, public_club.seated[0], sam, director)
    services.set_pin(player=ada, pin="482193")
    game = played(public_club, public_club.seated[:4], owner, hands=2)
    services.open_dispute(
        game_id=game.pk, number=1, record={"points": [13, 0, 13, 0]}, actor=sam, reason="miscount"
    )
    HistoryEntry.objects.create(game=game, hand_number=2, action="hand_confirmed", actor=sam)
    Hand.objects.filter(game=game, number=2).update(confirmed_by=ada)
    services.create_device_token(user=sam, name="Sam's phone")
    services.make_reset_link(actor=owner, club=public_club, user_id=sam.pk)
    services.set_membership(club=public_club, user=sam, role=Role.DIRECTOR)
    services.create_invitation(club=public_club, role=Role.MEMBER, actor=sam)
    sign_in_records(sam.username, OWN_ADDRESS)
    return {"user": sam, "player": ada, "game": game}


@pytest.fixture
def other(public_club, users):
    """The member, linked to a player of their own, with their own game, device and sign-ins."""
    milo, owner, director = users["member"], users["owner"], users["director"]
    zeb = linked(
        public_club, services.create_player(club=public_club, name=OTHER_NAME), milo, director
    )
    game = played(public_club, [zeb, *public_club.seated[3:6]], owner, hands=1)
    services.open_dispute(
        game_id=game.pk, number=1, record={"points": [0, 13, 13, 0]}, actor=director
    )
    HistoryEntry.objects.create(game=game, hand_number=1, action="hand_confirmed", actor=milo)
    _token, key = services.create_device_token(user=milo, name=OTHER_DEVICE)
    services.make_reset_link(actor=owner, club=public_club, user_id=milo.pk)
    sign_in_records(milo.username, OTHER_ADDRESS)
    return {"user": milo, "player": zeb, "game": game, "key": key}


def test_the_document_holds_the_persons_own_items_of_each_kind(person, other, public_club):
    data = selectors.personal_data(person["user"])
    assert (data["format"], data["version"]) == ("hearts-personal-data", 1)
    assert data["generated_at"]
    assert data["account"]["username"] == "sam_scorer"
    assert {"email", "date_joined", "last_login"} <= data["account"].keys()
    assert [m["club"]["slug"] for m in data["memberships"]] == ["riverside"]
    assert data["memberships"][0]["role"] == "director"
    [player] = data["players"]
    assert (player["id"], player["name"], player["has_pin"]) == (person["player"].pk, "Ada", True)
    [game] = player["games"]
    assert (game["id"], game["seat"]) == (person["game"].pk, 0)
    assert [(h["number"], h["points"]) for h in game["hands"]] == [
        (1, [13, 5, 4, 4]),
        (2, [13, 5, 4, 4]),
    ]
    assert "scores" in game["hands"][0]
    assert [r["game"] for r in player["ratings"]] == [person["game"].pk]
    [confirmation] = data["confirmations"]
    assert confirmation["at"]
    assert {**confirmation, "at": None} == {
        "game": person["game"].pk,
        "hand": 2,
        "player": person["player"].pk,
        "at": None,
    }
    [dispute] = data["disputes"]
    assert (dispute["game"], dispute["hand"], dispute["reason"]) == (
        person["game"].pk,
        1,
        "miscount",
    )
    assert [d["name"] for d in data["devices"]] == ["Sam's phone"]
    sign_ins = data["sign_ins"]
    assert [s["ip_address"] for s in sign_ins["sign_ins"]] == [OWN_ADDRESS]
    assert [s["ip_address"] for s in sign_ins["failed_attempts"]] == [OWN_ADDRESS]
    assert [s["ip_address"] for s in sign_ins["failures"]] == [OWN_ADDRESS]
    assert [s["address"] for s in sign_ins["lockout_counts"]] == [OWN_ADDRESS]
    made = [i for i in data["invitations"] if i["made_by_me"]]
    accepted = [i for i in data["invitations"] if i["accepted_by_me"]]
    assert len(made) == 1 and [i["player"] for i in accepted] == [person["player"].pk]
    [link] = data["reset_links"]
    assert set(link) == {"created_at", "expires_at", "used_at", "voided_at"}
    json.dumps(data)  # JSON-safe as it is


def test_nothing_of_another_person_is_in_the_document(person, other):
    data = selectors.personal_data(person["user"])
    text = json.dumps(data)
    for word in ("milo_member", OTHER_NAME, OTHER_DEVICE, OTHER_ADDRESS):
        assert word not in text
    assert other["player"].pk not in {p["id"] for p in data["players"]}
    assert other["game"].pk not in {g["id"] for p in data["players"] for g in p["games"]}
    assert other["game"].pk not in {c["game"] for c in data["confirmations"]}
    assert other["game"].pk not in {d["game"] for d in data["disputes"]}
    assert len(data["reset_links"]) == 1
    assert data["account"]["id"] == person["user"].pk


def test_no_key_token_pin_or_password_hash_is_ever_in_the_document(person, other):
    user = person["user"]
    text = json.dumps(selectors.personal_data(user))
    secrets = [
        *DeviceToken.objects.filter(user=user).values_list("key_hash", flat=True),
        *PasswordResetLink.objects.filter(user=user).values_list("key_hash", flat=True),
        *Invitation.objects.values_list("token_hash", flat=True),
        Player.objects.get(pk=person["player"].pk).pin_hash,
        user.password,
    ]
    assert all(secrets)
    for secret in secrets:
        assert secret not in text
    for key in ("key_hash", "token_hash", "pin_hash", "password", "session_hash", "post_data"):
        assert f'"{key}"' not in text


def test_its_queries_do_not_grow_with_the_number_of_hands(
    public_club, users, django_assert_max_num_queries
):
    sam, owner, director = users["scorer"], users["owner"], users["director"]
    ada = linked(public_club, public_club.seated[0], sam, director)
    played(public_club, public_club.seated[:4], owner, hands=1)
    with CaptureQueriesContext(connection) as few:
        selectors.personal_data(sam)
    for _ in range(2):
        played(public_club, [ada, *public_club.seated[1:4]], owner, hands=5)
    with django_assert_max_num_queries(len(few)):
        data = selectors.personal_data(sam)
    assert sum(len(g["hands"]) for g in data["players"][0]["games"]) == 11
    assert len(few) <= 20


def test_the_api_answers_the_callers_own_document_as_a_file(person, other, client_for):
    answer = client_for(person["user"]).get(f"{API}/me/data/")
    assert answer.status_code == 200, answer.content
    assert answer["Content-Disposition"] == 'attachment; filename="hearts-data-sam_scorer.json"'
    assert answer.json()["account"]["username"] == "sam_scorer"
    assert "milo_member" not in answer.content.decode()


def test_another_persons_device_token_gets_only_their_own_document(person, other):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {other['key']}")
    answer = client.get(f"{API}/me/data/")
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert data["account"]["username"] == "milo_member"
    assert [p["name"] for p in data["players"]] == [OTHER_NAME]
    text = answer.content.decode()
    for word in ("sam_scorer", "Sam's phone", OWN_ADDRESS, "miscount"):
        assert word not in text


def test_an_anonymous_caller_gets_401_from_the_api(person):
    assert APIClient().get(f"{API}/me/data/").status_code == 401


def test_the_account_page_links_to_the_download_and_the_page_serves_the_file(person):
    client = Client()
    client.force_login(person["user"])
    page = client.get("/account/me/")
    assert page.status_code == 200
    assert 'href="/account/data/"' in page.content.decode()
    answer = client.get("/account/data/")
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == 'attachment; filename="hearts-data-sam_scorer.json"'
    data = json.loads(answer.content)
    assert data == {**selectors.personal_data(person["user"]), "generated_at": data["generated_at"]}
    assert "milo_member" not in answer.content.decode()


def test_an_anonymous_visitor_is_sent_to_sign_in_first():
    answer = Client().get("/account/data/")
    assert answer.status_code == 302
    assert answer["Location"].startswith("/account/login/")


def test_the_downloads_spend_the_export_budget(person, throttle_rates):
    throttle_rates({"exports": "2/hour"})
    client = Client()
    client.force_login(person["user"])
    assert [client.get("/account/data/").status_code for _ in range(3)] == [200, 200, 429]
    api = APIClient()
    api.force_authenticate(person["user"])
    assert api.get(f"{API}/me/data/").status_code == 429


def test_reset_links_say_times_only(person):
    [link] = selectors.personal_data(person["user"])["reset_links"]
    kept = PasswordResetLink.objects.get(user=person["user"])
    assert link["expires_at"] == kept.expires_at.isoformat()
    assert kept.expires_at - kept.created_at < timedelta(days=2)


def test_the_ratings_are_the_shown_generations_alone(person, public_club):
    RatingEvent.objects.filter(player=person["player"]).update(generation=3)
    RatingsState.objects.update_or_create(club=public_club, defaults={"shown": 2})
    assert selectors.personal_data(person["user"])["players"][0]["ratings"] == []
    RatingsState.objects.filter(club=public_club).update(shown=3)
    [rating] = selectors.personal_data(person["user"])["players"][0]["ratings"]
    assert rating["game"] == person["game"].pk


def test_a_username_beyond_ascii_names_the_file_in_utf_8(client_for):
    zoe = make_user("zoë")
    answer = client_for(zoe).get(f"{API}/me/data/")
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == "attachment; filename*=utf-8''hearts-data-zo%C3%AB.json"
