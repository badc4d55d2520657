"""Members join by invitation: an owner makes one for a role, the invited person accepts it
with its token. No one is added without accepting, and nothing says whether a username
exists."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from scoring import services
from scoring.models import Invitation, Membership

from .support import API, error_of, snapshot


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
        *("id", "club", "role", "created_at", "expires_at", "accepted_at", "token", "link")
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


def test_unknown_used_and_expired_tokens_get_one_answer(public_club, client_for, owner, outsider):
    _, used = services.create_invitation(club=public_club, role="member", actor=owner)
    services.accept_invitation(token=used, user=owner)
    expired_row, expired = services.create_invitation(club=public_club, role="member", actor=owner)
    Invitation.objects.filter(pk=expired_row.pk).update(expires_at=timezone.now() - timedelta(1))
    api = client_for(outsider)
    answers = [accept(api, token).json() for token in ("no-such-token", used, expired)]
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["errors"][0]["code"] == "unknown_invitation"
    assert not Membership.objects.filter(user=outsider).exists()


def test_an_invitation_never_lowers_a_role(public_club, client_for, owner, director):
    _, token = services.create_invitation(club=public_club, role="member", actor=owner)
    assert accept(client_for(director), token).json()["role"] == "director"
    assert Membership.objects.get(club=public_club, user=director).role == "director"
    assert Invitation.objects.get().accepted_by == director


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
