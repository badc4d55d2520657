"""Signing in with a username and a password, guarded against guessing by django-axes: the
phone pages' sign-in form, the API's device sign-in and the admin's sign-in count failures
together (scoring/services/signin_guard.py says what locks and for how long).
"""

from __future__ import annotations

import math

from axes.handlers.proxy import AxesProxyHandler
from django.contrib.auth import authenticate, user_logged_in
from django.http import HttpRequest
from django.utils.translation import gettext_lazy, ngettext

from hearts_site.errors import DomainError, TooManyRequests
from scoring.services.signin_guard import attempt_succeeded

INVALID_CREDENTIALS = gettext_lazy(
    "Please enter a correct username and password. Both may be case-sensitive."
)


def sign_in(*, request: HttpRequest, username: str, password: str):
    """The active user with these credentials. Refuses with ``locked_out`` (429, the wait as
    ``Retry-After``) while the username is locked out from the request's client address (or
    backing off), without checking the password; else with ``invalid_credentials`` (400)
    whether the user is unknown, the password wrong or the account inactive: the answer never
    says which."""
    user = authenticate(request, username=username, password=password)
    refused = getattr(request, "axes_locked_out", False)
    # This service answers a refusal itself (400 or 429): not axes' middleware.
    request.axes_locked_out = False
    if refused:
        raise locked_out(getattr(request, "sign_in_wait", 0))
    if user is None or not user.is_active:  # the model backend refuses inactive users anyway
        raise DomainError("invalid_credentials", str(INVALID_CREDENTIALS), None)
    return user


def password_checked(*, request: HttpRequest, user, password: str) -> bool:
    """Whether ``password`` is the signed-in ``user``'s, checked as a sign-in is (counted by
    the lockout, refused with ``locked_out`` while it locks): asked again before a change."""
    try:
        sign_in(request=request, username=user.get_username(), password=password)
    except DomainError as refusal:
        if refusal.code == "invalid_credentials":
            return False
        raise
    attempt_succeeded(request)
    return True


def take_attempt(request: HttpRequest, username: str) -> None:
    """Count an attempt on ``username`` from the request's address before anything is
    checked, as a sign-in's is counted before its password: ``locked_out`` (429) when the
    limits refuse it. A success gives it back (``attempt_succeeded``); a failure keeps it."""
    if not AxesProxyHandler.is_allowed(request, {"username": username}):
        raise locked_out(getattr(request, "sign_in_wait", 0))


def signed_in(*, request: HttpRequest, user) -> None:
    """Record a sign-in that opens no session (a device's): axes clears the pair's failures
    and remembers the address as one the account uses; Django notes ``last_login``."""
    session = getattr(request, "session", None)
    had_session = session is not None and session.session_key is not None
    user_logged_in.send(sender=user.__class__, request=request, user=user)
    if session is not None and not had_session:
        session.flush()  # axes made one to name its log entry: a device sign-in keeps none


def locked_out(wait: float) -> TooManyRequests:
    """The refusal of a locked-out attempt, with the seconds left to wait."""
    wait = max(1, math.ceil(wait))
    minutes = math.ceil(wait / 60)
    return TooManyRequests(
        "locked_out",
        ngettext(
            "Too many failed sign-ins. Wait {minutes} minute, then try again.",
            "Too many failed sign-ins. Wait {minutes} minutes, then try again.",
            minutes,
        ).format(minutes=minutes),
        "username",
        wait=wait,
    )
