"""Scorekeeping API serializers: inputs (strict, unique names) apart from outputs."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from rest_framework import serializers

from adjudication.engine.rules import MOON_CHOICES
from adjudication.serializers import CardField, RulesetOptionsField, RulesetSpecField
from hearts_site.serializers import OutputModelSerializer, StrictInputSerializer
from scoring.models import (
    Club,
    DeviceToken,
    Dispute,
    Game,
    GameSeat,
    Hand,
    HistoryEntry,
    League,
    Membership,
    Player,
    Role,
    Season,
)

MAX_SEATS = 6
MAX_HAND_POINTS = 1000  # a bound on the input only: the engine checks the sum
# Row ids are 64-bit: a larger number is refused here, not passed to SQLite (OverflowError).
MAX_ID = 2**63 - 1
REASON = {"max_length": 500, "help_text": "Why: kept in the history."}

# --- Clubs and members -----------------------------------------------------------------------


class ClubInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100)
    slug = serializers.SlugField(max_length=60)
    is_public = serializers.BooleanField(default=True)


class ClubOutputSerializer(OutputModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug", "is_public", "created_at"]


class MembershipInputSerializer(StrictInputSerializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=Role.choices)


class MembershipRoleInputSerializer(StrictInputSerializer):
    role = serializers.ChoiceField(choices=Role.choices)


class MembershipOutputSerializer(OutputModelSerializer):
    username = serializers.CharField(source="user.username")

    class Meta:
        model = Membership
        fields = ["id", "user", "username", "club", "role", "created_at"]


# --- Players -----------------------------------------------------------------------------------


class PlayerInputSerializer(StrictInputSerializer):
    club = serializers.IntegerField(min_value=1)
    name = serializers.CharField(max_length=100)


class PlayerMergeInputSerializer(StrictInputSerializer):
    into = serializers.IntegerField(min_value=1, help_text="The player record to keep.")
    reason = serializers.CharField(required=False, allow_blank=True, **REASON)


class PlayerOutputSerializer(OutputModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "club", "name", "user", "merged_into", "created_at"]


class PlayerMergeOutputSerializer(serializers.Serializer):
    source = serializers.IntegerField(source="source_id")
    target = serializers.IntegerField(source="target_id")
    seats_moved = serializers.ListField(child=serializers.IntegerField())
    at = serializers.DateTimeField()


# --- Leagues and seasons ---------------------------------------------------------------------


class LeagueInputSerializer(StrictInputSerializer):
    club = serializers.IntegerField(min_value=1)
    name = serializers.CharField(max_length=100)
    ruleset = RulesetSpecField(required=False, default="standard")
    ranking = serializers.JSONField(required=False, help_text="The table's ranking declaration.")


class LeagueUpdateInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100, required=False)
    ruleset = RulesetSpecField(required=False)
    ranking = serializers.JSONField(required=False)


class LeagueOutputSerializer(OutputModelSerializer):
    ruleset = RulesetOptionsField()

    class Meta:
        model = League
        fields = ["id", "club", "name", "ruleset", "ranking", "created_at"]


class SeasonInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()


class SeasonOutputSerializer(OutputModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "league", "name", "starts_on", "ends_on"]


# --- Games -------------------------------------------------------------------------------------


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


class GameSeatOutputSerializer(OutputModelSerializer):
    name = serializers.CharField(source="player.name")

    class Meta:
        model = GameSeat
        fields = ["seat", "player", "name", "total", "place", "is_winner"]


class GameOutputSerializer(OutputModelSerializer):
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


# --- Hands ---------------------------------------------------------------------------------------


def usual_hand_entry(data: Any) -> dict[str, Any] | None:
    """The usual hand entry, ``{"points": [13, 5, 4, 4]}``, validated in one pass (the points as
    JSON integers within the fields' bounds): what the fields and ``validate`` would give for
    it, or None for any other body. (They took a tenth of a points entry's CPU.)"""
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


class HandOutputSerializer(OutputModelSerializer):
    class Meta:
        model = Hand
        fields = [
            "number",
            "dealer",
            "pass_direction",
            "level",
            "entry",
            "points",
            "scores",
            "moon_shooter",
            "moon_choice",
            "jack_of_diamonds",
            "gems",
            "adjudication",
            "renege_by",
            "is_void",
            "created_at",
            "updated_at",
        ]


class HandResultOutputSerializer(serializers.Serializer):
    hand = HandOutputSerializer()
    totals = serializers.ListField(child=serializers.IntegerField())
    status = serializers.CharField()
    winners = serializers.ListField(child=serializers.IntegerField())
    game_version = serializers.IntegerField()
    next_hand = serializers.IntegerField(allow_null=True)
    next_dealer = serializers.IntegerField(allow_null=True)
    next_pass = serializers.CharField(allow_null=True)


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


class HistoryOutputSerializer(OutputModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)

    class Meta:
        model = HistoryEntry
        fields = ["id", "hand_number", "action", "actor", "at", "before", "after", "reason"]


# --- Disputes ----------------------------------------------------------------------------------


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


class DisputeOutputSerializer(OutputModelSerializer):
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


# --- Device tokens -------------------------------------------------------------------------------


class DeviceTokenInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100, help_text="Which phone or device this is.")


class DeviceTokenOutputSerializer(OutputModelSerializer):
    class Meta:
        model = DeviceToken
        fields = ["id", "name", "prefix", "created_at", "last_used_at", "revoked_at"]


class DeviceTokenCreatedOutputSerializer(DeviceTokenOutputSerializer):
    key = serializers.CharField(
        allow_null=True,
        help_text="Shown once: keep it on the device (null on an Idempotency-Key replay).",
    )

    class Meta(DeviceTokenOutputSerializer.Meta):
        fields = [*DeviceTokenOutputSerializer.Meta.fields, "key"]


User = get_user_model()
