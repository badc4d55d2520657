"""Seasons, from/to and as_of; the rating at a period's end and its change over the period.

The qq league's games finished on 10 January, 10 February (both Winter) and 10 March (Spring).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scoring.models import Game, RatingEvent
from scoring.services import ratings, totals

from .support import rows_by_name, standings_url, table_of


def ranked(body: dict) -> list[tuple]:
    return [(r["rank"], r["name"], r["separated_by"]) for r in body["rows"]]


def ordinal_after(player, game) -> float:
    return RatingEvent.objects.get(player=player, game=game).ordinal


def test_as_of_gives_the_table_as_it_stood_at_the_end_of_that_day(api, qq_league):
    body = table_of(api, qq_league.league, "as_of=2026-02-15")
    # Games 1 and 2: Ada and Cleo on 1.5 a place (Cleo fewer points), Ben and Dev on 3.5.
    assert ranked(body) == [
        (1, "Cleo", None),
        (2, "Ada", "points_per_game"),
        (3, "Ben", "average_place"),
        (4, "Dev", "points_per_game"),
    ]
    rows = rows_by_name(body)
    assert {n: (r["games"], r["wins"], r["total_points"]) for n, r in rows.items()} == {
        "Ada": (2, 1, 2),
        "Ben": (2, 0, 45),
        "Cleo": (2, 1, -18),
        "Dev": (2, 0, 49),
    }
    g2 = qq_league.games[1]
    for name, player in qq_league.players.items():
        assert rows[name]["rating"] == pytest.approx(ordinal_after(player, g2), abs=1e-3)
    assert body["period"] == {
        "season": None,
        "from": None,
        "to": "2026-02-15T23:59:59.999999Z",
    }


def test_as_of_the_day_a_game_finished_includes_that_game(api, qq_league):
    assert table_of(api, qq_league.league, "as_of=2026-02-10")["rows"][0]["games"] == 2
    assert table_of(api, qq_league.league, "as_of=2026-02-09")["rows"][0]["games"] == 1
    assert table_of(api, qq_league.league, "as_of=2026-01-09")["rows"] == []


def test_a_season_counts_only_its_games_and_a_shared_first_place_is_shared(api, qq_league):
    spring = qq_league.seasons["Spring"]
    body = table_of(api, qq_league.league, f"season={spring.pk}")
    assert ranked(body) == [
        (1, "Ada", None),
        (1, "Ben", "shared"),
        (3, "Cleo", "average_place"),
        (4, "Dev", "average_place"),
    ]
    assert body["period"]["season"] == spring.pk
    winter = table_of(api, qq_league.league, f"season={qq_league.seasons['Winter'].pk}")
    assert {r["games"] for r in winter["rows"]} == {2}


def test_from_and_to_bound_the_period_and_the_rating_change_is_over_that_period(api, qq_league):
    body = table_of(api, qq_league.league, "from=2026-02-01&to=2026-03-31")
    assert ranked(body) == [
        (1, "Ada", None),
        (2, "Cleo", "average_place"),
        (3, "Ben", "average_place"),
        (4, "Dev", "average_place"),
    ]
    rows = rows_by_name(body)
    assert {n: (r["games"], r["total_points"]) for n, r in rows.items()} == {
        "Ada": (2, 0),
        "Ben": (2, 31),
        "Cleo": (2, -6),
        "Dev": (2, 53),
    }
    g1, _, g3 = qq_league.games
    for name, player in qq_league.players.items():
        change = ordinal_after(player, g3) - ordinal_after(player, g1)
        assert rows[name]["rating"] == pytest.approx(ordinal_after(player, g3), abs=1e-3)
        assert rows[name]["rating_change"] == pytest.approx(change, abs=2e-3)


def test_moving_a_games_finish_date_moves_it_between_periods_and_re_rates_in_the_new_order(
    api, qq_league
):
    g1, g2, _ = qq_league.games
    before = {p: ordinal_after(p, g2) for p in qq_league.players.values()}
    # Game 1 now finished after game 2 (still in February).
    Game.objects.filter(pk=g1.pk).update(finished_at=datetime(2026, 2, 20, 20, tzinfo=UTC))
    totals.rebuild(qq_league.club.pk)
    ratings.recompute(qq_league.club.pk)
    assert table_of(api, qq_league.league, "as_of=2026-02-15")["rows"][0]["games"] == 1
    order = list(
        RatingEvent.objects.filter(player=qq_league.players["Ada"]).values_list(
            "game_id", flat=True
        )
    )
    assert order == [g2.pk, g1.pk, qq_league.games[2].pk]
    after = {p: ordinal_after(p, g2) for p in qq_league.players.values()}
    assert after != before  # game 2 is now everybody's first game


@pytest.mark.parametrize(
    ("query", "code", "attr"),
    [
        ("colour=red", "unknown_field", "colour"),
        ("from=2026-03-01&to=2026-02-01", "empty_period", "to"),
        ("season=999999", "unknown_season", "season"),
        ("from=yesterday", "invalid", "from"),
        ("to=2026-02-30", "invalid", "to"),
        ("date_from=2026-01-01", "unknown_field", "date_from"),
        ("as_of=2026-13-01", "invalid", "as_of"),
        ("season=0", "min_value", "season"),
    ],
)
def test_bad_query_parameters_are_a_400_with_a_code_and_the_parameter(
    api, qq_league, query, code, attr
):
    response = api.get(standings_url(qq_league.league, query))
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["type"] == "validation_error"
    assert (body["errors"][0]["code"], body["errors"][0]["attr"]) == (code, attr)


def test_a_season_of_another_league_is_an_unknown_season(api, qq_league, owner):
    from .support import build_qq_league

    other = build_qq_league(owner, "other-club")
    season = other.seasons["Winter"].pk
    response = api.get(standings_url(qq_league.league, f"season={season}"))
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "unknown_season"
