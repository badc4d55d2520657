"""Passwords: changed by their owner (the current one given again), or set anew through a
one-time reset link a director or owner makes for a member (there is no e-mail).

Either way the account's device tokens are revoked, its open reset links voided and its
sign-in counts cleared; and every session signed in with the old password ends (Django keeps
a hash of the password in each session and drops a session whose hash no longer matches): a
change keeps the session that made it, a reset keeps none.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation, update_session_auth_hash
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hearts_site.errors import DomainError, Forbidden, NotFoundError
from scoring.models import Club, PasswordResetLink, SignInCount
from scoring.selectors.passwords import reset_refusal
from scoring.services.signin import password_checked
from scoring.services.tokens import WRONG_PASSWORD, revoke_device_tokens

LINK_GONE = gettext_lazy(
    "This link is not valid: it was used, replaced or expired. Ask a director for a new one."
)


def check_current_password(*, request: HttpRequest, user, password: str) -> None:
    """The signed-in ``user``'s current password, checked as a sign-in is (counted by the
    lockout: ``locked_out`` while it locks), before a change."""
    if not password_checked(request=request, user=user, password=password):
        raise DomainError("wrong_password", str(WRONG_PASSWORD), "old_password")


def change_password(*, request: HttpRequest, user, password: str) -> None:
    """``user``'s new password (already checked by the password validators); this session
    stays signed in, every other one and every device token is signed out."""
    hashed = make_password(password)  # slow on purpose: before the write, not inside it
    with transaction.atomic():
        _set_password(user, hashed)
    password_validation.password_changed(password, user)
    update_session_auth_hash(request, user)


def make_reset_link(*, actor, club: Club, user_id: int) -> tuple[PasswordResetLink, str]:
    """A one-time link for the member ``user_id`` of ``club``, made by ``actor`` (who must be
    allowed: scoring/selectors/passwords.py); the key is returned once, only its hash kept.
    It replaces the member's earlier open link."""
    user = get_user_model().objects.filter(pk=user_id).first()
    refusal = reset_refusal(actor, club, user) if user is not None else _("No such member.")
    if refusal is not None:
        raise Forbidden("reset_not_allowed", refusal, "user")
    key = secrets.token_urlsafe(32)
    now = timezone.now()
    with transaction.atomic():
        _void_links(user, now)
        link = PasswordResetLink.objects.create(
            user=user,
            made_by=actor,
            key_hash=PasswordResetLink.hash_key(key),
            expires_at=now + settings.PASSWORD_RESET_LINK_TTL,
        )
    return link, key


def open_reset_link(key: str, *, now: datetime | None = None) -> PasswordResetLink:
    """The open link ``key`` names (not used, replaced or expired, for an active account), or
    ``NotFoundError`` ``reset_link_invalid`` for any other key, whatever the reason."""
    link = (
        PasswordResetLink.objects.select_related("user")
        .filter(
            key_hash=PasswordResetLink.hash_key(key),
            used_at__isnull=True,
            voided_at__isnull=True,
            expires_at__gt=now or timezone.now(),
            user__is_active=True,
        )
        .first()
    )
    if link is None:
        raise NotFoundError("reset_link_invalid", str(LINK_GONE), None)
    return link


def reset_password(*, key: str, password: str):
    """The new password (already checked by the validators) for the account of the open link
    ``key``, which is used up: at most once, whoever races for it. No session stays signed in.
    Answers the account."""
    hashed = make_password(password)  # slow on purpose: before the write, not inside it
    with transaction.atomic():
        link = open_reset_link(key)
        link = PasswordResetLink.objects.select_for_update().get(pk=link.pk)
        if link.used_at is not None or link.voided_at is not None:
            raise NotFoundError("reset_link_invalid", str(LINK_GONE), None)
        link.used_at = timezone.now()
        link.save(update_fields=["used_at"])
        _set_password(link.user, hashed)
    password_validation.password_changed(password, link.user)
    return link.user


def _set_password(user, hashed: str) -> None:
    """The password (hashed before the transaction: a hasher's deliberate slowness never
    holds the write lock) set, and everything the old one opened closed: device tokens
    revoked, open reset links voided, sign-in counts cleared (old guesses are moot)."""
    user.password = hashed
    user.save(update_fields=["password"])
    revoke_device_tokens(user=user)
    _void_links(user, timezone.now())
    SignInCount.objects.filter(username=user.get_username()).delete()


def _void_links(user, now: datetime) -> int:
    open_links = PasswordResetLink.objects.filter(
        user=user, used_at__isnull=True, voided_at__isnull=True
    )
    return open_links.update(voided_at=now)
