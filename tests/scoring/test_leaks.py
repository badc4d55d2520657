"""What a caller who may not read a club cannot learn through the API: login names in public
game history, a private club's slug by trying to take it, a private club's player ids by
seating them."""

from __future__ import annotations

from scoring import services

from .support import API, error_of, put_hand, said


def test_public_history_shows_display_names_never_login_names(
    client_for, scorer_api, new_game, scorer, owner
):
    scorer.first_name, scorer.last_name = "Sam", "Scorer"
    scorer.save()
    game = new_game("standard")
    put_hand(scorer_api, game.pk, 1, {"points": [13, 5, 8, 0]})
    response = client_for(None).get(f"{API}/games/{game.pk}/history/")
    assert response.status_code == 200
    actors = [row["actor"] for row in response.json()["results"]]
    assert actors == [f"User {owner.pk}", "Sam Scorer"]
    for login in ("sam_scorer", "olive_owner"):
        assert login not in response.content.decode()


def test_a_private_clubs_slug_cannot_be_confirmed_by_taking_it(private_club, client_for, outsider):
    assert private_club.slug.startswith("back-room-") and len(private_club.slug) == 18
    api = client_for(outsider)
    response = api.post(f"{API}/clubs/", {"name": "Mine", "slug": "back-room"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["slug"] == "back-room"


def test_a_public_clubs_slug_is_the_one_asked_for_and_still_one_clubs(
    public_club, client_for, outsider
):
    assert public_club.slug == "riverside"
    api = client_for(outsider)
    response = api.post(f"{API}/clubs/", {"name": "Mine", "slug": "riverside"}, format="json")
    assert error_of(response, 409) == ("slug_taken", "slug")


def test_a_private_clubs_player_gets_the_same_answer_as_no_player(
    private_club, client_for, outsider
):
    mine = services.create_club(user=outsider, name="Otto's", slug="ottos")
    seated = [services.create_player(club=mine, name=n).pk for n in ("A", "B", "C")]
    api = client_for(outsider)

    def seat(fourth: int):
        body = {"club": mine.pk, "players": [*seated, fourth]}
        return api.post(f"{API}/games/", body, format="json")

    theirs, nobody = seat(private_club.seated[0].pk), seat(10**12)
    assert error_of(theirs, 400) == error_of(nobody, 400) == ("unknown_player", "players.3")
    assert said(theirs) == said(nobody)
