"""Device tokens (one per phone, revocable by its owner, stored only as a hash) and the session
of the pages, as the API's two ways to sign in."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.authentication import SessionScheme
from rest_framework import authentication, exceptions

from hearts_site.http.account_header import ACCOUNT_HEADER
from scoring import sql
from scoring.models import DeviceToken

ACCOUNT_META = "HTTP_" + ACCOUNT_HEADER.upper().replace("-", "_")
ACCOUNT_CHANGED = _(
    "This was entered by another account than the one signed in here: it is not sent as this one."
)
# A token's last use is written at most this often: one write per request would make every
# read a write. It also renews the token: one unused for DEVICE_TOKEN_IDLE stops working.
LAST_USED_EVERY = timedelta(seconds=60)


class DeviceTokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>`` (or ``Bearer <key>``) for a device token."""

    def authenticate(self, request):
        """DRF's ``TokenAuthentication.authenticate``, with both keywords."""
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].lower() not in (b"token", b"bearer"):
            return None
        if len(parts) == 1:
            raise exceptions.AuthenticationFailed(
                _("Invalid token header. No credentials provided.")
            )
        if len(parts) > 2:
            raise exceptions.AuthenticationFailed(
                _("Invalid token header. Token string should not contain spaces.")
            )
        try:
            key = parts[1].decode()
        except UnicodeError:
            raise exceptions.AuthenticationFailed(
                _("Invalid token header. Token string should not contain invalid characters.")
            ) from None
        return self.authenticate_credentials(key)

    def authenticate_credentials(self, key: str):
        now = timezone.now()
        user = sql.user_of_token(
            DeviceToken.hash_key(key), now - LAST_USED_EVERY, now - settings.DEVICE_TOKEN_IDLE
        )
        # A password changed since the token was made ends it, whoever changed it and how.
        if user is None or not user.is_active or user.token_stamp != DeviceToken.stamp_of(user):
            raise exceptions.AuthenticationFailed(_("Invalid, expired or revoked token."))
        if user.token_stale:
            DeviceToken.objects.filter(pk=user.token_id).update(last_used_at=now)
        return user, DeviceToken(pk=user.token_id, user=user)


class CookieSessionAuthentication(authentication.SessionAuthentication):
    """DRF's session authentication, asked only when the request carries a session cookie:
    without one there is no session user to find, and loading Django's lazy user to learn that
    is work every token and anonymous request would pay.

    A request that names the account it was made for (``Hearts-Account``: the offline app's
    outbox sends a kept hand so) is refused with 403 ``account_changed`` when the session is
    another account's: on a shared phone, a hand is sent only as the account that entered it.
    """

    def authenticate(self, request):
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return None
        found = super().authenticate(request)
        meant_for = request.META.get(ACCOUNT_META)
        if found is not None and meant_for is not None and meant_for != str(found[0].pk):
            raise exceptions.PermissionDenied(ACCOUNT_CHANGED, code="account_changed")
        return found


class CookieSessionScheme(SessionScheme):
    """The session authenticator above is the session scheme drf-spectacular knows (its own
    extension matches DRF's class only, not subclasses)."""

    target_class = CookieSessionAuthentication
