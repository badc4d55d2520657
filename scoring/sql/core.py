"""Where every hand-written statement runs, and how it names tables and columns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from django.db import connection


class _Result(NamedTuple):
    rows: list[tuple]
    columns: list[str]
    changed: int


def _execute(
    sql: str, params: Sequence[Any], *, many: bool = False, copy: Sequence[str] = ()
) -> _Result:
    """The one place a hand-written statement runs: ``params`` once, or each of them with
    ``many``, or (PostgreSQL) each as a row of a binary ``COPY … FROM STDIN`` whose columns
    have the database types ``copy``; its rows, their column names and the rows it changed."""
    with connection.cursor() as cursor:
        if copy:
            with cursor.cursor.copy(sql) as writer:
                writer.set_types(list(copy))
                for row in params:
                    writer.write_row(row)
            return _Result([], [], len(params))
        if many:
            cursor.executemany(sql, params)
        else:
            cursor.execute(sql, params)
        described = cursor.description
        rows = cursor.fetchall() if described else []
        return _Result(rows, [column[0] for column in described or ()], cursor.rowcount)


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _table(model) -> str:
    return _quote(model._meta.db_table)


def _column(model, name: str) -> str:
    return _quote(model._meta.get_field(name).column)
