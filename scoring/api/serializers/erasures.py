"""An erasure (issue 55, point 2): what it asks, and the record it leaves, without the name."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer
from scoring.models import Erasure


class MyErasureInputSerializer(StrictInputSerializer):
    confirm = serializers.CharField(
        max_length=200, help_text="Your username, typed: the erasure cannot be undone."
    )


class PlayerErasureInputSerializer(StrictInputSerializer):
    confirm = serializers.CharField(
        max_length=200, help_text="The player's name, typed (in any case): it cannot be undone."
    )


class ErasureDeliverySerializer(serializers.Serializer):
    endpoint = serializers.IntegerField(help_text="The webhook endpoint it went to.")
    url = serializers.CharField(help_text="The endpoint's URL: ask its receiver to forget it.")
    event = serializers.IntegerField(help_text="The event's number in the club's feed.")
    type = serializers.CharField(help_text="The event's type.")
    status = serializers.CharField(help_text="delivered, or sent without a 2xx answer yet.")
    delivered_at = serializers.DateTimeField(allow_null=True)


class ErasureCountSerializer(serializers.Serializer):
    kind = serializers.CharField(
        help_text="What went (account, devices, sign_in_records, …) or was scrubbed of the "
        "name (events_scrubbed, history_entries_scrubbed, …)."
    )
    count = serializers.IntegerField(help_text="How many rows.")


class ErasureOutputSerializer(serializers.ModelSerializer):
    removed = serializers.SerializerMethodField(
        help_text="How many rows of each kind went or were scrubbed of the name."
    )

    class Meta:
        model = Erasure
        fields = ["id", "club", "player", "pseudonym", "asked_by", "at", "removed"]

    @extend_schema_field(ErasureCountSerializer(many=True))
    def get_removed(self, erasure: Erasure) -> list[dict]:
        return [{"kind": kind, "count": count} for kind, count in erasure.removed.items()]


class ClubErasureOutputSerializer(ErasureOutputSerializer):
    delivered = ErasureDeliverySerializer(
        many=True,
        help_text="The webhook deliveries already sent that named the person: their receivers "
        "may keep the name.",
    )

    class Meta(ErasureOutputSerializer.Meta):
        fields = [*ErasureOutputSerializer.Meta.fields, "delivered"]
