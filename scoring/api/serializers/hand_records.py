"""A hand record's import: what it takes and what it answers (docs/hand-record.md)."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.serializers import RulesetSpecField
from hearts_site.api.serializers import StrictInputSerializer
from hearts_site.uploads import upload_text
from scoring.api.serializers.common import MAX_ID
from scoring.record.sheet import DATE_FORMATS, LAYOUTS, SheetMapping
from scoring.record.spec import MAX_BYTES


class TextOrFileField(serializers.CharField):
    """Text in a JSON body, or a file in a multipart one (read within the upload limit,
    docs/hand-record.md, Import)."""

    def to_internal_value(self, data):
        if hasattr(data, "chunks"):
            data = upload_text(data, self.field_name)
        return super().to_internal_value(data)


class RecordImportInputSerializer(StrictInputSerializer):
    record = TextOrFileField(
        max_length=MAX_BYTES,
        trim_whitespace=False,
        help_text="The record: its text, or its JSON twin as text (form json).",
    )
    form = serializers.ChoiceField(
        choices=("text", "json"), required=False, default="text", help_text="text or json."
    )
    dry_run = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Check and adjudicate it all, store nothing: what would be added.",
    )


class RecordImportOutputSerializer(serializers.Serializer):
    dry_run = serializers.BooleanField(help_text="Nothing was stored: a preview.")
    games_added = serializers.ListField(
        child=serializers.CharField(), help_text="The record's game ids added (or to add)."
    )
    games_present = serializers.ListField(
        child=serializers.CharField(), help_text="Its game ids the club holds already: skipped."
    )
    hands_added = serializers.IntegerField(help_text="Hands added.")
    players_added = serializers.ListField(
        child=serializers.CharField(), help_text="Players made, by name (none had it)."
    )
    leagues_added = serializers.ListField(
        child=serializers.CharField(), help_text="Leagues made, by name (an Event none had)."
    )


def _column(help_text: str, **more):
    return serializers.CharField(max_length=200, help_text=help_text, **more)


class SheetImportInputSerializer(StrictInputSerializer):
    """A score sheet (CSV, its first row the headers) and the mapping of its columns."""

    sheet = TextOrFileField(
        max_length=MAX_BYTES,
        trim_whitespace=False,
        help_text="The CSV text: its first row the columns' headers, then a hand a row.",
    )
    date_column = _column("The header of the column holding each hand's day.")
    date_format = serializers.ChoiceField(
        choices=DATE_FORMATS, help_text="iso: 2026-03-14; dmy: 14/03/2026 (day first)."
    )
    game_column = _column(
        "The header of a column naming each hand's game (a table or game number): rows of "
        "one day with one value are one game. Left out: a day's rows with the same players "
        "are one game.",
        required=False,
        default="",
        allow_blank=True,
    )
    layout = serializers.ChoiceField(
        choices=LAYOUTS,
        required=False,
        default="names",
        help_text="names: each player column's header is the player's name; seats: a column "
        "of points per seat, the seat's player in the name column beside it (name_columns).",
    )
    player_columns = serializers.ListField(
        child=_column("A header."),
        min_length=3,
        max_length=6,
        help_text="The headers of the points columns, seat 0 first (3 to 6).",
    )
    name_columns = serializers.ListField(
        child=_column("A header."),
        required=False,
        default=list,
        max_length=6,
        help_text="layout seats: the header of each seat's name column, in seat order.",
    )
    league = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="A league of the club: its games, under its ruleset. Left out: friendly games.",
    )
    ruleset = RulesetSpecField(
        required=False,
        help_text="Friendly games' ruleset (a preset or options). Left out: standard.",
    )
    dry_run = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Check and score it all, store nothing: what would be added.",
    )


def sheet_mapping(data: dict) -> SheetMapping:
    """The mapping a checked body names."""
    return SheetMapping(
        date=data["date_column"],
        date_format=data["date_format"],
        players=tuple(data["player_columns"]),
        layout=data["layout"],
        names=tuple(data["name_columns"]),
        game=data["game_column"],
    )
