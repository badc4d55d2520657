"""Every output the service makes for a club, gathered before and after an erasure (issue 55,
point 2's test): the pages (the club, its players, games, league, room, wall, a night and its
sheet, members, webhooks, the erasures), the API's reads, the CSV exports, the backup, the
event feed, the webhook bodies, in each language of the site. The person's name (and, for a
person with an account, their username, e-mail and first name) is in them before and in none
of them after."""

from __future__ import annotations

import json

import orjson
import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from scoring import services
from scoring.backup.export import export_club
from scoring.models import Event, Game, Night, Player, Role, WebhookDelivery
from scoring.selectors.events import envelope
from tests.scoring.test_nights import open_night

from .conftest import make_user
from .erasure_support import EMAIL, FIRST, NAME, USERNAME, named_club

pytestmark = pytest.mark.django_db

API = "/api/v1"


def page_paths(world, night: Night) -> list[str]:
    club, slug = world.club, world.club.slug
    players = Player.objects.filter(club=club).values_list("pk", flat=True)
    games = Game.objects.filter(club=club).values_list("pk", flat=True)
    return [
        "/",
        f"/clubs/{slug}/",
        f"/clubs/{slug}/room/",
        f"/clubs/{slug}/wall/",
        f"/clubs/{slug}/members/",
        f"/clubs/{slug}/claims/",
        f"/clubs/{slug}/webhooks/",
        f"/clubs/{slug}/webhooks/{world.endpoint.pk}/",
        f"/clubs/{slug}/erasures/",
        f"/clubs/{slug}/nights/{night.pk}/",
        f"/clubs/{slug}/nights/{night.pk}/sheet/",
        f"/leagues/{world.league.pk}/",
        *(f"/players/{pk}/" for pk in players),
        *(f"/games/{pk}/" for pk in games),
    ]


def api_paths(world, night: Night) -> list[str]:
    club, league = world.club.pk, world.league.pk
    players = Player.objects.filter(club=world.club).values_list("pk", flat=True)
    games = Game.objects.filter(club=world.club).values_list("pk", flat=True)
    return [
        f"{API}/clubs/{club}/",
        f"{API}/clubs/{club}/members/",
        f"{API}/clubs/{club}/standings/",
        f"{API}/clubs/{club}/standings.csv",
        f"{API}/clubs/{club}/events/",
        f"{API}/clubs/{club}/room/",
        f"{API}/clubs/{club}/wall/",
        f"{API}/clubs/{club}/nights/",
        f"{API}/clubs/{club}/nights/{night.pk}/",
        f"{API}/clubs/{club}/erasures/",
        f"{API}/clubs/{club}/webhooks/{world.endpoint.pk}/deliveries/",
        f"{API}/leagues/{league}/",
        f"{API}/leagues/{league}/standings/",
        f"{API}/leagues/{league}/standings.csv",
        f"{API}/leagues/{league}/hands.csv",
        f"{API}/players/?club={club}",
        f"{API}/games/?club={club}",
        *(f"{API}/players/{pk}/{tail}" for pk in players for tail in ("", "stats/", "ratings/")),
        *(
            f"{API}/games/{pk}/{tail}"
            for pk in games
            for tail in ("", "hands/", "history/", "scoreboard/")
        ),
    ]


def everything(world, night: Night, owner) -> dict[str, str]:
    """Each output, by where it came from, as text: every page and API read in every
    language, signed in as an owner (and in English as nobody); the backup; each webhook
    body."""
    found: dict[str, str] = {}
    readers = [(language, "owner", owner) for language, _name in settings.LANGUAGES]
    readers.append(("en", "anonymous", None))  # what the public reads, in one language
    for language, who, user in readers:
        pages, api = Client(HTTP_ACCEPT_LANGUAGE=language), APIClient()
        if user is not None:
            pages.force_login(user)
            api.force_authenticate(user)
        allowed = (200,) if user is not None else (200, 302, 401, 403, 404)
        for path in page_paths(world, night):
            answer = pages.get(path)
            assert answer.status_code in allowed, (path, answer.status_code)
            found[f"{language} {who} {path}"] = b"".join(answer).decode()
        for path in api_paths(world, night):
            answer = api.get(path, HTTP_ACCEPT_LANGUAGE=language)
            assert answer.status_code in allowed, (path, answer.status_code)
            found[f"{language} {who} {path}"] = b"".join(answer).decode()
    found["backup"] = json.dumps(export_club(world.club), ensure_ascii=False)
    found["backup (ascii)"] = json.dumps(export_club(world.club))
    for delivery in WebhookDelivery.objects.filter(endpoint__club=world.club):
        body = orjson.dumps(envelope(Event.objects.get(pk=delivery.event_id))).decode()
        found[f"webhook body {delivery.pk}"] = body
    return found


def naming(outputs: dict[str, str], words: list[str]) -> list[str]:
    return sorted(
        where for where, text in outputs.items() if any(w.lower() in text.lower() for w in words)
    )


@pytest.mark.parametrize("who_asks", ["director", "person"])
def test_after_an_erasure_no_output_of_the_club_names_the_person_in_any_language(who_asks, owner):
    world = named_club(owner, with_account=who_asks == "person")
    director = make_user("dora_director")
    services.set_membership(club=world.club, user=director, role=Role.DIRECTOR)
    night = open_night(world.club, world.league, director)
    services.check_in(club=world.club, night_id=night.pk, player_id=world.person.pk, actor=director)
    words = [NAME, FIRST, "Quartz"]
    if who_asks == "person":
        words += [USERNAME, EMAIL]
        # Hands they entered and a reason they wrote: their display name in the history.
        services.set_membership(club=world.club, user=world.user, role=Role.SCORER)
        game = services.create_game(
            club=world.club,
            players=[world.players[n] for n in ("Ada", "Ben", "Cleo")] + [world.person],
            actor=world.user,
        )
        services.enter_hand(
            game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=world.user
        )

    before = everything(world, night, owner)
    assert len(naming(before, words)) > 100  # pages, reads, backup and bodies, each language

    if who_asks == "person":
        services.erase_me(user=world.user, confirm=USERNAME)
    else:
        services.erase_player(player=world.person, actor=owner, confirm=NAME)

    after = everything(world, night, owner)
    assert set(after) >= set(before) - {k for k in before if k.startswith("webhook body")}
    assert naming(after, words) == []
    pseudonym = f"Player {world.person.pk}"
    assert pseudonym in after[f"en owner /players/{world.person.pk}/"]
