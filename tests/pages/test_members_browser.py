"""The club's members page at 360 x 800 in Debian's Chromium, under the phone bar
(tests/pages/phone_checks.py): from the club's page an owner opens it, makes a member a
director, is refused in words when demoting the club's only owner, removes a member, and
revokes an invitation waiting."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Invitation, Membership, Role
from tests.pages.conftest import build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_owner_changes_a_role_removes_a_member_and_revokes_an_invitation_on_a_phone(
    live_server, page: Page, people
):
    url = live_server.url
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    services.create_invitation(club=club, role=Role.SCORER, actor=people["owner"])
    sign_in(page, url, f"/clubs/{club.slug}/", username="olive")
    page.get_by_role("link", name="Members and roles").click()
    expect(page.locator("h1")).to_have_text("Members")
    check_page_state(page, "members-01-page")

    milo = page.locator("li.card[data-member]", has_text="Signs in as milo")
    milo.get_by_label("Role").select_option(Role.DIRECTOR)
    milo.get_by_role("button", name="Change role").click()
    expect(page.locator(".message.success")).to_contain_text("is now a director of the club.")
    assert Membership.objects.get(user=people["member"]).role == Role.DIRECTOR
    check_page_state(page, "members-02-role-changed")

    olive = page.locator("li.card[data-member]", has_text="Signs in as olive")
    olive.get_by_label("Role").select_option(Role.MEMBER)
    olive.get_by_role("button", name="Change role").click()
    expect(page.locator(".errors-top")).to_contain_text("A club keeps at least one owner.")
    assert Membership.objects.get(user=people["owner"]).role == Role.OWNER
    check_page_state(page, "members-03-last-owner-refused")

    sam = page.locator("li.card[data-member]", has_text="Signs in as sam")
    sam.get_by_text("Remove from the club").click()
    check_page_state(page, "members-04-removal-asked")
    sam.get_by_role("button", name=re.compile(r"^Yes, remove ")).click()
    expect(page.locator(".message.success")).to_contain_text("is no longer in the club.")
    expect(page.locator("li.card[data-member]", has_text="Signs in as sam")).to_have_count(0)
    assert not Membership.objects.filter(user=people["scorer"]).exists()

    waiting = page.locator("li.card[data-invitation]", has_text="As scorer")
    waiting.get_by_role("button", name="Revoke").click()
    expect(page.locator(".message.success")).to_contain_text("The invitation as scorer is revoked")
    expect(page.locator("h1")).to_have_text("Members")
    expect(page.locator("main")).to_contain_text("No invitation is waiting.")
    assert Invitation.objects.get().revoked_at is not None
    check_page_state(page, "members-05-removed-and-revoked")
