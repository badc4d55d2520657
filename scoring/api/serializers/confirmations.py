"""Confirmation at the table, PINs, and players with accounts (links and claims)."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.serializers import StrictInputSerializer
from scoring.api.serializers.common import MAX_ID, REASON, shown_once
from scoring.api.serializers.disputes import DisputeInputSerializer
from scoring.api.serializers.standings import PlayerStatsOutputSerializer
from scoring.models import ClaimStatus, PlayerClaim

CLAIM_DECISIONS = ["approve", "refuse"]
PIN_HELP = "The player's PIN, 4 to 8 digits."
PLAYER_HELP = (
    "With a PIN, on the scorer's device: the seated player who confirms. Left out (and no "
    "PIN): the signed-in caller's own player at this game."
)


class ConfirmInputSerializer(StrictInputSerializer):
    """Who confirms: the signed-in caller's own player at this game (an empty body), or, on a
    scorer's device, a seated player named with their PIN."""

    player = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text=PLAYER_HELP
    )
    pin = serializers.CharField(min_length=4, max_length=8, required=False, help_text=PIN_HELP)

    def validate(self, attrs):
        if ("pin" in attrs) != ("player" in attrs):
            raise serializers.ValidationError(
                {"pin": ["Send player and pin together, or neither."]}, code="pin_with_player"
            )
        return attrs


class QueryInputSerializer(DisputeInputSerializer):
    """A query of a hand awaiting confirmation: the count the player claims (points or
    cards_taken, as a dispute takes them), or nothing; who queries, as for a confirmation."""

    player = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text=PLAYER_HELP
    )
    pin = serializers.CharField(min_length=4, max_length=8, required=False, help_text=PIN_HELP)
    reason = serializers.CharField(**{**REASON, "required": False})

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if ("pin" in attrs) != ("player" in attrs):
            raise serializers.ValidationError(
                {"pin": ["Send player and pin together, or neither."]}, code="pin_with_player"
            )
        return attrs


class PinInputSerializer(StrictInputSerializer):
    pin = serializers.CharField(min_length=4, max_length=8, help_text=PIN_HELP)


class PlayerClaimInputSerializer(StrictInputSerializer):
    """No body: the signed-in caller claims to be the player the URL names."""


class PlayerInvitationInputSerializer(StrictInputSerializer):
    """No body: an invitation to be the player the URL names."""


class ClaimDecisionInputSerializer(StrictInputSerializer):
    decision = serializers.ChoiceField(
        choices=CLAIM_DECISIONS, help_text="approve: the account is linked to the player."
    )


class PlayerClaimOutputSerializer(serializers.ModelSerializer):
    status = serializers.ChoiceField(choices=ClaimStatus.choices)
    club = serializers.IntegerField(source="player.club_id")
    player_name = serializers.CharField(source="player.name")
    username = serializers.CharField(source="user.username")

    class Meta:
        model = PlayerClaim
        fields = [
            "id",
            "club",
            "player",
            "player_name",
            "user",
            "username",
            "status",
            "created_at",
            "decided_at",
        ]


class PlayerInvitationOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    expires_at = serializers.DateTimeField()
    token = shown_once("Shown once: give it to the person invited (null on a replay).")
    link = shown_once("The page that accepts it.")


class MyStatsOutputSerializer(PlayerStatsOutputSerializer):
    """One of the signed-in caller's players: its club and its record there."""

    club = serializers.IntegerField()
    club_name = serializers.CharField()


class MyGamesQuerySerializer(StrictInputSerializer):
    playing = serializers.BooleanField(required=False, allow_null=True, default=None)
