"""The room of a club evening: every table and the night's leaders (the director's room view,
and the wall)."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.engine.option_values import DIRECTIONS
from hearts_site.api.serializers import StrictInputSerializer
from scoring.api.serializers.common import IntegerListField, table_field
from scoring.models import Confirmation, GameStatus
from scoring.selectors.night_results import STATES


class RoomQuerySerializer(StrictInputSerializer):
    date = serializers.DateField(required=False, help_text="The evening. Left out: today.")


class RoomSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.IntegerField(help_text="Over the hands that count.")
    is_winner = serializers.BooleanField(help_text="A (co-)winner of the finished game.")


class RoomWaitingHandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    confirmation = serializers.ChoiceField(choices=Confirmation.choices)


class RoomDisputeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    hand = serializers.IntegerField()
    link = serializers.CharField(help_text="The page where a director rules on it.")


class RoomTableSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    table = table_field()
    league = serializers.IntegerField(allow_null=True)
    league_name = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=GameStatus.choices)
    version = serializers.IntegerField()
    seats = RoomSeatSerializer(many=True)
    totals = IntegerListField(help_text="Each seat's total over the hands that count.")
    winners = IntegerListField(help_text="The winning seats once the game is over; else empty.")
    hands_recorded = serializers.IntegerField()
    hands_counted = serializers.IntegerField(help_text="Confirmed and not void.")
    target_score = serializers.IntegerField()
    next_hand = serializers.IntegerField(allow_null=True)
    next_dealer = serializers.IntegerField(allow_null=True)
    next_pass = serializers.ChoiceField(choices=DIRECTIONS, allow_null=True)
    awaiting = RoomWaitingHandSerializer(many=True, help_text="Hands not yet counted.")
    disputes = RoomDisputeSerializer(many=True, help_text="Disputes waiting for a director.")
    link = serializers.CharField()


class RoomLeaderSerializer(serializers.Serializer):
    place = serializers.CharField(help_text='"1", or "2=" when shared.')
    player = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField(help_text="Games tonight with a hand counted.")
    wins = serializers.IntegerField(help_text="Finished games won tonight (a shared win counts).")
    hands = serializers.IntegerField(help_text="Hands counted tonight.")
    points = serializers.IntegerField(help_text="Points over those hands.")
    per_hand = serializers.FloatField(help_text="Points a counted hand, to two decimals.")
    place_points = serializers.FloatField(
        allow_null=True, help_text="The night's place points (null with no night tonight)."
    )
    scaled_points = serializers.FloatField(
        allow_null=True,
        help_text="The night's points a game, scaled to a table of 4 (null with no night).",
    )


class RoomNightSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    results = serializers.ChoiceField(choices=STATES)


class RoomOutputSerializer(serializers.Serializer):
    club = serializers.IntegerField()
    date = serializers.DateField()
    version = serializers.CharField(help_text="The room's ETag, without quotes.")
    tables = RoomTableSerializer(many=True)
    night = RoomNightSerializer(
        allow_null=True,
        help_text="The evening's tournament night (open, or closed that day), if any.",
    )
    leaders_by = serializers.ChoiceField(
        choices=["night", "evening"],
        help_text="night: the leaders are the night's standings now, in their order; evening: "
        "by finished games won tonight, then by the fewest points a hand.",
    )
    leaders = RoomLeaderSerializer(
        many=True,
        help_text=(
            "The evening's leaders: with a night, its standings now (its formula, then the "
            "league's tie-breaks); else every player with a hand counted tonight (abandoned "
            "games left out), by finished games won tonight, then by the fewest points a hand."
        ),
    )
