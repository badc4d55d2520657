"""Ranking as the league declares it: each criterion, each tie-break, ``separated_by``, min_games.

Single-hand games (points by place 0, 5, 8, 13). The five-player league:

    game 1: Ari 1st, Bo 2nd, Cy 3rd, Di 4th
    game 2: Ari 2nd, Bo 1st, Cy 4th, Di 3rd
    game 3: Ari 3rd, Bo 4th, Cy 1st, Ed 2nd

    player games wins average place  total  per game
    Ari    3     1    2.0            13     4.3333
    Bo     3     1    2.3333         18     6.0
    Cy     3     1    2.6667         21     7.0
    Di     2     0    3.5            21     10.5
    Ed     1     0    2.0            5      5.0
"""

from __future__ import annotations

import pytest

from scoring.models import RatingEvent

from .support import single_hand_league, table_of

FIVE = ["Ari", "Bo", "Cy", "Di", "Ed"]
FIVE_GAMES = [
    [("Ari", 1), ("Bo", 2), ("Cy", 3), ("Di", 4)],
    [("Ari", 2), ("Bo", 1), ("Cy", 4), ("Di", 3)],
    [("Ari", 3), ("Bo", 4), ("Cy", 1), ("Ed", 2)],
]
# Average places 2.25 each for P, Q and R; among them P beat the others 5 times, Q 4, R 3.
HEAD_TO_HEAD_GAMES = [
    [("P", 1), ("Q", 2), ("R", 3), ("S", 4)],
    [("P", 1), ("Q", 2), ("R", 3), ("S", 4)],
    [("P", 3), ("Q", 4), ("R", 1), ("S", 2)],
    [("P", 4), ("Q", 1), ("R", 2), ("S", 3)],
]
# Rock, paper, scissors: P beat Q, Q beat R, R beat P; every figure of the three is equal.
CYCLE_GAMES = [
    [("P", 1), ("Q", 2), ("R", 3), ("S", 4)],
    [("P", 3), ("Q", 1), ("R", 2), ("S", 4)],
    [("P", 2), ("Q", 3), ("R", 1), ("S", 4)],
]


def ranked(body: dict) -> list[tuple]:
    return [(r["rank"], r["name"], r["separated_by"]) for r in body["rows"]]


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        pytest.param(
            {"criterion": "win_rate", "tie_breaks": ["points_per_game", "shared"]},
            [
                (1, "Ari", None),
                (2, "Bo", "points_per_game"),
                (3, "Cy", "points_per_game"),
                (4, "Ed", "win_rate"),
                (5, "Di", "points_per_game"),
            ],
            id="win_rate",
        ),
        pytest.param(
            {"criterion": "average_place", "tie_breaks": ["wins", "shared"]},
            [
                (1, "Ari", None),
                (2, "Ed", "wins"),
                (3, "Bo", "average_place"),
                (4, "Cy", "average_place"),
                (5, "Di", "average_place"),
            ],
            id="average_place",
        ),
        pytest.param(
            {"criterion": "points_per_game", "tie_breaks": []},
            [
                (1, "Ari", None),
                (2, "Ed", "points_per_game"),
                (3, "Bo", "points_per_game"),
                (4, "Cy", "points_per_game"),
                (5, "Di", "points_per_game"),
            ],
            id="points_per_game",
        ),
        pytest.param(
            {"criterion": "total_points", "tie_breaks": ["games", "shared"]},
            [
                (1, "Ed", None),
                (2, "Ari", "total_points"),
                (3, "Bo", "total_points"),
                (4, "Cy", "total_points"),
                (5, "Di", "games"),
            ],
            id="total_points",
        ),
    ],
)
def test_each_criterion_orders_the_table_and_its_tie_breaks_settle_equal_rows(
    api, owner, ranking, expected
):
    league = single_hand_league(owner, "five", FIVE, FIVE_GAMES, ranking=ranking)
    body = table_of(api, league.league)
    assert ranked(body) == expected


def test_the_rating_criterion_orders_by_each_players_latest_rating(api, owner):
    ranking = {"criterion": "rating", "tie_breaks": ["shared"]}
    league = single_hand_league(owner, "five", FIVE, FIVE_GAMES, ranking=ranking)
    body = table_of(api, league.league)
    latest = {}
    for event in RatingEvent.objects.filter(club=league.club).order_by("at", "game_id"):
        latest[event.player_id] = event.ordinal
    expected = sorted(FIVE, key=lambda name: -latest[league.players[name].pk])
    assert [r["name"] for r in body["rows"]] == expected
    assert [r["rank"] for r in body["rows"]] == [1, 2, 3, 4, 5]
    assert [r["separated_by"] for r in body["rows"]] == [None] + ["rating"] * 4
    ratings = [r["rating"] for r in body["rows"]]
    assert ratings == sorted(ratings, reverse=True)


def test_the_declaration_is_shown_with_the_table_in_words_too(api, owner):
    ranking = {"criterion": "win_rate", "tie_breaks": ["points_per_game", "shared"], "min_games": 2}
    league = single_hand_league(owner, "five", FIVE, FIVE_GAMES, ranking=ranking)
    shown = table_of(api, league.league)["ranking"]
    assert {k: shown[k] for k in ("criterion", "tie_breaks", "min_games")} == ranking
    assert shown["criterion_text"] == "higher win rate"
    assert shown["tie_break_texts"] == ["fewer points per game", "a shared place"]
    assert "co-winner" in shown["shared_wins"]


def test_a_three_way_tie_is_resolved_by_head_to_head(api, owner):
    ranking = {"criterion": "average_place", "tie_breaks": ["head_to_head", "shared"]}
    league = single_hand_league(owner, "h2h", "PQRS", HEAD_TO_HEAD_GAMES, ranking=ranking)
    body = table_of(api, league.league)
    assert [r["average_place"] for r in body["rows"]] == [2.25, 2.25, 2.25, 3.25]
    assert ranked(body) == [
        (1, "P", None),
        (2, "Q", "head_to_head"),
        (3, "R", "head_to_head"),
        (4, "S", "average_place"),
    ]


def test_tie_breaks_apply_in_the_declared_order(api, owner):
    """Points per game first: P and R (5.25) above Q (5.75); P and R split 2-2 head to head."""
    ranking = {
        "criterion": "average_place",
        "tie_breaks": ["points_per_game", "head_to_head", "shared"],
    }
    league = single_hand_league(owner, "h2h", "PQRS", HEAD_TO_HEAD_GAMES, ranking=ranking)
    body = table_of(api, league.league)
    assert ranked(body) == [
        (1, "P", None),
        (1, "R", "shared"),
        (3, "Q", "points_per_game"),
        (4, "S", "average_place"),
    ]


def test_a_three_way_tie_that_nothing_separates_is_left_shared(api, owner):
    ranking = {
        "criterion": "average_place",
        "tie_breaks": ["points_per_game", "head_to_head", "games", "shared"],
    }
    league = single_hand_league(owner, "cycle", "PQRS", CYCLE_GAMES, ranking=ranking)
    body = table_of(api, league.league)
    assert ranked(body) == [
        (1, "P", None),
        (1, "Q", "shared"),
        (1, "R", "shared"),
        (4, "S", "average_place"),
    ]


def test_players_below_min_games_are_provisional_and_listed_after_without_a_rank(api, owner):
    ranking = {"criterion": "points_per_game", "tie_breaks": ["shared"], "min_games": 3}
    league = single_hand_league(owner, "five", FIVE, FIVE_GAMES, ranking=ranking)
    body = table_of(api, league.league)
    assert [(r["rank"], r["name"], r["provisional"], r["separated_by"]) for r in body["rows"]] == [
        (1, "Ari", False, None),
        (2, "Bo", False, "points_per_game"),
        (3, "Cy", False, "points_per_game"),
        # Below three games, in the criterion's order: Ed (5.0 a game) before Di (10.5).
        (None, "Ed", True, None),
        (None, "Di", True, None),
    ]


@pytest.mark.parametrize(
    ("declared", "attr"),
    [
        ({"criterion": "luck"}, "ranking.criterion"),
        ({"tie_breaks": "games"}, "ranking.tie_breaks"),
        ({"tie_breaks": ["coin_toss"]}, "ranking.tie_breaks"),
        ({"min_games": -1}, "ranking.min_games"),
        ({"min_games": True}, "ranking.min_games"),
        (["average_place"], "ranking"),
    ],
)
def test_an_invalid_declaration_is_a_400_naming_the_field(api, owner, declared, attr):
    league = single_hand_league(owner, "bad", "PQRS", CYCLE_GAMES[:1])
    league.league.ranking = declared
    league.league.save()
    response = api.get(f"/api/v1/leagues/{league.league.pk}/standings/")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["code"], error["attr"]) == ("invalid_ranking", attr)
