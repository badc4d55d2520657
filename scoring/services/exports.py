"""A league's hands.csv, built once per results version of its club (hearts_site/http/kept_files.py:
one build at a time, callers sent the kept copy or told to retry), and built ahead on the task
queue when a game of the league ends (or a finished one changes), if the file was asked for in
the last ``WANTED_SECONDS``: a file no one reads is built only when someone asks."""

from __future__ import annotations

from collections.abc import Iterator

from django_tasks import task

from hearts_site.http import kept_files
from hearts_site.tasks.queue import RATINGS, after_commit
from hearts_site.text.csv_files import csv_pieces
from scoring.models import Game, League
from scoring.selectors import standings
from scoring.selectors.names import audience_key

WANTED_SECONDS = 24 * 3600


def hands_csv(league_id: int, results_version: str):
    """The league's hands.csv at this results version of its club: a ``KeptFile``, a
    ``Building`` for this caller to send, or ``Busy``; the league is marked as wanted."""
    # add: no write while the mark stands (it lapses, and the next ask sets it again).
    kept_files.shared("add", _wanted_key(league_id), True, WANTED_SECONDS)
    return kept_files.open_file(
        _key(league_id, results_version), lambda: _pieces(league_id), _family(league_id)
    )


def finished_game_changed(game: Game) -> None:
    """In the transaction of a write that finished ``game`` or changed it finished: once it
    commits, queue the build of its league's hands.csv, if that file is wanted."""
    league_id = game.league_id
    if league_id is not None:
        after_commit(lambda: _queue_if_wanted(league_id))


def _queue_if_wanted(league_id: int) -> None:
    if kept_files.shared("get", _wanted_key(league_id)):
        build_hands_csv_task.enqueue(league_id)


# On the results' queue with the re-ratings: never behind a slow webhook receiver.
@task(queue_name=RATINGS)
def build_hands_csv_task(league_id: int) -> bool:
    """Build the league's hands.csv at its club's current results version, unless it is kept or
    being built; whether this run built it."""
    found = League.objects.filter(pk=league_id).values_list("club__results_version", flat=True)
    version = found.first()
    if version is None:
        return False
    return kept_files.build_ahead(
        _key(league_id, version), lambda: _pieces(league_id), _family(league_id)
    )


def _pieces(league_id: int) -> Iterator[bytes]:
    league = League.objects.get(pk=league_id)
    return csv_pieces(standings.HAND_COLUMNS, standings.league_hand_rows(league))


def _key(league_id: int, results_version: str) -> str:
    """One file a results version and an audience (who may see which names: a task builds the
    public's)."""
    return f"hands.csv:{league_id}:{results_version}:{audience_key()}"


def _family(league_id: int) -> str:
    return f"hands.csv:{league_id}"


def _wanted_key(league_id: int) -> str:
    return f"wanted:hands.csv:{league_id}"
