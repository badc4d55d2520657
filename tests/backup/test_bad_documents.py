"""A document that is not a club backup of a version this server reads, or does not check out,
is refused whole: a clear message naming the place, and not one row written."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from scoring.backup import BackupError, export_club, import_club
from scoring.models import Club

from .support import Cast, build_club, make_user, row_counts


@pytest.fixture(scope="module")
def document(django_db_setup, django_db_blocker) -> dict:
    """One club's export, built once; the club itself is rolled back."""
    with (
        django_db_blocker.unblock(),
        transaction.atomic(),
    ):
        cast = Cast(make_user("owen"), make_user("dana"), make_user("stu"))
        document = export_club(build_club(cast, slug="source"))
        transaction.set_rollback(True)
    document["club"]["slug"] = "fresh"  # so that the slug is never what refuses it
    return json.loads(json.dumps(document))


def _set(path: str, value) -> Callable[[dict], dict]:
    """A change at a dotted path such as ``games.0.hands.1.number``; ``...`` deletes it."""

    def change(doc: dict) -> dict:
        *parents, last = path.split(".")
        node = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        key = int(last) if isinstance(node, list) else last
        if value is ...:
            del node[key]
        else:
            node[key] = value(doc) if callable(value) else value
        return doc

    return change


def _in_every_hand(path: str, value) -> Callable[[dict], dict]:
    """The same change in every hand of the first game (each within range, not their sum)."""

    def change(doc: dict) -> dict:
        for number in range(len(doc["games"][0]["hands"])):
            _set(f"games.0.hands.{number}.{path}", value)(doc)
        return doc

    return change


CASES = {
    "not an object": (lambda doc: [doc], r"expected a JSON object"),
    "another format": (_set("format", "trello-board"), r"Not a hearts-club-backup document"),
    "no format": (_set("format", ...), r"format is None"),
    "version 8": (_set("version", 8), r"Unsupported hearts-club-backup version 8"),
    "version as text": (_set("version", "6"), r"version '6'"),
    "no games": (_set("games", ...), r"document: missing key\(s\) 'games'"),
    "no club": (_set("club", ...), r"document: missing key\(s\) 'club'"),
    "a hand without scores": (
        _set("games.0.hands.1.scores", ...),
        r"games\[0\]\.hands\[1\]: missing key\(s\) 'scores'",
    ),
    "a seat without its player": (
        _set("games.2.seats.3.player", ...),
        r"games\[2\]\.seats\[3\]: missing key\(s\) 'player'",
    ),
    "an unknown key": (
        _set("players.0.nickname", "Ace"),
        r"players\[0\]: unknown key\(s\) 'nickname'",
    ),
    "a version as text": (_set("games.0.version", "7"), r"games\[0\]\.version: expected int"),
    "a time that is no time": (
        _set("club.created_at", "last Tuesday"),
        r"club\.created_at: expected datetime",
    ),
    "a time without a zone": (
        _set("games.0.started_at", "2026-01-01T10:00:00"),
        r"games\[0\]\.started_at: expected datetime",
    ),
    "an unknown player": (
        _set("games.1.seats.0.player", 987654),
        r"games\[1\]\.seats\[0\]\.player: no player with id 987654",
    ),
    "an unknown season": (_set("games.0.season", 987654), r"no season with id 987654"),
    "an unknown role": (_set("members.0.role", "king"), r"members\[0\]\.role: 'king'"),
    "an unknown status": (_set("games.0.status", "paused"), r"games\[0\]\.status: 'paused'"),
    "a ranking a table refuses": (
        _set("leagues.0.ranking", {"criterion": "nonsense"}),
        r"leagues\[0\]\.ranking\.criterion: criterion must be one of",
    ),
    "a ruleset the engine refuses": (
        _set("leagues.0.ruleset", {"preset": "no-such-preset"}),
        r"leagues\[0\]\.ruleset",
    ),
    "a table's name too long": (_set("games.0.table", "T" * 31), r"games\[0\]\.table: at most 30"),
    "two games in progress at one table": (
        # games[4] is in progress at "Table 2"; games[5], finished, is put there too.
        lambda doc: _set("games.5.status", "in_progress")(_set("games.5.table", "TABLE 2")(doc)),
        r"games\[5\]\.table: games\[4\] is in progress at 'TABLE 2' too",
    ),
    "a dispute on a hand that is not there": (
        _set("games.4.disputes.0.hand", 999),
        r"games\[4\]\.disputes\[0\]\.hand",
    ),
    # Numbers as their columns store them, on every database: else a traceback half-way.
    "a version past its column": (
        _set("games.0.version", 10**30),
        r"games\[0\]\.version: 1000000000000000000000000000000 is out of range: from 0 to "
        r"2147483647",
    ),
    "a seat past a small column": (
        _set("games.1.seats.2.seat", 40_000),
        r"games\[1\]\.seats\[2\]\.seat: 40000 is out of range: from 0 to 32767",
    ),
    "a negative hand number": (
        _set("games.0.hands.0.number", -1),
        r"games\[0\]\.hands\[0\]\.number: -1 is out of range",
    ),
    "an export id past 64 bits": (
        _set("players.0.id", 2**64),
        r"players\[0\]\.id: 18446744073709551616 is out of range",
    ),
    "a huge number inside an entry": (
        _set("games.0.hands.0.entry.points.0", 10**30),
        r"games\[0\]\.hands\[0\]\.entry\.points\[0\]: 10{30} is out of range",
    ),
    "a huge number in a ruleset": (
        _set("leagues.0.ruleset.target_score", 10**30),
        r"leagues\[0\]\.ruleset\.target_score: 10{30} is out of range",
    ),
    "a huge number in a ranking": (
        _set("leagues.0.ranking.min_games", -(10**30)),
        r"leagues\[0\]\.ranking\.min_games: -10{30} is out of range",
    ),
    "NaN in a history entry": (
        _set("games.0.history.0.after.nan", float("nan")),
        r"games\[0\]\.history\[0\]\.after\.nan: nan is not a number a database stores",
    ),
    "a score that is text": (
        _set("games.0.hands.0.scores.0", "13"),
        r"games\[0\]\.hands\[0\]\.scores: one whole number per seat",
    ),
    "scores that overflow a seat's total": (
        _in_every_hand("scores.0", 2**31 - 1),
        r"games\[0\]\.hands\[\]\.scores: seat 0's sum over the game is out of range",
    ),
    "an unknown number among choices": (
        _set("leagues.0.confirmations", 5),
        r"leagues\[0\]\.confirmations: 5 is not one of 0, 1",
    ),
    # Days the service counts with, in ASCII digits.
    "a season ending in 9999": (
        _set("leagues.0.seasons.0.ends_on", "9999-12-31"),
        r"seasons\[0\]\.ends_on: expected date \(from 1900-01-01 to 2999-12-31",
    ),
    "a time in year 1": (
        _set("games.0.started_at", "0001-01-01T00:00:00+00:00"),
        r"games\[0\]\.started_at: expected datetime \(from 1900-01-01",
    ),
    "a day in Arabic-Indic digits": (
        _set("leagues.0.seasons.0.starts_on", "\u0662\u0660\u0662\u0666-01-01"),
        r"seasons\[0\]\.starts_on: expected date",
    ),
    # Passes every check, then clashes with a constraint half-way through the writes.
    "two hands with one number": (
        _set("games.0.hands.1.number", lambda doc: doc["games"][0]["hands"][0]["number"]),
        r"clashes with the database",
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_bad_document_is_refused_and_writes_nothing(document, case):
    change, message = CASES[case]
    bad = change(copy.deepcopy(document))
    before = row_counts()
    with pytest.raises(BackupError, match=message):
        import_club(bad)
    assert row_counts() == before
    assert not Club.objects.filter(slug="fresh").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "case",
    [
        "another format",
        "version 8",
        "no games",
        "two hands with one number",
        "a huge number inside an entry",
        "a version past its column",
    ],
)
def test_the_import_command_refuses_it_with_a_command_error(document, case, tmp_path):
    change, message = CASES[case]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(change(copy.deepcopy(document))), encoding="utf-8")
    before = row_counts()
    with pytest.raises(CommandError, match=message):
        call_command("import_club", str(path), stdout=StringIO())
    assert row_counts() == before


def test_the_unchanged_document_imports(document, django_db_blocker):
    """The cases above fail for their change alone: the document itself is good."""
    with django_db_blocker.unblock(), transaction.atomic():
        club = import_club(copy.deepcopy(document))
        assert club.slug == "fresh" and sorted(club.created_users) == ["dana", "owen", "stu"]
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_files_that_are_not_json_or_not_there_are_command_errors(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hearts were broken", encoding="utf-8")
    with pytest.raises(CommandError, match="is not JSON"):
        call_command("import_club", str(path))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_club", str(tmp_path / "missing.json"))
    # Python reads no whole number of more than 4,300 digits; nor lists a thousand deep.
    path.write_text('{"version": ' + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(CommandError, match="is not JSON: Exceeds the limit"):
        call_command("import_club", str(path))
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(CommandError, match="nested too deeply"):
        call_command("import_club", str(path))
    with pytest.raises(CommandError, match="No club has the slug 'nowhere'"):
        call_command("export_club", "nowhere")
    with pytest.raises(CommandError, match="No user has the username 'nobody'"):
        path.write_text("{}", encoding="utf-8")
        call_command("import_club", str(path), owner="nobody")


@pytest.mark.django_db
def test_a_club_being_imported_is_hidden_until_its_last_transaction(document, monkeypatch, client):
    from scoring.backup import restore
    from scoring.models import Membership

    seen = {}
    write_merges = restore._merges

    def look_then_write(sources, writer):
        club = writer.club
        seen["while"] = (club.slug, club.is_public, Membership.objects.filter(club=club).count())
        seen["listed"] = [c["slug"] for c in client.get("/api/v1/clubs/").json()["results"]]
        write_merges(sources, writer)

    monkeypatch.setattr(restore, "_merges", look_then_write)
    club = import_club(document, slug="fresh")
    slug, public, members = seen["while"]
    assert slug.startswith("importing-") and public is False and members == 0
    assert slug not in seen["listed"] and "fresh" not in seen["listed"]
    club.refresh_from_db()
    assert (club.slug, club.is_public) == ("fresh", document["club"]["is_public"])
    assert Membership.objects.filter(club=club).count() == len(document["members"])
