"""Signing in with a username and a password, guarded against guessing: the phone pages'
sign-in form and the API's device sign-in count failures together.

Failures are counted in the cache per username and address; after
``settings.LOGIN_FAILURE_LIMIT`` of them the pair is locked out for
``settings.LOGIN_LOCKOUT_SECONDS`` without the password even being checked.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.cache import cache

from hearts_site.errors import DomainError, TooManyRequests

INVALID_CREDENTIALS = "Please enter a correct username and password. Both may be case-sensitive."


def sign_in_address(request) -> str:
    """The address a sign-in's failures are counted for: the connection's own."""
    return (request.META.get("REMOTE_ADDR") or "unknown")[:64] if request is not None else "none"


def sign_in(*, username: str, password: str, address: str):
    """The active user with these credentials. Refuses with ``locked_out`` (429) while the
    username is locked out from ``address``, else with ``invalid_credentials`` (400) whether
    the user is unknown, the password wrong or the account inactive: the answer never says
    which."""
    key = failure_key(username, address)
    if (cache.get(key) or 0) >= settings.LOGIN_FAILURE_LIMIT:
        minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
        raise TooManyRequests(
            "locked_out",
            f"Too many failed sign-ins. Wait {minutes} minutes, then try again.",
            "username",
            wait=settings.LOGIN_LOCKOUT_SECONDS,
        )
    user = authenticate(username=username, password=password)
    if user is None or not user.is_active:  # the model backend refuses inactive users anyway
        count_failure(key)
        raise DomainError("invalid_credentials", INVALID_CREDENTIALS, None)
    cache.delete(key)
    return user


def failure_key(username: str, address: str) -> str:
    digest = hashlib.sha256(f"{username.strip().lower()}\n{address}".encode()).hexdigest()[:32]
    return f"login-failures:{digest}"


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
