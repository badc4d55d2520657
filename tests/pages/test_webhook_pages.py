"""A club owner's webhook pages: a receiver added (its secret shown once), its secret rotated,
its delivery log with a delivery sent again, and the owner told on the club page when repeated
failures disabled it. Test client first, then Chromium at 360 x 800 under the phone bar."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import WebhookEndpoint
from scoring.services import delivery
from tests.events.receiver import Receiver
from tests.events.support import last_sequence
from tests.pages.conftest import build_club
from tests.pages.phone_checks import check_page_state, code_words
from tests.pages.test_phone_account import sign_in


@pytest.fixture(autouse=True)
def _receivers_on_loopback(settings):
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = True
    settings.HEARTS_WEBHOOK_BACKOFF = 0
    settings.HEARTS_WEBHOOK_TIMEOUT = 2


@pytest.fixture
def receiver():
    started = Receiver().start()
    yield started
    started.stop()


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_an_owner_adds_a_receiver_and_sees_its_secret_once(club, people, receiver):
    owner = signed_in(people["owner"])
    page = owner.get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/clubs/{club.slug}/webhooks/"' in page
    made = owner.post(
        f"/clubs/{club.slug}/webhooks/",
        {"url": receiver.url, "event_types": ["hand.entered", "game.finished"]},
    )
    secret = re.search(r"data-webhook-secret>([^<]+)<", made.content.decode()).group(1)
    endpoint = WebhookEndpoint.objects.get()
    assert endpoint.secret == secret and endpoint.event_types == ["game.finished", "hand.entered"]
    assert secret not in owner.get(f"/clubs/{club.slug}/webhooks/").content.decode()
    rotated = owner.post(f"/clubs/{club.slug}/webhooks/{endpoint.pk}/rotate/")
    new = re.search(r"data-webhook-secret>([^<]+)<", rotated.content.decode()).group(1)
    endpoint.refresh_from_db()
    assert new == endpoint.secret != secret == endpoint.previous_secret


@pytest.mark.django_db
def test_a_refused_receiver_is_told_in_words(club, people, settings):
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = False
    owner = signed_in(people["owner"])
    refused = owner.post(
        f"/clubs/{club.slug}/webhooks/",
        {"url": "http://169.254.169.254/", "event_types": ["hand.entered"]},
    )
    assert refused.status_code == 200
    assert "private, loopback, link-local or reserved" in refused.content.decode()
    # The same address behind NAT64's prefix; the words name what a deployer may set.
    nat64 = owner.post(
        f"/clubs/{club.slug}/webhooks/",
        {"url": "http://[64:ff9b::a9fe:a9fe]/", "event_types": ["hand.entered"]},
    )
    assert "carries such an address" in nat64.content.decode()
    assert "HEARTS_WEBHOOKS_ALLOW_PRIVATE" in nat64.content.decode()
    empty = owner.post(f"/clubs/{club.slug}/webhooks/", {"url": "", "event_types": []})
    assert empty.status_code == 200 and not WebhookEndpoint.objects.exists()


@pytest.mark.django_db
def test_only_owners_manage_webhooks(club, private_club, people):
    for role in ("scorer", "member"):
        assert signed_in(people[role]).get(f"/clubs/{club.slug}/webhooks/").status_code == 403
    assert (
        signed_in(people["outsider"]).get(f"/clubs/{private_club.slug}/webhooks/").status_code
        == 404
    )
    anonymous = Client().get(f"/clubs/{club.slug}/webhooks/")
    assert anonymous.status_code == 302
    theirs = build_club(people, name="Elsewhere", slug="elsewhere", is_public=True)
    endpoint, _ = services.create_endpoint(
        club=theirs,
        url="http://127.0.0.1:8499/",
        event_types=["game.started"],
        actor=people["owner"],
    )
    owner = signed_in(people["owner"])
    assert owner.get(f"/clubs/{club.slug}/webhooks/{endpoint.pk}/").status_code == 404
    assert owner.post(f"/clubs/{club.slug}/webhooks/{endpoint.pk}/disable/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_the_webhook_pages_pass_the_phone_bar(live_server, page: Page, people, settings):
    settings.HEARTS_WEBHOOK_MAX_FAILURES = 2
    failing = Receiver(fail_first=10).start()
    try:
        club = build_club(people, name="Riverside", slug="riverside", is_public=True)
        sign_in(page, live_server.url, "olive")
        page.goto(f"{live_server.url}/clubs/{club.slug}/webhooks/")
        check_page_state(page, "webhooks-01-empty")
        page.fill("#id_url", failing.url)
        page.get_by_role("button", name="Add").click()
        expect(page.locator("[data-webhook-secret]")).to_be_visible()
        check_page_state(page, "webhooks-02-added")
        endpoint = WebhookEndpoint.objects.get()
        after = last_sequence(club)
        for seats in (club.seated[:4], club.seated[1:5]):
            services.create_game(club=club, players=seats, actor=people["owner"])
        delivery.send_due(endpoint.pk)
        delivery.send_due(endpoint.pk)
        page.goto(f"{live_server.url}/clubs/{club.slug}/")
        expect(page.locator("[data-webhook-disabled]")).to_contain_text(
            "Disabled after 2 failed deliveries"
        )
        check_page_state(page, "webhooks-03-club-told")
        page.goto(f"{live_server.url}/clubs/{club.slug}/webhooks/{endpoint.pk}/")
        check_page_state(page, "webhooks-04-deliveries")
        page.goto(f"{live_server.url}/clubs/{club.slug}/webhooks/")
        expect(page.locator("[data-disabled]")).to_be_visible()
        check_page_state(page, "webhooks-05-disabled")
        failing.fail_first = 0
        page.get_by_role("button", name="Enable").click()
        expect(page.locator(".message")).to_contain_text("is enabled")
        delivery.send_due(endpoint.pk)
        assert [e["sequence"] - after for e in failing.events()] == [1, 2]
        page.goto(f"{live_server.url}/clubs/{club.slug}/webhooks/{endpoint.pk}/")
        page.get_by_role("button", name="Send again").first.click()
        expect(page.locator(".message")).to_contain_text("Sent again")
        check_page_state(page, "webhooks-06-sent-again")
    finally:
        failing.stop()


@pytest.mark.django_db
def test_a_key_shown_to_be_copied_is_not_read_as_a_code_name(page: Page):
    """Secrets are random: "whsec_y-…" looks like a code name but is what the person copies."""
    page.set_content(
        '<body><p><code class="key">whsec_y-JPfTqRr1dam</code></p><p>Added.</p></body>'
    )
    assert code_words(page) == []
    page.set_content('<body><p><code class="key">whsec_y-JP</code></p><p>hand_changed</p></body>')
    assert code_words(page) == ["hand_changed"]
