"""A device makes an account: the new account signed in with a device token, and joined to
the club of the invitation it brings."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import services
from scoring.api.http import conflict, operation
from scoring.api.serializers.signup import SignUpInputSerializer, SignUpOutputSerializer
from scoring.api.throttling import SignUpRateThrottle

TOO_MANY = OpenApiResponse(
    description=(
        "Too many requests, wait Retry-After seconds: too many sign-ups from this address "
        "(throttled), or this username is locked out from this address by failed sign-ins "
        "(locked_out)."
    ),
)


class DeviceSignUpView(APIView):
    # Like the device sign-in: no session (so no CSRF check) and no token is read.
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [SignUpRateThrottle]

    @extend_schema(
        **operation("auth_sign_up"),
        request=SignUpInputSerializer,
        responses={
            201: SignUpOutputSerializer,
            400: OpenApiResponse(
                description="invalid_username, invalid_name, weak_password (its words say "
                "which rule), unknown_invitation, or a field missing."
            ),
            409: conflict({"username_taken": "another account has this username, case aside"}),
            429: TOO_MANY,
        },
        auth=[],
    )
    def post(self, request: Request) -> Response:
        data = SignUpInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = services.sign_up(request=request._request, **data.validated_data)
        services.signed_in(request=request._request, user=made.user)
        made.token.key = made.key
        # The new account reads its own membership (this request was made by nobody yet).
        body = SignUpOutputSerializer(made, context={"viewer": made.user}).data
        return Response(body, status=status.HTTP_201_CREATED)
