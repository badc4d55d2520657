"""Members join by invitation: an owner makes one for a role, the invited person accepts it
with its token. No one is added without accepting, and nothing says whether a username
exists."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from scoring import services
from scoring.models import Invitation, Membership

from .conftest import make_user
from .support import API, error_of, said, snapshot


def invitations_url(club) -> str:
    return f"{API}/clubs/{club.pk}/invitations/"


def accept(client, token: str):
    return client.post(f"{API}/invitations/accept/", {"token": token}, format="json")


def test_members_can_no_longer_be_added_by_username(public_club, client_for, owner, outsider):
    api = client_for(owner)
    before = snapshot()
    for username in (outsider.username, "nobody_at_all"):
        body = {"username": username, "role": "member"}
        response = api.post(f"{API}/clubs/{public_club.pk}/members/", body, format="json")
        assert response.status_code == 405, response.content
    assert snapshot() == before


def test_an_owner_invites_and_the_invited_person_accepts(public_club, client_for, owner, outsider):
    response = client_for(owner).post(
        invitations_url(public_club), {"role": "scorer"}, format="json"
    )
    assert response.status_code == 201, response.content
    made = response.json()
    assert set(made) == {
        *("id", "club", "role", "player", "created_at", "expires_at", "accepted_at"),
        *("revoked_at", "token", "link"),
    }
    assert made["link"] == f"/invitations/{made['token']}/" and made["accepted_at"] is None
    stored = Invitation.objects.get(pk=made["id"])
    assert made["token"] not in stored.token_hash  # only its hash is kept

    listed = client_for(owner).get(invitations_url(public_club)).json()["results"]
    assert [row["id"] for row in listed] == [made["id"]] and "token" not in listed[0]

    joined = accept(client_for(outsider), made["token"])
    assert joined.status_code == 200, joined.content
    assert (joined.json()["user"], joined.json()["role"]) == (outsider.pk, "scorer")
    assert Membership.objects.get(club=public_club, user=outsider).role == "scorer"
    again = accept(client_for(outsider), made["token"])
    assert error_of(again, 400) == ("unknown_invitation", "token")


def test_unknown_used_revoked_and_expired_tokens_get_one_answer(
    public_club, client_for, owner, director, outsider
):
    _, used = services.create_invitation(club=public_club, role="member", actor=owner)
    services.accept_invitation(token=used, user=make_user("newcomer"))
    expired_row, expired = services.create_invitation(club=public_club, role="member", actor=owner)
    Invitation.objects.filter(pk=expired_row.pk).update(expires_at=timezone.now() - timedelta(1))
    revoked_row, revoked = services.create_invitation(club=public_club, role="member", actor=owner)
    services.revoke_invitation(club=public_club, invitation_id=revoked_row.pk)
    api = client_for(outsider)
    tokens = ("no-such-token", used, expired, revoked)
    answers = [said(accept(api, token)) for token in tokens]
    assert answers[0] == answers[1] == answers[2] == answers[3]
    assert answers[0]["errors"][0]["code"] == "unknown_invitation"
    assert not Membership.objects.filter(user=outsider).exists()


def test_an_invitation_never_lowers_a_role_and_is_left_for_its_person(
    public_club, client_for, owner, director, outsider
):
    _, token = services.create_invitation(club=public_club, role="member", actor=owner)
    refused = accept(client_for(director), token)
    assert error_of(refused, 409) == ("role_unchanged", "token")
    assert "already in Riverside Hearts as director" in refused.json()["errors"][0]["detail"]
    assert Membership.objects.get(club=public_club, user=director).role == "director"
    assert Invitation.objects.get().accepted_at is None
    assert accept(client_for(outsider), token).json()["role"] == "member"  # not spent


def test_an_owner_opening_their_own_clubs_link_is_refused_and_the_link_still_works(
    public_club, client_for, owner, outsider
):
    made = client_for(owner).post(invitations_url(public_club), {"role": "owner"}, format="json")
    token = made.json()["token"]
    before = snapshot()
    assert error_of(accept(client_for(owner), token), 409) == ("role_unchanged", "token")
    assert snapshot() == before
    assert Membership.objects.get(club=public_club, user=owner).role == "owner"
    joined = accept(client_for(outsider), token)
    assert joined.status_code == 200 and joined.json()["role"] == "owner"


def test_a_member_invited_to_a_higher_role_takes_it(public_club, client_for, owner, member):
    _, token = services.create_invitation(club=public_club, role="scorer", actor=owner)
    assert accept(client_for(member), token).json()["role"] == "scorer"
    assert Invitation.objects.get().accepted_by == member


def test_an_owner_revokes_an_invitation_and_its_link_opens_nothing(
    public_club, client_for, owner, outsider
):
    made = client_for(owner).post(invitations_url(public_club), {"role": "scorer"}, format="json")
    made = made.json()
    revoked = client_for(owner).delete(f"{invitations_url(public_club)}{made['id']}/")
    assert revoked.status_code == 200, revoked.content
    assert revoked.json()["id"] == made["id"] and revoked.json()["revoked_at"] is not None
    again = client_for(owner).delete(f"{invitations_url(public_club)}{made['id']}/")
    assert again.json()["revoked_at"] == revoked.json()["revoked_at"]  # unchanged
    assert error_of(accept(client_for(outsider), made["token"]), 400)[0] == "unknown_invitation"
    assert not Membership.objects.filter(user=outsider).exists()
    listed = client_for(owner).get(invitations_url(public_club)).json()["results"]
    assert listed[0]["revoked_at"] == revoked.json()["revoked_at"]


def test_an_accepted_invitation_cannot_be_revoked(public_club, client_for, owner, outsider):
    _, token = services.create_invitation(club=public_club, role="member", actor=owner)
    accept(client_for(outsider), token)
    invitation = Invitation.objects.get()
    response = client_for(owner).delete(f"{invitations_url(public_club)}{invitation.pk}/")
    assert error_of(response, 409) == ("invitation_used", None)
    invitation.refresh_from_db()
    assert invitation.revoked_at is None
    assert Membership.objects.filter(club=public_club, user=outsider).exists()


def test_only_the_clubs_owners_revoke_its_invitations(
    public_club, private_club, client_for, owner, director, outsider
):
    theirs, _ = services.create_invitation(club=private_club, role="member", actor=owner)
    ours, _ = services.create_invitation(club=public_club, role="member", actor=owner)
    api = client_for(owner)
    another_club = api.delete(f"{invitations_url(public_club)}{theirs.pk}/")
    assert error_of(another_club, 404) == ("invitation_not_found", None)
    assert error_of(api.delete(f"{invitations_url(public_club)}999999/"), 404)[0] == (
        "invitation_not_found"
    )
    assert client_for(director).delete(f"{invitations_url(public_club)}{ours.pk}/").status_code == (
        403
    )
    hidden = client_for(outsider).delete(f"{invitations_url(private_club)}{theirs.pk}/")
    assert hidden.status_code == 404
    assert client_for(None).delete(f"{invitations_url(public_club)}{ours.pk}/").status_code == 401
    assert not Invitation.objects.exclude(revoked_at=None).exists()


def test_a_replayed_invitation_create_does_not_show_the_token_again(public_club, client_for, owner):
    api = client_for(owner)
    key = {"HTTP_IDEMPOTENCY_KEY": "invite-1"}
    first = api.post(invitations_url(public_club), {"role": "member"}, format="json", **key)
    replay = api.post(invitations_url(public_club), {"role": "member"}, format="json", **key)
    assert first.json()["token"] and replay.json()["token"] is None
    assert replay.json()["id"] == first.json()["id"] and Invitation.objects.count() == 1


def test_the_invitation_body_is_checked(public_club, client_for, owner, outsider):
    response = client_for(owner).post(invitations_url(public_club), {"role": "king"}, format="json")
    assert error_of(response, 400) == ("invalid_choice", "role")
    assert error_of(accept(client_for(outsider), "x" * 65), 400)[1] == "token"
    missing = client_for(outsider).post(f"{API}/invitations/accept/", {}, format="json")
    assert error_of(missing, 400) == ("required", "token")
