"""Every column of the table on a league small enough to compute by hand (see support.py).

The qq league (30-point target; a hand's gems are 26 − 4 × own points, a moon +78 for the
shooter and −26 for the others; qq subtracts 26 from a shooter):

Game 1, seats Ada Ben Cleo Dev:   [0, 13, 5, 8] + [2, 1, 0, 23]   → totals 2 14 5 31
    places 1 3 2 4; Q♠ Ben then Dev; clean hands Ada 1, Cleo 1; gems 44 −4 32 −72; hands of
    13 or more Ben 1, Dev 1.
Game 2, seats Ben Cleo Dev Ada:   [0, 26, 0, 0] (Cleo's moon) + [17, 0, 9, 0] + [14, 3, 9, 0]
    → totals 31 −23 18 0; places 4 1 3 2; Q♠ Cleo, Ben, Ben; clean Ben 1, Cleo 1, Dev 1,
    Ada 3; gems Ben −98, Cleo 118, Dev −46, Ada 26; hands of 13 or more Cleo 1 (her moon),
    Ben 2.
Game 3, seats Ada Ben Cleo Dev:   hand 1 voided; [0, 0, 13, 13] + [0, 0, 4, 22]
    → totals 0 0 17 35; Ada and Ben share the win (places 1 1 3 4); Q♠ unknown (two seats on
    13), then Dev; clean Ada 2, Ben 2; gems 52 52 −16 −88; hands of 13 or more Cleo 1, Dev 2.
"""

from __future__ import annotations

import pytest

from scoring.models import GameSeat, Hand, RatingEvent

from .support import rows_by_name, table_of

EXPECTED = {
    #  games wins win_rate avg_place  ppg      pph      total hands moons queens clean gems 13+
    "Ada": (3, 2, 0.6667, 1.3333, 0.6667, 0.2857, 2, 7, 0, 0, 6, 122, 0),
    "Ben": (3, 1, 0.3333, 2.6667, 15.0, 6.4286, 45, 7, 0, 3, 3, -50, 3),
    "Cleo": (3, 1, 0.3333, 2.0, -0.3333, -0.1429, -1, 7, 1, 1, 2, 134, 2),
    "Dev": (3, 0, 0.0, 3.6667, 28.0, 12.0, 84, 7, 0, 2, 1, -206, 3),
}
COLUMNS = (
    "games",
    "wins",
    "win_rate",
    "average_place",
    "points_per_game",
    "points_per_hand",
    "total_points",
    "hands",
    "moons",
    "queens",
    "clean_hands",
    "gems",
    "big_hands",
)


@pytest.mark.parametrize("column", COLUMNS)
def test_each_column_matches_the_hand_computed_league(api, qq_league, column):
    rows = rows_by_name(table_of(api, qq_league.league))
    index = COLUMNS.index(column)
    assert {name: row[column] for name, row in rows.items()} == {
        name: values[index] for name, values in EXPECTED.items()
    }


def test_the_table_lists_each_player_once_ranked_by_average_place_by_default(api, qq_league):
    body = table_of(api, qq_league.league)
    assert [(r["rank"], r["name"], r["separated_by"]) for r in body["rows"]] == [
        (1, "Ada", None),
        (2, "Cleo", "average_place"),
        (3, "Ben", "average_place"),
        (4, "Dev", "average_place"),
    ]
    assert all(r["provisional"] is False for r in body["rows"])


def test_a_shared_win_counts_as_a_win_for_each_co_winner(api, qq_league):
    shared = qq_league.games[2]
    assert sorted(shared.winners) == [0, 1]
    rows = rows_by_name(table_of(api, qq_league.league, f"season={qq_league.seasons['Spring'].pk}"))
    assert rows["Ada"]["wins"] == rows["Ben"]["wins"] == 1
    assert rows["Ada"]["average_place"] == rows["Ben"]["average_place"] == 1.0
    assert "a win for each co-winner" in table_of(api, qq_league.league)["ranking"]["shared_wins"]


def test_rating_is_the_players_latest_ordinal_and_its_change_is_from_a_new_players_zero(
    api, qq_league
):
    rows = rows_by_name(table_of(api, qq_league.league))
    for name, player in qq_league.players.items():
        latest = RatingEvent.objects.filter(player=player).order_by("at", "game_id").last()
        assert rows[name]["rating"] == pytest.approx(latest.ordinal, abs=1e-3)
        assert rows[name]["rating_change"] == pytest.approx(latest.ordinal, abs=1e-3)
    # Each player's history has one event per finished game, and the changes add up.
    for player in qq_league.players.values():
        events = list(RatingEvent.objects.filter(player=player).order_by("at", "game_id"))
        assert [e.game_id for e in events] == [g.pk for g in qq_league.games]
        assert sum(e.change for e in events) == pytest.approx(events[-1].ordinal)


def test_gems_are_null_under_a_ruleset_without_them(api, owner):
    from .support import single_hand_league

    league = single_hand_league(
        owner, "no-gems", ["P", "Q", "R", "S"], [[("P", 1), ("Q", 2), ("R", 3), ("S", 4)]]
    )
    rows = table_of(api, league.league)["rows"]
    assert [r["gems"] for r in rows] == [None] * 4


def test_seat_results_agree_with_the_non_void_hands(qq_league):
    """What the table sums was kept by the services from the hands themselves."""
    for game in qq_league.games:
        hands = list(Hand.objects.filter(game=game, is_void=False))
        for seat in GameSeat.objects.filter(game=game):
            assert seat.hands_played == len(hands)
            assert seat.points_taken == sum(h.points[seat.seat] for h in hands)
            assert seat.total == sum(h.scores[seat.seat] for h in hands)
