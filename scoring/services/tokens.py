"""Device tokens: one per phone, revocable by its owner; only the key's hash is kept. A token
is made only from a password sign-in (the API's device sign-in, or a signed-in user who gives
the password again), never from another token; one unused for ``DEVICE_TOKEN_IDLE`` expires
(scoring/api/authentication.py), and a password change revokes them all."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hearts_site.errors import DomainError, Forbidden
from scoring.models import DeviceToken
from scoring.services.signin import password_checked

WRONG_PASSWORD = gettext_lazy("That is not your password.")


def create_device_token(*, user, name: str) -> tuple[DeviceToken, str]:
    """A new token; the key is returned once and only its hash is kept."""
    key = DeviceToken.new_key()
    token = DeviceToken.objects.create(
        user=user,
        name=name,
        key_hash=DeviceToken.hash_key(key),
        prefix=key[:8],
        password_stamp=DeviceToken.stamp_of(user),
    )
    return token, key


def may_make_tokens(*, by_token: bool) -> None:
    """A caller signed in by a device token makes no token: one made that way would outlive
    revoking the token that made it."""
    if by_token:
        raise Forbidden(
            "password_sign_in_required",
            _(
                "A device token cannot make tokens: sign in with the account's password "
                "(POST /api/v1/auth/sign-in/) on the new device."
            ),
            None,
        )


def make_device_token(
    *, request: HttpRequest, user, name: str, password: str
) -> tuple[DeviceToken, str]:
    """A token for the signed-in ``user`` who gives their password again (checked as a
    sign-in is, counted by the lockout): a session left open is not enough to make one."""
    if not password_checked(request=request, user=user, password=password):
        raise DomainError("wrong_password", str(WRONG_PASSWORD), "password")
    return create_device_token(user=user, name=name)


def revoke_device_token(*, token: DeviceToken) -> DeviceToken:
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def revoke_device_tokens(*, user) -> int:
    """Every live token of ``user`` revoked (a password changed or reset): how many."""
    live = DeviceToken.objects.filter(user=user, revoked_at__isnull=True)
    return live.update(revoked_at=timezone.now())
