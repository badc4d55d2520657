"""The SQLite backend keeps its connection between requests, and drops it when the database
file it opened has been moved, deleted or replaced; its writers queue on a file lock beside the
database (hearts_site/database/sqlite_backend)."""

from __future__ import annotations

import fcntl
import os
import shutil
import threading
import time
from contextlib import contextmanager

import pytest
from django.db import OperationalError, connections, transaction
from django.db.utils import ConnectionHandler

from hearts_site.database.config import database_config


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


# --- Writers queue on the file lock beside the database -------------------------------------


@contextmanager
def as_alias(connection, alias: str):
    """``connection`` under ``alias`` in django.db.connections (this thread's), so that
    transaction.atomic(using=alias) runs on it."""
    connection.alias = alias
    connections[alias] = connection
    try:
        yield alias
    finally:
        del connections[alias]


@pytest.fixture
def writer(sqlite_file):
    connection, folder = sqlite_file
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS t (n integer)")
    with as_alias(connection, "writer") as alias:
        yield connection, alias, folder


def lock_is_free(folder) -> bool:
    """Whether another open file description could take the writer lock right now."""
    descriptor = os.open(folder / "x.sqlite3-writer.lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(descriptor)
    return True


def insert(connection, n: int, table: str = "t") -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {table} VALUES (%s)", [n])


def test_a_transaction_holds_the_writer_lock_until_it_commits(writer):
    connection, alias, folder = writer
    assert lock_is_free(folder)
    with transaction.atomic(using=alias):
        insert(connection, 1)
        assert not lock_is_free(folder)
        with transaction.atomic(using=alias):  # a savepoint takes nothing more
            assert not lock_is_free(folder)
    assert lock_is_free(folder)
    insert(connection, 2)  # a write outside a transaction takes no lock here
    assert lock_is_free(folder)


def test_a_rolled_back_or_failed_transaction_gives_the_lock_back(writer):
    connection, alias, folder = writer
    with pytest.raises(KeyError), transaction.atomic(using=alias):
        assert not lock_is_free(folder)
        raise KeyError("a bug in the service")
    assert lock_is_free(folder)
    with pytest.raises(OperationalError), transaction.atomic(using=alias):
        insert(connection, 1, table="no_such_table")
    assert lock_is_free(folder)


def test_a_connection_closed_inside_a_transaction_gives_the_lock_back(writer):
    connection, alias, folder = writer
    with transaction.atomic(using=alias):
        assert not lock_is_free(folder)
        connection.close()
        assert lock_is_free(folder)


def test_a_second_writer_waits_for_the_first_to_commit(writer):
    connection, alias, _folder = writer
    started, events = threading.Event(), []

    def second_writer():
        other = ConnectionHandler({"default": connection.settings_dict})["default"]
        with as_alias(other, "second"):
            started.set()
            with transaction.atomic(using="second"):
                events.append("second began")
                insert(other, 2)
        other.close()

    with transaction.atomic(using=alias):
        insert(connection, 1)
        thread = threading.Thread(target=second_writer)
        thread.start()
        started.wait(5)
        time.sleep(0.2)  # time enough for the second to begin, were it not waiting
        events.append("first committing")
    thread.join(10)
    assert events == ["first committing", "second began"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT n FROM t ORDER BY n")
        assert cursor.fetchall() == [(1,), (2,)]


def test_a_job_writing_in_batches_lets_a_waiting_writer_in_between_two_batches(writer):
    """The job begins each batch the instant the last one committed, as a re-rating does; the
    writer, with a 1 s wait, still gets in every time (it says it is waiting, and a transaction
    begun back to back gives way to it), and the job goes on between the writer's turns."""
    connection, _alias, _folder = writer
    stop, batches, failures = threading.Event(), [], []

    def job():
        other = ConnectionHandler({"default": connection.settings_dict})["default"]
        with as_alias(other, "job"):
            while not stop.is_set():
                with transaction.atomic(using="job"):
                    insert(other, 0)
                    time.sleep(0.02)  # a batch's rows
                batches.append(1)
        other.close()

    thread = threading.Thread(target=job)
    thread.start()
    settings = {**connection.settings_dict}
    settings["OPTIONS"] = {**settings["OPTIONS"], "timeout": 1}
    hand = ConnectionHandler({"default": settings})["default"]
    try:
        while len(batches) < 3:
            time.sleep(0.01)
        with as_alias(hand, "hand"):
            for n in range(1, 21):
                try:
                    with transaction.atomic(using="hand"):
                        insert(hand, n)
                except OperationalError as error:
                    failures.append(str(error))
                time.sleep(0.005)
        done_by_then = len(batches)
    finally:
        stop.set()
        thread.join(10)
        hand.close()
    assert failures == []
    assert done_by_then >= 10  # the job was not starved either
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM t WHERE n > 0")
        assert cursor.fetchone()[0] == 20


def test_a_lone_writer_begins_back_to_back_transactions_without_waiting(writer):
    """No one waiting: giving way costs nothing (were it to wait its longest each time, the
    forty transactions would take 20 s)."""
    connection, alias, _folder = writer
    started = time.monotonic()
    for n in range(40):
        with transaction.atomic(using=alias):
            insert(connection, n)
    assert time.monotonic() - started < 2
