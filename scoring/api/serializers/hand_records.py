"""A hand record's import: what it takes and what it answers (docs/hand-record.md)."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer
from scoring.record.spec import MAX_BYTES


class RecordImportInputSerializer(StrictInputSerializer):
    record = serializers.CharField(
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
