"""The layout every page shares: a favicon that is served, the messages announced without an
ARIA role a list may not take, and no developer links in the players' footer."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from tests.pages.test_pages import assert_page, client_for

pytestmark = pytest.mark.django_db


def test_every_page_links_a_favicon_that_exists(club):
    body = assert_page(Client().get("/"))
    icon = re.search(r'<link rel="icon" href="/static/([^"]+)"', body)
    assert icon and finders.find(icon.group(1)), "the favicon is linked and is a static file"


def test_the_footer_carries_no_developer_links(club, people):
    body = assert_page(client_for(people["scorer"]).get(f"/clubs/{club.slug}/"))
    footer = body.split('<footer class="foot">')[1]
    assert "/api/" not in footer and "schema" not in footer.lower()


def test_messages_are_announced_by_a_status_region_around_the_list(game, people):
    client = client_for(people["scorer"])
    client.post(f"/games/{game.pk}/abandon/", {"reason": "Closing time"})
    body = assert_page(client.get(f"/games/{game.pk}/"))
    assert '<div role="status"><ul class="messages">' in body
    assert not re.search(r"<ul[^>]*role=", body)
