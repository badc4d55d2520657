"""A club where one player, "Zenobia Quartz", is named by every output that names players
(the erasure's outputs: tests/scoring/test_erasure_outputs.py), for the tests of who may see a
name (issue 55, point 1): a league of finished games, a webhook endpoint with a delivery, a
game in progress whose hands the player entered (so a history names her as its scorer), a
night she is checked in at, and her account. No free text names her: what people type is
theirs (docs/deploy.md: who may see a name)."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from scoring import services
from scoring.models import EventType, Game, Player, Role, WebhookEndpoint
from scoring.services.versions import tables_changed
from tests.scoring.test_nights import open_night
from tests.standings.support import build_qq_league

from .conftest import make_user
from .test_erasure_outputs import api_paths, page_paths

NAME = "Zenobia Quartz"
WORDS = [NAME, "Quartz"]


def visible_club(owner) -> SimpleNamespace:
    built = build_qq_league(owner, "privacy")
    club, players = built.club, built.players
    person = players["Dev"]
    Player.objects.filter(pk=person.pk).update(name=NAME)
    tables_changed(club.pk)
    user = get_user_model().objects.create_user("zq_account", password="a long test password")
    services.set_membership(club=club, user=user, role=Role.SCORER)
    Player.objects.filter(pk=person.pk).update(user=user)
    person.refresh_from_db()
    endpoint = WebhookEndpoint.objects.create(
        club=club,
        url="https://hooks.example.org/hearts",
        event_types=[EventType.GAME_STARTED, EventType.HAND_ENTERED],
        secret="a test secret",
        created_by=owner,
    )
    seated = [players["Ada"], players["Ben"], players["Cleo"], person]
    game = services.create_game(club=club, players=seated, actor=user)
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=user)
    director = make_user("dora_director")
    services.set_membership(club=club, user=director, role=Role.DIRECTOR)
    night = open_night(club, built.league, director)
    services.check_in(club=club, night_id=night.pk, player_id=person.pk, actor=director)
    member = make_user("mo_member")
    services.set_membership(club=club, user=member, role=Role.MEMBER)
    elsewhere = make_user("el_elsewhere")
    other = services.create_club(user=make_user("other_owner"), name="Elsewhere", slug="else")
    services.set_membership(club=other, user=elsewhere, role=Role.MEMBER)
    return SimpleNamespace(
        **vars(built),
        person=person,
        user=user,
        endpoint=endpoint,
        game=game,
        night=night,
        director=director,
        member=member,
        elsewhere=elsewhere,
        readers={"anonymous": None, "elsewhere": elsewhere, "member": member, "self": user},
    )


def outputs(world, user, language: str = "en") -> dict[str, str]:
    """Every page and API read of the club as ``user`` (None: nobody) reads it, by path."""
    found = {}
    pages, api = Client(HTTP_ACCEPT_LANGUAGE=language), APIClient()
    if user is not None:
        pages.force_login(user)
        api.force_authenticate(user)
    for path in page_paths(world, world.night):
        answer = pages.get(path)
        assert answer.status_code in (200, 302, 401, 403, 404), (path, answer.status_code)
        found[f"{language} page {path}"] = b"".join(answer).decode()
    for path in api_paths(world, world.night):
        answer = api.get(path, HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code in (200, 302, 401, 403, 404), (path, answer.status_code)
        found[f"{language} api {path}"] = b"".join(answer).decode()
    for tail in ("hand-record", "bg-stats/", "bgg-plays/"):
        if tail == "hand-record":
            path = f"/api/v1/leagues/{world.league.pk}/hand-record/"
        else:
            path = f"/api/v1/players/{world.players['Ada'].pk}/{tail}"
        answer = api.get(path)
        if answer.status_code == 200:
            found[f"{language} api {path}"] = b"".join(answer).decode()
    return found


def naming(found: dict[str, str]) -> list[str]:
    return sorted(k for k, text in found.items() if any(w.lower() in text.lower() for w in WORDS))


def numbers(world) -> list:
    """The league's and the club's standings and the players' ratings, without the names, as
    anyone reads them."""
    api = APIClient()
    found = []
    for path in (
        f"/api/v1/leagues/{world.league.pk}/standings/",
        f"/api/v1/clubs/{world.club.pk}/standings/",
    ):
        rows = api.get(path).json()["rows"]
        found.append([{k: v for k, v in row.items() if k != "name"} for row in rows])
    for player in Player.objects.filter(club=world.club).order_by("pk"):
        found.append(api.get(f"/api/v1/players/{player.pk}/ratings/").json())
    found.append(list(Game.objects.filter(club=world.club).values_list("pk", "totals")))
    return found
