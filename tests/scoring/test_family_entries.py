"""PUT /games/{id}/hands/{n}/ under the Hearts family's presets (docs/rules.md, The Hearts
family): each deck's total, its scoring cards, and a card its pack does not hold refused with
the card and the field named, nothing written."""

from __future__ import annotations

from .support import error_of, put_hand, snapshot


def refused_unchanged(api, game, body):
    before = snapshot()
    response = put_hand(api, game.pk, 1, body)
    assert snapshot() == before
    return response


def test_a_black_maria_record_with_the_removed_two_of_clubs_is_refused_naming_it(
    scorer_api, new_game
):
    game = new_game("black-maria")
    plays = ["3C", "4C", "2C"]
    response = refused_unchanged(scorer_api, game, {"plays": plays, "first_leader": 1})
    assert error_of(response, 400) == ("card_not_in_deck", "plays.2")
    assert "2C" in response.json()["errors"][0]["detail"]


def test_black_maria_cards_taken_with_the_two_of_hearts_six_players_remove_is_refused(
    scorer_api, new_game
):
    game = new_game({"preset": "black-maria", "players": 6}, players=6)
    taken = [["2H", "QS"], [], [], [], [], []]
    response = refused_unchanged(scorer_api, game, {"cards_taken": taken})
    assert error_of(response, 400) == ("card_not_in_deck", "cards_taken.0.0")
    assert "2H" in response.json()["errors"][0]["detail"]


def test_black_maria_points_must_sum_to_the_decks_43(scorer_api, new_game):
    game = new_game("black-maria")
    response = refused_unchanged(scorer_api, game, {"points": [13, 13, 0]})
    assert error_of(response, 400) == ("points_do_not_sum", "points")
    response = put_hand(scorer_api, game.pk, 1, {"points": [30, 13, 0]})
    assert response.status_code == 201, response.content
    assert response.json()["hand"]["scores"] == [30, 13, 0]


def test_black_maria_cards_taken_count_the_king_and_ace_of_spades(scorer_api, new_game):
    game = new_game("black-maria")
    hearts = [f"{rank}H" for rank in "23456789TJQKA"]
    taken = [["QS", "AS"], ["KS", *hearts[:5]], hearts[5:]]
    response = put_hand(scorer_api, game.pk, 1, {"cards_taken": taken})
    assert response.status_code == 201, response.content
    assert response.json()["hand"]["points"] == [20, 15, 8]


def test_omnibus_hearts_asks_who_took_the_ten_of_diamonds(scorer_api, new_game):
    game = new_game("omnibus-hearts")
    response = refused_unchanged(scorer_api, game, {"points": [13, 7, 6, 0]})
    assert error_of(response, 400) == ("ten_of_diamonds_required", "ten_of_diamonds")
    body = {"points": [26, 0, 0, 0], "ten_of_diamonds": 0}
    response = put_hand(scorer_api, game.pk, 1, body)
    assert response.status_code == 201, response.content
    assert response.json()["hand"]["scores"] == [-26, 0, 0, 0]  # a slam: 26 plus


def test_spot_hearts_points_sum_to_130(scorer_api, new_game):
    game = new_game("spot")
    response = refused_unchanged(scorer_api, game, {"points": [26, 0, 0, 0]})
    assert error_of(response, 400) == ("points_do_not_sum", "points")
    response = put_hand(scorer_api, game.pk, 1, {"points": [100, 4, 26, 0]})
    assert response.status_code == 201, response.content
