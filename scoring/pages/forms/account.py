"""Sign-in, protected against guessing, and naming a new device token."""

from __future__ import annotations

import hashlib

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError


def client_ip(request) -> str:
    return (request.META.get("REMOTE_ADDR") or "unknown")[:64] if request is not None else "none"


def failure_key(username: str, ip: str) -> str:
    digest = hashlib.sha256(f"{username.strip().lower()}\n{ip}".encode()).hexdigest()[:32]
    return f"login-failures:{digest}"


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's sign-in form, refusing a username+address after too many failures.

    Failures are counted in the cache; after ``LOGIN_FAILURE_LIMIT`` of them the pair is locked
    out for ``LOGIN_LOCKOUT_SECONDS`` without even checking the password.
    """

    error_messages = {
        **AuthenticationForm.error_messages,
        "locked_out": "Too many failed sign-ins. Wait %(minutes)s minutes, then try again.",
    }

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        key = failure_key(username, client_ip(self.request))
        if (cache.get(key) or 0) >= settings.LOGIN_FAILURE_LIMIT:
            raise ValidationError(
                self.error_messages["locked_out"],
                code="locked_out",
                params={"minutes": max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)},
            )
        try:
            cleaned = super().clean()
        except ValidationError:
            count_failure(key)
            raise
        cache.delete(key)
        return cleaned


def count_failure(key: str) -> None:
    """One more failure for ``key``; at the limit, the lockout runs from this last failure."""
    lockout = settings.LOGIN_LOCKOUT_SECONDS
    cache.add(key, 0, lockout)
    try:
        count = cache.incr(key)
    except ValueError:  # expired in between
        cache.set(key, 1, lockout)
        count = 1
    if count >= settings.LOGIN_FAILURE_LIMIT:
        cache.set(key, count, lockout)


class DeviceTokenForm(forms.Form):
    name = forms.CharField(
        label="Device name",
        max_length=100,
        widget=forms.TextInput(attrs={"placeholder": "e.g. Club tablet", "autocomplete": "off"}),
    )
