"""A club's website on another origin, in Debian's Chromium: its script reads a public league table
from the API with ``fetch``; a call with a device token is refused by the browser itself (the
preflight allows no token) until the deployer lists the site's origin in HEARTS_CORS_ORIGINS.

The other origin is a page served on another port of 127.0.0.1 by a plain HTTP server (the API's
live server is ``localhost``: another host, so another origin)."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import Page

from scoring import services
from tests.pages.conftest import FINISHING_HANDS, play_hands

pytestmark = pytest.mark.django_db(transaction=True)

CLUB_SITE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Riverside Hearts Club</title></head><body><h1>Our league</h1></body></html>"""

READ = """async (url) => {
    const answer = await fetch(url);
    return {status: answer.status, body: await answer.json(),
            requestId: answer.headers.get("X-Request-ID")};
}"""
WITH_TOKEN = """async ([url, key]) => {
    try {
        const answer = await fetch(url, {headers: {Authorization: "Token " + key}});
        return {status: answer.status, body: await answer.json()};
    } catch (refused) {
        return {refused: refused.name};
    }
}"""


@pytest.fixture
def club_site():
    """The club's own website: one page, on a port of its own."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(CLUB_SITE)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_another_site_reads_a_public_table_but_sends_a_token_only_once_listed(
    page: Page, live_server, club_site, club, people, new_game, settings
):
    play_hands(new_game(), people["owner"], FINISHING_HANDS)
    _, key = services.create_device_token(user=people["owner"], name="club website")
    page.goto(club_site)
    assert page.evaluate("location.origin") != live_server.url

    table = page.evaluate(READ, f"{live_server.url}/api/v1/leagues/{club.league.pk}/standings/")
    assert table["status"] == 200 and table["requestId"]
    assert [row["name"] for row in table["body"]["rows"]][:2] == ["Cleo", "Dev"]

    tokens = f"{live_server.url}/api/v1/auth/tokens/"
    assert page.evaluate(WITH_TOKEN, [tokens, key]) == {"refused": "TypeError"}

    settings.CORS_ALLOWED_ORIGINS = [club_site]
    listed = page.evaluate(WITH_TOKEN, [tokens, key])
    assert listed["status"] == 200
    assert [token["name"] for token in listed["body"]["results"]] == ["club website"]
