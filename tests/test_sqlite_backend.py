"""The SQLite backend keeps its connection between requests, and drops it when the database
file it opened has been moved, deleted or replaced (hearts_site/sqlite_backend)."""

from __future__ import annotations

import shutil

import pytest
from django.db import OperationalError
from django.db.utils import ConnectionHandler

from hearts_site.dbconfig import database_config


@pytest.fixture
def sqlite_file(tmp_path, django_db_blocker):
    """A connection of its own to a file database (not the test database)."""
    folder = tmp_path / "data"
    folder.mkdir()
    handler = ConnectionHandler({"default": database_config(f"sqlite:///{folder / 'x.sqlite3'}")})
    connection = handler["default"]
    with django_db_blocker.unblock():
        yield connection, folder
        connection.close()


def query(connection) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone()[0]


def new_request(connection) -> None:
    connection.close_if_unusable_or_obsolete()  # what request_started does


def test_the_connection_is_kept_from_one_request_to_the_next(sqlite_file):
    connection, _folder = sqlite_file
    assert query(connection) == 1
    kept = connection.connection
    new_request(connection)
    assert query(connection) == 1
    assert connection.connection is kept


def test_a_moved_database_file_drops_the_connection_and_the_next_query_fails(sqlite_file):
    connection, folder = sqlite_file
    query(connection)
    shutil.move(folder, folder.with_name("away"))
    new_request(connection)
    with pytest.raises(OperationalError):
        query(connection)
    shutil.move(folder.with_name("away"), folder)
    new_request(connection)
    assert query(connection) == 1


def test_a_replaced_database_file_is_opened_again(sqlite_file):
    connection, folder = sqlite_file
    query(connection)
    kept = connection.connection
    path = folder / "x.sqlite3"
    shutil.copy(path, folder / "copy.sqlite3")
    (folder / "copy.sqlite3").replace(path)
    new_request(connection)
    assert query(connection) == 1
    assert connection.connection is not kept
