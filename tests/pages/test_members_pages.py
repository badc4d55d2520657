"""The club's members page (issue 55, point 5): its directors and owners see who belongs with
what role; its owners change a role, remove a member and revoke an invitation waiting; the
club's last owner stays, refused in words; every POST is checked by a form and writes nothing
when refused."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import services
from scoring.models import Invitation, Membership, Role
from tests.pages.conftest import make_user, unisolated

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def members_url(club) -> str:
    return f"/clubs/{club.slug}/members/"


def membership(club, user) -> Membership:
    return Membership.objects.get(club=club, user=user)


def roles(club) -> dict[str, str]:
    return dict(club.memberships.values_list("user__username", "role"))


def test_an_owner_sees_every_member_with_their_role_and_login_name(club, people, director):
    page = unisolated(signed_in(people["owner"]).get(members_url(club)).content.decode())
    for login in ("olive", "sam", "milo", "dora"):
        assert f"Signs in as {login}" in page
    assert page.count('name="member"') == 8  # a role form and a remove form for each of four
    assert '<option value="scorer" selected>Scorer</option>' in page
    assert "Remove from the club" in page and "No invitation is waiting." in page


def test_a_director_sees_the_members_but_changes_nothing(club, people, director):
    page = signed_in(director).get(members_url(club)).content.decode()
    assert "owners change roles and remove members." in page
    assert "Change role" not in page and "Remove from the club" not in page
    assert "Signs in as milo" not in page  # half of a sign-in: to owners and to oneself only
    refused = signed_in(director).post(
        f"/clubs/{club.slug}/members/role/",
        {"member": membership(club, people["member"]).pk, "role": Role.DIRECTOR},
    )
    assert refused.status_code == 403
    assert roles(club)["milo"] == Role.MEMBER


def test_a_scorer_a_member_and_an_outsider_are_refused_the_page(club, private_club, people):
    for role in ("scorer", "member", "outsider"):
        assert signed_in(people[role]).get(members_url(club)).status_code == 403
    assert signed_in(people["outsider"]).get(members_url(private_club)).status_code == 404
    signed_out = Client().get(members_url(club))
    assert signed_out.status_code == 302 and "/account/login/" in signed_out["Location"]


def test_the_club_page_and_the_invite_page_link_to_the_members_page(club, people, director):
    link = f'href="{members_url(club)}"'
    assert link in signed_in(people["owner"]).get(f"/clubs/{club.slug}/").content.decode()
    assert link in signed_in(director).get(f"/clubs/{club.slug}/").content.decode()
    assert link in signed_in(people["owner"]).get(f"/clubs/{club.slug}/invite/").content.decode()
    assert link not in signed_in(people["scorer"]).get(f"/clubs/{club.slug}/").content.decode()


def test_an_owner_changes_a_members_role_and_is_told_so(club, people):
    milo = membership(club, people["member"])
    done = signed_in(people["owner"]).post(
        f"/clubs/{club.slug}/members/role/", {"member": milo.pk, "role": Role.DIRECTOR}, follow=True
    )
    assert done.redirect_chain == [(members_url(club), 302)]
    assert roles(club)["milo"] == Role.DIRECTOR
    assert "is now a director of the club." in done.content.decode()


def test_an_owner_removes_a_member_who_then_cannot_read_the_page_of_a_private_club(
    private_club, people
):
    club = private_club
    milo = membership(club, people["member"])
    done = signed_in(people["owner"]).post(
        f"/clubs/{club.slug}/members/remove/", {"member": milo.pk}, follow=True
    )
    assert done.redirect_chain == [(members_url(club), 302)]
    assert "is no longer in the club." in done.content.decode()
    assert "milo" not in roles(club)
    assert signed_in(people["member"]).get(f"/clubs/{club.slug}/").status_code == 404


def test_the_last_owner_is_neither_demoted_nor_removed_and_the_page_says_why(club, people):
    olive = membership(club, people["owner"])
    owner = signed_in(people["owner"])
    demoted = owner.post(
        f"/clubs/{club.slug}/members/role/", {"member": olive.pk, "role": Role.DIRECTOR}
    )
    removed = owner.post(f"/clubs/{club.slug}/members/remove/", {"member": olive.pk})
    for refused in (demoted, removed):
        assert refused.status_code == 409
        assert "A club keeps at least one owner." in refused.content.decode()
        assert 'role="alert"' in refused.content.decode()
    assert roles(club)["olive"] == Role.OWNER


def test_an_owner_with_a_second_owner_steps_down_and_lands_on_the_club_page(club, people):
    services.set_membership(club=club, user=people["scorer"], role=Role.OWNER)
    olive = membership(club, people["owner"])
    done = signed_in(people["owner"]).post(
        f"/clubs/{club.slug}/members/role/", {"member": olive.pk, "role": Role.MEMBER}
    )
    assert done.status_code == 302 and done["Location"] == f"/clubs/{club.slug}/"
    assert roles(club) == {"olive": Role.MEMBER, "sam": Role.OWNER, "milo": Role.MEMBER}


def test_another_clubs_member_an_unknown_id_and_an_unknown_role_are_refused_in_words(
    club, private_club, people
):
    theirs = Membership.objects.create(club=private_club, user=make_user("pia"), role=Role.MEMBER)
    milo = membership(club, people["member"])
    owner = signed_in(people["owner"])
    role_url, remove_url = (
        f"/clubs/{club.slug}/members/role/",
        f"/clubs/{club.slug}/members/remove/",
    )
    sent = [
        (role_url, {"member": theirs.pk, "role": Role.OWNER}, "not a member of this club"),
        (remove_url, {"member": theirs.pk}, "not a member of this club"),
        (remove_url, {"member": "abc"}, "not a member of this club"),
        (remove_url, {}, "not a member of this club"),
        (role_url, {"member": milo.pk, "role": "emperor"}, "Choose a role from the list."),
        (role_url, {"member": milo.pk}, "Choose the member&#x27;s new role."),
    ]
    for url, data, words in sent:
        refused = owner.post(url, data)
        assert refused.status_code == 400, data
        assert words in refused.content.decode(), data
    assert roles(club)["milo"] == Role.MEMBER
    assert Membership.objects.get(pk=theirs.pk).role == Role.MEMBER


def test_a_get_to_a_form_address_is_not_allowed(club, people):
    owner = signed_in(people["owner"])
    assert owner.get(f"/clubs/{club.slug}/members/role/").status_code == 405
    assert owner.post(members_url(club)).status_code == 405


def test_an_owner_revokes_an_invitation_on_the_members_page_and_comes_back_to_it(club, people):
    _, token = services.create_invitation(club=club, role="director", actor=people["owner"])
    invitation = Invitation.objects.get()
    owner = signed_in(people["owner"])
    page = owner.get(members_url(club)).content.decode()
    revoke = f"/clubs/{club.slug}/invitations/{invitation.pk}/revoke/"
    assert f'action="{revoke}"' in page and "As director" in page
    assert '<input type="hidden" name="back" value="members">' in page
    done = owner.post(revoke, {"back": "members"}, follow=True)
    assert done.redirect_chain == [(members_url(club), 302)]
    assert "The invitation as director is revoked" in done.content.decode()
    assert "No invitation is waiting." in done.content.decode()
    assert Client().get(f"/invitations/{token}/").status_code == 404


def test_a_revocation_with_no_way_back_or_a_strange_one_returns_to_the_invite_page(club, people):
    owner = signed_in(people["owner"])
    for back in ({}, {"back": "https://elsewhere.example/"}):
        invitation, _ = services.create_invitation(club=club, role="member", actor=people["owner"])
        done = owner.post(f"/clubs/{club.slug}/invitations/{invitation.pk}/revoke/", back)
        assert done["Location"] == f"/clubs/{club.slug}/invite/"


def test_a_director_sees_no_invitations_on_the_members_page(club, people, director):
    services.create_invitation(club=club, role="member", actor=people["owner"])
    page = signed_in(director).get(members_url(club)).content.decode()
    assert "Revoke" not in page and "Invitations waiting" not in page


def test_the_members_page_reads_a_bounded_number_of_queries_however_many_members(
    club, people, django_assert_max_num_queries
):
    owner = signed_in(people["owner"])
    owner.get(members_url(club))  # the session's first read out of the way
    for n in range(12):
        services.set_membership(club=club, user=make_user(f"extra{n}"), role=Role.MEMBER)
        services.create_invitation(club=club, role="scorer", actor=people["owner"])
    with django_assert_max_num_queries(8):
        page = owner.get(members_url(club))
    assert page.status_code == 200 and page.content.decode().count("Signs in as") == 15
