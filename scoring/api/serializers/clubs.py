"""Clubs, their members and their players."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer
from hearts_site.text.names import validate_name
from scoring import selectors
from scoring.api.serializers.common import REASON, PlayerNameField, shown_once
from scoring.models import Club, Invitation, Membership, NameVisibility, Player, Role


class ClubInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100, validators=[validate_name])
    slug = serializers.SlugField(
        max_length=60,
        help_text=(
            "One club's (else slug_taken). A private club's gets a random ending "
            "(back-room-k3x9q2mz): read it from the answer."
        ),
    )
    is_public = serializers.BooleanField(
        default=True, help_text="Anyone may read its games and tables. Left out: true."
    )


class ClubOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "name", "slug", "is_public", "created_at"]


class InvitationInputSerializer(StrictInputSerializer):
    role = serializers.ChoiceField(
        choices=Role.choices,
        help_text="The role the invited person gets (one already in the club keeps a higher one).",
    )


class InvitationOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = Invitation
        fields = [
            *("id", "club", "role", "player", "created_at", "expires_at"),
            *("accepted_at", "revoked_at"),
        ]


class InvitationCreatedOutputSerializer(InvitationOutputSerializer):
    token = shown_once(
        "Give it to the person invited (or the link): shown in this answer only; a replay "
        "by Idempotency-Key shows null."
    )
    link = shown_once(
        "The page where the invited person accepts it, signed in or making their account."
    )

    class Meta(InvitationOutputSerializer.Meta):
        fields = [*InvitationOutputSerializer.Meta.fields, "token", "link"]


class InvitationAcceptInputSerializer(StrictInputSerializer):
    token = serializers.CharField(max_length=64, help_text="The invitation's token.")


class MembershipRoleInputSerializer(StrictInputSerializer):
    role = serializers.ChoiceField(choices=Role.choices)


class MembershipOutputSerializer(serializers.ModelSerializer):
    """A membership as the caller (``context["request"]``) may see it."""

    name = serializers.SerializerMethodField(
        help_text=(
            "How the club shows the member: the player linked to them in the club, else their "
            "full name, else their role in words."
        )
    )
    username = serializers.SerializerMethodField(
        help_text=(
            "The member's login name: to the member themself and to the club's owners; null "
            "to everyone else."
        )
    )

    class Meta:
        model = Membership
        fields = ["id", "user", "name", "username", "club", "role", "created_at"]

    def get_name(self, membership: Membership) -> str:
        return selectors.member_name(membership)

    def get_username(self, membership: Membership) -> str | None:
        return selectors.username_shown(viewer_of(self), membership.user, membership.club_id)


def viewer_of(serializer: serializers.Serializer):
    """Who reads the answer: ``context["viewer"]``, else the request's user."""
    if "viewer" in serializer.context:
        return serializer.context["viewer"]
    return serializer.context["request"].user


class PlayerInputSerializer(StrictInputSerializer):
    club = serializers.IntegerField(min_value=1, help_text="The club whose player this is.")
    name = serializers.CharField(max_length=100, validators=[validate_name])


class PlayerVisibilityInputSerializer(StrictInputSerializer):
    name_visibility = serializers.ChoiceField(
        choices=NameVisibility.choices,
        help_text="Who may read the name: public, members or hidden (docs/deploy.md).",
    )


class PlayerMergeInputSerializer(StrictInputSerializer):
    into = serializers.IntegerField(min_value=1, help_text="The player record to keep.")
    reason = serializers.CharField(required=False, allow_blank=True, **REASON)


class PlayerOutputSerializer(serializers.ModelSerializer):
    name = PlayerNameField(source="*")

    class Meta:
        model = Player
        fields = ["id", "club", "name", "name_visibility", "user", "merged_into", "created_at"]


class PlayerCreatedOutputSerializer(PlayerOutputSerializer):
    looks_like = serializers.SerializerMethodField(
        help_text=(
            "A warning: the names of the club's current players that look like this one "
            "(one skeleton, Unicode Technical Standard #39: a Cyrillic A for a Latin one, the "
            "same name again). The player is made all the same; empty when none."
        )
    )

    class Meta(PlayerOutputSerializer.Meta):
        fields = [*PlayerOutputSerializer.Meta.fields, "looks_like"]

    def get_looks_like(self, player: Player) -> list[str]:
        return selectors.look_alikes(player)


class PlayerMergeOutputSerializer(serializers.Serializer):
    source = serializers.IntegerField(source="source_id")
    target = serializers.IntegerField(source="target_id")
    seats_moved = serializers.ListField(child=serializers.IntegerField())
    at = serializers.DateTimeField()
