"""Device tokens: one per phone, revocable by its owner, stored only as a hash."""

from __future__ import annotations

from django.utils import timezone
from rest_framework import authentication, exceptions

from scoring.models import DeviceToken


class DeviceTokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>`` (or ``Bearer <key>``) for a device token."""

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if header and header[0].lower() == b"bearer":
            # DRF reads request.headers (cached), so rewriting META would not be seen; the
            # authenticator is built per request, so its keyword can follow the header.
            self.keyword = "Bearer"
        return super().authenticate(request)

    def authenticate_credentials(self, key: str):
        token = (
            DeviceToken.objects.select_related("user")
            .filter(key_hash=DeviceToken.hash_key(key), revoked_at__isnull=True)
            .first()
        )
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        now = timezone.now()
        if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
            DeviceToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token
