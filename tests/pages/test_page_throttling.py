"""The pages' forms are throttled as the API is: a ruling counted per caller, a hand sent
spending the user's write budget (shared with the API's writes), per client address only when
anonymous, and that address read only from trusted proxies."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import Hand
from tests.pages.conftest import PASSWORD

pytestmark = pytest.mark.django_db

RULING = {"preset": "standard", "players": "4", "plays": "2C", "first_leader": "1"}


@pytest.fixture
def two_per_minute(throttle_rates):
    throttle_rates({"writes": "2/min", "computations": "2/min"})


def points_post(number: int, points) -> dict:
    return {"mode": "points", "number": number, **{f"seat_{s}": p for s, p in enumerate(points)}}


def test_the_adjudicate_page_is_throttled_per_address(two_per_minute):
    here, there = Client(REMOTE_ADDR="198.51.100.1"), Client(REMOTE_ADDR="198.51.100.2")
    assert [here.post("/adjudicate/", RULING).status_code for _ in range(2)] == [200, 200]
    refused = here.post("/adjudicate/", RULING)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many at once" in refused.content.decode()
    assert here.get("/adjudicate/").status_code == 200  # showing the form is never counted
    assert there.post("/adjudicate/", RULING).status_code == 200


def test_a_forged_forwarded_for_does_not_escape_the_adjudicate_page_budget(two_per_minute):
    statuses = [
        Client(REMOTE_ADDR="198.51.100.1", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
        .post("/adjudicate/", RULING)
        .status_code
        for n in range(3)
    ]
    assert statuses == [200, 200, 429]


def test_page_hand_entry_spends_the_users_write_budget(two_per_minute, game, people):
    scorer = Client()
    scorer.force_login(people["scorer"])
    url = f"/games/{game.pk}/enter/"
    assert scorer.post(url, points_post(1, [13, 5, 4, 4])).status_code == 302
    assert scorer.post(url, points_post(2, [13, 5, 4, 4])).status_code == 302
    refused = scorer.post(url, points_post(3, [13, 5, 4, 4]))
    assert refused.status_code == 429
    assert Hand.objects.filter(game=game).count() == 2
    assert scorer.get(url).status_code == 200


def test_the_api_and_the_pages_share_one_write_budget(two_per_minute, game, people):
    api = APIClient()
    api.force_authenticate(people["scorer"])
    body = {"name": "tablet", "password": PASSWORD}
    assert api.post("/api/v1/auth/tokens/", body, format="json").status_code == 201
    page = Client()
    page.force_login(people["scorer"])
    url = f"/games/{game.pk}/enter/"
    assert page.post(url, points_post(1, [13, 5, 4, 4])).status_code == 302
    assert page.post(url, points_post(2, [13, 5, 4, 4])).status_code == 429
