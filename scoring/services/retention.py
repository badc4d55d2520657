"""What is kept about people for a set time only (issue 55, point 4): sign-in records (axes'
attempts, access and failure logs, each with the client's IP address, and the lockout's
counts), expired or revoked invitations, and used, voided or expired password reset links are
deleted once ``HEARTS_RETENTION`` (``HEARTS_RETENTION_DAYS``, 90 by default) has passed.

``manage.py sweep`` (every minute) calls ``queue_purge``, which queues ``purge_expired_task``
at most once every ``PURGE_EVERY`` (a mark in the shared cache), and a task worker of the
``ratings`` queue runs it. A purge run twice deletes nothing more.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django_tasks import task

from hearts_site.tasks.queue import RATINGS
from scoring.models import Invitation, PasswordResetLink, SignInCount
from scoring.services import signin_guard

PURGE_EVERY = timedelta(hours=1)
QUEUED_MARK = "retention:purge-queued"


def past_retention(now: datetime) -> dict[str, Q]:
    """What is past the retention at ``now``, by kind: the rows each purge deletes."""
    cutoff = now - settings.HEARTS_RETENTION
    return {
        "sign_in_attempts": Q(attempt_time__lt=cutoff),
        "sign_ins": Q(attempt_time__lt=cutoff) & (Q(logout_time=None) | Q(logout_time__lt=cutoff)),
        "sign_in_failures": Q(attempt_time__lt=cutoff),
        "sign_in_counts": Q(latest__lt=cutoff),
        # Unused and expired, or revoked: an accepted invitation is the record of a joining.
        "invitations": Q(accepted_at=None, expires_at__lt=cutoff) | Q(revoked_at__lt=cutoff),
        # Every link expires within hours of being made, used or not.
        "reset_links": Q(expires_at__lt=cutoff) | Q(used_at__lt=cutoff) | Q(voided_at__lt=cutoff),
    }


KINDS = {
    "sign_in_attempts": AccessAttempt,
    "sign_ins": AccessLog,
    "sign_in_failures": AccessFailureLog,
    "sign_in_counts": SignInCount,
    "invitations": Invitation,
    "reset_links": PasswordResetLink,
}


@transaction.atomic
def purge_expired(now: datetime | None = None) -> dict[str, int]:
    """Delete what is past the retention, in one transaction; how many rows of each kind went.
    The lockout's counts also go once forgotten anyway (``signin_guard.sweep``: after the
    cool-off, or the account's memory)."""
    now = now or timezone.now()
    gone = {
        kind: KINDS[kind].objects.filter(rule).delete()[1].get(KINDS[kind]._meta.label, 0)
        for kind, rule in past_retention(now).items()
    }
    gone["sign_in_counts"] += signin_guard.sweep(now)
    return gone


@task(queue_name=RATINGS)
def purge_expired_task() -> dict[str, int]:
    """The queued purge, with the re-ratings: never behind a webhook delivery."""
    return purge_expired()


def queue_purge() -> bool:
    """Queue the purge unless one was queued within ``PURGE_EVERY``; whether it was queued."""
    if not cache.add(QUEUED_MARK, True, timeout=PURGE_EVERY.total_seconds()):
        return False
    purge_expired_task.enqueue()
    return True
