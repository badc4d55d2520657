"""Device tokens of the signed-in user: made (the key shown once), listed, revoked; and a
device's sign-in, which makes one from a username and a password."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import services
from scoring.api.http import CreateView, creates, lists, operation, reads
from scoring.api.serializers.tokens import (
    DeviceSignInInputSerializer,
    DeviceTokenCreatedOutputSerializer,
    DeviceTokenInputSerializer,
    DeviceTokenOutputSerializer,
)
from scoring.api.throttling import WriteRateThrottle
from scoring.models import DeviceToken

TOO_MANY = OpenApiResponse(
    description=(
        "Too many requests, wait Retry-After seconds: too many failed sign-ins for this "
        "username from this address, on this endpoint, the sign-in page or the admin's, or "
        "for this username from everywhere (locked_out), or the write throttle (throttled)."
    ),
)


@lists("auth_tokens_list")
@creates("auth_tokens_create", DeviceTokenInputSerializer, DeviceTokenCreatedOutputSerializer)
class DeviceTokenListView(CreateView, generics.ListAPIView):
    serializer_class = DeviceTokenOutputSerializer
    permission_classes = [IsAuthenticated]
    filter_backends: list = []

    def get_queryset(self):
        return DeviceToken.objects.filter(user=self.request.user)

    def post(self, request: Request, *args, **kwargs) -> Response:
        services.may_make_tokens(by_token=isinstance(request.auth, DeviceToken))
        return super().post(request, *args, **kwargs)

    def perform(self, data: dict) -> DeviceToken:
        token, key = services.make_device_token(
            request=self.request._request,
            user=self.request.user,
            name=data["name"],
            password=data["password"],
        )
        token.key = key
        return token

    @staticmethod
    def redact(body: dict) -> dict:
        """A replay names the token but cannot show its key again: only its hash is kept."""
        return {**body, "key": None}


class DeviceTokenDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @reads("auth_tokens_revoke", DeviceTokenOutputSerializer)
    def delete(self, request: Request, pk: int) -> Response:
        token = get_object_or_404(DeviceToken, pk=pk, user=request.user)
        return Response(DeviceTokenOutputSerializer(services.revoke_device_token(token=token)).data)


class DeviceSignInView(APIView):
    # Credentials come in the body: no session (so no CSRF check) and no token is read.
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [WriteRateThrottle]

    @extend_schema(
        **operation("auth_sign_in"),
        request=DeviceSignInInputSerializer,
        responses={
            201: DeviceTokenCreatedOutputSerializer,
            400: OpenApiResponse(description="invalid_credentials, or a field missing."),
            429: TOO_MANY,
        },
        auth=[],
    )
    def post(self, request: Request) -> Response:
        data = DeviceSignInInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.sign_in(
            request=request._request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        services.signed_in(request=request._request, user=user)
        token, key = services.create_device_token(
            user=user, name=data.validated_data["device_name"]
        )
        token.key = key
        body = DeviceTokenCreatedOutputSerializer(token).data
        return Response(body, status=status.HTTP_201_CREATED)
