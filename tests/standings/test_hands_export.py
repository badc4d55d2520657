"""A league's hands.csv: kept for the club's results version as the tables are, streamed in
pieces of rows, and limited for callers who are not members of the club."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from hearts_site.api.throttling import FixedWindowThrottle
from hearts_site.http import kept_files
from hearts_site.text.csv_files import csv_pieces, csv_text

from .support import play


def hands_url(league) -> str:
    return f"/api/v1/leagues/{league.pk}/hands.csv"


def read(response) -> tuple[bytes, list[str]]:
    """The whole body of a streamed answer, and the queries made while it was sent."""
    assert response.status_code == 200
    assert response.streaming
    with CaptureQueriesContext(connection) as queries:
        body = b"".join(response.streaming_content)
    return body, [q["sql"] for q in queries.captured_queries]


def status(response) -> int:
    """The answer's status, its body read to the end (which closes it, as a server does)."""
    if response.streaming:
        b"".join(response.streaming_content)
    return response.status_code


def test_a_second_hands_csv_is_sent_from_the_kept_copy_without_reading_a_hand(api, qq_league):
    first, built_with = read(api.get(hands_url(qq_league.league)))
    assert any('"scoring_hand"' in sql for sql in built_with)
    with CaptureQueriesContext(connection) as asked:
        again, sent_with = read(api.get(hands_url(qq_league.league)))
    assert again == first
    every = [q["sql"] for q in asked.captured_queries] + sent_with
    assert not [sql for sql in every if '"scoring_hand"' in sql or '"scoring_gameseat"' in sql]


def test_a_new_result_gives_a_new_hands_csv(api, qq_league, owner):
    first, _ = read(api.get(hands_url(qq_league.league)))
    seats = list(qq_league.players.values())
    game = play(qq_league.league, seats, [[0, 13, 5, 8], [2, 1, 0, 23]], owner)
    after, _ = read(api.get(hands_url(qq_league.league)))
    assert after.startswith(first.rstrip(b"\n").split(b"\n")[0])  # the same header
    rows = list(csv.DictReader(io.StringIO(after.decode())))
    assert len(rows) == len(first.splitlines()) - 1 + 2 * 4
    assert {int(r["game"]) for r in rows} >= {game.pk}


def test_rows_are_written_a_piece_of_rows_at_a_time_each_ending_with_a_whole_row():
    rows = [[n, f"name {n}", -n] for n in range(2500)]
    pieces = list(csv_pieces(["n", "name", "score"], rows, rows_per_piece=1000))
    assert len(pieces) == 3
    assert all(piece.endswith(b"\n") for piece in pieces)
    whole = [dict(zip(["n", "name", "score"], r, strict=True)) for r in rows]
    assert b"".join(pieces).decode() == csv_text(["n", "name", "score"], whole)


def test_a_file_its_caller_left_midway_is_not_kept_and_its_build_is_let_go(db):
    built = []

    def build():
        built.append(1)
        yield from (b"one,", b"two,", b"three\n")

    left = kept_files.open_file("left-midway", build)
    assert next(iter(left)) == b"one,"
    assert isinstance(kept_files.open_file("left-midway", build), kept_files.Busy)
    left.close()  # the client went away
    assert b"".join(kept_files.open_file("left-midway", build)) == b"one,two,three\n"
    assert isinstance(kept_files.open_file("left-midway", build), kept_files.KeptFile)
    assert b"".join(kept_files.open_file("left-midway", build)) == b"one,two,three\n"
    assert len(built) == 2  # the first, left midway, and the one kept


@pytest.fixture
def two_exports_a_minute(throttle_rates):
    throttle_rates({**FixedWindowThrottle.THROTTLE_RATES, "exports": "2/min"})


def test_exports_are_throttled_for_anyone_but_the_clubs_members(
    two_exports_a_minute, qq_league, owner
):
    url = hands_url(qq_league.league)
    stranger = APIClient(REMOTE_ADDR="198.51.100.9")
    assert [status(stranger.get(url)) for _ in range(2)] == [200, 200]
    refused = stranger.get(url)
    assert refused.status_code == 429
    assert refused.json()["errors"][0]["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    assert status(APIClient(REMOTE_ADDR="198.51.100.10").get(url)) == 200
    # Signed in, but no member of the club: counted as an anonymous caller is (per user).
    outsider = APIClient(REMOTE_ADDR="198.51.100.11")
    outsider.force_authenticate(get_user_model().objects.create_user("outsider"))
    assert [status(outsider.get(url)) for _ in range(3)] == [200, 200, 429]
    member = APIClient(REMOTE_ADDR="198.51.100.9")
    member.force_authenticate(owner)
    assert [status(member.get(url)) for _ in range(3)] == [200, 200, 200]
    # The table itself is never counted.
    assert stranger.get(f"/api/v1/leagues/{qq_league.league.pk}/standings/").status_code == 200


def test_the_schema_says_an_anonymous_export_may_be_throttled(client):
    schema = client.get("/api/schema/?format=json").json()
    responses = schema["paths"]["/api/v1/leagues/{id}/hands.csv"]["get"]["responses"]
    assert "429" in responses
    assert "429" not in schema["paths"]["/api/v1/leagues/{id}/standings/"]["get"]["responses"]
