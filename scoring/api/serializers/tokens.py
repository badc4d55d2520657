"""Device tokens: the key is shown once, when the token is made."""

from __future__ import annotations

from rest_framework import serializers

from hearts_site.serializers import StrictInputSerializer
from scoring.models import DeviceToken


class DeviceTokenInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100, help_text="Which phone or device this is.")


class DeviceTokenOutputSerializer(serializers.ModelSerializer):
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
