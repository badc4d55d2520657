"""``manage.py load_demo``: one demo club, loaded once, with real games scored by the engine."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.http import HttpRequest  # axes counts every sign-in: it needs the request

from scoring.models import Club, Game, Hand, HistoryEntry, League, Player, Season
from scoring.sample.demo import DEMO_PASSWORD, DEMO_USERNAME

pytestmark = pytest.mark.django_db


def load() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_loading_the_demo_twice_gives_one_club_with_two_finished_games_and_one_going_on(
    client,
):
    first = load()
    rows = {m: m.objects.count() for m in (Club, Player, League, Season, Game, Hand)}
    second = load()
    assert {m: m.objects.count() for m in rows} == rows

    [club] = Club.objects.filter(slug="demo")
    assert club.is_public
    assert Player.objects.filter(club=club).count() == 8
    statuses = sorted(Game.objects.filter(club=club).values_list("status", flat=True))
    assert statuses == ["finished", "finished", "in_progress"]
    for game in Game.objects.filter(club=club):
        hands = list(game.hands.filter(is_void=False).order_by("number"))
        assert game.totals == [sum(h.scores[s] for h in hands) for s in range(4)]
        assert (max(game.totals) >= 100) == (game.status == "finished")
        assert HistoryEntry.objects.filter(game=game, action="hand_entered").count() == len(hands)

    assert "loaded" in first and "already there" in second
    for output in (first, second):
        assert f"demo login: username '{DEMO_USERNAME}', password '{DEMO_PASSWORD}'" in output

    assert client.login(request=HttpRequest(), username=DEMO_USERNAME, password=DEMO_PASSWORD)
    assert get_user_model().objects.filter(username=DEMO_USERNAME).count() == 1
    board = client.get(f"/api/v1/games/{Game.objects.filter(club=club).first().pk}/scoreboard/")
    assert board.status_code == 200
