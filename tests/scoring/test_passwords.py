"""Passwords (issue 32, item 1): a page to change one's own, and a director's or owner's
one-time reset link for a member who forgot theirs (there is no e-mail). Either way every
device token is revoked and every other session ends (a reset keeps none); the current
password asked on the page is counted by the sign-in lockout; a director never takes over an
owner's or another director's account."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import DeviceToken, PasswordResetLink, Role

from .conftest import PASSWORD, make_user

CHANGE = "/account/password/"
NEW = "a different long password 42"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def is_signed_in(client: Client) -> bool:
    return "Signed in as" in client.get("/account/tokens/", follow=True).content.decode()


def token_works(key: str) -> bool:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.get("/api/v1/auth/tokens/").status_code == 200


def change(client: Client, old: str = PASSWORD, new: str = NEW):
    body = {"old_password": old, "new_password1": new, "new_password2": new}
    return client.post(CHANGE, body)


# --- Changing one's own -------------------------------------------------------------------------


def test_a_change_keeps_this_session_and_ends_every_other_one_and_every_token(scorer):
    here, elsewhere = signed_in(scorer), signed_in(scorer)
    _, key = services.create_device_token(user=scorer, name="phone")
    assert is_signed_in(elsewhere) and token_works(key)

    done = change(here)
    assert done.status_code == 302 and done["Location"] == CHANGE
    page = here.get(CHANGE).content.decode()
    assert "every other session and device token is signed out" in page
    assert is_signed_in(here)
    assert not is_signed_in(elsewhere)
    assert not token_works(key)
    assert DeviceToken.objects.get(user=scorer).revoked_at is not None
    assert get_user_model().objects.get(pk=scorer.pk).check_password(NEW)


def test_the_new_password_goes_through_the_validators_twice(scorer):
    here = signed_in(scorer)
    page = change(here, new="password").content.decode()
    assert "This password is too common" in page
    mismatched = {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW + "x"}
    assert "password fields didn" in here.post(CHANGE, mismatched).content.decode()
    scorer.refresh_from_db()
    assert scorer.check_password(PASSWORD)


def test_the_current_password_is_counted_by_the_sign_in_lockout(scorer):
    """A session left open does not let anyone guess the password faster than the sign-in
    page does: five wrong, then even the right one is refused for a while."""
    here = signed_in(scorer)
    for _ in range(5):
        assert "That is not your password." in change(here, old="a guess").content.decode()
    refused = change(here).content.decode()
    assert "Too many failed sign-ins" in refused
    scorer.refresh_from_db()
    assert scorer.check_password(PASSWORD)


def test_the_password_page_needs_a_signed_in_user():
    response = Client().get(CHANGE)
    assert response.status_code == 302 and "/account/login/" in response["Location"]


# --- Reset links --------------------------------------------------------------------------------


def reset_page(club) -> str:
    return f"/clubs/{club.slug}/passwords/"


def make_link(client: Client, club, user) -> str:
    response = client.post(reset_page(club), {"user": user.pk})
    assert response.status_code == 200, response.content
    found = re.search(r"data-reset-link>([^<]+)<", response.content.decode())
    assert found, response.content.decode()
    return found.group(1).replace("http://testserver", "")


def use_link(path: str, new: str = NEW):
    return Client().post(path, {"new_password1": new, "new_password2": new})


def test_a_director_makes_a_link_that_the_member_uses_once(public_club, director, member):
    at_home = signed_in(member)
    _, key = services.create_device_token(user=member, name="phone")
    desk = signed_in(director)
    link = make_link(desk, public_club, member)
    assert (
        "shown <strong>only once</strong>"
        in desk.post(reset_page(public_club), {"user": member.pk}).content.decode()
    )
    link = make_link(desk, public_club, member)  # a newer link replaces the earlier one

    opened = Client().get(link)
    assert opened.status_code == 200
    assert member.username in opened.content.decode()  # the name to sign in with
    done = use_link(link)
    assert done.status_code == 302 and done["Location"] == "/account/login/"
    assert get_user_model().objects.get(pk=member.pk).check_password(NEW)
    assert not is_signed_in(at_home)  # a reset keeps no session
    assert not token_works(key)

    again = use_link(link, "yet another long password 7")
    assert again.status_code == 404 and "Link not valid" in again.content.decode()
    member.refresh_from_db()
    assert member.check_password(NEW)


def test_a_replaced_or_expired_link_does_nothing(public_club, director, member):
    desk = signed_in(director)
    first = make_link(desk, public_club, member)
    second = make_link(desk, public_club, member)
    assert use_link(first).status_code == 404
    PasswordResetLink.objects.filter(used_at__isnull=True, voided_at__isnull=True).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    assert use_link(second).status_code == 404
    assert Client().get(second).status_code == 404
    member.refresh_from_db()
    assert member.check_password(PASSWORD)
    assert Client().get("/account/reset/not-a-key/").status_code == 404


def test_a_link_lasts_a_day_and_only_its_hash_is_kept(public_club, director, member):
    link = make_link(signed_in(director), public_club, member)
    key = link.rstrip("/").rsplit("/", 1)[1]
    stored = PasswordResetLink.objects.get()
    assert stored.key_hash == PasswordResetLink.hash_key(key) and key not in stored.key_hash
    assert stored.made_by == director and stored.user == member
    expected = stored.created_at + timedelta(hours=24)
    assert abs((stored.expires_at - expected).total_seconds()) < 5


def test_a_change_of_password_voids_the_open_link(public_club, director, member):
    link = make_link(signed_in(director), public_club, member)
    change(signed_in(member))
    assert use_link(link).status_code == 404


# --- Who may make one for whom ------------------------------------------------------------------


@pytest.fixture
def second_club(users):
    """Another club, owned by ``outsider``."""
    return services.create_club(user=users["outsider"], name="Elsewhere", slug="elsewhere")


def refusal(maker, club, target) -> str | None:
    try:
        services.make_reset_link(actor=maker, club=club, user_id=target.pk)
    except DomainError as refused:
        return str(refused)
    return None


def test_a_director_makes_links_for_scorers_and_members_only(public_club, users):
    director = users["director"]
    assert refusal(director, public_club, users["scorer"]) is None
    assert refusal(director, public_club, users["member"]) is None
    assert "owner" in refusal(director, public_club, users["owner"])
    other_director = make_user("dan_director")
    services.set_membership(club=public_club, user=other_director, role=Role.DIRECTOR)
    assert "director" in refusal(director, public_club, other_director)
    assert "own password" in refusal(director, public_club, director)
    assert "not a member" in refusal(director, public_club, users["outsider"])


def test_a_member_who_runs_another_club_is_out_of_a_directors_reach(
    public_club, second_club, users
):
    director, member = users["director"], users["member"]
    services.set_membership(club=second_club, user=member, role=Role.DIRECTOR)
    assert "director" in refusal(director, public_club, member)
    # An owner of every club the member directs may: here, the public club's owner may not...
    assert "director" in refusal(users["owner"], public_club, member)
    # ... until the member directs only clubs that owner owns.
    services.set_membership(club=second_club, user=member, role=Role.MEMBER)
    assert refusal(users["owner"], public_club, member) is None
    services.set_membership(club=second_club, user=member, role=Role.OWNER)
    assert "owner" in refusal(users["owner"], public_club, member)


def test_an_owner_makes_links_for_its_directors_but_never_for_an_owner_or_staff(public_club, users):
    owner = users["owner"]
    assert refusal(owner, public_club, users["director"]) is None
    co_owner = make_user("cora_owner")
    services.set_membership(club=public_club, user=co_owner, role=Role.OWNER)
    assert "owner" in refusal(owner, public_club, co_owner)
    get_user_model().objects.filter(pk=users["member"].pk).update(is_staff=True)
    assert "operator" in refusal(
        owner, public_club, get_user_model().objects.get(pk=users["member"].pk)
    )


def test_scorers_and_members_make_no_links(public_club, users):
    for role in ("scorer", "member"):
        client = signed_in(users[role])
        assert client.get(reset_page(public_club)).status_code == 403
        assert (
            client.post(reset_page(public_club), {"user": users["outsider"].pk}).status_code == 403
        )
    assert not PasswordResetLink.objects.exists()


def test_the_page_lists_the_members_with_what_the_director_may_do(public_club, director):
    page = signed_in(director).get(reset_page(public_club)).content.decode()
    assert page.count("Make a reset link") == 2  # the scorer and the member
    assert "password is not reset by a link" in page
    assert "Your own password" in page
    assert "olive_owner" not in page and "sam_scorer" not in page  # no login names


def test_a_refused_link_is_a_403_page_in_words(public_club, director, owner):
    response = signed_in(director).post(reset_page(public_club), {"user": owner.pk})
    assert response.status_code == 403
    assert "asks the site" in response.content.decode()
