"""Who may see a name (issue 55, point 1), over every output of the club (the erasure's list,
tests/scoring/test_erasure_outputs.py, with the hand-record, BG Stats and BGG exports): after a
player chooses ``hidden``, no output names them but their own account's and the directors', in
any language; ``members``: the club's members read the name, nobody else; the standings, totals
and ratings do not move; a body kept for a director is never sent to anyone else."""

from __future__ import annotations

import orjson
import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from scoring import services
from scoring.models import Event, WebhookDelivery
from scoring.selectors.events import envelope

from .visibility_support import NAME, naming, numbers, outputs, visible_club

pytestmark = pytest.mark.django_db


def test_a_hidden_name_is_in_no_output_but_the_players_own_and_the_directors_in_any_language(
    owner,
):
    world = visible_club(owner)
    before_numbers = numbers(world)
    before = outputs(world, None)
    assert len(naming(before)) > 20  # the anonymous reader read the name everywhere before

    services.set_name_visibility(player=world.person, visibility="hidden", actor=world.user)

    pseudonym = f"Player {world.person.pk}"
    for language, _name in settings.LANGUAGES:
        found = outputs(world, None, language)
        assert naming(found) == [], language
    for who in ("elsewhere", "member"):
        found = outputs(world, world.readers[who])
        assert naming(found) == [], who
        assert pseudonym in found[f"en page /players/{world.person.pk}/"]
    bodies = [
        orjson.dumps(envelope(Event.objects.get(pk=d.event_id))).decode()
        for d in WebhookDelivery.objects.filter(endpoint__club=world.club)
    ]
    assert bodies and not any(NAME in body for body in bodies)
    for allowed in (world.user, world.director, owner):
        found = outputs(world, allowed)
        assert NAME in found[f"en page /players/{world.person.pk}/"]
        assert NAME in found[f"en api /api/v1/players/{world.person.pk}/"]
    assert numbers(world) == before_numbers


def test_a_members_only_name_is_read_by_the_clubs_members_and_by_nobody_else(owner):
    world = visible_club(owner)
    services.set_name_visibility(player=world.person, visibility="members", actor=world.user)

    assert naming(outputs(world, None)) == []
    assert naming(outputs(world, world.elsewhere)) == []
    found = outputs(world, world.member)
    assert f"en page /clubs/{world.club.slug}/" in naming(found)
    assert f"en api /api/v1/leagues/{world.league.pk}/standings/" in naming(found)


def test_a_table_kept_for_a_director_is_not_sent_to_an_anonymous_reader(owner):
    world = visible_club(owner)
    services.set_name_visibility(player=world.person, visibility="hidden", actor=world.user)
    paths = [
        f"/api/v1/leagues/{world.league.pk}/standings/",
        f"/api/v1/clubs/{world.club.pk}/standings/",
        f"/api/v1/games/{world.games[0].pk}/scoreboard/",
        f"/api/v1/leagues/{world.league.pk}/hands.csv",
        f"/leagues/{world.league.pk}/",
        f"/clubs/{world.club.slug}/",
    ]
    director = Client()
    director.force_login(world.director)
    for path in paths:  # kept, for the director, first
        assert NAME in b"".join(director.get(path)).decode(), path
    for path in paths:
        body = b"".join(Client().get(path)).decode()
        assert NAME not in body, path
        assert f"Player {world.person.pk}" in body, path


def test_a_directors_etag_does_not_revalidate_an_anonymous_readers_copy(owner):
    """A shared phone: the director's copy, kept by the browser with its ETag, is asked again
    after they sign out. The tables' ETags name the audience, so the answer is a new body (200)
    with the pseudonym, not a 304 that would show the director's names; the game's ETag is its
    version for everyone (If-Match names it), so its answer varies by Authorization and Cookie
    and no browser revalidates one person's copy for another."""
    world = visible_club(owner)
    services.set_name_visibility(player=world.person, visibility="hidden", actor=world.user)
    director = Client()
    director.force_login(world.director)
    for path in (
        f"/api/v1/leagues/{world.league.pk}/standings/",
        f"/api/v1/clubs/{world.club.pk}/standings/",
        f"/api/v1/leagues/{world.league.pk}/hands.csv",
    ):
        etag = director.get(path)["ETag"]
        again = Client().get(path, headers={"If-None-Match": etag})
        assert again.status_code == 200, path
        assert NAME not in b"".join(again).decode(), path
        assert again["ETag"] != etag, path
    board = director.get(f"/api/v1/games/{world.games[0].pk}/scoreboard/")
    assert {"Authorization", "Cookie"} <= {v.strip() for v in board["Vary"].split(",")}


def test_choosing_again_makes_the_name_public_again_and_the_tables_follow(owner):
    world = visible_club(owner)
    path = f"/api/v1/leagues/{world.league.pk}/standings/"
    services.set_name_visibility(player=world.person, visibility="hidden", actor=world.user)
    assert NAME not in APIClient().get(path).content.decode()
    services.set_name_visibility(player=world.person, visibility="public", actor=world.user)
    assert NAME in APIClient().get(path).content.decode()


def test_a_player_chooses_through_the_api_and_a_bad_value_is_a_400_naming_the_field(owner):
    world = visible_club(owner)
    api = APIClient()
    api.force_authenticate(world.user)
    path = f"/api/v1/players/{world.person.pk}/"
    refused = api.patch(path, {"name_visibility": "secret"}, format="json")
    assert refused.status_code == 400
    assert "name_visibility" in refused.content.decode()
    done = api.patch(path, {"name_visibility": "hidden"}, format="json")
    assert done.status_code == 200, done.content
    assert done.json()["name_visibility"] == "hidden"
    assert done.json()["name"] == NAME  # to themselves
    assert APIClient().get(path).json()["name"] == f"Player {world.person.pk}"
    assert world.person.name_visibility == "public"  # the object in hand; the row changed
    other = APIClient()
    other.force_authenticate(world.member)
    assert other.patch(path, {"name_visibility": "public"}, format="json").status_code == 403


def test_a_director_chooses_for_a_player_without_an_account_and_not_for_one_with(owner):
    world = visible_club(owner)
    api = APIClient()
    api.force_authenticate(world.director)
    ada = world.players["Ada"]
    answer = api.patch(f"/api/v1/players/{ada.pk}/", {"name_visibility": "members"}, format="json")
    assert answer.status_code == 200
    assert (
        api.patch(
            f"/api/v1/players/{world.person.pk}/", {"name_visibility": "public"}, format="json"
        ).status_code
        == 403
    )


def test_the_pseudonym_reads_in_the_readers_language(owner):
    world = visible_club(owner)
    services.set_name_visibility(player=world.person, visibility="hidden", actor=world.user)
    body = Client(HTTP_ACCEPT_LANGUAGE="de").get(f"/players/{world.person.pk}/").content
    assert NAME not in body.decode()
    assert f"Spieler {world.person.pk}" in body.decode()
