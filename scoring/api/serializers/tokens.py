"""Device tokens: the key is shown once, when the token is made (by a signed-in user, or by
signing in from the device)."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer, password_field
from hearts_site.text.names import validate_name
from scoring.api.serializers.common import shown_once
from scoring.models import DeviceToken


class DeviceTokenInputSerializer(StrictInputSerializer):
    name = serializers.CharField(
        max_length=100, validators=[validate_name], help_text="Which phone or device this is."
    )
    password = password_field("Your password, again: checked as a sign-in is, never kept.")


class DeviceSignInInputSerializer(StrictInputSerializer):
    username = serializers.CharField(max_length=150, help_text="The account's username.")
    password = password_field("The account's password; it is checked, never kept.")
    device_name = serializers.CharField(
        max_length=100,
        validators=[validate_name],
        help_text="Which phone or device this is: the new token's name.",
    )


class DeviceTokenOutputSerializer(serializers.ModelSerializer):
    expires_at = serializers.DateTimeField(
        read_only=True,
        help_text="When it stops working unless used before (DEVICE_TOKEN_IDLE_DAYS after its "
        "last use): each use renews it.",
    )

    class Meta:
        model = DeviceToken
        fields = ["id", "name", "prefix", "created_at", "last_used_at", "expires_at", "revoked_at"]


class DeviceTokenCreatedOutputSerializer(DeviceTokenOutputSerializer):
    key = shown_once("Shown once: keep it on the device (null on an Idempotency-Key replay).")

    class Meta(DeviceTokenOutputSerializer.Meta):
        fields = [*DeviceTokenOutputSerializer.Meta.fields, "key"]
