"""Device tokens of the signed-in user: made (the key shown once), listed, revoked."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
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


@creates("auth_tokens_create", DeviceTokenInputSerializer, DeviceTokenCreatedOutputSerializer)
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

    @extend_schema(operation_id="auth_tokens_revoke", responses={200: DeviceTokenOutputSerializer})
    def delete(self, request: Request, pk: int) -> Response:
        token = get_object_or_404(DeviceToken, pk=pk, user=request.user)
        return Response(DeviceTokenOutputSerializer(services.revoke_device_token(token=token)).data)
