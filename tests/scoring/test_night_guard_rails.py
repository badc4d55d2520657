"""Guard rails at a night's tables (issue 52 point 6): the night's draw seats its tables, so at
one only a director abandons the game or seats the same table again, by the API and from the
pages; a scorer, often a player at that table, neither sees nor can use either. Elsewhere a
scorer still may."""

from __future__ import annotations

from django.test import Client

from scoring import services
from scoring.models import Game, GameStatus
from tests.scoring.night_support import code_of, games_of


def page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_scorer_cannot_abandon_a_game_at_a_nights_table_and_a_director_can(
    night_of, scorer, director
):
    game = games_of(night_of())[0]
    refused = code_of(lambda: services.abandon_game(game_id=game.pk, reason="rain", actor=scorer))
    assert refused == "not_director"
    game.refresh_from_db()
    assert game.status == GameStatus.IN_PROGRESS
    services.abandon_game(game_id=game.pk, reason="a player fell ill", actor=director)
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED


def test_the_api_refuses_a_scorers_abandon_at_a_nights_table_with_its_code(night_of, scorer_api):
    game = games_of(night_of())[0]
    answer = scorer_api.post(f"/api/v1/games/{game.pk}/abandon/", {"reason": "rain"}, format="json")
    assert answer.status_code == 403
    assert answer.json()["errors"][0]["code"] == "not_director"


def test_the_nights_game_page_offers_a_director_what_it_keeps_from_a_scorer(
    night_of, scorer, director
):
    game = games_of(night_of())[0]
    as_scorer = page_client(scorer).get(f"/games/{game.pk}/").content.decode()
    as_director = page_client(director).get(f"/games/{game.pk}/").content.decode()
    assert "Abandon the game" not in as_scorer and "Abandon the game" in as_director
    assert f"/games/{game.pk}/enter/" in as_scorer  # still the table's scorer


def test_a_scorer_cannot_seat_a_nights_table_again(night_of, scorer, director):
    game = games_of(night_of())[0]
    services.abandon_game(game_id=game.pk, reason="a player fell ill", actor=director)
    games = Game.objects.count()
    answer = page_client(scorer).post(f"/games/{game.pk}/again/", follow=True)
    assert "The night&#x27;s draw seats its tables: ask a director." in answer.content.decode()
    assert Game.objects.count() == games


def test_outside_a_night_a_scorer_still_abandons_a_game(public_club, scorer):
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=scorer)
    services.abandon_game(game_id=game.pk, reason="closing time", actor=scorer)
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED


def test_closing_a_night_from_its_page_asks_first(public_club, confirmed_league, director):
    night = services.open_night(
        club=public_club,
        league=confirmed_league,
        name="Friday",
        actor=director,
        rounds=2,
        round_hands=1,
    )
    page = page_client(director).get(f"/clubs/{public_club.slug}/nights/{night.pk}/")
    body = page.content.decode()
    asked = body[body.index('<details class="fix-form close-night">') :]
    asked = asked[: asked.index("</details>")]
    assert "<summary>Close the night</summary>" in asked
    assert 'value="close" class="danger">Yes, close the night now</button>' in asked
