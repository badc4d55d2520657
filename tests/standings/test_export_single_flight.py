"""Issue 34, finding 3: a league's hands.csv is built once per version of the club's results,
whoever asks. Right after a game ends, callers at once cause one build (the first builds it
while the others hear 503 with Retry-After), or none when the task queue built it ahead; every
answer from the kept copy carries its ETag and Last-Modified. Threads with their own
connections, as several servers' workers would be."""

from __future__ import annotations

import logging
import threading
from collections import Counter

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.scoring.concurrency import run_threads

from .support import play

pytestmark = pytest.mark.django_db(transaction=True)

CALLERS = 6
GAME = [[0, 13, 5, 8], [2, 1, 0, 23]]  # two hands of qq to 30: a finished game


@pytest.fixture
def builds(caplog):
    """How many times a hands.csv was built, in any thread (each build logs one line)."""
    caplog.set_level(logging.INFO, logger="hearts_site.http.kept_files")
    return lambda: sum(r.getMessage().startswith("built hands.csv") for r in caplog.records)


def run_worker() -> None:
    """``manage.py tasks_worker --batch`` in this process: every task queued, then it returns."""
    call_command("tasks_worker", batch=True, interval=0, verbosity=0)


def ask_at_once(url: str) -> list[dict]:
    """CALLERS requests at once, each answered before any reads its body (a build in progress
    stays in progress while the others are answered)."""
    answered = threading.Barrier(CALLERS)

    def ask(index: int) -> dict:
        client = APIClient(REMOTE_ADDR=f"198.51.100.{index + 1}", raise_request_exception=False)
        response = client.get(url)
        answered.wait(timeout=60)
        # Read to the end, which closes it (and lets go of a build), as a server does.
        body = b"".join(response.streaming_content) if response.status_code == 200 else None
        return {
            "status": response.status_code,
            "body": body,
            "etag": response.get("ETag"),
            "last_modified": response.get("Last-Modified"),
            "retry_after": response.get("Retry-After"),
            "code": response.json()["errors"][0]["code"] if response.status_code == 503 else None,
        }

    return run_threads(CALLERS, ask)


def test_callers_right_after_a_game_ends_cause_one_build_the_others_retry(qq_league, owner, builds):
    league = qq_league.league
    url = f"/api/v1/leagues/{league.pk}/hands.csv"
    before = APIClient().get(url)
    assert b"".join(before.streaming_content)  # asked for: the file is wanted now
    play(league, list(qq_league.players.values()), GAME, owner)  # the build ahead is queued
    answers = ask_at_once(url)
    assert Counter(a["status"] for a in answers) == Counter({200: 1, 503: CALLERS - 1}), answers
    assert builds() == 2  # the first ask's, and one after the game ended
    refused = [a for a in answers if a["status"] == 503]
    assert {a["code"] for a in refused} == {"export_being_built"}
    assert all(int(a["retry_after"]) >= 1 for a in refused)
    run_worker()  # the build queued when the game ended finds the file kept
    assert builds() == 2
    again = ask_at_once(url)
    assert {a["status"] for a in again} == {200}
    built = next(a for a in answers if a["status"] == 200)
    assert {(a["body"], a["etag"], a["last_modified"]) for a in again} == {
        (built["body"], built["etag"], built["last_modified"])
    }
    assert builds() == 2


def test_a_file_built_ahead_when_a_game_ends_is_sent_to_every_caller(qq_league, owner, builds):
    league = qq_league.league
    url = f"/api/v1/leagues/{league.pk}/hands.csv"
    first = APIClient().get(url)
    old = b"".join(first.streaming_content)
    play(league, list(qq_league.players.values()), GAME, owner)
    run_worker()
    answers = ask_at_once(url)
    assert {a["status"] for a in answers} == {200}
    assert len({(a["body"], a["etag"], a["last_modified"]) for a in answers}) == 1
    assert answers[0]["last_modified"] is not None
    assert answers[0]["etag"] != first["ETag"]
    assert len(answers[0]["body"].splitlines()) == len(old.splitlines()) + 2 * 4
    assert builds() == 2
    unchanged = APIClient().get(url, HTTP_IF_NONE_MATCH=answers[0]["etag"])
    assert unchanged.status_code == 304


def test_a_league_whose_file_no_one_asked_for_is_not_built_ahead(qq_league, owner, builds):
    play(qq_league.league, list(qq_league.players.values()), GAME, owner)
    run_worker()
    assert builds() == 0
