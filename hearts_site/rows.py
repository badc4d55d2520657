"""Model rows read and written through statements built once, for the few statements every
hand entry and every signed-in request runs.

The ORM builds each statement anew: for an INSERT, an UPDATE of a few fields or a raw query
it compiles the SQL, and for a raw query it matches the cursor's columns to the model's fields
and looks up their converters, every time. On a hand entry that building was about 0.9 of its
2.2 ms CPU (pyinstrument, bench/profile_requests.py), where the database ran the statements in
a fraction of it. Here the statement and the column plan are built once per model, field list
and database, and each call only converts the values, by the fields' own methods
(``pre_save``, ``get_db_prep_save``, the read converters), as the ORM would: what is stored
and what comes back are the ORM's.

Signals are not sent (the project connects none: its rules live in services).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model

M = TypeVar("M", bound=Model)

_inserts: dict[tuple, tuple[str, list]] = {}
_updates: dict[tuple, tuple[str, list]] = {}
_plans: dict[tuple, tuple] = {}


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _insert_statement(model: type[Model], with_pk: bool) -> tuple[str, list]:
    key = (model, with_pk, connection.vendor)
    found = _inserts.get(key)
    if found is None:
        meta = model._meta
        if meta.parents:  # its parents' rows would be left out
            raise TypeError(f"{model.__name__} inherits another table")
        fields = [
            f
            for f in meta.local_concrete_fields
            if (with_pk or f is not meta.pk) and not getattr(f, "generated", False)
        ]
        if any(hasattr(f, "get_placeholder") for f in fields):  # not for such fields
            raise TypeError(f"{model.__name__} has a field with its own placeholder")
        columns = ", ".join(_quote(f.column) for f in fields)
        values = ", ".join(["%s"] * len(fields))
        sql = (
            f"INSERT INTO {_quote(meta.db_table)} ({columns}) VALUES ({values}) "
            f"RETURNING {_quote(meta.pk.column)}"
        )
        found = _inserts[key] = (sql, fields)
    return found


def insert(obj: Model) -> None:
    """INSERT ``obj`` as ``obj.save()`` would a new row (its auto fields set, its primary key
    read back), with the statement built once."""
    sql, fields = _insert_statement(type(obj), obj.pk is not None)
    params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        (pk,) = cursor.fetchone()
    if obj.pk is None:
        obj.pk = pk
    obj._state.adding = False
    obj._state.db = connection.alias


def update(obj: Model, fields: Sequence[str], where: Mapping[str, Any] | None = None) -> int:
    """UPDATE ``obj``'s row as ``obj.save(update_fields=fields)`` would (auto_now fields among
    them set), with the statement built once; returns the rows changed. ``where``: further
    fields the row must still hold, as stored, for the UPDATE to touch it (a version read
    before, say: 0 rows changed when another write moved it)."""
    guards = tuple(where or ())
    key = (type(obj), tuple(fields), guards, connection.vendor)
    found = _updates.get(key)
    if found is None:
        meta = obj._meta
        chosen = [meta.get_field(name) for name in fields]
        guarded = [meta.get_field(name) for name in guards]
        if any(hasattr(f, "get_placeholder") for f in chosen + guarded):
            raise TypeError(f"{type(obj).__name__} has a field with its own placeholder")
        assignments = ", ".join(f"{_quote(f.column)} = %s" for f in chosen)
        conditions = "".join(f" AND {_quote(f.column)} = %s" for f in guarded)
        sql = (
            f"UPDATE {_quote(meta.db_table)} SET {assignments} "
            f"WHERE {_quote(meta.pk.column)} = %s{conditions}"
        )
        found = _updates[key] = (sql, chosen, guarded)
    sql, chosen, guarded = found
    params = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in chosen]
    params.append(obj._meta.pk.get_db_prep_value(obj.pk, connection))
    params.extend(f.get_db_prep_value(where[f.name], connection) for f in guarded)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def fetch(model: type[M], sql: str, params: Iterable[Any]) -> list[M]:
    """The rows of a raw query as instances, as ``model.objects.raw(sql, params)`` gives them:
    a column named as a field's column fills that field (converted as the ORM converts it),
    any other column is set as an attribute as it came. How the columns map is worked out
    once per statement, and kept: for statements of fixed text, with parameters."""
    with connection.cursor() as cursor:
        cursor.execute(sql, list(params))
        rows = cursor.fetchall()
        key = (model, sql, connection.vendor)
        plan = _plans.get(key)
        if plan is None:
            columns = [column[0] for column in cursor.description]
            plan = _plans[key] = _plan(model, columns)
    names, positions, converters, extras = plan
    alias = connection.alias
    found = []
    for row in rows:
        values = [row[position] for position in positions]
        for index, convert in converters:
            values[index] = convert(values[index])
        instance = model.from_db(alias, names, values)
        for name, position in extras:
            setattr(instance, name, row[position])
        found.append(instance)
    return found


def _plan(model: type[Model], columns: list[str]) -> tuple:
    by_column = {f.column: f for f in model._meta.concrete_fields}
    chosen = [(by_column[c], i) for i, c in enumerate(columns) if c in by_column]
    # from_db takes the fields in the model's order, whatever order the table's columns are in.
    order = {f: n for n, f in enumerate(model._meta.concrete_fields)}
    chosen.sort(key=lambda pair: order[pair[0]])
    names = [f.attname for f, _ in chosen]
    positions = [i for _, i in chosen]
    converters: list[tuple[int, Callable[[Any], Any]]] = []
    for index, (field, _) in enumerate(chosen):
        expression = field.get_col(model._meta.db_table)
        steps = connection.ops.get_db_converters(expression) + field.get_db_converters(connection)
        if steps:
            converters.append((index, _chain(steps, expression)))
    extras = [(c, i) for i, c in enumerate(columns) if c not in by_column]
    return names, positions, converters, extras


def _chain(steps: list, expression) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        for step in steps:
            value = step(value, expression, connection)
        return value

    return convert
