"""Named users, a public and a private club built through scoring.services, and API clients.

Every club has the same cast: ``owner`` (who created it), ``director``, ``scorer`` and
``member``; ``outsider`` belongs to no club and ``anonymous`` is not logged in.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from adjudication.services import ruleset_for
from scoring import services
from scoring.models import Role
from tests.scoring.night_support import confirmed_league, night_of  # noqa: F401 - fixtures

ROLES = ("owner", "director", "scorer", "member", "outsider", "anonymous")
PASSWORD = "a long test password"
SEATED = ["Ada", "Ben", "Cleo", "Dev", "Edie", "Finn"]


@pytest.fixture(autouse=True)
def _fast_test_setup(settings):
    """WhiteNoise finds static files per request instead of scanning STATIC_ROOT each time a
    test client builds its middleware."""
    settings.WHITENOISE_AUTOREFRESH = True


def make_user(username: str):
    return get_user_model().objects.create_user(username, password=PASSWORD)


@pytest.fixture
def owner(db):
    return make_user("olive_owner")


@pytest.fixture
def director(db):
    return make_user("dora_director")


@pytest.fixture
def scorer(db):
    return make_user("sam_scorer")


@pytest.fixture
def member(db):
    return make_user("milo_member")


@pytest.fixture
def outsider(db):
    return make_user("otto_outsider")


@pytest.fixture
def anonymous():
    return None


@pytest.fixture
def users(owner, director, scorer, member, outsider, anonymous):
    return {
        "owner": owner,
        "director": director,
        "scorer": scorer,
        "member": member,
        "outsider": outsider,
        "anonymous": anonymous,
    }


def build_club(users: dict, *, name: str, slug: str, is_public: bool, players: int = 6):
    club = services.create_club(user=users["owner"], name=name, slug=slug, is_public=is_public)
    for role in (Role.DIRECTOR, Role.SCORER, Role.MEMBER):
        services.set_membership(club=club, user=users[role.value], role=role)
    club.seated = [services.create_player(club=club, name=n) for n in SEATED[:players]]
    return club


@pytest.fixture
def public_club(users):
    return build_club(users, name="Riverside Hearts", slug="riverside", is_public=True)


@pytest.fixture
def private_club(users):
    return build_club(users, name="Back Room", slug="back-room", is_public=False)


@pytest.fixture
def client_for():
    """``client_for(user)``: an APIClient authenticated as ``user`` (None: anonymous)."""

    def make(user) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def scorer_api(client_for, scorer):
    return client_for(scorer)


@pytest.fixture
def director_api(client_for, director):
    return client_for(director)


@pytest.fixture
def new_game(public_club, owner):
    """``new_game(ruleset, players=4, first_dealer=0)``: a game in the public club."""

    def make(ruleset: object = "standard", players: int | None = None, first_dealer: int = 0):
        rules = ruleset_for(ruleset)
        count = players or rules.players
        return services.create_game(
            club=public_club,
            players=public_club.seated[:count],
            actor=owner,
            ruleset=ruleset,
            first_dealer=first_dealer,
        )

    return make
