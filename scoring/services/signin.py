"""Signing in with a username and a password, guarded against guessing by django-axes: the
phone pages' sign-in form, the API's device sign-in and the admin's sign-in count failures
together (hearts_site/signin_guard.py says what locks and for how long).
"""

from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.contrib.auth import authenticate, user_logged_in
from django.http import HttpRequest

from hearts_site.errors import DomainError, TooManyRequests

INVALID_CREDENTIALS = "Please enter a correct username and password. Both may be case-sensitive."


def sign_in(*, request: HttpRequest, username: str, password: str):
    """The active user with these credentials. Refuses with ``locked_out`` (429) while the
    username is locked out from the request's client address (or backing off), else with
    ``invalid_credentials`` (400) whether the user is unknown, the password wrong or the
    account inactive: the answer never says which."""
    if is_locked_out(request, username):
        raise locked_out()
    user = authenticate(request, username=username, password=password)
    # This service answers a refusal itself (400 or 429): not axes' middleware.
    request.axes_locked_out = False
    if user is None or not user.is_active:  # the model backend refuses inactive users anyway
        raise DomainError("invalid_credentials", INVALID_CREDENTIALS, None)
    return user


def is_locked_out(request: HttpRequest, username: str) -> bool:
    """Whether ``username`` is refused from the request's client address for now (the pair
    locked out, or the account backing off): the sign-in and the sign-up both ask."""
    return AxesProxyHandler.is_locked(request, {"username": username})


def signed_in(*, request: HttpRequest, user) -> None:
    """Record a sign-in that opens no session (a device's): axes clears the pair's failures
    and remembers the address as one the account uses; Django notes ``last_login``."""
    session = getattr(request, "session", None)
    had_session = session is not None and session.session_key is not None
    user_logged_in.send(sender=user.__class__, request=request, user=user)
    if session is not None and not had_session:
        session.flush()  # axes made one to name its log entry: a device sign-in keeps none


def locked_out() -> TooManyRequests:
    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    return TooManyRequests(
        "locked_out",
        f"Too many failed sign-ins. Wait {max(1, wait // 60)} minutes, then try again.",
        "username",
        wait=wait,
    )
