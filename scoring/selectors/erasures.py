"""Erasures (issue 55, point 2): a club's record of the people forgotten, without their
names, for its directors: who asked (a role), when, the pseudonym their results carry, what
went, and the webhook deliveries already sent that named them (their receivers may keep the
name: the directors ask them to forget it)."""

from __future__ import annotations

from django.db.models import QuerySet

from scoring.models import Club, Erasure, EventType

ERASURES_SHOWN = 50  # the newest a page lists


def club_erasures(club: Club) -> QuerySet[Erasure]:
    """The club's erasures, newest first, in one query."""
    return Erasure.objects.filter(club=club).order_by("-at", "-id")


def erasure_deliveries(erasure: Erasure) -> list[dict]:
    """The deliveries the erasure listed, each with its endpoint's URL, the event's number and
    type, and the type's words (``what``), in event order (kept on the record: the events no
    longer name anyone)."""
    rows = sorted(erasure.delivered, key=lambda row: (row["event"] or 0, row["endpoint"]))
    return [{**row, "what": _words(row["type"])} for row in rows]


def _words(kind: str) -> str:
    return EventType(kind).label if kind in EventType.values else kind
