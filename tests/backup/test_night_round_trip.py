"""A club that ran a tournament night exports it (format 5) and imports it again exactly: the
night, its check-ins (a withdrawal and a late arrival among them), its rounds with their draws
and the standings kept as each ended, its tables linked to their games, and the director's
correction once its results were final; the copy's night page shows the same standings."""

from __future__ import annotations

import html
import re

import pytest

from scoring.backup import export_club, import_club
from scoring.models import CheckIn, Event, Night, NightCorrection, NightRound, NightTable
from scoring.selectors.night_standings import standings_of

from .night_support import night_club
from .support import canonical, imported_names, renamed_in
from .test_round_trip import as_json, as_version_4

pytestmark = pytest.mark.django_db


@pytest.fixture
def fridays(cast):
    return night_club(cast)


def test_the_export_holds_the_night_with_its_rounds_check_ins_tables_and_correction(fridays):
    document = as_json(export_club(fridays))
    [night] = document["nights"]
    assert (night["status"], night["final_at"] is not None) == ("closed", True)
    assert [r["number"] for r in night["rounds"]] == [1, 2]
    assert all(r["status"] == "over" and r["standings"] for r in night["rounds"])
    withdrawn = [c for c in night["check_ins"] if c["withdrawn_before"] is not None]
    late = [c for c in night["check_ins"] if c["arrived_before"] == 2]
    assert len(night["check_ins"]) == 9 and len(withdrawn) == len(late) == 1
    games = {g["id"]: g for g in document["games"]}
    for night_round in night["rounds"]:
        for table in night_round["tables"]:
            seated = [seat["player"] for seat in games[table["game"]]["seats"]]
            assert table["players"] == seated
            assert games[table["game"]]["end_reason"] == "round_over"
    [correction] = night["corrections"]
    entries = {e["id"]: e for g in document["games"] for e in g["history"]}
    corrected = entries[correction["entry"]]
    assert (corrected["action"], corrected["reason"]) == (
        "hand_corrected",
        "The sheet says seats 3 and 4",
    )


def test_a_restored_night_exports_again_to_the_same_document(fridays):
    document = as_json(export_club(fridays))
    document["club"]["slug"] = "fridays-copy"
    copy = import_club(as_json(document))
    users = imported_names(document, "fridays-copy")
    again = as_json(export_club(copy))
    assert canonical(again) == canonical(renamed_in(document, users))
    for model, to_club in (
        (Night, "club"),
        (CheckIn, "night__club"),
        (NightRound, "night__club"),
        (NightTable, "round__night__club"),
        (NightCorrection, "night__club"),
    ):
        assert model.objects.filter(**{to_club: copy}).count() == (
            model.objects.filter(**{to_club: fridays}).count()
        ), model.__name__
    # What the night told is not kept: the copy tells nothing again.
    assert Event.objects.filter(club=fridays, type__startswith="night.").exists()
    assert not Event.objects.filter(club=copy, type__startswith="night.").exists()
    assert not Event.objects.filter(club=copy, type__startswith="round.").exists()


def visible(page: bytes) -> str:
    """A page's words as a reader sees them: no tags, no attributes, spaces collapsed."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", page.decode(), flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def test_the_restored_nights_page_shows_the_same_standings(fridays, cast, client):
    document = as_json(export_club(fridays))
    copy = import_club(document, slug="fridays-copy", owner=cast.owner)
    original, restored = Night.objects.get(club=fridays), Night.objects.get(club=copy)
    names = lambda night: [  # noqa: E731
        [(row["name"], row["rank"], row["place_points"]) for row in after["rows"]]
        for after in standings_of(night)["standings"]
    ]
    assert names(restored) == names(original) and len(names(original)) == 2
    client.force_login(cast.owner)
    pages = [
        visible(client.get(f"/clubs/{club.slug}/nights/{night.pk}/").content)
        for club, night in ((fridays, original), (copy, restored))
    ]
    standings = [page[page.index("Standings") :] for page in pages]
    assert "The sheet says seats 3 and 4" in standings[0]
    assert standings[0] == standings[1]
    assert pages[0] == pages[1]


def test_a_version_4_document_of_a_night_club_imports_its_games_without_the_night(fridays):
    document = export_club(fridays)
    copy = import_club(as_version_4(document), slug="fridays-v4")
    again = export_club(copy)
    assert again["nights"] == [] and not Night.objects.filter(club=copy).exists()
    assert [g["end_reason"] for g in again["games"]] == ["round_over"] * 4
    assert [g["round_hands"] for g in again["games"]] == [None] * 4
    entries = [e for g in again["games"] for e in g["history"]]
    assert [e["action"] for e in entries] == [
        e["action"] for g in document["games"] for e in g["history"]
    ]
