"""The sign-in lockout: django-axes' handler, with its counts kept in a table of this app
(``SignInCount``) and taken before the password is checked.

Two limits, counted in the database (never evicted, shared by every worker and server):

* one username from one client address: after ``AXES_FAILURE_LIMIT`` failures that pair is
  refused until ``AXES_COOLOFF_TIME`` has passed since its latest failure;
* one username from everywhere: past ``SIGN_IN_ACCOUNT_FAILURE_LIMIT`` failures, the account
  backs off: it is refused from any address it never signed in from (axes' access log), for a
  wait that doubles with each further failure (at most the cool-off), counted from the latest
  failure. The account's count is forgotten only after ``SIGN_IN_ACCOUNT_MEMORY`` without a
  failure, so a guesser who waits out one cool-off finds the backoff where they left it.

Counting, then checking, is one step: the account's row is locked (made first if it is
missing), the limits are read, and the attempt is counted, in one transaction, before the
password is checked; other attempts on the username wait for that transaction, never for the
password check. A success takes its attempt back: the pair's count is cleared, the account's
lowered by one. So no number of simultaneous guesses gets more checks than the limits allow.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessLog
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.shortcuts import render
from django.utils import timezone

from scoring.models import SignInCount

ACCOUNT = SignInCount.ACCOUNT
# The account backoff's first wait, doubled with each failure past the limit.
FIRST_BACKOFF = timedelta(minutes=1)
# Now and then a counted attempt also clears the counts long forgotten.
SWEEP_CHANCE = 0.01


@dataclass(frozen=True)
class Attempt:
    """One sign-in attempt as the lockout sees it."""

    username: str
    address: str  # "" when the server gave none

    @classmethod
    def of(cls, request, credentials: dict | None) -> Attempt | None:
        username = get_client_username(request, credentials)
        if not username:
            return None
        field = SignInCount._meta.get_field("username")
        return cls(username[: field.max_length], request.axes_ip_address or "")


def take(attempt: Attempt, now: datetime | None = None) -> float:
    """Count ``attempt`` and answer 0, or refuse it and answer the seconds to wait: one
    transaction, under the lock of the username's account-wide row."""
    cool_off = settings.AXES_COOLOFF_TIME
    with transaction.atomic():
        SignInCount.objects.bulk_create(
            [SignInCount(username=attempt.username, address=ACCOUNT, latest=timezone.now())],
            ignore_conflicts=True,
        )
        account = SignInCount.objects.select_for_update().get(
            username=attempt.username, address=ACCOUNT
        )
        now = now or timezone.now()  # read once the lock is held: the counts' time moves on
        pair = SignInCount.objects.filter(
            username=attempt.username, address=attempt.address
        ).first()
        pair_failures = pair.failures if pair and pair.latest > now - cool_off else 0
        account_failures = (
            account.failures if account.latest > now - settings.SIGN_IN_ACCOUNT_MEMORY else 0
        )
        if pair_failures >= settings.AXES_FAILURE_LIMIT:
            return _seconds(pair.latest + cool_off - now)
        over = account_failures - settings.SIGN_IN_ACCOUNT_FAILURE_LIMIT
        if over >= 0 and not _known(attempt):
            backoff = min(cool_off, FIRST_BACKOFF * 2 ** min(over, 20))
            wait = account.latest + backoff - now
            if wait > timedelta(0):
                return _seconds(wait)
        SignInCount.objects.update_or_create(
            username=attempt.username,
            address=attempt.address,
            defaults={"failures": pair_failures + 1, "latest": now},
        )
        account.failures = account_failures + 1
        account.latest = now
        account.save(update_fields=["failures", "latest"])
    if random.random() < SWEEP_CHANCE:
        sweep(now)
    return 0


def succeeded(attempt: Attempt) -> None:
    """The attempt was right: the pair's count cleared, the account's attempt taken back."""
    with transaction.atomic():
        account = (
            SignInCount.objects.select_for_update()
            .filter(username=attempt.username, address=ACCOUNT)
            .first()
        )
        SignInCount.objects.filter(username=attempt.username, address=attempt.address).delete()
        if account is not None and account.failures > 0:
            account.failures -= 1
            account.save(update_fields=["failures"])


def wait_for(attempt: Attempt, now: datetime | None = None) -> float:
    """The seconds ``attempt`` would wait now (0: it would be counted), counting nothing."""
    with transaction.atomic():
        wait = take(attempt, now)
        transaction.set_rollback(True)
    return wait


def sweep(now: datetime) -> int:
    """Delete the counts that are forgotten anyway."""
    forgotten = Q(address=ACCOUNT, latest__lt=now - settings.SIGN_IN_ACCOUNT_MEMORY) | (
        ~Q(address=ACCOUNT) & Q(latest__lt=now - settings.AXES_COOLOFF_TIME)
    )
    return SignInCount.objects.filter(forgotten).delete()[0]


def _known(attempt: Attempt) -> bool:
    """The account signed in from this address before."""
    return bool(attempt.address) and (
        AccessLog.objects.filter(username=attempt.username, ip_address=attempt.address).exists()
    )


def _seconds(wait: timedelta) -> int:
    return max(1, math.ceil(wait.total_seconds()))


class LockoutHandler(AxesDatabaseHandler):
    """Axes' database handler (its access log makes an address known) with the counts above:
    ``is_allowed``, asked by axes' backend just before the password is checked, takes the
    attempt; the failure is then counted already, and a success gives it back."""

    def is_allowed(self, request, credentials: dict | None = None) -> bool:
        if self.is_blacklisted(request, credentials):
            return False
        if self.is_whitelisted(request, credentials):
            return True
        attempt = Attempt.of(request, credentials)
        if attempt is None:
            return True
        request.sign_in_wait = take(attempt)
        request.sign_in_attempt = attempt if not request.sign_in_wait else None
        return not request.sign_in_wait

    def is_locked(self, request, credentials: dict | None = None) -> bool:
        attempt = Attempt.of(request, credentials)
        return attempt is not None and wait_for(attempt) > 0

    def get_failures(self, request, credentials: dict | None = None) -> int:
        attempt = Attempt.of(request, credentials)
        if attempt is None:
            return 0
        pair = SignInCount.objects.filter(
            username=attempt.username,
            address=attempt.address,
            latest__gt=timezone.now() - settings.AXES_COOLOFF_TIME,
        ).first()
        return pair.failures if pair else 0

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs) -> None:
        """Counted already, when ``is_allowed`` took the attempt (or refused it)."""

    def user_logged_in(self, sender, request, user, **kwargs) -> None:
        super().user_logged_in(sender, request, user, **kwargs)
        attempt_succeeded(request)

    def reset_attempts(self, *, ip_address=None, username=None, ip_or_username=False) -> int:
        """``manage.py axes_reset``, ``axes_reset_ip`` and ``axes_reset_username`` clear these
        counts too (an address: its pairs; a username: all of its counts)."""
        counts = SignInCount.objects.all()
        if ip_or_username:
            counts = counts.filter(Q(address=ip_address or "") | Q(username=username))
        else:
            if ip_address:
                counts = counts.filter(address=ip_address)
            if username:
                counts = counts.filter(username=username)
        cleared = counts.delete()[0]
        return cleared + super().reset_attempts(
            ip_address=ip_address, username=username, ip_or_username=ip_or_username
        )


def attempt_succeeded(request) -> None:
    """The attempt this request took was right (a sign-in, or a password checked again):
    given back, once."""
    attempt = getattr(request, "sign_in_attempt", None)
    if attempt is not None:
        request.sign_in_attempt = None
        succeeded(attempt)


def lockout_page(request, original_response=None, credentials=None):
    """The admin's refusal (axes' ``AXES_LOCKOUT_CALLABLE``): a 429 page saying the wait, and
    the same wait as ``Retry-After``."""
    wait = getattr(request, "sign_in_wait", 0) or int(settings.AXES_COOLOFF_TIME.total_seconds())
    context = {"wait": wait, "wait_minutes": math.ceil(wait / 60), "sign_in": True}
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response
