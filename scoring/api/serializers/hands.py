"""Hands: an entry at one of three levels, a correction, a void, and the hand as stored."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from adjudication.engine.rules import MOON_CHOICES
from adjudication.serializers import CardField
from hearts_site.serializers import StrictInputSerializer
from scoring.api.serializers.common import MAX_HAND_POINTS, MAX_SEATS, REASON
from scoring.models import EntryLevel


def usual_hand_entry(data: Any) -> dict[str, Any] | None:
    """The usual hand entry, ``{"points": [13, 5, 4, 4]}``, validated in one pass (the points as
    JSON integers within the fields' bounds): what the fields and ``validate`` would give for
    it, or None for any other body, which then takes the fields' way (and their wording of
    errors). tests/api/test_usual_body.py holds it to the fields' answers."""
    if type(data) is not dict or len(data) != 1 or "points" not in data:
        return None
    points = data["points"]
    if type(points) is not list or not 3 <= len(points) <= MAX_SEATS:
        return None
    if not all(type(p) is int and 0 <= p <= MAX_HAND_POINTS for p in points):
        return None
    return {"points": list(points)}


class HandEntryInputSerializer(StrictInputSerializer):
    """Exactly one of ``points``, ``cards_taken`` or ``plays``."""

    points = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_HAND_POINTS),
        min_length=3,
        max_length=MAX_SEATS,
        required=False,
        help_text="Penalty points taken per seat (hearts and the Q♠; not the J♦ bonus).",
    )
    cards_taken = serializers.ListField(
        child=serializers.ListField(child=CardField(), max_length=20, allow_empty=True),
        min_length=3,
        max_length=MAX_SEATS,
        required=False,
        help_text="The penalty cards each seat took: hearts, the Q♠, and the J♦ when it scores.",
    )
    plays = serializers.ListField(
        child=CardField(), max_length=52, required=False, help_text="The whole trick record."
    )
    hands = serializers.ListField(
        child=serializers.ListField(child=CardField(), max_length=52),
        min_length=3,
        max_length=MAX_SEATS,
        required=False,
        help_text="With plays: each seat's cards after the pass.",
    )
    first_leader = serializers.IntegerField(min_value=0, max_value=MAX_SEATS - 1, required=False)
    jack_of_diamonds = serializers.IntegerField(
        min_value=0, max_value=MAX_SEATS - 1, required=False, help_text="The seat that took it."
    )
    tricks_won = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=52),
        min_length=3,
        max_length=MAX_SEATS,
        required=False,
        help_text="Tricks per seat, for a no-trick bonus or a sun at the points level.",
    )
    moon_choice = serializers.ChoiceField(choices=MOON_CHOICES, required=False)

    def validate(self, attrs):
        given = [name for name in ("points", "cards_taken", "plays") if name in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                {"points": ["Give exactly one of points, cards_taken or plays."]},
                code="one_level_required",
            )
        if "hands" in attrs and "plays" not in attrs:
            raise serializers.ValidationError(
                {"hands": ["hands go with a plays record."]}, code="hands_without_plays"
            )
        return attrs

    usual_body = staticmethod(usual_hand_entry)


class HandCorrectionInputSerializer(HandEntryInputSerializer):
    reason = serializers.CharField(**REASON)


class HandVoidInputSerializer(StrictInputSerializer):
    reason = serializers.CharField(**REASON)


# Fields declared one by one, not a ModelSerializer: every hand entry's response builds one,
# and a ModelSerializer introspects the model anew for each instance.
class HandOutputSerializer(serializers.Serializer):
    """A hand as stored: its entry as the scorer sent it, and what the engine made of it."""

    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    pass_direction = serializers.CharField()
    level = serializers.ChoiceField(choices=EntryLevel.choices)
    entry = serializers.JSONField(help_text="The entry exactly as the scorer sent it.")
    points = serializers.JSONField(help_text="Penalty points taken per seat.")
    scores = serializers.JSONField(help_text="The hand's score per seat under the ruleset.")
    moon_shooter = serializers.IntegerField(allow_null=True)
    moon_choice = serializers.CharField(allow_blank=True)
    jack_of_diamonds = serializers.IntegerField(allow_null=True)
    gems = serializers.JSONField(allow_null=True)
    adjudication = serializers.JSONField(allow_null=True)
    renege_by = serializers.IntegerField(
        allow_null=True, help_text="Set when a director accepted a renege ruling."
    )
    is_void = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class HandResultOutputSerializer(serializers.Serializer):
    hand = HandOutputSerializer()
    totals = serializers.ListField(child=serializers.IntegerField())
    status = serializers.CharField()
    winners = serializers.ListField(child=serializers.IntegerField())
    game_version = serializers.IntegerField()
    next_hand = serializers.IntegerField(allow_null=True)
    next_dealer = serializers.IntegerField(allow_null=True)
    next_pass = serializers.CharField(allow_null=True)
