"""A score sheet through the API: POST clubs/{id}/hand-record/sheet/ with the CSV and its
mapping; a preview, then the import, then the same again adding nothing; a refusal a 400
naming its row and column, a scorer a 403 (docs/hand-record.md, "From paper or a
spreadsheet")."""

from __future__ import annotations

import io

import pytest

from scoring import services
from scoring.models import Game, Hand
from tests.records.test_score_sheet import SHEET

pytestmark = pytest.mark.django_db

BODY = {
    "sheet": SHEET,
    "date_column": "Date",
    "date_format": "dmy",
    "game_column": "Table",
    "player_columns": ["Ada", "Ben", "Zoe", "Yan"],
}


def url(club) -> str:
    return f"/api/v1/clubs/{club.pk}/hand-record/sheet/"


def test_a_sheet_is_previewed_imported_and_imported_again_adding_nothing(
    public_club, client_for, director
):
    api = client_for(director)
    preview = api.post(url(public_club), {**BODY, "dry_run": True}, format="json")
    assert preview.status_code == 200, preview.json()
    said = preview.json()
    assert said["dry_run"] and said["hands_added"] == 4 and said["players_added"] == ["Zoe", "Yan"]
    assert not Hand.objects.filter(game__club=public_club).exists()
    done = api.post(url(public_club), BODY, format="json").json()
    assert done["games_added"] == said["games_added"] and done["hands_added"] == 4
    again = api.post(url(public_club), BODY, format="json").json()
    assert again["games_added"] == [] and again["games_present"] == done["games_added"]


def test_a_leagues_games_play_its_ruleset_and_another_ruleset_beside_it_is_refused(
    public_club, client_for, director
):
    league = services.create_league(club=public_club, name="Spring", ruleset="standard")
    api = client_for(director)
    done = api.post(url(public_club), {**BODY, "league": league.pk}, format="json")
    assert done.status_code == 200
    assert Game.objects.filter(league=league).count() == 2
    both = {**BODY, "league": league.pk, "ruleset": "omnibus", "dry_run": True}
    refused = api.post(url(public_club), both, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "ruleset_from_league"


@pytest.mark.parametrize(
    ("change", "code", "attr"),
    [
        ({"sheet": SHEET.replace("13,5,4,4", "13,x,4,4")}, "sheet_bad_number", "sheet:2:Ben"),
        (
            {"sheet": SHEET.replace("0,26,26,26", "0,26,26,25")},
            "sheet_points_make_no_hand",
            "sheet:3",
        ),
        ({"player_columns": ["Ada", "Ben"]}, "min_length", "player_columns"),
        ({"date_format": "mdy"}, "invalid_choice", "date_format"),
        ({"layout": "seats"}, "sheet_names", "names"),
    ],
    ids=[
        "a word for points",
        "points that make no hand",
        "two players",
        "an unknown date format",
        "seats without name columns",
    ],
)
def test_a_bad_sheet_or_mapping_is_a_400_naming_its_place_and_stores_nothing(
    public_club, client_for, director, change, code, attr
):
    answer = client_for(director).post(url(public_club), {**BODY, **change}, format="json")
    assert answer.status_code == 400
    [error] = answer.json()["errors"]
    assert (error["code"], error["attr"]) == (code, attr)
    assert not Game.objects.filter(club=public_club, hands__isnull=False).exists()


def test_a_scorer_may_not_import_a_sheet(public_club, client_for, scorer):
    answer = client_for(scorer).post(url(public_club), BODY, format="json")
    assert answer.status_code == 403


def test_a_sheet_sent_as_a_multipart_file_past_the_json_limit_is_imported(
    public_club, client_for, director
):
    notes = "n" * (100 * 1024)  # a column of notes: past the 256 KiB a JSON body may hold
    big = "".join(f"{row},{notes if i else 'Notes'}\n" for i, row in enumerate(SHEET.split()))
    fields = {**BODY, "sheet": io.BytesIO(big.encode()), "dry_run": "true"}
    answer = client_for(director).post(url(public_club), fields, format="multipart")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["hands_added"] == 4


def test_a_file_past_the_upload_limit_is_refused_with_413_before_it_is_read(
    public_club, client_for, director, settings
):
    settings.IMPORT_UPLOAD_MAX_BYTES = 1024 * 1024
    fields = {**BODY, "sheet": io.BytesIO(b"Date\n" * (300 * 1024))}
    answer = client_for(director).post(url(public_club), fields, format="multipart")
    assert answer.status_code == 413
    assert answer.json()["errors"][0]["code"] == "upload_too_large"


def test_a_200_mb_upload_is_refused_at_once_without_its_body_being_read(
    public_club, director, client_for
):
    """The request announces 200 MB; its body is a stream that fails if read at all."""

    class Unread(io.RawIOBase):
        def read(self, *_):
            raise AssertionError("the body was read")

    client = client_for(director)
    answer = client.generic(
        "POST",
        url(public_club),
        content_type="multipart/form-data; boundary=xyz",
        CONTENT_LENGTH=str(200 * 1024 * 1024),
        **{"wsgi.input": Unread()},
    )
    assert answer.status_code == 413
    assert answer.json()["errors"][0]["code"] == "upload_too_large"
