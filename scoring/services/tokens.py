"""Device tokens: one per phone, revocable by its owner; only the key's hash is kept."""

from __future__ import annotations

from django.utils import timezone

from scoring.models import DeviceToken


def create_device_token(*, user, name: str) -> tuple[DeviceToken, str]:
    """A new token; the key is returned once and only its hash is kept."""
    key = DeviceToken.new_key()
    token = DeviceToken.objects.create(
        user=user, name=name, key_hash=DeviceToken.hash_key(key), prefix=key[:8]
    )
    return token, key


def revoke_device_token(*, token: DeviceToken) -> DeviceToken:
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token
