"""Every page under the Content-Security-Policy, in Debian's Chromium: none reports a violation.

The policy allows scripts and styles from this origin only (hearts_site/settings.py): an inline
script, an on* handler, a style attribute or a script from a CDN would each be blocked and
reported, as a ``securitypolicyviolation`` event and a console error. Each page is visited after
it has drawn what its scripts draw (the card pad, the live sum, Swagger UI, Redoc).
"""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from scoring import services
from scoring.models import Hand
from tests.pages.conftest import (
    BROWSER_WAIT_MS,
    FINISHING_HANDS,
    PASSWORD,
    build_club,
    play_hands,
)

pytestmark = pytest.mark.django_db(transaction=True)

# Added before any script of the page runs: every violation the page reports is kept.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""


def violations_on(page: Page, url: str, ready: str, status: int = 200) -> list[str]:
    """Visit ``url``, wait for ``ready`` (a selector) to show, and return what it reported."""
    response = page.goto(url)
    assert response is not None and response.status == status, url
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert "camera=()" in response.headers["permissions-policy"]
    # Redoc and Swagger UI fetch the whole schema, then lay it out: as long as any browser wait
    # (tests/pages/conftest.py), not expect's 5 s.
    expect(page.locator(ready).first).to_be_visible(timeout=BROWSER_WAIT_MS)
    page.wait_for_load_state("networkidle")
    return page.evaluate("window.__violations")


def policy_reports(page: Page) -> dict[str, list[str]]:
    """The console's reports of the policy, by the path of the page that logged them. Playwright
    hands a console message over when the test next calls it: one logged late (Redoc's logo,
    on a busy machine) arrives while the next page loads, and belongs to the page it names."""
    reports: dict[str, list[str]] = defaultdict(list)

    def keep(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            reports[urlsplit(message.location["url"]).path].append(message.text)

    page.on("console", keep)
    return reports


def test_no_page_reports_a_content_security_policy_violation(live_server, page: Page, people):
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    finished = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    play_hands(finished, people["owner"], FINISHING_HANDS)
    going = services.create_game(
        club=club, league=club.league, players=club.seated[1:5], actor=people["owner"]
    )
    play_hands(going, people["owner"], FINISHING_HANDS[:1])
    hand = Hand.objects.filter(game=going).get()
    console = policy_reports(page)
    page.add_init_script(LISTEN)
    url = live_server.url
    anonymous = [
        ("/", "main"),
        (f"/clubs/{club.slug}/", "main"),
        (f"/leagues/{club.league.pk}/", ".chart svg, table"),
        (f"/players/{club.seated[0].pk}/", "main"),
        (f"/games/{finished.pk}/", "main"),
        ("/adjudicate/", "[data-cardpad]:not([hidden])"),
        ("/account/login/", "#id_username"),
        ("/admin/login/", "#id_username"),
        ("/api/docs/", ".swagger-ui .info"),
        ("/api/redoc/", ".api-content"),
    ]
    found = {path: violations_on(page, url + path, ready) for path, ready in anonymous}
    found["/no-such-page/"] = violations_on(page, f"{url}/no-such-page/", "main", status=404)
    page.goto(f"{url}/account/login/")
    page.fill("#id_username", "sam")
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("footer")).to_contain_text("Signed in as sam")
    signed_in = [
        ("/games/new/", "main"),
        (f"/games/{going.pk}/", "main"),
        (f"/games/{going.pk}/enter/", "[data-sum-status]"),
        (f"/games/{going.pk}/hands/{hand.number}/correct/", "main form"),
        ("/account/tokens/", "main"),
        (f"/leagues/{club.league.pk}/", "main"),
    ]
    for path, ready in signed_in:
        found.setdefault(path, []).extend(violations_on(page, url + path, ready))
    page.evaluate("0")  # the console messages still on their way are handed over
    for path, reported in console.items():
        found.setdefault(path, []).extend(reported)
    # Redoc draws its maker's logo from its CDN, whatever its options say: blocked, so the
    # page loads nothing from another host, and reported; the one violation allowed.
    redoc = found.pop("/api/redoc/")
    assert all("cdn.redoc.ly/redoc/logo-mini.svg" in seen for seen in redoc), redoc
    assert {path: seen for path, seen in found.items() if seen} == {}
