"""League and club tables, a player's statistics and rating history."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.serializers import StrictInputSerializer


class StandingsQuerySerializer(StrictInputSerializer):
    season = serializers.IntegerField(min_value=1, required=False)
    as_of = serializers.DateField(required=False, help_text="The table as it stood that day.")
    format = serializers.ChoiceField(choices=["json", "csv"], required=False)

    def get_fields(self):
        # ``from`` and ``to`` are Python keywords: declared here, so that an error names the
        # parameter the client sent (attr "from", not "date_from").
        fields = super().get_fields()
        fields["from"] = serializers.DateField(required=False, source="date_from")
        fields["to"] = serializers.DateField(required=False, source="date_to")
        return fields


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    provisional = serializers.BooleanField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField()
    average_place = serializers.FloatField()
    points_per_game = serializers.FloatField()
    points_per_hand = serializers.FloatField(allow_null=True)
    total_points = serializers.IntegerField()
    hands = serializers.IntegerField()
    moons = serializers.IntegerField()
    queens = serializers.IntegerField()
    clean_hands = serializers.IntegerField()
    gems = serializers.IntegerField(allow_null=True)
    rating = serializers.FloatField(allow_null=True)
    rating_change = serializers.FloatField(allow_null=True)
    separated_by = serializers.CharField(
        allow_null=True, help_text="What put this row below the one above ('shared': a tie)."
    )


class StandingsOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    ranking = serializers.JSONField(help_text="The league's declared ranking, in words too.")
    period = serializers.JSONField()
    rows = StandingsRowSerializer(many=True)


class PlayerStatsOutputSerializer(serializers.Serializer):
    overall = serializers.JSONField()
    leagues = serializers.JSONField()


class RatingEventOutputSerializer(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    at = serializers.DateTimeField()
    rating = serializers.FloatField(source="ordinal")
    change = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
