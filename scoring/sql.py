"""The project's hand-written SQL: every statement in one place, run through ``_run``.

Everything else reads and writes through the ORM. A statement stays here only while
``make bench`` shows it worth at least 10% of its endpoint's figure (bench/RESULTS.md,
"Hand-written SQL"); each says what it must return, and tests/scoring/test_sql.py pins that
against the ORM's answer. The statements are built once per database vendor from the models'
table and column names, so a renamed column follows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from django.db import connection, transaction

from scoring.models import Club, Game, League, WriteCount


def _run(statement: Callable[[str], str], params: list[Any]) -> list[tuple]:
    """The rows of ``statement`` (built once for this connection's vendor) with ``params``."""
    with connection.cursor() as cursor:
        cursor.execute(statement(connection.vendor), params)
        return cursor.fetchall() if cursor.description else []


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _table(model) -> str:
    return _quote(model._meta.db_table)


def _column(model, name: str) -> str:
    return _quote(model._meta.get_field(name).column)


# --- A game's and a league's version: what a kept body or a 304 needs ------------------------


@cache
def _game_version(vendor: str) -> str:
    g, c = (lambda n: _column(Game, n)), (lambda n: _column(Club, n))
    return (
        f"SELECT g.{g('club')}, c.{c('is_public')}, g.{g('version')}, g.{g('updated_at')} "
        f"FROM {_table(Game)} g JOIN {_table(Club)} c ON c.{c('id')} = g.{g('club')} "
        f"WHERE g.{g('id')} = %s"
    )


def game_version_row(game_id: int) -> tuple[int, bool, int, str] | None:
    """(club id, club is public, game version, time of the game's last write as text) of the
    game, or None for no such game: the same as ``Game.objects.filter(pk=...).values_list(
    "club_id", "club__is_public", "version", "updated_at")`` but for the time's type."""
    found = _run(_game_version, [game_id])
    if not found:
        return None
    club_id, is_public, version, changed = found[0]
    return club_id, bool(is_public), version, str(changed)


@cache
def _league_version(vendor: str) -> str:
    lg, c = (lambda n: _column(League, n)), (lambda n: _column(Club, n))
    return (
        f"SELECT l.{lg('club')}, c.{c('is_public')}, c.{c('results_version')}, "
        f"l.{lg('ranking')} FROM {_table(League)} l "
        f"JOIN {_table(Club)} c ON c.{c('id')} = l.{lg('club')} WHERE l.{lg('id')} = %s"
    )


def league_version_row(league_id: int) -> tuple[int, bool, str, Any] | None:
    """(club id, club is public, club's results version, league's declared ranking as
    stored) of the league, or None for no such league."""
    found = _run(_league_version, [league_id])
    if not found:
        return None
    club_id, is_public, results_version, ranking = found[0]
    declared = json.loads(ranking) if isinstance(ranking, str | bytes) else ranking
    return club_id, bool(is_public), results_version, declared


# --- The write throttle's count ---------------------------------------------------------------


@cache
def _count_write(vendor: str) -> str:
    table = _table(WriteCount)
    key, bucket, hits = (_column(WriteCount, n) for n in ("key", "bucket", "hits"))
    return (
        f"INSERT INTO {table} ({key}, {bucket}, {hits}) VALUES (%s, %s, 1) "
        f"ON CONFLICT ({key}) DO UPDATE SET {hits} = CASE "
        f"WHEN {table}.{bucket} = excluded.{bucket} THEN {table}.{hits} + 1 ELSE 1 END, "
        f"{bucket} = excluded.{bucket} RETURNING {hits}"
    )


def count_write(key: str, bucket: int) -> int:
    """One more write for ``key`` in window ``bucket``: the count so far, this one included.

    One UPSERT, atomic on SQLite (3.35+) and PostgreSQL alike, so two racing writes can never
    both take the last slot; the ORM has no statement that counts and answers at once. On
    SQLite in a transaction of its own, so that it queues with the other writers on the
    backend's writer lock (hearts_site/sqlite_backend) instead of in SQLite's busy handler."""
    if connection.vendor == "sqlite":
        with transaction.atomic():
            return _run(_count_write, [key, bucket])[0][0]
    return _run(_count_write, [key, bucket])[0][0]
