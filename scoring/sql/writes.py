"""The hand-written writes: an INSERT or UPDATE built once per model, and many rows at once."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.db import connection, connections
from django.db.models import Model

from scoring.sql.core import _execute, _quote, _table

# --- A hand entry's write: the statements inside SQLite's one writer lock ---------------------
#
# The ORM compiles an INSERT or an UPDATE anew each time, and a hand entry compiles three inside
# its write transaction, where on SQLite every other writer waits for it. These are built once
# per model and field list, and run with the fields' own conversions (``pre_save``,
# ``get_db_prep_save``), so what is stored is what ``save()`` stores. No signals are sent (the
# project connects none: its rules live in the services).

_writes: dict[tuple, tuple[str, list, list]] = {}


def insert(obj: Model) -> None:
    """INSERT ``obj`` as ``obj.save()`` would a new row: auto fields set, primary key read
    back. Not for a model with parent tables or fields with their own SQL placeholder."""
    insert_prepared(obj, prepared_row(obj))


def prepared_row(obj: Model) -> list[Any]:
    """What ``insert`` stores of ``obj``, converted for the database (auto fields set now):
    work that can be done before the write's transaction."""
    fields = _insert_statement(type(obj))[1]
    db = connections[connection.alias]  # the proxy resolved once, not in every field's call
    return [f.get_db_prep_save(f.pre_save(obj, True), db) for f in fields]


def insert_prepared(obj: Model, row: list[Any], **late: Any) -> None:
    """INSERT ``row`` (``prepared_row(obj)``) as ``obj``'s row, with the fields named in
    ``late`` (plain values, known only in the transaction) set on both; the key read back."""
    statement, fields, _ = _insert_statement(type(obj))
    for index, field in enumerate(fields):
        if field.name in late:
            row[index] = late[field.name]
            setattr(obj, field.attname, late[field.name])
    rows = _execute(statement, row).rows
    if obj._meta.auto_field is not None:
        ((obj.pk,),) = rows
    obj._state.adding = False
    obj._state.db = connection.alias


def _insert_statement(model: type[Model]) -> tuple[str, list, list]:
    key = ("insert", model, connection.vendor)
    if key not in _writes:
        meta = model._meta
        if meta.parents or any(hasattr(f, "get_placeholder") for f in meta.concrete_fields):
            raise TypeError(f"{model.__name__}: not a plain table")
        # The key is the database's to give when it is an auto field (read back), else the
        # row's own (a UUID made by its default, say).
        fields = [f for f in meta.local_concrete_fields if f is not meta.auto_field]
        columns = ", ".join(_quote(f.column) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        statement = f"INSERT INTO {_table(model)} ({columns}) VALUES ({marks})"
        if meta.auto_field is not None:
            statement += f" RETURNING {_quote(meta.auto_field.column)}"
        _writes[key] = (statement, fields, [])
    return _writes[key]


def update(obj: Model, fields: Sequence[str], where: Mapping[str, Any]) -> int:
    """UPDATE ``obj``'s row as ``obj.save(update_fields=fields)`` would (auto_now fields among
    them set), only if the row still holds the values ``where`` names (a version read before,
    say); returns the rows changed: 0 when another write moved the row meanwhile."""
    model = type(obj)
    key = ("update", model, tuple(fields), tuple(where), connection.vendor)
    if key not in _writes:
        meta = model._meta
        chosen = [meta.get_field(name) for name in fields]
        guards = [meta.get_field(name) for name in where]
        if any(hasattr(f, "get_placeholder") for f in chosen + guards):
            raise TypeError(f"{model.__name__}: a field with its own placeholder")
        assignments = ", ".join(f"{_quote(f.column)} = %s" for f in chosen)
        conditions = "".join(f" AND {_quote(f.column)} = %s" for f in guards)
        _writes[key] = (
            f"UPDATE {_table(model)} SET {assignments} "
            f"WHERE {_quote(meta.pk.column)} = %s{conditions}",
            chosen,
            guards,
        )
    statement, chosen, guards = _writes[key]
    db = connections[connection.alias]
    params = [f.get_db_prep_save(f.pre_save(obj, False), db) for f in chosen]
    params.append(obj._meta.pk.get_db_prep_value(obj.pk, db))
    params.extend(f.get_db_prep_value(where[f.name], db) for f in guards)
    return _execute(statement, params).changed


# --- Many rows at once: a re-rating's events ---------------------------------------------------
#
# A re-rating from a club's first game writes a row per seat of every game after it. Building a
# model instance per row and letting ``bulk_create`` compile batches of placeholders costs more
# than the rating itself; PostgreSQL takes the rows in one binary COPY, SQLite in one prepared
# statement run for each row. Only plain columns are written (numbers, and datetimes converted
# as the field converts them), so a row stored here reads back as the ORM would have stored it.


def insert_rows(
    model: type[Model], fields: Sequence[str], rows: Sequence[Sequence[Any]], batch: int = 20_000
) -> None:
    """INSERT one row of ``model`` per tuple of ``rows`` (values in the order of ``fields``,
    primary key left to the database), as ``bulk_create`` of the same values would store them;
    ``batch`` rows a statement, so each stays well inside the statement timeout."""
    meta = model._meta
    chosen = [meta.get_field(name) for name in fields]
    converters = [_prepared(f) for f in chosen]
    if any(converters):
        rows = [
            tuple(v if c is None else c(v) for v, c in zip(row, converters, strict=True))
            for row in rows
        ]
    columns = ", ".join(_quote(f.column) for f in chosen)
    if connection.vendor == "postgresql":
        types = [f.db_type(connection) for f in chosen]
        statement = f"COPY {_table(model)} ({columns}) FROM STDIN (FORMAT BINARY)"
        for start in range(0, len(rows), batch):
            _execute(statement, rows[start : start + batch], copy=types)
        return
    marks = ", ".join(["%s"] * len(chosen))
    statement = f"INSERT INTO {_table(model)} ({columns}) VALUES ({marks})"
    for start in range(0, len(rows), batch):
        _execute(statement, rows[start : start + batch], many=True)


def _prepared(field) -> Callable[[Any], Any] | None:
    """How a value of ``field`` is made ready for the database, or None where it goes as it is
    (numbers): datetimes are converted as ``get_db_prep_save`` converts them, each distinct
    value once."""
    if field.get_internal_type() not in {"DateTimeField", "DateField"}:
        return None
    if connection.vendor == "postgresql":
        return None  # the binary COPY sends the datetime itself
    seen: dict[Any, Any] = {}

    def prepare(value):
        if value not in seen:
            seen[value] = field.get_db_prep_save(value, connection)
        return seen[value]

    return prepare
