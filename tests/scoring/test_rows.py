"""Rows written and read through statements built once (hearts_site/rows.py) are the rows the
ORM writes and reads, on SQLite and PostgreSQL alike: same columns stored, same values back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.forms.models import model_to_dict

from hearts_site import rows
from scoring import services
from scoring.models import Game, Hand, HistoryEntry

pytestmark = pytest.mark.django_db


def a_hand(game, number: int, scorer) -> Hand:
    return Hand(
        game=game,
        number=number,
        dealer=1,
        pass_direction="left",
        level="points",
        entry={"points": [13, 5, 4, 4], "note": "ünïcode ♠"},
        points=[13, 5, 4, 4],
        scores=[13, 5, 4, 4],
        moon_shooter=None,
        queen_by=0,
        gems=None,
        adjudication={"legal": True, "tricks": [{"cards": ["QS"]}]},
        entered_by=scorer,
    )


def stored(obj) -> dict:
    fresh = type(obj).objects.get(pk=obj.pk)
    return {f.attname: getattr(fresh, f.attname) for f in fresh._meta.concrete_fields}


def test_an_insert_stores_what_save_stores(new_game, scorer):
    game = new_game()
    by_orm, by_rows = a_hand(game, 1, scorer), a_hand(game, 2, scorer)
    by_orm.save()
    rows.insert(by_rows)
    assert by_rows.pk is not None and by_rows.pk != by_orm.pk
    assert not by_rows._state.adding
    orm_row, rows_row = stored(by_orm), stored(by_rows)
    for varying in ("id", "number", "created_at", "updated_at"):
        orm_row.pop(varying), rows_row.pop(varying)
    assert rows_row == orm_row
    # auto_now_add and auto_now were set on the instance, as save sets them, and stored.
    fresh = Hand.objects.get(pk=by_rows.pk)
    assert by_rows.created_at is not None
    assert (fresh.created_at, fresh.updated_at) == (by_rows.created_at, by_rows.updated_at)


def test_an_insert_of_a_row_with_nulls_and_no_foreign_actor(new_game):
    game = new_game()
    entry = HistoryEntry(game=game, hand_number=None, action="note", actor=None, after=None)
    rows.insert(entry)
    fresh = HistoryEntry.objects.get(pk=entry.pk)
    assert (fresh.actor_id, fresh.after, fresh.before, fresh.reason) == (None, None, None, "")
    assert fresh.at == entry.at


def test_an_update_changes_only_the_fields_named_as_save_would(new_game):
    game = new_game()
    before = Game.objects.get(pk=game.pk)
    game.totals = [1, 2, 3, 4]
    game.gems = [0, 1, 0, 0]
    game.winners = [2]
    game.version += 5
    game.first_dealer = 3  # not named: must stay as stored
    changed = rows.update(game, ["totals", "gems", "winners", "version", "updated_at"])
    assert changed == 1
    fresh = Game.objects.get(pk=game.pk)
    assert (fresh.totals, fresh.gems, fresh.winners) == ([1, 2, 3, 4], [0, 1, 0, 0], [2])
    assert fresh.version == before.version + 5
    assert fresh.first_dealer == before.first_dealer
    assert fresh.updated_at == game.updated_at > before.updated_at


def test_an_update_of_a_row_gone_changes_nothing(new_game):
    game = new_game()
    Game.objects.filter(pk=game.pk).update(version=7)
    game.pk = game.pk + 10_000
    assert rows.update(game, ["version"]) == 0


def test_a_guarded_update_changes_the_row_only_while_it_still_holds_the_values_read(new_game):
    game = new_game()
    read = game.version
    game.totals = [1, 2, 3, 4]
    game.version = read + 1
    assert rows.update(game, ["totals", "version"], where={"version": read}) == 1
    # A second write from the same stale read: the row moved on, nothing changes.
    game.totals = [9, 9, 9, 9]
    game.version = read + 1
    assert rows.update(game, ["totals", "version"], where={"version": read}) == 0
    fresh = Game.objects.get(pk=game.pk)
    assert (fresh.totals, fresh.version) == ([1, 2, 3, 4], read + 1)


def test_a_fetch_gives_the_instances_a_raw_query_gives(new_game, scorer):
    game = new_game()
    for number, points in enumerate(([13, 5, 4, 4], [0, 2, 3, 21]), start=1):
        services.enter_hand(game_id=game.pk, number=number, entry={"points": points}, actor=scorer)
    sql = f"SELECT * FROM {Hand._meta.db_table} WHERE game_id = %s ORDER BY number"
    by_raw = list(Hand.objects.raw(sql, [game.pk]))
    by_rows = rows.fetch(Hand, sql, [game.pk])
    assert [model_to_dict(h) for h in by_rows] == [model_to_dict(h) for h in by_raw]
    assert [h.created_at for h in by_rows] == [h.created_at for h in by_raw]
    assert all(not h._state.adding and h._state.db == connection.alias for h in by_rows)
    # Asked again, the statement's plan is reused and says the same.
    assert [h.scores for h in rows.fetch(Hand, sql, [game.pk])] == [h.scores for h in by_raw]


def test_a_fetch_maps_columns_by_name_whatever_their_order_and_keeps_the_others(new_game):
    game = new_game()
    table = Game._meta.db_table
    sql = (
        f"SELECT totals, version AS version, id, ruleset, status, 41 + 1 AS answer "
        f"FROM {table} WHERE id = %s"
    )
    (found,) = rows.fetch(Game, sql, [game.pk])
    assert (found.pk, found.version, found.totals, found.status) == (
        game.pk,
        game.version,
        game.totals,
        game.status,
    )
    assert found.ruleset == Game.objects.get(pk=game.pk).ruleset
    assert found.answer == 42
    assert "first_dealer" in found.get_deferred_fields()


def test_a_fetch_of_nothing_is_empty(new_game):
    game = new_game()
    sql = f"SELECT * FROM {Game._meta.db_table} WHERE id = %s"
    assert rows.fetch(Game, sql, [game.pk + 10_000]) == []


def test_a_fetch_converts_datetimes_as_the_orm_does(scorer):
    user_model = get_user_model()
    user_model.objects.filter(pk=scorer.pk).update(
        last_login=user_model.objects.get(pk=scorer.pk).date_joined + timedelta(days=1)
    )
    sql = f"SELECT * FROM {user_model._meta.db_table} WHERE id = %s"
    (found,) = rows.fetch(user_model, sql, [scorer.pk])
    expected = user_model.objects.get(pk=scorer.pk)
    assert (found.last_login, found.date_joined) == (expected.last_login, expected.date_joined)
    assert found.last_login.tzinfo is not None
