"""A tournament night's hand record: the games of its tables, each with its settled hands (a
hand awaiting confirmation left out), imported elsewhere to the same bytes."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from scoring import services
from scoring.record import read_text
from tests.scoring.night_support import confirm, enter, games_of


def body(answer) -> str:
    return b"".join(answer.streaming_content).decode()


def test_a_nights_record_holds_its_tables_games_and_their_settled_hands(
    public_club, night_of, director, client_for, scorer
):
    night = night_of()
    first, second = games_of(night)
    enter(first, 1, [0, 13, 13, 0], scorer)
    confirm(first, 1, director)
    enter(second, 1, [0, 0, 13, 13], scorer)  # awaiting its confirmation
    url = f"/api/v1/clubs/{public_club.pk}/nights/{night.pk}/hand-record/"
    text = body(client_for(director).get(url))
    games = read_text(text).games
    assert [game["game"] for game in games] == [f"riverside:{first.pk}", f"riverside:{second.pk}"]
    assert [len(game["hands"]) for game in games] == [1, 0]
    assert games[0]["event"] == "Confirmed league" and games[0]["status"] == "finished"

    away = services.create_club(user=director, name="Away", slug="away")
    fresh = client_for(get_user_model().objects.get(pk=director.pk))
    done = fresh.post(
        f"/api/v1/clubs/{away.pk}/hand-record/import/", {"record": text}, format="json"
    )
    assert done.status_code == 200, done.json()
    assert done.json()["leagues_added"] == ["Confirmed league"]
    assert body(fresh.get(f"/api/v1/clubs/{away.pk}/hand-record/")) == text
