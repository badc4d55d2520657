"""A club's webhook endpoints through the API, for its owners (a device token or the pages'
session), with the services the Webhooks page uses: registered (the secret shown once), read,
changed, disabled and enabled, the secret rotated, deleted; each endpoint's deliveries, one sent
again, and a ping."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors, services
from scoring.api.http import CreateView, changes, conflict, creates, lists, operation, reads
from scoring.api.permissions import IsClubOwner
from scoring.api.scopes import ClubScopedMixin
from scoring.api.serializers.webhooks import (
    WebhookDeliveryOutputSerializer,
    WebhookDeliveryQuerySerializer,
    WebhookEndpointInputSerializer,
    WebhookEndpointOutputSerializer,
    WebhookEndpointSecretOutputSerializer,
    WebhookEndpointUpdateInputSerializer,
)
from scoring.models import WebhookEndpoint

OWNERS = [IsAuthenticated & IsClubOwner]


class EndpointMixin(ClubScopedMixin):
    permission_classes = OWNERS

    def endpoint_id(self) -> int:
        return self.kwargs["endpoint_id"]

    def call(self, service, **arguments):
        """A service on this club's endpoint (another club's, or none, is a 404)."""
        return service(club=self.get_club(), endpoint_id=self.endpoint_id(), **arguments)


@lists("clubs_webhooks_list")
@creates(
    "clubs_webhooks_create", WebhookEndpointInputSerializer, WebhookEndpointSecretOutputSerializer
)
class WebhookEndpointListView(ClubScopedMixin, CreateView, generics.ListAPIView):
    serializer_class = WebhookEndpointOutputSerializer
    permission_classes = OWNERS
    filter_backends: list = []

    def get_queryset(self):
        return selectors.endpoints_of(self.get_club().pk)

    def perform(self, data: dict) -> WebhookEndpoint:
        endpoint, _ = services.create_endpoint(
            club=self.get_club(), actor=self.request.user, **data
        )
        return endpoint  # its secret, shown in this answer only

    @staticmethod
    def redact(body: dict) -> dict:
        """A replay names the endpoint but cannot show its secret again."""
        return {**body, "secret": None}


class WebhookEndpointDetailView(EndpointMixin, APIView):
    @reads("clubs_webhooks_retrieve", WebhookEndpointOutputSerializer)
    def get(self, request: Request, pk: int, endpoint_id: int) -> Response:
        endpoint = selectors.endpoint_of(self.get_club().pk, endpoint_id)
        return Response(WebhookEndpointOutputSerializer(endpoint).data)

    @changes(
        "clubs_webhooks_update",
        WebhookEndpointUpdateInputSerializer,
        WebhookEndpointOutputSerializer,
    )
    def patch(self, request: Request, body: dict[str, Any], pk: int, endpoint_id: int) -> Response:
        endpoint = self.call(services.update_endpoint, **body)
        return Response(WebhookEndpointOutputSerializer(endpoint).data)

    @extend_schema(**operation("clubs_webhooks_destroy"), responses={204: None})
    def delete(self, request: Request, pk: int, endpoint_id: int) -> Response:
        self.call(services.delete_endpoint)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _action(operation_id: str, output, code: int = 200, conflicts: dict | None = None):
    """The schema of a POST on an endpoint that takes no body."""
    responses = {code: output, **({409: conflict(conflicts)} if conflicts else {})}
    return extend_schema(**operation(operation_id), request=None, responses=responses)


class WebhookEnableView(EndpointMixin, APIView):
    @_action("clubs_webhooks_enable", WebhookEndpointOutputSerializer)
    def post(self, request: Request, pk: int, endpoint_id: int) -> Response:
        endpoint = self.call(services.set_endpoint_enabled, enabled=True)
        return Response(WebhookEndpointOutputSerializer(endpoint).data)


class WebhookDisableView(EndpointMixin, APIView):
    @_action("clubs_webhooks_disable", WebhookEndpointOutputSerializer)
    def post(self, request: Request, pk: int, endpoint_id: int) -> Response:
        endpoint = self.call(services.set_endpoint_enabled, enabled=False)
        return Response(WebhookEndpointOutputSerializer(endpoint).data)


class WebhookRotateView(EndpointMixin, APIView):
    @_action("clubs_webhooks_rotate_secret", WebhookEndpointSecretOutputSerializer)
    def post(self, request: Request, pk: int, endpoint_id: int) -> Response:
        endpoint, _ = self.call(services.rotate_secret)  # the new secret, shown this once
        return Response(WebhookEndpointSecretOutputSerializer(endpoint).data)


QUEUED = OpenApiResponse(
    WebhookDeliveryOutputSerializer, description="Queued: the task worker sends it shortly."
)


class WebhookPingView(EndpointMixin, APIView):
    @_action(
        "clubs_webhooks_ping",
        QUEUED,
        status.HTTP_202_ACCEPTED,
        {"endpoint_disabled": "the endpoint is disabled: enable it first"},
    )
    def post(self, request: Request, pk: int, endpoint_id: int) -> Response:
        delivery = self.call(services.ping_endpoint)
        body = WebhookDeliveryOutputSerializer(delivery).data
        return Response(body, status=status.HTTP_202_ACCEPTED)


@extend_schema_view(
    get=extend_schema(
        **operation("clubs_webhooks_deliveries_list"), parameters=[WebhookDeliveryQuerySerializer]
    )
)
class WebhookDeliveryListView(EndpointMixin, generics.ListAPIView):
    serializer_class = WebhookDeliveryOutputSerializer
    filter_backends: list = []
    query_parameters = ("status",)

    def get_queryset(self):
        endpoint = selectors.endpoint_of(self.get_club().pk, self.endpoint_id())
        asked = self.request.query_params
        query = WebhookDeliveryQuerySerializer(
            data={k: asked[k] for k in self.query_parameters if k in asked}
        )
        query.is_valid(raise_exception=True)
        return selectors.endpoint_deliveries(endpoint.pk, query.validated_data.get("status"))


class WebhookRedeliverView(EndpointMixin, APIView):
    @_action("clubs_webhooks_deliveries_redeliver", QUEUED, status.HTTP_202_ACCEPTED)
    def post(self, request: Request, pk: int, endpoint_id: int, delivery_id: int) -> Response:
        delivery = self.call(services.redeliver, delivery_id=delivery_id)
        body = WebhookDeliveryOutputSerializer(delivery).data
        return Response(body, status=status.HTTP_202_ACCEPTED)
