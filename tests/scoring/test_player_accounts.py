"""Players with accounts: a director's invitation to be a player, a member's claim a director
decides, merges that keep the link, and the signed-in player's games and statistics."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import Membership, Player, PlayerClaim

from .conftest import make_user
from .support import API, error_of


def test_it_links_whoever_accepts_a_directors_invitation_to_the_player(
    public_club, client_for, users
):
    ada = public_club.seated[0]
    invited = client_for(users["director"]).post(
        f"{API}/players/{ada.pk}/invitation/", {}, format="json"
    )
    assert invited.status_code == 201, invited.content
    newcomer = make_user("ada_lovelace")
    accepted = client_for(newcomer).post(
        f"{API}/invitations/accept/", {"token": invited.json()["token"]}, format="json"
    )
    assert accepted.status_code == 200, accepted.content
    assert Player.objects.get(pk=ada.pk).user == newcomer
    assert Membership.objects.get(club=public_club, user=newcomer).role == "member"
    # Another invitation to the same player is refused now it is linked.
    again = client_for(users["director"]).post(
        f"{API}/players/{ada.pk}/invitation/", {}, format="json"
    )
    assert error_of(again, 409)[0] == "player_linked"


def test_a_player_invited_as_a_scorer_joins_with_a_scorers_role(public_club, client_for, users):
    ada = public_club.seated[0]
    invited = client_for(users["director"]).post(
        f"{API}/players/{ada.pk}/invitation/", {"role": "scorer"}, format="json"
    )
    assert invited.status_code == 201, invited.content
    newcomer = make_user("ada_lovelace")
    client_for(newcomer).post(
        f"{API}/invitations/accept/", {"token": invited.json()["token"]}, format="json"
    )
    assert Membership.objects.get(club=public_club, user=newcomer).role == "scorer"


@pytest.mark.parametrize("role", ["director", "owner", "captain"])
def test_a_player_invitation_gives_no_role_above_a_scorers(role, public_club, client_for, users):
    ada = public_club.seated[0]
    refused = client_for(users["director"]).post(
        f"{API}/players/{ada.pk}/invitation/", {"role": role}, format="json"
    )
    assert error_of(refused, 400) == ("invalid_choice", "role")
    with pytest.raises(DomainError) as refused_by_service:  # whoever calls it
        services.invite_player(player=ada, actor=users["director"], role=role)
    assert refused_by_service.value.code == "invalid_role"


@pytest.mark.parametrize("who", ["scorer", "member", "outsider"])
def test_it_lets_only_directors_invite_someone_to_be_a_player(who, public_club, client_for, users):
    ada = public_club.seated[0]
    response = client_for(users[who]).post(f"{API}/players/{ada.pk}/invitation/", {}, format="json")
    assert response.status_code == 403


def test_it_links_a_claimant_once_a_director_approves_and_never_before(
    public_club, client_for, users
):
    ben = public_club.seated[1]
    claimant = make_user("ben_b")
    claimed = client_for(claimant).post(f"{API}/players/{ben.pk}/claim/", {}, format="json")
    assert claimed.status_code == 201, claimed.content
    assert Player.objects.get(pk=ben.pk).user is None
    claims_url = f"{API}/clubs/{public_club.pk}/claims/"
    assert client_for(users["scorer"]).get(claims_url).status_code == 403
    listed = client_for(users["director"]).get(claims_url).json()["results"]
    # A director tells the claimant by account and name; the login name is theirs alone.
    assert [(c["user"], c["username"]) for c in listed] == [(claimant.pk, None)]
    assert claimed.json()["username"] == "ben_b"
    decide = f"{claims_url}{claimed.json()['id']}/decision/"
    assert (
        client_for(users["scorer"]).post(decide, {"decision": "approve"}, format="json").status_code
        == 403
    )
    approved = client_for(users["director"]).post(decide, {"decision": "approve"}, format="json")
    assert approved.status_code == 200, approved.content
    assert approved.json()["status"] == "approved"
    assert Player.objects.get(pk=ben.pk).user == claimant
    twice = client_for(users["director"]).post(decide, {"decision": "refuse"}, format="json")
    assert error_of(twice, 409)[0] == "claim_decided"


def test_it_refuses_a_claim_for_a_player_already_linked_or_a_second_player_in_a_club(
    public_club, client_for, users
):
    ada, ben = public_club.seated[:2]
    owner_of_ada = make_user("ada_l")
    services.claim_player(player=ada, user=owner_of_ada)
    claim = PlayerClaim.objects.get()
    services.decide_claim(
        claim_id=claim.pk, club_id=public_club.pk, decision="approve", actor=users["director"]
    )
    other = client_for(make_user("impostor")).post(
        f"{API}/players/{ada.pk}/claim/", {}, format="json"
    )
    assert error_of(other, 409)[0] == "player_linked"
    second = client_for(owner_of_ada).post(f"{API}/players/{ben.pk}/claim/", {}, format="json")
    assert error_of(second, 409)[0] == "already_linked"


def test_it_hides_a_private_clubs_players_from_claims_by_outsiders(private_club, client_for, users):
    ada = private_club.seated[0]
    response = client_for(users["outsider"]).post(
        f"{API}/players/{ada.pk}/claim/", {}, format="json"
    )
    assert response.status_code == 404


def test_it_keeps_the_link_when_a_linked_player_is_merged(public_club, users):
    ada, twin = public_club.seated[0], public_club.seated[5]
    account = make_user("ada_l")
    twin.user = account
    twin.save()
    services.merge_players(source=twin, target=ada, actor=users["director"])
    assert Player.objects.get(pk=ada.pk).user == account
    assert Player.objects.get(pk=twin.pk).user is None


def test_it_refuses_to_merge_players_linked_to_two_accounts(public_club, users):
    from hearts_site.errors import Conflict

    ada, twin = public_club.seated[0], public_club.seated[5]
    for player, name in ((ada, "one"), (twin, "two")):
        player.user = make_user(name)
        player.save()
    with pytest.raises(Conflict) as refused:
        services.merge_players(source=twin, target=ada, actor=users["director"])
    assert refused.value.code == "players_linked_apart"


def test_it_shows_the_signed_in_player_their_games_and_statistics(
    public_club, client_for, users, new_game
):
    ada = public_club.seated[0]
    account = make_user("ada_l")
    ada.user = account
    ada.save()
    mine = new_game()
    services.create_game(club=public_club, players=public_club.seated[1:5], actor=users["owner"])
    client = client_for(account)

    players = client.get(f"{API}/me/players/").json()["results"]
    with CaptureQueriesContext(connection) as games_queries:
        games = client.get(f"{API}/me/games/").json()["results"]
    stats = client.get(f"{API}/me/stats/").json()

    assert [p["id"] for p in players] == [ada.pk]
    assert [g["id"] for g in games] == [mine.pk]
    assert stats[0]["club"] == public_club.pk and stats[0]["overall"]["player"] == ada.pk
    assert client_for(None).get(f"{API}/me/games/").status_code in (401, 403)
    # A fixed number of queries, whatever the games: more games add none.
    for _ in range(3):
        new_game()
    with CaptureQueriesContext(connection) as more_queries:
        assert len(client.get(f"{API}/me/games/").json()["results"]) == 4
    assert len(more_queries) == len(games_queries)


def test_it_shows_my_table_tonight_apart_from_my_other_games(
    public_club, client_for, users, new_game
):
    ada = public_club.seated[0]
    account = make_user("ada_l")
    ada.user = account
    ada.save()
    playing, over = new_game(), new_game()
    services.abandon_game(game_id=over.pk, reason="home time", actor=users["owner"])
    client = client_for(account)
    tonight = client.get(f"{API}/me/games/", {"playing": "true"}).json()["results"]
    others = client.get(f"{API}/me/games/", {"playing": "false"}).json()["results"]
    assert [g["id"] for g in tonight] == [playing.pk]
    assert [g["id"] for g in others] == [over.pk]
    assert error_of(client.get(f"{API}/me/games/", {"playing": "maybe"}), 400)[1] == "playing"
