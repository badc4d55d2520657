"""Confirmation at the table, PINs, and players with accounts (links and claims)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer
from scoring import selectors
from scoring.api.serializers.clubs import viewer_of
from scoring.api.serializers.common import MAX_ID, REASON, PlayerNameField, shown_once
from scoring.api.serializers.disputes import DisputeInputSerializer
from scoring.api.serializers.standings import PlayerStatsOutputSerializer
from scoring.models import ClaimStatus, PlayerClaim, Role
from scoring.services import PLAYER_INVITATION_ROLES

CLAIM_DECISIONS = ["approve", "refuse"]
PIN_HELP = "The player's PIN, 4 to 8 digits."
PLAYER_HELP = (
    "With a PIN, on the scorer's device: the seated player who confirms. Left out (and no "
    "PIN): the signed-in caller's own player at this game."
)


REVISION_HELP = "The hand's revision you read."


def revision_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text=REVISION_HELP
    )


def _pin_with_player(attrs):
    if ("pin" in attrs) != ("player" in attrs):
        raise serializers.ValidationError(
            {"pin": [_("Send player and pin together, or neither.")]}, code="pin_with_player"
        )
    return attrs


class ConfirmInputSerializer(StrictInputSerializer):
    """Who confirms (the caller's own player, a seated player with their PIN on a scorer's
    device, or a director), and the revision read."""

    player = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text=PLAYER_HELP
    )
    pin = serializers.CharField(min_length=4, max_length=8, required=False, help_text=PIN_HELP)
    revision = revision_field()
    as_director = serializers.BooleanField(
        required=False,
        help_text="A director confirms for the table (players with no phone or PIN).",
    )

    def validate(self, attrs):
        attrs = _pin_with_player(attrs)
        if attrs.get("as_director") and "pin" in attrs:
            raise serializers.ValidationError(
                {"as_director": [_("A director confirms without a player's PIN.")]},
                code="director_with_pin",
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
    revision = revision_field()

    def validate(self, attrs):
        return _pin_with_player(super().validate(attrs))


class PinInputSerializer(StrictInputSerializer):
    pin = serializers.CharField(
        min_length=6, max_length=8, help_text="The player's new PIN, 6 to 8 digits."
    )


class PlayerClaimInputSerializer(StrictInputSerializer):
    """No body: the signed-in caller claims to be the player the URL names."""


class PlayerInvitationInputSerializer(StrictInputSerializer):
    """An invitation to be the player the URL names, with the role it gives in the club."""

    role = serializers.ChoiceField(
        choices=[(role.value, role.label) for role in PLAYER_INVITATION_ROLES],
        default=Role.MEMBER.value,
        help_text="member: plays and confirms hands; scorer: also enters the table's hands.",
    )


class ClaimDecisionInputSerializer(StrictInputSerializer):
    decision = serializers.ChoiceField(
        choices=CLAIM_DECISIONS, help_text="approve: the account is linked to the player."
    )


class PlayerClaimOutputSerializer(serializers.ModelSerializer):
    status = serializers.ChoiceField(choices=ClaimStatus.choices)
    club = serializers.IntegerField(source="player.club_id")
    player_name = PlayerNameField(source="player")
    name = serializers.SerializerMethodField(
        help_text="How the claimant is shown: their full name, else User <id>."
    )
    username = serializers.SerializerMethodField(
        help_text=(
            "The claimant's login name: to the claimant and to the club's owners; null to "
            "everyone else (directors tell accounts apart by name and id)."
        )
    )

    class Meta:
        model = PlayerClaim
        fields = [
            "id",
            "club",
            "player",
            "player_name",
            "user",
            "name",
            "username",
            "status",
            "created_at",
            "decided_at",
        ]

    def get_name(self, claim: PlayerClaim) -> str:
        return selectors.display_name(claim.user)

    def get_username(self, claim: PlayerClaim) -> str | None:
        return selectors.username_shown(viewer_of(self), claim.user, claim.player.club_id)


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
