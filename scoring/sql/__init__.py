"""The project's hand-written SQL: the reads here, the writes in ``writes``, the event log's in
``event_log``, all run through ``core._execute``.

Everything else reads and writes through the ORM. A statement stays here only while
``make bench`` shows it worth at least 10% of its endpoint's figure (bench/RESULTS.md,
"Hand-written SQL"); each says what it must return, and tests/scoring/test_sql.py pins that
against the ORM's answer. The statements are built once per database vendor from the models'
table and column names, so a renamed column follows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from functools import cache
from itertools import chain
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Model

from scoring.models import (
    Club,
    DeviceToken,
    Game,
    GameSeat,
    Hand,
    League,
    Membership,
    WriteCount,
)
from scoring.models.counts import HAND_COUNTS
from scoring.sql.core import _column, _execute, _quote, _table
from scoring.sql.event_log import Appended, append_event, mark_woken
from scoring.sql.tasks import queue_task
from scoring.sql.writes import insert, insert_prepared, insert_rows, prepared_row, update

__all__ = [
    "Appended",
    "add_to_seats",
    "append_event",
    "count_write",
    "game_version_row",
    "game_with_last_hand",
    "insert",
    "insert_prepared",
    "insert_rows",
    "league_version_row",
    "mark_woken",
    "prepared_row",
    "queue_task",
    "roles_of",
    "update",
    "user_of_token",
]


def _run(statement: Callable[[str], str], params: list[Any]) -> list[tuple]:
    """The rows of ``statement`` (built once for this connection's vendor) with ``params``."""
    return _execute(statement(connection.vendor), params).rows


# How a statement's columns map to its model's fields, worked out once per statement:
# ``Model.objects.raw`` works it out again on every call, a read that every hand entry and
# every signed-in request makes.
_plans: dict[tuple, tuple] = {}


def _instances(model: type[Model], statement: Callable[[str], str], params: list[Any]) -> list:
    """The rows of ``statement`` as instances of ``model``, as ``model.objects.raw`` gives
    them: a column named as a field's column fills that field, converted as the ORM converts
    it; any other column is set as an attribute as the database gave it."""
    sql = statement(connection.vendor)
    result = _execute(sql, params)
    key = (model, sql, connection.vendor)  # converters differ by database
    if key not in _plans:
        _plans[key] = _plan(model, result.columns)
    names, positions, converters, extras = _plans[key]
    found = []
    for row in result.rows:
        values = [row[position] for position in positions]
        for index, convert in converters:
            values[index] = convert(values[index])
        instance = model.from_db(connection.alias, names, values)
        for name, position in extras:
            setattr(instance, name, row[position])
        found.append(instance)
    return found


def _plan(model: type[Model], columns: list[str]) -> tuple:
    by_column = {f.column: f for f in model._meta.concrete_fields}
    order = {f: n for n, f in enumerate(model._meta.concrete_fields)}
    # from_db takes the fields in the model's order, whatever order the columns come in.
    chosen = sorted(
        ((by_column[c], i) for i, c in enumerate(columns) if c in by_column),
        key=lambda pair: order[pair[0]],
    )
    converters = []
    for index, (field, _) in enumerate(chosen):
        expression = field.get_col(model._meta.db_table)
        steps = connection.ops.get_db_converters(expression) + field.get_db_converters(connection)
        if steps:
            converters.append((index, _converter(steps, expression)))
    extras = [(c, i) for i, c in enumerate(columns) if c not in by_column]
    return [f.attname for f, _ in chosen], [i for _, i in chosen], converters, extras


def _converter(steps: list, expression) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        for step in steps:
            value = step(value, expression, connection)
        return value

    return convert


# --- A game's and a league's version: what a kept body or a 304 needs ------------------------


def _with_club(model, columns: tuple[tuple[str, str], ...]) -> str:
    """One row of ``model`` by id, joined to its club: ``columns`` name each column as
    ("m", field) for the model's or ("c", field) for the club's, in the order returned."""
    chosen = ", ".join(
        f"{alias}.{_column(model if alias == 'm' else Club, name)}" for alias, name in columns
    )
    club = _column(model, "club")
    return (
        f"SELECT {chosen} FROM {_table(model)} m JOIN {_table(Club)} c "
        f"ON c.{_column(Club, 'id')} = m.{club} WHERE m.{_column(model, 'id')} = %s"
    )


@cache
def _game_version(vendor: str) -> str:
    return _with_club(
        Game, (("m", "club"), ("c", "is_public"), ("m", "version"), ("m", "updated_at"))
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
    return _with_club(
        League, (("m", "club"), ("c", "is_public"), ("c", "results_version"), ("m", "ranking"))
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
    backend's writer lock (hearts_site/database/sqlite_backend) instead of in SQLite's busy
    handler."""
    if connection.vendor == "sqlite":
        with transaction.atomic():
            return _run(_count_write, [key, bucket])[0][0]
    return _run(_count_write, [key, bucket])[0][0]


# --- Hand entry ------------------------------------------------------------------------------


@cache
def _game_and_last_hand(vendor: str) -> str:
    g, h = (lambda n: _column(Game, n)), (lambda n: _column(Hand, n))
    return (
        f"SELECT g.*, (SELECT MAX(h.{h('number')}) FROM {_table(Hand)} h "
        f"WHERE h.{h('game')} = g.{g('id')}) AS last_hand FROM {_table(Game)} g "
        f"WHERE g.{g('id')} = %s"
    )


def game_with_last_hand(game_id: int) -> Game | None:
    """The game, unlocked, with the number of its last hand as ``last_hand`` (None when it has
    no hand), or None for no such game: as ``Game.objects.annotate(last_hand=Max(...))``."""
    found = _instances(Game, _game_and_last_hand, [game_id])
    return found[0] if found else None


@cache
def _add_to_seats(vendor: str) -> str:
    s = lambda n: _column(GameSeat, n)  # noqa: E731
    add = ", ".join(  # a nullable count stays NULL in a game that keeps none (gems)
        f"{s(c.name)} = CASE WHEN %s THEN COALESCE({s(c.name)}, 0) + %s ELSE NULL END"
        if c.nullable
        else f"{s(c.name)} = {s(c.name)} + %s"
        for c in HAND_COUNTS
    )
    return (
        f"UPDATE {_table(GameSeat)} SET {s('total')} = %s, {s('place')} = %s, "
        f"{s('is_winner')} = %s, {add} WHERE {s('game')} = %s AND {s('seat')} = %s"
    )


def add_to_seats(game: Game, places: list[int | None], hand: Hand) -> None:
    """Each seat's kept results moved by one appended hand: its total, place and winner as the
    game now stands, and what the hand adds to each of ``HAND_COUNTS``. One statement."""
    keeps = game.gems is not None
    seats = [
        (
            game.totals[index],
            places[index],
            index in game.winners,
            *chain.from_iterable(
                (keeps, c.adds(hand, index)) if c.nullable else (c.adds(hand, index),)
                for c in HAND_COUNTS
            ),
            game.pk,
            index,
        )
        for index in range(len(hand.points))
    ]
    _execute(_add_to_seats(connection.vendor), seats, many=True)


# --- Sign-in and roles: every signed-in call asks them -----------------------------------------


@cache
def _user_of_token(vendor: str) -> str:
    user_model = get_user_model()
    t = lambda n: _column(DeviceToken, n)  # noqa: E731
    return (
        f"SELECT u.*, t.{t('id')} AS token_id, t.{t('password_stamp')} AS token_stamp, "
        f"(t.{t('last_used_at')} IS NULL OR t.{t('last_used_at')} < %s) AS token_stale "
        f"FROM {_table(user_model)} u JOIN {_table(DeviceToken)} t "
        f"ON t.{t('user')} = u.{_quote(user_model._meta.pk.column)} "
        f"WHERE t.{t('key_hash')} = %s AND t.{t('revoked_at')} IS NULL "
        f"AND COALESCE(t.{t('last_used_at')}, t.{t('created_at')}) >= %s"
    )


def user_of_token(key_hash: str, stale_before: datetime, idle_since: datetime):
    """The user of the unrevoked token with this hash used (or made) since ``idle_since``, with
    ``token_id``, ``token_stamp``, ``token_stale`` (last use not written since ``stale_before``)."""
    stale, idle = (connection.ops.adapt_datetimefield_value(t) for t in (stale_before, idle_since))
    return next(iter(_instances(get_user_model(), _user_of_token, [stale, key_hash, idle])), None)


@cache
def _roles(vendor: str) -> str:
    m = lambda n: _column(Membership, n)  # noqa: E731
    return f"SELECT {m('club')}, {m('role')} FROM {_table(Membership)} WHERE {m('user')} = %s"


def roles_of(user_id: int) -> dict[int, str]:
    """The user's role in each club they belong to, by club id."""
    return dict(_run(_roles, [user_id]))
