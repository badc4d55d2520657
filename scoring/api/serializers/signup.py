"""Making an account from a device: the account, its first device token (the key shown once)
and, with an invitation, the membership it gave."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer, password_field
from hearts_site.text.names import validate_name
from scoring.api.serializers.clubs import MembershipOutputSerializer
from scoring.api.serializers.tokens import DeviceTokenCreatedOutputSerializer


class SignUpInputSerializer(StrictInputSerializer):
    username = serializers.CharField(
        max_length=150,
        help_text=(
            "What the account signs in with: letters, digits and @ . + - _ (invalid_username); "
            "one account's, case aside (username_taken). Never shown to others."
        ),
    )
    name = serializers.CharField(
        max_length=100,
        validators=[validate_name],
        help_text="The person's name as their clubs read it (history, tables): kept as the "
        "account's full name.",
    )
    password = password_field(
        "Checked by the site's password rules (weak_password says which failed); "
        "only its hash is kept."
    )
    device_name = serializers.CharField(
        max_length=100,
        validators=[validate_name],
        help_text="Which phone or device this is: the new token's name.",
    )
    invitation = serializers.CharField(
        max_length=64,
        required=False,
        help_text="An invitation's token: the new account accepts it in the same step "
        "(unknown_invitation when it was used, revoked or has expired: nothing is made). "
        "Left out: an account in no club.",
    )


class AccountOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField(source="get_full_name", help_text="As clubs read it.")


class SignUpOutputSerializer(serializers.Serializer):
    user = AccountOutputSerializer()
    token = DeviceTokenCreatedOutputSerializer(
        help_text="The device's token: send Authorization: Token <key>."
    )
    membership = MembershipOutputSerializer(
        allow_null=True, help_text="The club the invitation joined; null without one."
    )
