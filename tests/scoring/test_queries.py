"""Every list endpoint answers in a fixed number of queries, however many rows it lists."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth import get_user_model

from adjudication.services import ruleset_for
from scoring import services

from .conftest import make_user
from .support import API, play_hand

SMALL, LARGE = 2, 30
LONG_GAME = {"preset": "standard", "target_score": 100_000}


class Data:
    """One public club whose lists grow on demand; every row is made through the services."""

    def __init__(self, club, users):
        self.club = club
        self.users = users
        self.owner = users["owner"]
        self.league = services.create_league(club=club, name="League 0", ruleset="standard")
        self.game = services.create_game(
            club=club, players=club.seated[:4], actor=self.owner, ruleset=LONG_GAME
        )
        played = play_hand(ruleset_for(LONG_GAME), 5)
        services.enter_hand(
            game_id=self.game.pk, number=1, entry=played.entry("plays"), actor=self.owner
        )
        self.made: dict[str, int] = {}

    def grow(self, what: str, count: int) -> None:
        """Add rows until the list ``what`` has ``count`` of them."""
        start = self.made.get(what, 0)
        for i in range(start, count):
            getattr(self, f"add_{what}")(i)
        self.made[what] = count

    def add_clubs(self, i):
        if i:  # the club itself is the first
            services.create_club(user=self.owner, name=f"Club {i}", slug=f"club-{i}")

    def add_players(self, i):
        services.create_player(club=self.club, name=f"Extra {i}")

    def add_leagues(self, i):
        if i:
            services.create_league(club=self.club, name=f"League {i}", ruleset="omnibus")

    def add_seasons(self, i):
        services.create_season(
            league=self.league,
            name=f"S{i}",
            starts_on=date(2026, 1, 1 + i % 28),
            ends_on=date(2026, 12, 31),
        )

    def add_games(self, i):
        if i:
            players = [self.club.seated[(i + k) % 6] for k in range(4)]
            services.create_game(club=self.club, players=players, actor=self.owner)

    def add_hands(self, i):
        if i:
            services.enter_hand(
                game_id=self.game.pk,
                number=i + 1,
                entry={"points": [13, i % 14, 13 - i % 14, 0]},
                actor=self.users[("owner", "director", "scorer")[i % 3]],
            )

    def add_history(self, i):
        self.add_hands(i + 1)  # each entry appends a history row (created, hand 1 already)

    def add_disputes(self, i):
        services.open_dispute(
            game_id=self.game.pk, number=1, record={}, actor=self.users["scorer"], reason=str(i)
        )

    def add_members(self, i):
        services.set_membership(club=self.club, user=make_user(f"extra_member_{i}"), role="member")

    def add_tokens(self, i):
        services.create_device_token(user=self.users["member"], name=f"Phone {i}")


def lists(data: Data) -> dict[str, str]:
    game = f"{API}/games/{data.game.pk}"
    return {
        "clubs": f"{API}/clubs/",
        "players": f"{API}/players/",
        "leagues": f"{API}/leagues/",
        "seasons": f"{API}/leagues/{data.league.pk}/seasons/",
        "games": f"{API}/games/",
        "hands": f"{game}/hands/",
        "history": f"{game}/history/",
        "disputes": f"{game}/hands/1/disputes/",
        "members": f"{API}/clubs/{data.club.pk}/members/",
        "tokens": f"{API}/auth/tokens/",
        "scoreboard": f"{game}/scoreboard/",
    }


# Queries per request, whatever the size: the page (and its count), the prefetches, the checks.
# A list that names players reads the players whose names are not public once
# (scoring/selectors/names.py: who may see a name), whatever the rows.
PINNED = {
    "clubs": 2,
    "players": 3,
    "leagues": 2,
    "seasons": 3,
    "games": 5,
    "hands": 3,
    "history": 3,
    "disputes": 4,  # and each dispute's rulings, in one query
    "members": 4,
    "tokens": 2,
    # Its version; who may see which names (its kept body's audience); to build: the game, its
    # hands, its seats; is the version still current.
    "scoreboard": 6,
}


# Rows a list has besides the ones grown: the seated players, the cast, the game's first rows.
ALREADY = {"players": 6, "members": 4, "history": 2}


def rows_of(name: str, body: dict) -> int:
    return len(body["hands"] if name == "scoreboard" else body["results"])


@pytest.fixture(autouse=True)
def _cache_outside_the_database(settings):
    """Count the database's queries alone: the default cache is a table in the database, and
    a scoreboard's first request keeps its body there."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "kept": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "kept"},
        "rendered": settings.CACHES["rendered"],
    }


@pytest.mark.parametrize("name", list(PINNED))
def test_a_list_costs_the_same_queries_for_few_and_many_rows(
    name, public_club, users, client_for, django_assert_num_queries, settings
):
    settings.HEARTS_MAX_CLUBS_PER_USER = 100  # one owner makes the many clubs listed
    data = Data(public_club, users)
    url = lists(data)[name]
    for size in (SMALL, LARGE):
        data.grow("hands" if name == "scoreboard" else name, size)
        reader = get_user_model().objects.get(pk=users["member"].pk)  # no cached roles
        client = client_for(reader)
        with django_assert_num_queries(PINNED[name]):
            response = client.get(url)
        assert response.status_code == 200, response.content
        assert rows_of(name, response.json()) == size + ALREADY.get(name, 0)


def test_a_scoreboard_asked_for_again_costs_two_queries_until_the_game_changes(
    public_club, users, client_for, django_assert_num_queries
):
    """Its version, and who may see which names (the kept body is its audience's)."""
    data = Data(public_club, users)
    url = lists(data)["scoreboard"]
    client = client_for(None)
    first = client.get(url)
    with django_assert_num_queries(2):
        again = client.get(url)
    assert (again.json(), again["ETag"]) == (first.json(), first["ETag"])
    data.grow("hands", 3)  # hands 2 and 3
    changed = client.get(url)
    assert changed["ETag"] != first["ETag"]
    assert len(changed.json()["hands"]) == len(first.json()["hands"]) + 2
