"""Every name a person gives holds only characters people see (issue 51, finding 5): a bidi
control, a zero-width space, a newline is refused with ``invalid_name_character`` and the field,
on every name the API takes and every page form (one validator, hearts_site/text/names.py); the
joiners a script needs stay allowed; and a new player whose name looks like a current one's
(Unicode's confusables) is made with a warning."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import services
from scoring.models import Club, League, Player
from tests.scoring.conftest import PASSWORD
from tests.scoring.support import API

pytestmark = pytest.mark.django_db

BAD = ["\u202eevil\u202c txt", "a\u200b\u200bb", "x\ny", "tab\there", "\ufeffAda"]


def refusals(answer) -> list[tuple[str, str | None]]:
    assert answer.status_code == 400, answer.content
    return [(e["code"], e["attr"]) for e in answer.json()["errors"]]


def api_names(club, league) -> list[tuple[str, str, str, dict]]:
    """(method, path, field, body without the field) for every name the API takes (a game's
    table is refused by the same rule in its service: tests/scoring/test_game_tables.py)."""
    return [
        ("post", f"{API}/clubs/", "name", {}),
        ("post", f"{API}/players/", "name", {"club": club.pk}),
        ("post", f"{API}/leagues/", "name", {"club": club.pk}),
        ("patch", f"{API}/leagues/{league.pk}/", "name", {}),
        (
            "post",
            f"{API}/leagues/{league.pk}/seasons/",
            "name",
            {"starts_on": "2026-01-01", "ends_on": "2026-06-30"},
        ),
        (
            "post",
            f"{API}/clubs/{club.pk}/nights/",
            "name",
            {"league": league.pk, "rounds": 2, "round_hands": 2},
        ),
        ("post", f"{API}/auth/tokens/", "name", {"password": PASSWORD}),
    ]


@pytest.mark.parametrize("bad", BAD)
def test_every_name_the_api_takes_refuses_a_character_no_one_sees(
    public_club, client_for, owner, bad
):
    league = services.create_league(club=public_club, name="Tuesday", ruleset="standard")
    api = client_for(owner)
    for method, path, field, body in api_names(public_club, league):
        answer = getattr(api, method)(path, {**body, field: bad}, format="json")
        assert ("invalid_name_character", field) in refusals(answer), (path, answer.content)
        assert "U+" in answer.json()["errors"][0]["detail"]
    assert not Club.objects.exclude(pk=public_club.pk).exclude(name="Back Room").exists()
    assert League.objects.get(pk=league.pk).name == "Tuesday"
    assert not Player.objects.filter(name=bad).exists()


@pytest.mark.parametrize("bad", BAD[:3])
def test_sign_up_and_sign_in_refuse_such_a_name_or_device_name(db, bad):
    from rest_framework.test import APIClient

    body = {"username": "newbie", "password": "a long pass phrase 42", "device_name": "phone"}
    for field in ("name", "device_name"):
        sent = {"name": "Newbie", **body, field: bad}
        answer = APIClient().post(f"{API}/auth/sign-up/", sent, format="json")
        assert ("invalid_name_character", field) in refusals(answer)
    sign_in = {"username": "newbie", "password": "x", "device_name": bad}
    answer = APIClient().post(f"{API}/auth/sign-in/", sign_in, format="json")
    assert ("invalid_name_character", "device_name") in refusals(answer)


def test_the_joiners_a_script_needs_are_names_still(public_club, client_for, owner):
    api = client_for(owner)
    for name in ("\u0645\u062d\u0645\u062f\u200c\u0631\u0636\u0627", "Zoë", "O'Brien-Smith"):
        made = api.post(f"{API}/players/", {"club": public_club.pk, "name": name}, format="json")
        assert made.status_code == 201, made.content
        assert made.json()["name"] == name and made.json()["looks_like"] == []


def test_a_player_whose_name_looks_like_a_current_one_is_made_with_a_warning(
    public_club, client_for, owner
):
    api = client_for(owner)

    def add(name: str):
        return api.post(f"{API}/players/", {"club": public_club.pk, "name": name}, format="json")

    # "Ada" is a current player of the club: a Cyrillic A, the same name again, then Ian/lan.
    cyrillic = add("\u0410da")
    assert cyrillic.status_code == 201 and cyrillic.json()["looks_like"] == ["Ada"]
    again = add("ada")
    assert sorted(again.json()["looks_like"]) == sorted(["Ada", "\u0410da"])
    services.create_player(club=public_club, name="Ian")
    lan = add("lan")
    assert lan.json()["looks_like"] == ["Ian"]
    other = add("Quinn")
    assert other.json()["looks_like"] == []


def page_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_every_page_form_refuses_such_a_name_next_to_its_field(public_club, owner):
    league = services.create_league(club=public_club, name="Tuesday", ruleset="standard")
    page = page_for(owner)
    slug = public_club.slug
    forms = [
        ("/clubs/new/", {"name": BAD[0], "is_public": "yes"}),
        (f"/clubs/{slug}/players/new/", {"names": f"Quinn\n{BAD[1]}"}),
        (f"/clubs/{slug}/leagues/new/", {"name": BAD[0], "preset": "standard"}),
        (
            f"/clubs/{slug}/nights/new/",
            {"league": league.pk, "name": BAD[0], "rounds": "2", "ends_by": "hands"},
        ),
        ("/account/tokens/", {"name": BAD[0], "password": PASSWORD}),
    ]
    for path, body in forms:
        answer = page.post(path, body)
        text = answer.content.decode()
        assert answer.status_code in (200, 400), (path, answer.status_code)
        assert "A name holds only characters people see" in text, path
    assert not Player.objects.filter(name="Quinn").exists()  # all or none


def test_the_sign_up_page_refuses_such_a_name(db):
    answer = Client().post(
        "/account/signup/",
        {"username": "newbie", "name": BAD[2], "password1": "a long pass phrase 42"},
    )
    assert "A name holds only characters people see" in answer.content.decode()


def test_the_players_page_warns_of_a_name_that_looks_like_a_current_one(public_club, owner):
    page = page_for(owner)
    added = page.post(
        f"/clubs/{public_club.slug}/players/new/", {"names": "\u0410da\nQuinn"}, follow=True
    )
    text = added.content.decode()
    assert "2 players added" in text
    assert "<bdi>\u0410da</bdi> looks like <bdi>Ada</bdi>: make sure it is not the same" in text
    assert "Quinn looks like" not in text
