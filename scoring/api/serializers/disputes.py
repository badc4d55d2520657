"""Disputes: a trick record filed against a hand, and a director's decision."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.serializers import CardField
from hearts_site.serializers import StrictInputSerializer
from scoring.api.serializers.common import MAX_SEATS, REASON
from scoring.models import Dispute


class DisputeInputSerializer(StrictInputSerializer):
    plays = serializers.ListField(child=CardField(), max_length=52, required=False)
    hands = serializers.ListField(
        child=serializers.ListField(child=CardField(), max_length=52),
        min_length=3,
        max_length=MAX_SEATS,
        required=False,
    )
    first_leader = serializers.IntegerField(min_value=0, max_value=MAX_SEATS - 1, required=False)
    reason = serializers.CharField(required=False, allow_blank=True, **REASON)


class DisputeResolveInputSerializer(StrictInputSerializer):
    decision = serializers.ChoiceField(choices=["accept", "dismiss"])
    note = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")


class DisputeOutputSerializer(serializers.ModelSerializer):
    hand = serializers.IntegerField(source="hand.number")

    class Meta:
        model = Dispute
        fields = [
            "id",
            "hand",
            "record",
            "ruling",
            "status",
            "opened_at",
            "resolved_at",
            "note",
        ]
