"""Device tokens of the signed-in user: made (the key shown once), listed, revoked."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import services
from scoring.api.http import CreateView, creates
from scoring.api.serializers.tokens import (
    DeviceTokenCreatedOutputSerializer,
    DeviceTokenInputSerializer,
    DeviceTokenOutputSerializer,
)
from scoring.models import DeviceToken


@extend_schema_view(
    get=extend_schema(
        operation_id="auth_tokens_list",
        tags=["auth"],
        summary="List your device tokens",
        description="The signed-in user's device tokens, newest first; the keys are not shown.",
    )
)
@creates(
    "auth_tokens_create",
    DeviceTokenInputSerializer,
    DeviceTokenCreatedOutputSerializer,
    tags=["auth"],
    summary="Make a device token",
    description=(
        "A token for one device: send its key as Authorization: Token <key>. The key is "
        "shown in this answer only (a replay by Idempotency-Key shows null)."
    ),
)
class DeviceTokenListView(CreateView, generics.ListAPIView):
    serializer_class = DeviceTokenOutputSerializer
    permission_classes = [IsAuthenticated]
    filter_backends: list = []

    def get_queryset(self):
        return DeviceToken.objects.filter(user=self.request.user)

    def perform(self, data: dict) -> DeviceToken:
        token, key = services.create_device_token(user=self.request.user, name=data["name"])
        token.key = key
        return token

    @staticmethod
    def redact(body: dict) -> dict:
        """A replay names the token but cannot show its key again: only its hash is kept."""
        return {**body, "key": None}


class DeviceTokenDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_tokens_revoke",
        tags=["auth"],
        summary="Revoke a device token",
        description="The token stops working at once; it stays listed, with revoked_at.",
        responses={200: DeviceTokenOutputSerializer},
    )
    def delete(self, request: Request, pk: int) -> Response:
        token = get_object_or_404(DeviceToken, pk=pk, user=request.user)
        return Response(DeviceTokenOutputSerializer(services.revoke_device_token(token=token)).data)
