"""League and club tables, a player's statistics and rating history."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer
from scoring.api.serializers.leagues import CRITERION_CHOICES, TIE_BREAK_CHOICES
from scoring.models.counts import TOTALLED


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


def record_fields(required: bool = True) -> dict[str, serializers.Field]:
    """A player's record, as a table's row and a player's statistics give it: what each
    field means is said once, here and in ``HAND_COUNTS``. ``required=False``: a player with
    no finished game has only player, name and games."""
    more = {} if required else {"required": False}
    integer, number = serializers.IntegerField, serializers.FloatField
    return {
        "player": integer(),
        "name": serializers.CharField(),
        "games": integer(help_text="Finished games."),
        "wins": integer(help_text="Finished games won (a shared win counts).", **more),
        "win_rate": number(help_text="Wins per game.", **more),
        "average_place": number(help_text="Average finishing place (1: first).", **more),
        "points_per_game": number(help_text="Final score per game.", **more),
        "points_per_hand": number(
            allow_null=True, help_text="Final scores over hands played; null: none.", **more
        ),
        "total_points": integer(help_text="Final scores added up.", **more),
        **{
            count.total: integer(allow_null=count.nullable, help_text=count.meaning, **more)
            for count in TOTALLED
        },
        "rating": number(
            allow_null=True, help_text="Rating (ordinal: skill less a margin of doubt).", **more
        ),
        "rating_change": number(
            allow_null=True, help_text="The rating's change over the period.", **more
        ),
    }


# Built from the one list of fields (the metaclass reads them as declared, in their order).
StandingsRowSerializer = type(
    "StandingsRowSerializer",
    (serializers.Serializer,),
    {
        "__module__": __name__,
        "__doc__": "A player's row of a table.",
        "rank": serializers.IntegerField(allow_null=True, help_text="Null for a provisional row."),
        "provisional": serializers.BooleanField(
            help_text="Fewer games than the ranking's min_games."
        ),
        **record_fields(),
        "separated_by": serializers.ChoiceField(
            choices=TIE_BREAK_CHOICES,
            allow_null=True,
            help_text="What put this row below the one above (shared: a tie); null for the first.",
        ),
    },
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


PlayerRecordSerializer = type(
    "PlayerRecordSerializer",
    (serializers.Serializer,),
    {
        "__module__": __name__,
        "__doc__": "A player's record over every finished game; a player with none has only "
        "player, name and games (0).",
        **record_fields(required=False),
    },
)


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
