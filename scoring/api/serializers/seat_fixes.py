"""What a director sends to change who sits where once a round is drawn: a substitute for a
seat, a player moved to another table, one table's seats drawn again (docs/nights.md)."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer
from scoring.api.serializers.common import MAX_ID


class SubstituteInputSerializer(StrictInputSerializer):
    player = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        help_text="The substitute: checked in, seated nowhere in the round out.",
    )
    replaces = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="The player seated in the round out who leaves."
    )
    leaves = serializers.BooleanField(
        default=False,
        help_text="The replaced player leaves the night too; left out: they sit the round out, "
        "still checked in.",
    )
    game_version = serializers.IntegerField(
        min_value=1,
        max_value=2**31 - 1,
        required=False,
        help_text="The table's game version read: refused (412) once a hand changed it since.",
    )


class MoveInputSerializer(StrictInputSerializer):
    player = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        help_text="A player seated in the round drawn or out, or checked in and seated nowhere.",
    )
    table = serializers.IntegerField(
        min_value=1, max_value=1000, help_text="The table of the round they move to."
    )


class RedrawTableInputSerializer(StrictInputSerializer):
    table = serializers.IntegerField(
        min_value=1, max_value=1000, help_text="The table of the round drawn or out."
    )
