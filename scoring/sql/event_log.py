"""The event log's write: an event numbered in its club and inserted, with a pending delivery for
each of the club's webhook endpoints that wants its type, inside the write that records it
(where SQLite's one writer lock is held). PostgreSQL takes it as one statement, one round trip;
SQLite as two statements, three when an endpoint wants the event (its statements run in this
process: there is no round trip to save)."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from django.db import connection

from scoring.models import Event, EventCounter, WebhookDelivery, WebhookEndpoint
from scoring.sql.core import _column, _execute, _table
from scoring.sql.writes import _insert_statement, insert_prepared, prepared_row


class Appended(NamedTuple):
    woken: bool  # the club's delivery task is queued already (``EventCounter.woken``)
    wake: bool  # an enabled endpoint got a delivery: the club's delivery task is wanted


def append_event(event: Event, row: list[Any]) -> Appended | None:
    """Number ``event`` in its club (the counter moved on by one, its row locked until the
    transaction ends), INSERT it from ``row`` (``prepared_row(event)``), and a new delivery,
    due from the event's time, for each endpoint of the club, enabled or not, whose
    ``event_types`` hold the event's type. None, with nothing written, when the club has no
    counter row yet."""
    delivery = _new_delivery(connection.vendor, row)
    if connection.vendor == "postgresql":
        return _in_one_statement(event, row, delivery)
    rows = _execute(_counter(connection.vendor), [event.club_id, event.club_id, event.type]).rows
    if not rows:
        return None
    ((sequence, woken, wanted),) = rows
    insert_prepared(event, row, sequence=sequence)
    if not wanted:
        return Appended(bool(woken), False)
    statement, endpoint, event_index = _deliveries(connection.vendor)
    values = [event.pk if i == event_index else v for i, v in enumerate(delivery)]
    del values[endpoint]
    made = _execute(statement, [*values, event.club_id, event.type]).rows
    return Appended(bool(woken), any(enabled for (enabled,) in made))


def mark_woken(club_id: int) -> None:
    """The club's counter row marked ``woken`` (its delivery task queued), as
    ``EventCounter.objects.filter(club_id=…).update(woken=True)`` marks it, the statement built
    once."""
    _execute(_woken(connection.vendor), [True, club_id])


@cache
def _woken(vendor: str) -> str:
    c = lambda n: _column(EventCounter, n)  # noqa: E731
    return f"UPDATE {_table(EventCounter)} SET {c('woken')} = %s WHERE {c('club')} = %s"


def _in_one_statement(event: Event, row: list[Any], delivery: list[Any]) -> Appended | None:
    statement, sequence, endpoint, event_index = _one_statement(connection.vendor)
    values = [v for i, v in enumerate(row) if i != sequence]
    shared = [v for i, v in enumerate(delivery) if i not in (endpoint, event_index)]
    rows = _execute(statement, [event.club_id, *values, *shared, event.club_id, event.type]).rows
    if not rows:
        return None
    ((pk, number, woken, wake),) = rows
    event.pk, event.sequence = pk, number
    event._state.adding = False
    event._state.db = connection.alias
    return Appended(woken, wake)


def _new_delivery(vendor: str, event_row: list[Any]) -> list[Any]:
    """What ``prepared_row`` gives of a new ``WebhookDelivery``, due at the event's time: its
    other fields are the same for every delivery (their defaults), worked out once."""
    delivery, due = _delivery_defaults(vendor)
    delivery = list(delivery)
    delivery[due] = event_row[_event_time(vendor)]
    return delivery


@cache
def _delivery_defaults(vendor: str) -> tuple[list[Any], int]:
    names = [f.name for f in _insert_statement(WebhookDelivery)[1]]
    return prepared_row(WebhookDelivery()), names.index("next_attempt_at")


@cache
def _event_time(vendor: str) -> int:
    return [f.name for f in _insert_statement(Event)[1]].index("at")


def _wants(w: str) -> str:
    """SQL: endpoint ``w`` is the club's (the first ``%s``) and wants the type (the second)."""
    types = f"{w}.{_column(WebhookEndpoint, 'event_types')}"
    if connection.vendor == "postgresql":
        wanted = f"{types} @> jsonb_build_array(%s::text)"
    else:
        wanted = f"EXISTS (SELECT 1 FROM json_each({types}) t WHERE t.value = %s)"
    return f"{w}.{_column(WebhookEndpoint, 'club')} = %s AND {wanted}"


@cache
def _counter(vendor: str) -> str:
    """SQLite: the counter moved on, answering its new value, ``woken`` and whether an
    endpoint of the club wants the type."""
    c = lambda n: _column(EventCounter, n)  # noqa: E731
    wanted = f"EXISTS (SELECT 1 FROM {_table(WebhookEndpoint)} w WHERE {_wants('w')})"
    return (
        f"UPDATE {_table(EventCounter)} SET {c('last')} = {c('last')} + 1 "
        f"WHERE {c('club')} = %s RETURNING {c('last')}, {c('woken')}, {wanted}"
    )


@cache
def _deliveries(vendor: str) -> tuple[str, int, int]:
    """SQLite: the INSERT of the deliveries, answering whether each one's endpoint is enabled;
    and where the endpoint and the event are in a delivery's prepared row."""
    names = [f.name for f in _insert_statement(WebhookDelivery)[1]]
    endpoint, event = names.index("endpoint"), names.index("event")
    values = ["%s"] * len(names)
    values[endpoint] = f"w.{_column(WebhookEndpoint, 'id')}"
    # RETURNING names the inserted table's columns alone: the endpoint's flag by a subquery.
    enabled = (
        f"(SELECT x.{_column(WebhookEndpoint, 'enabled')} FROM {_table(WebhookEndpoint)} x "
        f"WHERE x.{_column(WebhookEndpoint, 'id')} = {_column(WebhookDelivery, 'endpoint')})"
    )
    statement = (
        f"INSERT INTO {_table(WebhookDelivery)} ({_columns(WebhookDelivery, names)}) "
        f"SELECT {', '.join(values)} FROM {_table(WebhookEndpoint)} w WHERE {_wants('w')} "
        f"RETURNING {enabled}"
    )
    return statement, endpoint, event


@cache
def _one_statement(vendor: str) -> tuple[str, int, int, int]:
    """PostgreSQL: the counter, the event and its deliveries, each a data-modifying CTE,
    answering the event's key and number, ``woken``, and whether an enabled endpoint got a
    delivery (no row when the club has no counter); and where the event's number, and a
    delivery's endpoint and event, are in the prepared rows (the statement gives them)."""
    c = lambda n: _column(EventCounter, n)  # noqa: E731
    w = lambda n: _column(WebhookEndpoint, n)  # noqa: E731
    events = [f.name for f in _insert_statement(Event)[1]]
    deliveries = [f.name for f in _insert_statement(WebhookDelivery)[1]]
    sequence = events.index("sequence")
    endpoint, event = deliveries.index("endpoint"), deliveries.index("event")
    event_values = ["%s"] * len(events)
    event_values[sequence] = f"n.{c('last')}"
    delivery_values = ["%s"] * len(deliveries)
    delivery_values[endpoint], delivery_values[event] = f"w.{w('id')}", "e.id"
    d_endpoint = _column(WebhookDelivery, "endpoint")
    statement = (
        f"WITH n AS (UPDATE {_table(EventCounter)} SET {c('last')} = {c('last')} + 1 "
        f"WHERE {c('club')} = %s RETURNING {c('last')}, {c('woken')}), "
        f"e AS (INSERT INTO {_table(Event)} ({_columns(Event, events)}) "
        f"SELECT {', '.join(event_values)} FROM n "
        f"RETURNING {_column(Event, 'id')} AS id, {_column(Event, 'sequence')} AS number), "
        f"d AS (INSERT INTO {_table(WebhookDelivery)} ({_columns(WebhookDelivery, deliveries)}) "
        f"SELECT {', '.join(delivery_values)} FROM e, {_table(WebhookEndpoint)} w "
        f"WHERE {_wants('w')} RETURNING {d_endpoint}) "
        f"SELECT e.id, e.number, n.{c('woken')}, EXISTS (SELECT 1 FROM d "
        f"JOIN {_table(WebhookEndpoint)} x ON x.{w('id')} = d.{d_endpoint} "
        f"WHERE x.{w('enabled')}) FROM e, n"
    )
    return statement, sequence, endpoint, event


def _columns(model, names: list[str]) -> str:
    return ", ".join(_column(model, name) for name in names)
