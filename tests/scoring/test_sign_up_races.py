"""Sign-ups and invitations racing, in threads with their own connections, on PostgreSQL (where
rows are locked; SQLite's IMMEDIATE transactions run one writer at a time, so it cannot race):
one username makes one account; one invitation lets in one newcomer, and the other makes
nothing; a revocation racing an acceptance leaves exactly one of them done."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from scoring import services
from scoring.models import Invitation, Membership

from .concurrency import THREADS, request, run_threads
from .support import API

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL only: SQLite cannot race"
    ),
]

STRONG = "correct horse battery staple"


def sign_up(index: int, username: str, invitation: str | None = None) -> dict:
    body = {"username": username, "name": f"Racer {index}", "password": STRONG}
    body |= {"device_name": "phone", **({"invitation": invitation} if invitation else {})}
    # Each from its own address: the sign-up throttle is not what is tested here.
    client = APIClient(REMOTE_ADDR=f"198.51.100.{index + 1}")
    response = client.post(f"{API}/auth/sign-up/", body, format="json")
    data = response.json()
    code = data["errors"][0]["code"] if response.status_code >= 400 else None
    return {"status": response.status_code, "code": code}


@pytest.fixture
def club_with_owner():
    owner = get_user_model().objects.create_user("race_owner")
    club = services.create_club(user=owner, name="Race club", slug="race-club")
    return club, owner


def test_threads_signing_up_one_username_make_one_account():
    results = run_threads(THREADS, lambda i: sign_up(i, "racer"))
    assert Counter(r["status"] for r in results) == {201: 1, 409: THREADS - 1}, results
    assert {r["code"] for r in results if r["status"] == 409} == {"username_taken"}
    assert get_user_model().objects.filter(username="racer").count() == 1


def test_newcomers_racing_for_one_invitation_let_one_in_and_make_nothing_else(club_with_owner):
    club, owner = club_with_owner
    _, token = services.create_invitation(club=club, role="member", actor=owner)
    results = run_threads(THREADS, lambda i: sign_up(i, f"racer{i}", token))
    assert Counter(r["status"] for r in results) == {201: 1, 400: THREADS - 1}, results
    assert {r["code"] for r in results if r["status"] == 400} == {"unknown_invitation"}
    users = get_user_model().objects.filter(username__startswith="racer")
    assert users.count() == 1
    assert Membership.objects.filter(club=club, role="member").get().user == users.get()


def test_a_revocation_racing_an_acceptance_leaves_one_of_them_done(club_with_owner):
    club, owner = club_with_owner
    outsider = get_user_model().objects.create_user("race_outsider")

    def revoke_or_accept(invitation: Invitation, token: str, index: int) -> dict:
        if index == 0:
            return request(
                owner.pk, "delete", f"{API}/clubs/{club.pk}/invitations/{invitation.pk}/"
            )
        return request(outsider.pk, "post", f"{API}/invitations/accept/", {"token": token})

    for _ in range(3):
        invitation, token = services.create_invitation(club=club, role="member", actor=owner)
        results = run_threads(2, partial(revoke_or_accept, invitation, token))
        invitation.refresh_from_db()
        revoked, accepted = results
        if accepted["status"] == 200:
            assert (revoked["status"], revoked["code"]) == (409, "invitation_used"), results
            assert invitation.accepted_by == outsider and invitation.revoked_at is None
            Membership.objects.filter(club=club, user=outsider).delete()
        else:
            assert (accepted["status"], accepted["code"]) == (400, "unknown_invitation"), results
            assert revoked["status"] == 200 and invitation.revoked_at is not None
            assert not Membership.objects.filter(club=club, user=outsider).exists()
    assert Invitation.objects.filter(club=club).count() == 3
