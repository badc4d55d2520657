"""Invitations on the pages: an owner makes a link; a signed-in person opens it and accepts
(making an account through it: test_signup_pages.py)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring import services
from scoring.models import Membership

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_an_owner_makes_a_link_and_the_invited_person_joins_with_it(private_club, people):
    owner = signed_in(people["owner"])
    assert (
        f'href="/clubs/{private_club.slug}/invite/"'
        in owner.get(f"/clubs/{private_club.slug}/").content.decode()
    )
    made = owner.post(f"/clubs/{private_club.slug}/invite/", {"role": "scorer"})
    assert made.status_code == 200
    link = re.search(r"data-invitation-link>([^<]+)<", made.content.decode()).group(1)
    path = link.removeprefix("http://testserver")
    assert path.startswith("/invitations/")

    otto = signed_in(people["outsider"])
    page = otto.get(path)
    assert page.status_code == 200 and "Join Back Room" in page.content.decode()
    joined = otto.post(path)
    assert joined.status_code == 302 and joined["Location"] == f"/clubs/{private_club.slug}/"
    assert Membership.objects.get(club=private_club, user=people["outsider"]).role == "scorer"
    assert otto.get(path).status_code == 404  # used up


def test_only_owners_make_links_and_anyone_with_the_link_may_open_it(private_club, club, people):
    assert signed_in(people["scorer"]).get(f"/clubs/{club.slug}/invite/").status_code == 403
    assert (
        'invite/"' not in signed_in(people["scorer"]).get(f"/clubs/{club.slug}/").content.decode()
    )
    hidden = signed_in(people["outsider"]).get(f"/clubs/{private_club.slug}/invite/")
    assert hidden.status_code == 404
    _, token = services.create_invitation(club=club, role="member", actor=people["owner"])
    anonymous = Client().get(f"/invitations/{token}/")
    assert anonymous.status_code == 200
    page = anonymous.content.decode()
    assert "Make my account and join" in page
    assert f'href="/account/login/?next=/invitations/{token}/"' in page
    gone = signed_in(people["outsider"]).get("/invitations/not-a-token/")
    assert gone.status_code == 404 and "used, revoked or has expired" in gone.content.decode()
