"""A ruleset that scores a sun cannot be scored from points alone: who won every trick?"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring import services
from scoring.models import Hand

pytestmark = pytest.mark.django_db


def test_a_points_entry_under_a_sun_ruleset_needs_the_tricks_won(django_user_model):
    scorer = django_user_model.objects.create_user("sun-scorer", password="x")
    club = services.create_club(user=scorer, name="Sun club", slug="sun")
    players = [services.create_player(club=club, name=n) for n in "ABCD"]
    game = services.create_game(
        club=club, players=players, actor=scorer, ruleset={"preset": "standard", "sun": -52}
    )
    api = APIClient()
    api.force_authenticate(scorer)
    url = f"/api/v1/games/{game.pk}/hands/1/"
    refused = api.put(url, {"points": [26, 0, 0, 0]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "tricks_won_required"
    assert not Hand.objects.exists()
    sun = api.put(url, {"points": [26, 0, 0, 0], "tricks_won": [13, 0, 0, 0]}, format="json")
    assert sun.status_code == 201, sun.content
    assert sun.json()["hand"]["scores"] == [-52, 0, 0, 0]
