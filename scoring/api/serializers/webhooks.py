"""A club's webhook endpoints and their deliveries, as an owner manages them through the API: the
signing secret is shown when it is made (a new endpoint, a rotation), never after."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from hearts_site.api.serializers import StrictInputSerializer
from scoring.api.serializers.common import shown_once
from scoring.models import DeliveryStatus, EventType, WebhookDelivery, WebhookEndpoint

A_TIME_OR_NULL = serializers.DateTimeField(allow_null=True)

URL_HELP = (
    "Where each event is POSTed: http:// or https://, on the public internet (a private, "
    "loopback, link-local or reserved address is refused, url_not_public, unless the server's "
    "operator sets HEARTS_WEBHOOKS_ALLOW_PRIVATE), checked again at every send."
)
TYPES_HELP = "The event types sent here, at least one (a ping is sent whatever they are)."


def event_types_field(**kwargs) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(choices=EventType.choices),
        min_length=1,
        max_length=len(EventType.choices),
        help_text=TYPES_HELP,
        **kwargs,
    )


class WebhookEndpointInputSerializer(StrictInputSerializer):
    url = serializers.URLField(max_length=500, help_text=URL_HELP)
    event_types = event_types_field()


class WebhookEndpointUpdateInputSerializer(StrictInputSerializer):
    url = serializers.URLField(max_length=500, required=False, help_text=URL_HELP)
    event_types = event_types_field(required=False)


class WebhookEndpointOutputSerializer(serializers.ModelSerializer):
    event_types = serializers.ListField(child=serializers.ChoiceField(choices=EventType.choices))
    previous_secret_until = serializers.SerializerMethodField(
        help_text="After a rotation, until when the secret it replaced still signs too (a "
        "second v1 in Hearts-Signature); null when only one secret signs."
    )

    class Meta:
        model = WebhookEndpoint
        fields = [
            *("id", "club", "url", "event_types", "enabled", "disabled_reason"),
            *("consecutive_failures", "previous_secret_until", "created_at"),
        ]
        extra_kwargs = {
            "disabled_reason": {"help_text": "Why it is disabled (its owner, or failures)."},
            "consecutive_failures": {"help_text": "Failed attempts in a row (0 once one works)."},
        }

    @extend_schema_field(A_TIME_OR_NULL)
    def get_previous_secret_until(self, endpoint: WebhookEndpoint):
        until = endpoint.previous_secret_until
        if not endpoint.previous_secret or until is None or until <= timezone.now():
            return None
        return serializers.DateTimeField().to_representation(until)


class WebhookEndpointSecretOutputSerializer(WebhookEndpointOutputSerializer):
    secret = shown_once(
        "The signing secret (whsec_…): shown in this answer only, keep it with the receiver; "
        "a replay by Idempotency-Key shows null."
    )

    class Meta(WebhookEndpointOutputSerializer.Meta):
        fields = [*WebhookEndpointOutputSerializer.Meta.fields, "secret"]


class DeliveredEventSerializer(serializers.Serializer):
    id = serializers.UUIDField(source="uid", help_text="The Hearts-Event-Id it is sent with.")
    type = serializers.CharField(help_text="An event type, or ping.")
    sequence = serializers.IntegerField(allow_null=True, help_text="Null for a ping.")


class WebhookDeliveryOutputSerializer(serializers.ModelSerializer):
    event = DeliveredEventSerializer()
    next_attempt_at = serializers.SerializerMethodField(
        help_text="When it is tried next (a failure waits 30 s, 60 s, … up to an hour); null "
        "once delivered. Due while the endpoint is disabled only once it is enabled again."
    )

    class Meta:
        model = WebhookDelivery
        fields = [
            *("id", "event", "status", "attempts", "next_attempt_at", "last_status_code"),
            *("last_error", "last_latency_ms", "delivered_at"),
        ]
        extra_kwargs = {
            "attempts": {"help_text": "How many times it was sent (a redelivery counts)."},
            "last_status_code": {"help_text": "The receiver's last HTTP status; null: none."},
            "last_error": {"help_text": "Why the last attempt failed, when it did."},
        }

    @extend_schema_field(A_TIME_OR_NULL)
    def get_next_attempt_at(self, delivery: WebhookDelivery):
        if delivery.status == DeliveryStatus.DELIVERED:
            return None
        return serializers.DateTimeField().to_representation(delivery.next_attempt_at)


class WebhookDeliveryQuerySerializer(StrictInputSerializer):
    status = serializers.ChoiceField(
        choices=DeliveryStatus.choices,
        required=False,
        help_text="Only the deliveries in this status.",
    )
