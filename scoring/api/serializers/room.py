"""The director's room view: every table of a club evening."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.engine.rules import DIRECTIONS
from hearts_site.serializers import StrictInputSerializer
from scoring.api.serializers.common import IntegerListField
from scoring.models import Confirmation, GameStatus


class RoomQuerySerializer(StrictInputSerializer):
    date = serializers.DateField(required=False, help_text="The evening. Left out: today.")


class RoomSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    total = serializers.IntegerField(help_text="Over the hands that count.")


class RoomWaitingHandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    confirmation = serializers.ChoiceField(choices=Confirmation.choices)


class RoomDisputeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    hand = serializers.IntegerField()
    link = serializers.CharField(help_text="The page where a director rules on it.")


class RoomTableSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    league = serializers.IntegerField(allow_null=True)
    league_name = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=GameStatus.choices)
    version = serializers.IntegerField()
    seats = RoomSeatSerializer(many=True)
    totals = IntegerListField(help_text="Each seat's total over the hands that count.")
    hands_recorded = serializers.IntegerField()
    hands_counted = serializers.IntegerField(help_text="Confirmed and not void.")
    target_score = serializers.IntegerField()
    next_hand = serializers.IntegerField(allow_null=True)
    next_dealer = serializers.IntegerField(allow_null=True)
    next_pass = serializers.ChoiceField(choices=DIRECTIONS, allow_null=True)
    awaiting = RoomWaitingHandSerializer(many=True, help_text="Hands not yet counted.")
    disputes = RoomDisputeSerializer(many=True, help_text="Disputes waiting for a director.")
    link = serializers.CharField()


class RoomOutputSerializer(serializers.Serializer):
    club = serializers.IntegerField()
    date = serializers.DateField()
    version = serializers.CharField(help_text="The room's ETag, without quotes.")
    tables = RoomTableSerializer(many=True)
