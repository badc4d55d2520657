"""Games, their scoreboard and their history."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.serializers import RulesetOptionsField, RulesetSpecField
from hearts_site.serializers import StrictInputSerializer
from scoring.api.serializers.common import MAX_ID, MAX_SEATS, REASON
from scoring.models import Game, GameSeat, HistoryEntry


class GameInputSerializer(StrictInputSerializer):
    club = serializers.IntegerField(min_value=1, required=False, help_text="Needed without league.")
    league = serializers.IntegerField(min_value=1, required=False)
    season = serializers.IntegerField(min_value=1, required=False)
    ruleset = RulesetSpecField(
        required=False, help_text="Only for a game outside a league; a league game uses its own."
    )
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=3,
        max_length=MAX_SEATS,
        help_text="Player ids in clockwise seat order, seat 0 first.",
    )
    first_dealer = serializers.IntegerField(min_value=0, max_value=MAX_SEATS - 1, default=0)
    started_at = serializers.DateTimeField(required=False)


class GameSeatOutputSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name")

    class Meta:
        model = GameSeat
        fields = ["seat", "player", "name", "total", "place", "is_winner"]


class GameOutputSerializer(serializers.ModelSerializer):
    seats = GameSeatOutputSerializer(many=True)
    ruleset = RulesetOptionsField()

    class Meta:
        model = Game
        fields = [
            "id",
            "club",
            "league",
            "season",
            "ruleset",
            "first_dealer",
            "status",
            "started_at",
            "finished_at",
            "version",
            "totals",
            "gems",
            "hands_played",
            "winners",
            "seats",
        ]


class GameAbandonInputSerializer(StrictInputSerializer):
    reason = serializers.CharField(**REASON)


class ScoreboardRowSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    pass_direction = serializers.CharField()
    level = serializers.CharField()
    points = serializers.ListField(child=serializers.IntegerField())
    scores = serializers.ListField(child=serializers.IntegerField())
    moon = serializers.JSONField(allow_null=True)
    jack_of_diamonds = serializers.IntegerField(allow_null=True)
    gems = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    is_void = serializers.BooleanField()
    renege_by = serializers.IntegerField(allow_null=True)
    running_totals = serializers.ListField(child=serializers.IntegerField())


class ScoreboardSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()


class ScoreboardOutputSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    seats = ScoreboardSeatSerializer(many=True)
    hands = ScoreboardRowSerializer(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    gems = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    winners = serializers.ListField(child=serializers.IntegerField())
    next_hand = serializers.IntegerField(allow_null=True)
    next_dealer = serializers.IntegerField(allow_null=True)
    next_pass = serializers.CharField(allow_null=True)
    target_score = serializers.IntegerField(allow_null=True)


class HistoryOutputSerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)

    class Meta:
        model = HistoryEntry
        fields = ["id", "hand_number", "action", "actor", "at", "before", "after", "reason"]
