"""The password pages at 360 px in Debian's Chromium, under the phone bar
(tests/pages/phone_checks.py): an owner makes a member a one-time reset link (shown once, with
a Copy button), the member opens it on their phone and sets a new password, then changes it
again on the password page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scoring.models import PasswordResetLink
from tests.pages.conftest import PASSWORD, build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

RESET_TO = "milo's brand new password"
CHANGED_TO = "and milo changed it again"


def test_a_member_gets_a_reset_link_from_an_owner_sets_a_password_then_changes_it(
    live_server, page: Page, context: BrowserContext, new_context, people
):
    url = live_server.url
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    sign_in(page, url, f"/clubs/{club.slug}/", username="olive")
    page.get_by_role("link", name="Password resets").click()
    expect(page.locator("h1")).to_have_text("Password resets")
    check_page_state(page, "passwords-01-reset-links")

    member = page.locator("li.card", has_text="Member")
    member.get_by_role("button", name="Make a reset link").click()
    link = page.locator("[data-reset-link]")
    expect(link).to_be_visible()
    copy = page.get_by_role("button", name="Copy")
    copy.click()
    expect(page.locator("[data-copied]")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link.inner_text().strip()
    check_page_state(page, "passwords-02-link-made")
    address = link.inner_text().strip()

    phone = new_context().new_page()
    phone.goto(address)
    expect(phone.locator("main")).to_contain_text("milo")  # the name to sign in with
    check_page_state(phone, "passwords-03-reset-page")
    phone.fill("#id_new_password1", RESET_TO)
    phone.fill("#id_new_password2", RESET_TO)
    phone.get_by_role("button", name="Set password").click()
    expect(phone.locator(".message.success")).to_contain_text("Sign in as milo")
    check_page_state(phone, "passwords-04-set-sign-in")
    assert PasswordResetLink.objects.get().used_at is not None

    phone.fill("#id_username", "milo")
    phone.fill("#id_password", RESET_TO)
    phone.locator("main").get_by_role("button", name="Sign in").click()
    expect(phone.locator("footer")).to_contain_text("Signed in as milo")
    phone.goto(address)
    expect(phone.locator("h1")).to_have_text("Link not valid")
    check_page_state(phone, "passwords-05-link-used")

    phone.goto(f"{url}/account/me/")
    with phone.expect_download() as downloaded:
        phone.get_by_role("link", name="Download my data").click()
    assert downloaded.value.suggested_filename == "hearts-data-milo.json"
    document = json.loads(Path(downloaded.value.path()).read_text(encoding="utf-8"))
    assert document["account"]["username"] == "milo"
    assert "olive" not in json.dumps(document)  # the owner who made the link is not named
    phone.get_by_role("link", name="Change your password").click()
    check_page_state(phone, "passwords-06-change")
    phone.fill("#id_old_password", PASSWORD)  # the old one: no longer right
    phone.fill("#id_new_password1", CHANGED_TO)
    phone.fill("#id_new_password2", CHANGED_TO)
    phone.get_by_role("button", name="Change password").click()
    expect(phone.locator("#old_password-errors")).to_contain_text("That is not your password.")
    check_page_state(phone, "passwords-07-change-refused")
    phone.fill("#id_old_password", RESET_TO)
    phone.fill("#id_new_password1", CHANGED_TO)
    phone.fill("#id_new_password2", CHANGED_TO)
    phone.get_by_role("button", name="Change password").click()
    expect(phone.locator(".message.success")).to_contain_text("Password changed")
    expect(phone.locator("footer")).to_contain_text("Signed in as milo")
    check_page_state(phone, "passwords-08-changed")


def test_a_clipboard_that_never_answers_still_gets_the_link_copied_the_older_way(
    live_server, page: Page, context: BrowserContext, people
):
    url = live_server.url
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    # A clipboard whose promise never settles, as headless Chromium's did once under load.
    page.add_init_script("navigator.clipboard.writeText = () => new Promise(() => {});")
    sign_in(page, url, f"/clubs/{club.slug}/passwords/", username="olive")
    page.locator("li.card", has_text="Member").get_by_role(
        "button", name="Make a reset link"
    ).click()
    link = page.locator("[data-reset-link]")
    expect(link).to_be_visible()
    copy = page.get_by_role("button", name="Copy")
    copy.click()
    expect(page.locator("[data-copied]")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link.inner_text().strip()
    expect(copy).to_be_focused()
