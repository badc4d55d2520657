"""A club set up from nothing on phones alone (Debian's Chromium, 360 x 800), from an empty
database, with no API call and no manage.py: a person signs up, makes a club, a league with
confirmations and four players; invites a newcomer, who signs up through the link (copied, or
scanned: its QR code is segno's for that link) and lands in the club signed in; and the owner
revokes another invitation, whose link then opens nothing. Every state passes
``check_page_state`` (axe-core, 44 px targets, nothing wider than the phone, no code names)."""

from __future__ import annotations

import re

import pytest
import segno
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scoring.models import Club, League, Membership, Player
from scoring.pages.qr import ERROR_LEVEL
from tests.pages.phone_checks import check_page_state

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long page-test password"
PLAYERS = ["Ada", "Ben", "Cleo", "Dev"]


# Every Content-Security-Policy violation a page reports (share.js, the inline SVG) is kept.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def submit(page: Page, name: str) -> None:
    page.locator("main").get_by_role("button", name=name).click()


def fill_sign_up(page: Page, username: str, name: str, again: str = PASSWORD) -> None:
    page.fill("#id_username", username)
    page.fill("#id_name", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", again)


def qr_drawing(link: str) -> str:
    """The modules of segno's own QR code for ``link``: its path's drawing."""
    svg = segno.make(link, error=ERROR_LEVEL).svg_inline(scale=1, border=4, dark="#000")
    return re.search(r'class="qrline"[^>]* d="([^"]+)"', svg).group(1)


def test_a_club_is_set_up_from_nothing_on_phones_alone(
    live_server, page: Page, browser, browser_context_args
):
    assert not get_user_model().objects.exists()
    url = live_server.url
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    page.add_init_script(LISTEN)

    # Olive signs up from the sign-in page; the passwords she types first differ.
    page.goto(f"{url}/")
    check_page_state(page, "setup-01-home-empty")
    page.goto(f"{url}/account/login/")
    page.locator("main").get_by_role("link", name="Make an account").click()
    check_page_state(page, "setup-02-sign-up")
    fill_sign_up(page, "olive", "Olive Owens", again="another long password")
    submit(page, "Make my account")
    expect(page.locator("#password2-errors")).to_contain_text("The two passwords differ")
    check_page_state(page, "setup-03-sign-up-refused")
    fill_sign_up(page, "olive", "Olive Owens")
    submit(page, "Make my account")
    expect(page.locator("footer")).to_contain_text("Signed in as Olive Owens")
    check_page_state(page, "setup-04-signed-up")

    # A club, public, its address made from its name.
    page.locator("main").get_by_role("link", name="Make a club").click()
    check_page_state(page, "setup-05-club-new")
    page.fill("#id_name", "Riverside Hearts")
    submit(page, "Make the club")
    expect(page.locator("h1")).to_have_text("Riverside Hearts")
    check_page_state(page, "setup-06-club-made")
    club = Club.objects.get()
    assert club.slug == "riverside-hearts" and club.is_public

    # A league with confirmations; three players with "across" in the passes is refused.
    page.locator("main").get_by_role("link", name="Make a league").click()
    check_page_state(page, "setup-07-league-new")
    page.fill("#id_name", "Thursday league")
    page.select_option("#id_players", "3")
    page.select_option("#id_pass_schedule", "left,right,across,hold")
    page.fill("#id_target_score", "50")
    page.check("#id_confirmations")
    submit(page, "Make the league")
    expect(page.locator("#pass_schedule-errors")).to_contain_text("no seat across")
    check_page_state(page, "setup-08-league-refused")
    assert not League.objects.exists()
    page.select_option("#id_players", "4")
    submit(page, "Make the league")
    expect(page.locator("h1")).to_contain_text("Thursday league")
    check_page_state(page, "setup-09-league-made")
    league = League.objects.get()
    assert league.confirmations == 1 and league.ruleset["target_score"] == 50

    # Four players at once; the club page lists them, games or none.
    page.goto(f"{url}/clubs/{club.slug}/")
    page.locator("main").get_by_role("link", name="Add players").click()
    check_page_state(page, "setup-10-players-new")
    page.fill("#id_names", "\n".join(PLAYERS))
    submit(page, "Add them")
    expect(page.locator(".messages")).to_contain_text("4 players added: Ada, Ben, Cleo, Dev.")
    for name in PLAYERS:
        expect(page.locator("#players + details").get_by_role("link", name=name)).to_be_visible()
    check_page_state(page, "setup-11-club-with-players")
    assert list(Player.objects.values_list("name", flat=True)) == PLAYERS

    # Two invitations: one for Nia, one that the owner takes back.
    page.locator("main").get_by_role("link", name="Invite someone").click()
    check_page_state(page, "setup-12-invite")
    page.select_option("#id_role", "member")
    submit(page, "Make a link")
    link = page.locator("[data-invitation-link]").inner_text().strip()
    assert link.startswith(f"{url}/invitations/")
    drawn = page.locator("[data-qr] svg path.qrline").get_attribute("d")
    assert drawn == qr_drawing(link)  # what a camera reads is the link
    copy = page.get_by_role("button", name="Copy link")
    expect(copy).to_be_visible()
    can_share = page.evaluate("typeof navigator.share === 'function'")
    expect(page.get_by_role("button", name="Share…")).to_be_visible(visible=can_share)
    copy.click()
    expect(page.locator("[data-share-said]")).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.evaluate("window.__violations") == []
    check_page_state(page, "setup-13-invitation-made")

    # Olive opening her own club's link changes nothing: refused, and the link stays Nia's.
    page.goto(link)
    submit(page, "Accept")
    expect(page.locator("#invitation-errors")).to_contain_text("would change nothing")
    check_page_state(page, "setup-14-own-invitation-refused")

    page.goto(f"{url}/clubs/{club.slug}/invite/")
    page.select_option("#id_role", "scorer")
    submit(page, "Make a link")
    revoked_link = page.locator("[data-invitation-link]").inner_text().strip()
    cards = page.locator(".invitations .card")
    expect(cards).to_have_count(2)
    cards.filter(has_text="As scorer").get_by_role("button", name="Revoke").click()
    expect(page.locator(".messages")).to_contain_text("The invitation as scorer is revoked")
    expect(cards).to_have_count(1)
    check_page_state(page, "setup-15-invitation-revoked")

    # Ada's own link, to be the player Ada: made from her page, with its QR code.
    page.goto(f"{url}/clubs/{club.slug}/")
    page.locator("main").get_by_role("link", name="Ada").click()
    submit(page, "Invite Ada's account")
    ada_link = page.locator("[data-invitation-link]").inner_text().strip()
    assert page.locator("[data-qr] svg path.qrline").get_attribute("d") == qr_drawing(ada_link)
    check_page_state(page, "setup-16-player-invitation")

    # Nia, on her own phone, opens the link and makes her account there.
    phone = browser.new_context(**browser_context_args)
    try:
        nia = phone.new_page()
        nia.goto(link)
        expect(nia.locator("h1")).to_have_text("Join Riverside Hearts")
        check_page_state(nia, "setup-17-invitation-signed-out")
        fill_sign_up(nia, "olive", "Nia Newcomer")  # a name already taken
        submit(nia, "Make my account and join")
        expect(nia.locator("#username-errors")).to_contain_text("That username is taken")
        check_page_state(nia, "setup-18-invitation-name-taken")
        fill_sign_up(nia, "nia", "Nia Newcomer")
        submit(nia, "Make my account and join")
        expect(nia.locator(".messages")).to_contain_text("Welcome to Riverside Hearts, Nia")
        expect(nia.locator("footer")).to_contain_text("Signed in as Nia Newcomer")
        check_page_state(nia, "setup-19-newcomer-joined")

        nia.goto(revoked_link)
        expect(nia.locator("h1")).to_have_text("This link cannot be used")
        check_page_state(nia, "setup-20-revoked-link")
    finally:
        phone.close()
    newcomer = get_user_model().objects.get(username="nia")
    assert Membership.objects.get(club=club, user=newcomer).role == "member"
    assert newcomer.get_full_name() == "Nia Newcomer"
