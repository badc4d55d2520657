"""League and club tables, a player's statistics and rating history."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.serializers import StrictInputSerializer
from scoring.api.serializers.leagues import CRITERION_CHOICES, TIE_BREAK_CHOICES


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


# The serializers below document what the views send (a table is built as plain data by
# scoring.selectors.standings and kept rendered); they check nothing at run time.


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Null for a provisional row.")
    provisional = serializers.BooleanField(help_text="Fewer games than the ranking's min_games.")
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
    separated_by = serializers.ChoiceField(
        choices=TIE_BREAK_CHOICES,
        allow_null=True,
        help_text="What put this row below the one above (shared: a tie); null for the first.",
    )


class RankingSerializer(serializers.Serializer):
    """The ranking a table used: the league's declaration with the defaults filled in, and
    each part in words."""

    criterion = serializers.ChoiceField(choices=CRITERION_CHOICES)
    tie_breaks = serializers.ListField(child=serializers.ChoiceField(choices=TIE_BREAK_CHOICES))
    min_games = serializers.IntegerField()
    criterion_text = serializers.CharField()
    tie_break_texts = serializers.ListField(child=serializers.CharField())
    shared_wins = serializers.CharField(help_text="How a shared win counts.")


class PeriodSerializer(serializers.Serializer):
    """The period a table covers: a season and the first and last moments counted."""

    season = serializers.IntegerField(allow_null=True)

    def get_fields(self):
        fields = super().get_fields()  # ``from`` and ``to`` are Python keywords
        fields["from"] = serializers.DateTimeField(allow_null=True, help_text="Null: no start.")
        fields["to"] = serializers.DateTimeField(allow_null=True, help_text="Null: no end.")
        return fields


class StandingsOutputSerializer(serializers.Serializer):
    league = serializers.IntegerField(required=False, help_text="A league's table: its id.")
    club = serializers.IntegerField(required=False, help_text="A club's table: its id.")
    name = serializers.CharField(help_text="The league's or the club's name.")
    ranking = RankingSerializer()
    period = PeriodSerializer()
    ratings_updating = serializers.BooleanField(
        help_text="A change to a past game is being re-rated: the ratings shown are those from "
        "before it (whole), and the results already count it."
    )
    ratings_as_of = serializers.DateTimeField(
        allow_null=True, help_text="When the ratings were last brought up to date."
    )
    rows = StandingsRowSerializer(many=True)
    awaiting_confirmation = serializers.IntegerField(
        required=False,
        help_text="A league's table: hands of its games not counted yet, awaiting confirmation "
        "or queried (under the league's confirmations; 0 without). The rows count confirmed "
        "hands only.",
    )


class PlayerRecordSerializer(serializers.Serializer):
    """A player's record over every finished game; a player with none has only player, name
    and games (0)."""

    player = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField(required=False)
    win_rate = serializers.FloatField(required=False)
    average_place = serializers.FloatField(required=False)
    points_per_game = serializers.FloatField(required=False)
    points_per_hand = serializers.FloatField(allow_null=True, required=False)
    total_points = serializers.IntegerField(required=False)
    hands = serializers.IntegerField(required=False)
    moons = serializers.IntegerField(required=False)
    queens = serializers.IntegerField(required=False)
    clean_hands = serializers.IntegerField(required=False)
    gems = serializers.IntegerField(allow_null=True, required=False)
    rating = serializers.FloatField(allow_null=True, required=False)
    rating_change = serializers.FloatField(allow_null=True, required=False)


class PlayerLeagueRecordSerializer(serializers.Serializer):
    league = serializers.IntegerField(allow_null=True, help_text="Null: games in no league.")
    name = serializers.CharField(allow_null=True)
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    average_place = serializers.FloatField()


class PlayerStatsOutputSerializer(serializers.Serializer):
    overall = PlayerRecordSerializer()
    leagues = PlayerLeagueRecordSerializer(many=True, help_text="Finished games by league.")


class RatingEventOutputSerializer(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    at = serializers.DateTimeField()
    rating = serializers.FloatField(source="ordinal")
    change = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
