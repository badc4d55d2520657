"""A league's hands.csv: kept for the club's results version as the tables are, streamed in
pieces of rows, and limited for anonymous callers."""

from __future__ import annotations

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from hearts_site.rendering import kept_stream
from hearts_site.throttling import FixedWindowThrottle
from scoring.api.renderers import csv_pieces, csv_text

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


def test_a_stream_its_caller_left_midway_is_not_kept(db):
    built = []

    def build():
        built.append(1)
        yield from (b"one,", b"two,", b"three\n")

    left = kept_stream("left-midway", build)
    assert next(left) == b"one,"
    left.close()  # the client went away
    assert b"".join(kept_stream("left-midway", build)) == b"one,two,three\n"
    assert b"".join(kept_stream("left-midway", build)) == b"one,two,three\n"
    assert len(built) == 2  # the first, left midway, and the one kept


@pytest.fixture
def two_exports_a_minute(monkeypatch):
    rates = {**FixedWindowThrottle.THROTTLE_RATES, "exports": "2/min"}
    monkeypatch.setattr(FixedWindowThrottle, "THROTTLE_RATES", rates)


def test_anonymous_exports_are_throttled_per_address_and_signed_in_ones_are_not(
    two_exports_a_minute, qq_league, owner
):
    url = hands_url(qq_league.league)
    stranger = APIClient(REMOTE_ADDR="198.51.100.9")
    assert [stranger.get(url).status_code for _ in range(2)] == [200, 200]
    refused = stranger.get(url)
    assert refused.status_code == 429
    assert refused.json()["errors"][0]["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    assert APIClient(REMOTE_ADDR="198.51.100.10").get(url).status_code == 200
    member = APIClient(REMOTE_ADDR="198.51.100.9")
    member.force_authenticate(owner)
    assert [member.get(url).status_code for _ in range(3)] == [200, 200, 200]
    # The table itself is never counted.
    assert stranger.get(f"/api/v1/leagues/{qq_league.league.pk}/standings/").status_code == 200


def test_the_schema_says_an_anonymous_export_may_be_throttled(client):
    schema = client.get("/api/schema/?format=json").json()
    responses = schema["paths"]["/api/v1/leagues/{id}/hands.csv"]["get"]["responses"]
    assert "429" in responses
    assert "429" not in schema["paths"]["/api/v1/leagues/{id}/standings/"]["get"]["responses"]
