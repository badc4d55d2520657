"""A night in a backup that does not hold together is refused whole, before anything is
written: a clear message naming the place, and not one row written."""

from __future__ import annotations

import copy
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from scoring.backup import BackupError, export_club, import_club
from scoring.models import Club

from .night_support import night_club
from .support import Cast, make_user, row_counts
from .test_bad_documents import _set


@pytest.fixture(scope="module")
def document(django_db_setup, django_db_blocker) -> dict:
    """A night club's export, built once; the club itself is rolled back."""
    with django_db_blocker.unblock(), transaction.atomic():
        cast = Cast(make_user("owen"), make_user("dana"), make_user("stu"))
        document = export_club(night_club(cast, slug="source"))
        transaction.set_rollback(True)
    document["club"]["slug"] = "fresh"
    return json.loads(json.dumps(document))


def _first(path: str):
    """The value at a dotted path of the document, for a change that copies it elsewhere."""

    def value(doc: dict):
        node = doc
        for part in path.split("."):
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    return value


NIGHT = "nights.0"


def _seat_change(**more):
    """A seat change of the first game, by its first two players, with ``more`` changed."""

    def rows(doc: dict) -> list[dict]:
        first, second = doc["players"][0]["id"], doc["players"][1]["id"]
        row = {"seat": 1, "from_hand": 2, "player": first, "replaced": second}
        return [{**row, "at": doc["exported_at"], "by": None, **more}]

    return rows


CASES = {
    "a seat change naming a player not in the file": (
        _set("games.0.seat_changes", _seat_change(player=987654)),
        r"games\[0\]\.seat_changes\[0\]\.player: no player with id 987654",
    ),
    "a seat change from the first hand": (
        _set("games.0.seat_changes", _seat_change(from_hand=1)),
        r"games\[0\]\.seat_changes\[0\]\.from_hand: a substitute plays from hand 2",
    ),
    "a seat change of a seat the game lacks": (
        _set("games.0.seat_changes", _seat_change(seat=7)),
        r"games\[0\]\.seat_changes\[0\]\.seat: the game seats 4 players",
    ),
    "an unknown substitute rule": (
        _set(f"{NIGHT}.substitute_scores", "per_hand"),
        r"nights\[0\]\.substitute_scores: 'per_hand' is not one of starter, finisher",
    ),
    "a table pointing at a game not in the file": (
        _set(f"{NIGHT}.rounds.1.tables.0.game", 987654),
        r"nights\[0\]\.rounds\[1\]\.tables\[0\]\.game: no game with id 987654 in this document",
    ),
    "a round number twice": (
        _set(f"{NIGHT}.rounds.1.number", 1),
        r"nights\[0\]\.rounds\[1\]\.number: round 1 appears twice",
    ),
    "a check-in for a player not in the file": (
        _set(f"{NIGHT}.check_ins.3.player", 987654),
        r"nights\[0\]\.check_ins\[3\]\.player: no player with id 987654 in this document",
    ),
    "a player checked in twice": (
        _set(f"{NIGHT}.check_ins.1.player", _first(f"{NIGHT}.check_ins.0.player")),
        r"nights\[0\]\.check_ins\[1\]\.player: player \d+ checks in twice",
    ),
    "a table number twice in a round": (
        _set(f"{NIGHT}.rounds.0.tables.1.number", 1),
        r"nights\[0\]\.rounds\[0\]\.tables\[1\]\.number: table 1 appears twice",
    ),
    "one game at two tables": (
        _set(f"{NIGHT}.rounds.1.tables.0.game", _first(f"{NIGHT}.rounds.0.tables.0.game")),
        r"nights\[0\]\.rounds\[1\]\.tables\[0\]\.game: game \d+ is the game of "
        r"nights\[0\]\.rounds\[0\]\.tables\[0\] too",
    ),
    "a table's player not in the file": (
        _set(f"{NIGHT}.rounds.0.tables.1.players.2", 987654),
        r"nights\[0\]\.rounds\[0\]\.tables\[1\]\.players: no player with id 987654",
    ),
    "a table's player as a name": (
        _set(f"{NIGHT}.rounds.0.tables.1.players.2", "P3"),
        r"nights\[0\]\.rounds\[0\]\.tables\[1\]\.players: expected player ids, found 'P3'",
    ),
    "a standings row of a player not in the file": (
        _set(f"{NIGHT}.rounds.1.standings.4.player", 987654),
        r"nights\[0\]\.rounds\[1\]\.standings\[4\]\.player: no player with id 987654",
    ),
    "a standings row without its player": (
        _set(f"{NIGHT}.rounds.0.standings.0.player", ...),
        r"nights\[0\]\.rounds\[0\]\.standings\[0\]: expected a row with its player's id",
    ),
    "a correction naming no history entry of the file": (
        _set(f"{NIGHT}.corrections.0.entry", 987654),
        r"nights\[0\]\.corrections\[0\]\.entry: no history entry with id 987654",
    ),
    "a history entry's id twice": (
        _set("games.0.history.1.id", _first("games.0.history.0.id")),
        r"games\[\]\.history: id \d+ appears twice",
    ),
    "a night of a league not in the file": (
        _set(f"{NIGHT}.league", 987654),
        r"nights\[0\]\.league: no league with id 987654",
    ),
    "a round's id twice": (
        _set(f"{NIGHT}.rounds.1.id", _first(f"{NIGHT}.rounds.0.id")),
        r"nights\[\]\.rounds: id \d+ appears twice",
    ),
    "an unknown round status": (
        _set(f"{NIGHT}.rounds.0.status", "paused"),
        r"nights\[0\]\.rounds\[0\]\.status: 'paused' is not one of proposed, published",
    ),
    "a table without its game": (
        _set(f"{NIGHT}.rounds.0.tables.0.game", ...),
        r"nights\[0\]\.rounds\[0\]\.tables\[0\]: missing key\(s\) 'game'",
    ),
    "a formula the night refuses": (
        _set(f"{NIGHT}.formula", {"criterion": "luck"}),
        r"nights\[0\]\.formula\.criterion: ",
    ),
    "no nights": (_set("nights", ...), r"document: missing key\(s\) 'nights'"),
    # Passes every check, then the database refuses it half-way through the writes.
    "a night ending its rounds two ways": (
        _set(f"{NIGHT}.round_minutes", 30),
        r"clashes with the database",
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_malformed_night_is_refused_by_its_place_and_writes_nothing(document, case):
    change, message = CASES[case]
    bad = change(copy.deepcopy(document))
    before = row_counts()
    with pytest.raises(BackupError, match=message):
        import_club(bad)
    assert row_counts() == before
    assert not Club.objects.filter(slug="fresh").exists()


@pytest.mark.django_db
def test_the_import_command_refuses_a_malformed_night_with_a_command_error(document, tmp_path):
    change, message = CASES["a table pointing at a game not in the file"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(change(copy.deepcopy(document))), encoding="utf-8")
    before = row_counts()
    with pytest.raises(CommandError, match=message):
        call_command("import_club", str(path), stdout=StringIO())
    assert row_counts() == before


def test_the_unchanged_night_document_imports(document, django_db_blocker):
    """The cases above fail for their change alone: the document itself is good."""
    with django_db_blocker.unblock(), transaction.atomic():
        club = import_club(copy.deepcopy(document))
        assert club.nights.count() == 1
        transaction.set_rollback(True)
