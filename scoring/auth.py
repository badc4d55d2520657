"""Device tokens: one per phone, revocable by its owner, stored only as a hash."""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import cache

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import HTTP_HEADER_ENCODING, authentication, exceptions

from hearts_site import rows
from hearts_site.headers import request_header
from scoring.models import DeviceToken

# A token's last use is written at most this often: one write per request would make every
# read a write.
LAST_USED_EVERY = timedelta(seconds=60)


class DeviceTokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>`` (or ``Bearer <key>``) for a device token."""

    def authenticate(self, request):
        """DRF's ``TokenAuthentication.authenticate``, with both keywords, reading the one
        header it needs (hearts_site/headers.py: DRF's reads ``request.headers``)."""
        header = request_header(request, "Authorization", b"")
        if isinstance(header, str):
            header = header.encode(HTTP_HEADER_ENCODING)
        parts = header.split()
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
        user = user_of_token(DeviceToken.hash_key(key), now)
        if user is None or not user.is_active:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        if user.token_stale:
            DeviceToken.objects.filter(pk=user.token_id).update(last_used_at=now)
        return user, DeviceToken(pk=user.token_id, user=user)


class CookieSessionAuthentication(authentication.SessionAuthentication):
    """DRF's session authentication, asked only when the request carries a session cookie:
    without one there is no session user, and loading Django's lazy user to learn that took 3%
    of an adjudication's time under gunicorn (py-spy)."""

    def authenticate(self, request):
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return None
        return super().authenticate(request)


def user_of_token(key_hash: str, now: datetime):
    """The user of the live token with this hash, with ``token_id`` and ``token_stale`` (its
    last use not written since ``now - LAST_USED_EVERY``), or None.

    A raw query of the user model, read through hearts_site/rows.py (Django converts its
    columns as for any query): every call of the API with a token asks it, and the ORM took
    0.45 ms to build it."""
    stale_before = connection.ops.adapt_datetimefield_value(now - LAST_USED_EVERY)
    found = rows.fetch(get_user_model(), _user_of_token_sql(), [stale_before, key_hash])
    return found[0] if found else None


@cache
def _user_of_token_sql() -> str:
    quote = connection.ops.quote_name
    user_model = get_user_model()
    users, tokens = quote(user_model._meta.db_table), quote(DeviceToken._meta.db_table)
    column = {f.name: quote(f.column) for f in DeviceToken._meta.concrete_fields}
    user_pk = quote(user_model._meta.pk.column)
    return (
        f"SELECT u.*, t.{column['id']} AS token_id, "
        f"(t.{column['last_used_at']} IS NULL OR t.{column['last_used_at']} < %s) AS token_stale "
        f"FROM {users} u JOIN {tokens} t ON t.{column['user']} = u.{user_pk} "
        f"WHERE t.{column['key_hash']} = %s AND t.{column['revoked_at']} IS NULL"
    )
