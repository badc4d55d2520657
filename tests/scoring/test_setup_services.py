"""The services behind setting a club up on the pages: players added several at once, all or
none; a club's address made from its name, and the one address a page takes; an acceptance
that would change nothing refused for a player's invitation too."""

from __future__ import annotations

import pytest

from hearts_site.errors import Conflict, DomainError
from scoring import services
from scoring.models import Invitation, Player
from scoring.services.invitations import hash_token

from .support import API, error_of


def test_players_are_added_several_at_once(public_club):
    added = services.add_players(club=public_club, names=["Gus", "Hana Ito"])
    assert [p.name for p in added] == ["Gus", "Hana Ito"]
    assert all(p.club_id == public_club.pk and p.pk for p in added)


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["Gus", "ADA"], "ADA is a player here already."),
        (["Gus", "Ivy", "gus"], "gus is in the list twice."),
        (["Gus", " Ivy"], "A name is 1 to 100 characters"),
        (["Gus", "x" * 101], "A name is 1 to 100 characters"),
        ([], "Give at least one name."),
    ],
)
def test_a_refused_list_adds_no_player(public_club, names, said):
    before = Player.objects.count()
    with pytest.raises(DomainError) as refused:
        services.add_players(club=public_club, names=names)
    assert said in refused.value.detail and refused.value.attr == "names"
    assert Player.objects.count() == before


def test_a_merged_record_leaves_its_name_free(public_club, owner):
    ada, ben = public_club.seated[:2]
    services.merge_players(source=ada, target=ben, actor=owner)
    assert [p.name for p in services.add_players(club=public_club, names=["Ada"])] == ["Ada"]


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Riverside Hearts", "riverside-hearts"),
        ("  Café Crème!  ", "cafe-creme"),
        ("♥♥♥", "club"),
        ("x" * 80, "x" * 60),
    ],
)
def test_a_clubs_address_is_made_from_its_name(name, slug):
    assert services.slug_from_name(name) == slug


def test_no_club_takes_the_address_that_makes_clubs(client_for, owner):
    response = client_for(owner).post(
        f"{API}/clubs/", {"name": "New", "slug": "new"}, format="json"
    )
    assert error_of(response, 409) == ("slug_taken", "slug")
    with pytest.raises(Conflict):
        services.create_club(user=owner, name="New", slug="new")


def test_a_player_already_linked_to_the_account_is_not_invited_twice(public_club, owner, member):
    ada = public_club.seated[0]
    _, first = services.invite_player(player=ada, actor=owner)
    services.accept_invitation(token=first, user=member)
    ada.refresh_from_db()
    assert ada.user == member
    second = Invitation.objects.create(
        club=public_club,
        role="member",
        player=ada,
        token_hash=hash_token("again"),
        created_by=owner,
        expires_at=Invitation.objects.get().expires_at,
    )
    with pytest.raises(Conflict) as refused:
        services.accept_invitation(token="again", user=member)
    assert refused.value.code == "role_unchanged"
    second.refresh_from_db()
    assert second.accepted_at is None
