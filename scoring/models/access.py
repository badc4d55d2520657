"""Device tokens, idempotency keys, write counts, sign-in counts, password reset links and an
account's language: what the service keeps about its callers."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models


class DeviceToken(models.Model):
    """An API token for one device; only its hash is stored, the key is shown once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="device_tokens"
    )
    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8, help_text="The key's first characters, to tell apart.")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    password_stamp = models.CharField(
        max_length=64,
        help_text="A digest of the user's password hash when the token was made: a password "
        "changed since, by any route (the pages, the admin, manage.py), ends the token.",
    )

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix})"

    @property
    def expires_at(self):
        """When it stops working unless used before: ``DEVICE_TOKEN_IDLE`` after its last use
        (its last use is written at most once a minute: scoring/api/authentication.py)."""
        return (self.last_used_at or self.created_at) + settings.DEVICE_TOKEN_IDLE

    @staticmethod
    def hash_key(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    @staticmethod
    def new_key() -> str:
        return secrets.token_urlsafe(32)

    @staticmethod
    def stamp_of(user) -> str:
        """The digest a token keeps of ``user``'s password hash (itself salted: the digest
        tells nothing of the password); it no longer matches once the password changes."""
        return hashlib.sha256(user.password.encode()).hexdigest()


class IdempotencyRecord(models.Model):
    """A create request's key, written in the same transaction as the change it made."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_response_per_key")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.key}"


class WriteCount(models.Model):
    """The write throttle's count for one user (or anonymous address) in its current window."""

    key = models.CharField(max_length=100, primary_key=True)
    bucket = models.BigIntegerField(help_text="The window: seconds since the epoch // its length.")
    hits = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"{self.key}: {self.hits} in window {self.bucket}"


class SignInCount(models.Model):
    """Sign-in attempts counted for one username from one client address, or from everywhere
    (``address`` is ``ACCOUNT``): the lockout's counts (scoring/services/signin_guard.py). An
    attempt is counted before its password is checked and taken back when it succeeds."""

    ACCOUNT = "*"

    username = models.CharField(max_length=150)
    address = models.CharField(
        max_length=45, blank=True, help_text="The client's address; * for every address."
    )
    failures = models.PositiveIntegerField(default=0)
    latest = models.DateTimeField(help_text="When the latest attempt was counted.")

    class Meta:
        verbose_name = "sign-in count"
        constraints = [
            models.UniqueConstraint(fields=["username", "address"], name="one_count_per_address")
        ]
        indexes = [models.Index(fields=["latest"], name="sign_in_count_latest")]

    def __str__(self) -> str:
        return f"{self.username} from {self.address or 'an unknown address'}: {self.failures}"


class PasswordResetLink(models.Model):
    """A one-time link to set a new password, made by a director or owner for a member of
    their club (there is no e-mail): only its key's hash is kept; used once, or voided by a
    newer link or a password change, and expired after ``PASSWORD_RESET_LINK_HOURS``."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reset_links"
    )
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    voided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"reset link for user {self.user_id} by {self.made_by_id}"

    @staticmethod
    def hash_key(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()


class AccountLanguage(models.Model):
    """The language an account chose on the pages' picker: set again on each sign-in, so a
    shared phone follows whoever signs in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="language_choice",
    )
    language = models.CharField(max_length=16, choices=settings.LANGUAGES)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language}"
