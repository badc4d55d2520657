"""Erasures (issue 55, point 2): a club's record of the people forgotten, without their
names, for its directors: who asked (a role), when, the pseudonym their results carry, what
went, and the webhook deliveries already sent that named them (their receivers may keep the
name: the directors ask them to forget it)."""

from __future__ import annotations

from django.db.models import QuerySet

from scoring.models import Club, Erasure

SHOWN = 50  # the newest a page or an answer lists


def club_erasures(club: Club) -> QuerySet[Erasure]:
    """The club's erasures, newest first, in one query."""
    return Erasure.objects.filter(club=club).order_by("-at", "-id")


def erasure_deliveries(erasure: Erasure) -> list[dict]:
    """The deliveries the erasure listed, each with its endpoint's URL and the event's
    number and type, in event order (kept on the record: the events no longer name anyone)."""
    return sorted(erasure.delivered, key=lambda row: (row["event"] or 0, row["endpoint"]))
