"""Hand records as an integrator meets them, through the client generated from the served
schema alone (tests/contract/conftest.py): a game's record downloaded as text and as its JSON
twin, the twin's schema read, the record previewed and imported into another club, imported
again adding nothing, a malformed one refused with its line and column."""

from __future__ import annotations

import json

import pytest

from scoring.record import json_schema, read_json, read_text
from tests.contract.test_generated_client import (
    PASSWORD,
    Api,
    error_of,
    ok,
    response_models,
    sign_in,
    untyped_fields,
)

RECORD_OPERATIONS = ("clubs_hand_record_import", "clubs_hand_record_sheet_import")


@pytest.fixture
def rita(django_user_model):
    return django_user_model.objects.create_user("rita", password=PASSWORD)


def a_club(api: Api, phone, slug: str):
    m = api.models
    body = m.ClubInputRequest(name=slug.title(), slug=slug)
    return ok(api.clubs.clubs_create.sync_detailed(client=phone, body=body), 201)


def test_a_record_is_downloaded_and_imported_through_the_generated_client(
    generated_client, live_server, rita
):
    api = Api(generated_client, live_server.url)
    m = api.models
    phone = sign_in(api, "rita", "rita's phone")
    home = a_club(api, phone, "home")
    players = [
        ok(
            api.players.players_create.sync_detailed(
                client=phone, body=m.PlayerInputRequest(club=home.id, name=name)
            ),
            201,
        ).id
        for name in ("Ann", "Bo", "Cy", "Di")
    ]
    game = ok(
        api.games.games_create.sync_detailed(
            client=phone, body=m.GameInputRequest(club=home.id, players=players)
        ),
        201,
    )
    entry = m.HandEntryInputRequest.from_dict({"points": [0, 13, 13, 0]})
    ok(api.hands.games_hands_enter.sync_detailed(game.id, 1, client=phone, body=entry), 201)

    text = api.games.games_hand_record.sync_detailed(game.id, client=phone)
    assert text.status_code == 200
    [read] = read_text(text.content).games
    assert read["seats"] == ["Ann", "Bo", "Cy", "Di"] and read["hands"][0]["points"] == [
        0,
        13,
        13,
        0,
    ]
    twin = api.games.games_hand_record.sync_detailed(game.id, client=phone, form=m.FormEnum("json"))
    assert read_json(twin.content).games == [read]
    schema = api.meta.hand_record_schema.sync_detailed(client=phone)
    assert json.loads(schema.content) == json_schema()

    away = a_club(api, phone, "away")

    def load(record: str, **more):
        body = m.RecordImportInputRequest.from_dict({"record": record, **more})
        return api.clubs.clubs_hand_record_import.sync_detailed(away.id, client=phone, body=body)

    preview = ok(load(text.content.decode(), dry_run=True))
    assert (preview.dry_run, preview.hands_added, preview.games_added) == (
        True,
        1,
        [read["game"]],
    )
    done = ok(load(text.content.decode()))
    assert (done.dry_run, list(done.players_added)) == (False, ["Ann", "Bo", "Cy", "Di"])
    again = ok(load(twin.content.decode(), form="json"))
    assert (list(again.games_added), list(again.games_present)) == ([], [read["game"]])
    assert error_of(api, load('[HeartsRecord "1"]\n[Colour "red"]\n'), 400) == (
        "unknown_tag",
        "record:2:1",
    )


def test_a_score_sheet_is_previewed_and_imported_through_the_generated_client(
    generated_client, live_server, rita
):
    api = Api(generated_client, live_server.url)
    m = api.models
    phone = sign_in(api, "rita", "rita's phone")
    paper = a_club(api, phone, "paper")
    sheet = "Day,Ann,Bo,Cy,Di\n14/03/2026,13,5,4,4\n14/03/2026,0,26,26,26\n"

    def load(text: str, **more):
        fields = {
            "sheet": text,
            "date_column": "Day",
            "date_format": "dmy",
            "player_columns": ["Ann", "Bo", "Cy", "Di"],
            **more,
        }
        body = m.SheetImportInputRequest.from_dict(fields)
        return api.clubs.clubs_hand_record_sheet_import.sync_detailed(
            paper.id, client=phone, body=body
        )

    preview = ok(load(sheet, dry_run=True))
    assert (preview.dry_run, preview.hands_added, list(preview.players_added)) == (
        True,
        2,
        ["Ann", "Bo", "Cy", "Di"],
    )
    done = ok(load(sheet))
    assert (done.dry_run, len(done.games_added), done.hands_added) == (False, 1, 2)
    again = ok(load(sheet))
    assert (list(again.games_added), list(again.games_present)) == ([], list(done.games_added))
    assert error_of(api, load(sheet.replace("13,5", "13,five")), 400) == (
        "sheet_bad_number",
        "sheet:2:Bo",
    )


def test_the_response_models_of_hand_records_are_typed(generated_client, live_server):
    api = Api(generated_client, live_server.url)
    roots = [
        model for name in RECORD_OPERATIONS for model in response_models(getattr(api.any, name))
    ]
    assert "RecordImportOutput" in {m.__name__ for m in roots}
    untyped = untyped_fields(api.models, roots)
    assert not untyped, "untyped response fields:\n" + "\n".join(untyped)
