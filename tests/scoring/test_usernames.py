"""Login names are for signing in (issue 51, finding 4): ``GET clubs/{id}/members/`` names each
member as the club shows them, and gives a login name to its own account and to the club's
owners only; a director reading claims gets none either. Nothing else a director reads, API
or page, carries another person's login name."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import services
from tests.scoring.conftest import make_user
from tests.scoring.support import API

pytestmark = pytest.mark.django_db

HAND = {"points": [13, 5, 4, 4]}


def members(client_for, user, club) -> dict[str, tuple[str, str | None]]:
    """Each member's role: (name, username) as ``user`` reads them."""
    answer = client_for(user).get(f"{API}/clubs/{club.pk}/members/")
    assert answer.status_code == 200, answer.content
    return {row["role"]: (row["name"], row["username"]) for row in answer.json()["results"]}


def test_a_member_sees_the_others_by_name_and_only_their_own_login_name(
    public_club, client_for, users
):
    cleo = public_club.seated[2]
    cleo.user = users["director"]
    cleo.save(update_fields=["user"])
    users["scorer"].first_name, users["scorer"].last_name = "Sam", "Stone"
    users["scorer"].save()
    seen = members(client_for, users["member"], public_club)
    assert seen == {
        "owner": ("an owner", None),
        "director": ("Cleo", None),  # the player linked to them in the club
        "scorer": ("Sam Stone", None),  # their full name
        "member": ("a member", "milo_member"),  # their own
    }
    assert members(client_for, users["director"], public_club)["owner"] == ("an owner", None)
    by_owner = members(client_for, users["owner"], public_club)
    assert {role: username for role, (_, username) in by_owner.items()} == {
        "owner": "olive_owner",
        "director": "dora_director",
        "scorer": "sam_scorer",
        "member": "milo_member",
    }


def test_the_members_list_costs_the_same_queries_however_many_members(
    public_club, client_for, users, django_assert_max_num_queries
):
    reader = client_for(users["member"])
    url = f"{API}/clubs/{public_club.pk}/members/"
    reader.get(url)  # the reader's roles, read once per request like any
    for n in range(12):
        person = make_user(f"extra_{n}")
        services.set_membership(club=public_club, user=person, role="member")
        player = services.create_player(club=public_club, name=f"Extra {n}")
        player.user = person
        player.save(update_fields=["user"])
    with django_assert_max_num_queries(4):
        assert len(reader.get(url).json()["results"]) == 16


def test_nothing_a_director_reads_carries_another_persons_login_name(
    public_club, client_for, users
):
    """A director reads the most of a club short of its owner: the room and the claims too."""
    owner, director = users["owner"], users["director"]
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=director)
    services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=director)
    services.correct_hand(
        game_id=game.pk, number=1, entry={"points": [13, 4, 5, 4]}, reason="swap", actor=owner
    )
    services.claim_player(player=public_club.seated[5], user=users["outsider"])
    api = client_for(director)
    reads = [
        f"{API}/clubs/{public_club.pk}/claims/",
        f"{API}/clubs/{public_club.pk}/",
        f"{API}/clubs/{public_club.pk}/members/",
        f"{API}/clubs/{public_club.pk}/events/",
        f"{API}/clubs/{public_club.pk}/room/",
        f"{API}/clubs/{public_club.pk}/standings/",
        f"{API}/games/{game.pk}/",
        f"{API}/games/{game.pk}/history/",
        f"{API}/games/{game.pk}/scoreboard/",
        f"{API}/players/?club={public_club.pk}",
    ]
    bodies = {url: api.get(url) for url in reads}
    page = Client()
    page.force_login(director)
    for url in (
        f"/clubs/{public_club.slug}/",
        f"/clubs/{public_club.slug}/room/",
        f"/clubs/{public_club.slug}/wall/",
        f"/games/{game.pk}/",
        f"/players/{public_club.seated[0].pk}/",
    ):
        bodies[url] = page.get(url)
    others = [u.username for key, u in users.items() if u is not None and key != "director"]
    for url, answer in bodies.items():
        assert answer.status_code == 200, (url, answer.status_code)
        text = answer.content.decode()
        assert not [name for name in others if name in text], url
