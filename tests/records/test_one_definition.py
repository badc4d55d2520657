"""One definition (scoring/record/spec.py) behind the text format, the JSON twin's published
schema and the API's hand entry: a field added to one without the others fails here."""

from __future__ import annotations

from adjudication.engine import OPTION_NAMES
from scoring.api.serializers.hands import HandEntryInputSerializer, HandEntrySerializer
from scoring.record import json_schema
from scoring.record.entries import ENTRY_KEYS
from scoring.record.spec import HAND_LINES, HEAD_TAGS, RULESET_OPTIONS, TAIL_TAGS
from scoring.record.write import hand_lines
from tests.records.test_reader import a_game

NOT_ENTRY = {"recorded_at"}  # when a phone recorded it: not part of the entry


def test_the_record_carries_every_field_of_the_apis_hand_entry_and_nothing_else():
    entry_fields = set(HandEntryInputSerializer().fields) - NOT_ENTRY
    assert set(ENTRY_KEYS.values()) == entry_fields
    assert set(HandEntrySerializer().fields) == entry_fields


def test_the_json_schema_has_a_key_for_each_line_and_tag_of_the_text_format():
    game = json_schema()["properties"]["games"]["items"]
    hand = game["properties"]["hands"]["items"]
    assert list(hand["properties"]) == ["number", *(line.key for line in HAND_LINES)]
    assert hand["additionalProperties"] is False
    tags = [tag.key for tag in HEAD_TAGS] + ["options", "seats"] + [tag.key for tag in TAIL_TAGS]
    assert list(game["properties"]) == [*tags, "hands"]


def test_the_record_spells_out_every_option_of_the_engines_ruleset():
    assert RULESET_OPTIONS == OPTION_NAMES
    options = json_schema()["properties"]["games"]["items"]["properties"]["options"]
    assert options["required"] == list(OPTION_NAMES)


def test_the_served_schema_is_the_definitions(client):
    answer = client.get("/api/v1/hand-record.schema.json")
    assert answer.status_code == 200
    assert answer.json() == json_schema()


def test_every_kind_of_line_is_written_by_the_writer():
    for level in ("points", "cards_taken", "plays"):
        hand = a_game(level)["hands"][0]
        written = {line.split(" ")[0] for line in hand_lines(hand)}
        assert {"Hand", "Dealer", "Pass", "Level", "Points", "Scores"} <= written


def test_the_schema_is_valid_json_schema_and_a_written_twin_follows_it():
    import json

    from jsonschema import Draft202012Validator

    from scoring.record import write_json

    Draft202012Validator.check_schema(json_schema())
    games = [a_game(level) for level in ("points", "cards_taken", "plays")]
    document = json.loads("".join(write_json(games)))
    assert list(Draft202012Validator(json_schema()).iter_errors(document)) == []
    document["games"][0]["hands"][0]["colour"] = "red"
    assert list(Draft202012Validator(json_schema()).iter_errors(document))
