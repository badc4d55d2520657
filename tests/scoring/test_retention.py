"""Retention (issue 55, point 4): sign-in records with their IP addresses, expired or revoked
invitations and spent password reset links are deleted once ``HEARTS_RETENTION`` has passed;
newer ones, open invitations and accepted ones stay. ``manage.py sweep`` queues the purge at
most once an hour, and the task worker runs it."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from scoring import services
from scoring.models import Invitation, PasswordResetLink, SignInCount
from scoring.services import retention

pytestmark = pytest.mark.django_db

PURGE_TASK = "scoring.services.retention.purge_expired_task"


@pytest.fixture(autouse=True)
def _ninety_days(settings):
    settings.HEARTS_RETENTION = timedelta(days=90)
    cache.delete(retention.QUEUED_MARK)


def days_ago(days: float):
    return timezone.now() - timedelta(days=days)


def sign_in_records(days: float, name: str) -> None:
    """One of each kind of sign-in record, ``days`` old, for ``name`` from 203.0.113.7."""
    when, address = days_ago(days), "203.0.113.7"
    common = {"username": name, "ip_address": address, "user_agent": "phone"}
    rows = [
        AccessAttempt.objects.create(**common, failures_since_start=1),
        AccessLog.objects.create(**common),
        AccessFailureLog.objects.create(**common),
    ]
    for row in rows:
        type(row).objects.filter(pk=row.pk).update(attempt_time=when)
    SignInCount.objects.create(username=name, address="*", failures=1, latest=when)


def usernames(model) -> set[str]:
    return set(model.objects.values_list("username", flat=True))


def test_sign_in_records_older_than_the_retention_go_and_newer_ones_stay(settings):
    settings.SIGN_IN_ACCOUNT_MEMORY = timedelta(days=365)  # the lockout forgets nothing sooner
    sign_in_records(91, "old")
    sign_in_records(89, "recent")
    AccessLog.objects.filter(username="recent").update(logout_time=days_ago(88))

    gone = retention.purge_expired()

    for model in (AccessAttempt, AccessLog, AccessFailureLog, SignInCount):
        assert usernames(model) == {"recent"}, model
    assert gone["sign_ins"] == gone["sign_in_attempts"] == gone["sign_in_failures"] == 1
    assert gone["sign_in_counts"] == 1


def test_a_sign_in_whose_session_ended_within_the_retention_stays(settings):
    sign_in_records(100, "long-session")
    AccessLog.objects.update(logout_time=days_ago(10))
    retention.purge_expired()
    assert usernames(AccessLog) == {"long-session"}
    assert not AccessAttempt.objects.exists()


def test_the_retention_follows_the_setting(settings):
    sign_in_records(20, "three-weeks")
    retention.purge_expired()
    assert usernames(AccessLog) == {"three-weeks"}
    settings.HEARTS_RETENTION = timedelta(days=14)
    retention.purge_expired()
    assert not AccessLog.objects.exists()


def invitation(public_club, owner, *, expired_days_ago: float, **state) -> Invitation:
    made, _ = services.create_invitation(club=public_club, role="member", actor=owner)
    Invitation.objects.filter(pk=made.pk).update(expires_at=days_ago(expired_days_ago), **state)
    return made


def test_invitations_expired_or_revoked_past_the_retention_go_and_the_rest_stay(
    public_club, owner, outsider
):
    expired_long_ago = invitation(public_club, owner, expired_days_ago=91)
    revoked_long_ago = invitation(public_club, owner, expired_days_ago=-7, revoked_at=days_ago(95))
    expired_lately = invitation(public_club, owner, expired_days_ago=30)
    revoked_lately = invitation(public_club, owner, expired_days_ago=85, revoked_at=days_ago(89))
    still_open = invitation(public_club, owner, expired_days_ago=-7)
    accepted = invitation(
        public_club, owner, expired_days_ago=200, accepted_at=days_ago(206), accepted_by=outsider
    )

    assert retention.purge_expired()["invitations"] == 2

    kept = set(Invitation.objects.values_list("pk", flat=True))
    assert kept == {expired_lately.pk, revoked_lately.pk, still_open.pk, accepted.pk}
    assert not kept & {expired_long_ago.pk, revoked_long_ago.pk}


def reset_link(owner, member, public_club, *, made_days_ago: float, **state) -> int:
    link, _ = services.make_reset_link(actor=owner, club=public_club, user_id=member.pk)
    when = days_ago(made_days_ago)
    PasswordResetLink.objects.filter(pk=link.pk).update(
        created_at=when, expires_at=when + timedelta(hours=24), **state
    )
    return link.pk


def test_reset_links_used_voided_or_expired_past_the_retention_go_and_newer_ones_stay(
    public_club, owner, member
):
    used_long_ago = reset_link(owner, member, public_club, made_days_ago=120, used_at=days_ago(120))
    voided_long_ago = reset_link(
        owner, member, public_club, made_days_ago=100, voided_at=days_ago(100)
    )
    expired_long_ago = reset_link(owner, member, public_club, made_days_ago=92)
    used_lately = reset_link(owner, member, public_club, made_days_ago=10, used_at=days_ago(10))
    expired_lately = reset_link(owner, member, public_club, made_days_ago=60)
    open_now = reset_link(owner, member, public_club, made_days_ago=0)

    assert retention.purge_expired()["reset_links"] == 3

    kept = set(PasswordResetLink.objects.values_list("pk", flat=True))
    assert kept == {used_lately, expired_lately, open_now}
    assert not kept & {used_long_ago, voided_long_ago, expired_long_ago}


def test_a_second_purge_deletes_nothing_more():
    sign_in_records(91, "old")
    retention.purge_expired()
    assert set(retention.purge_expired().values()) == {0}


def test_the_sweep_queues_the_purge_once_an_hour_and_the_worker_runs_it():
    sign_in_records(91, "old")
    call_command("sweep", stdout=io.StringIO())
    call_command("sweep", stdout=io.StringIO())  # a minute later: already queued this hour
    queued = DBTaskResult.objects.get(task_path=PURGE_TASK)
    assert queued.queue_name == "ratings"
    assert usernames(AccessLog) == {"old"}  # queued, not yet run

    retention.purge_expired_task.call()

    assert not AccessLog.objects.exists()
    cache.delete(retention.QUEUED_MARK)  # the hour has passed
    call_command("sweep", stdout=io.StringIO())
    assert DBTaskResult.objects.filter(task_path=PURGE_TASK).count() == 2
