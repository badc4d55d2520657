"""The sign-in lockout, django-axes' database handler with an account-wide backoff.

Two limits, both counted in axes' own table (never evicted, shared by every worker):

* one username from one client address (``AXES_LOCKOUT_PARAMETERS``): after
  ``AXES_FAILURE_LIMIT`` failures that pair is refused for ``AXES_COOLOFF_TIME``;
* one username from everywhere: after ``SIGN_IN_ACCOUNT_FAILURE_LIMIT`` failures over all
  addresses within the cool-off, the account backs off: it is refused from any address it has
  never signed in from, for a wait that doubles with each further failure (at most the
  cool-off), counted from the latest failure. Addresses the account signed in from before
  (axes' access log) are never refused by this rule, so a stranger who guesses from many
  addresses slows the guessing down without locking the owner out of their usual place.
"""

from __future__ import annotations

from datetime import timedelta

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.db.models import Max, Sum
from django.utils import timezone


class AccountBackoffHandler(AxesDatabaseHandler):
    def is_locked(self, request, credentials: dict | None = None) -> bool:
        return super().is_locked(request, credentials) or account_backoff(request, credentials) > 0


def account_backoff(request, credentials: dict | None) -> float:
    """Seconds left before this username may be tried again from this request's address for
    the account-wide rule (0: not backing off)."""
    username = get_client_username(request, credentials)
    cool_off = get_cool_off(request)
    if not username or cool_off is None:
        return 0
    now = timezone.now()
    failures = AccessAttempt.objects.filter(username=username, attempt_time__gte=now - cool_off)
    seen = failures.aggregate(total=Sum("failures_since_start"), latest=Max("attempt_time"))
    over = (seen["total"] or 0) - settings.SIGN_IN_ACCOUNT_FAILURE_LIMIT
    if over < 0:
        return 0
    known = AccessLog.objects.filter(username=username, ip_address=request.axes_ip_address)
    if known.exists():
        return 0
    wait = min(cool_off, timedelta(minutes=1) * 2 ** min(over, 20))
    return max(0.0, (seen["latest"] + wait - now).total_seconds())
