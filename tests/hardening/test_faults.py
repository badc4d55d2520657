"""Faults: a failed write leaves nothing behind; a lost database gives 503 with a clear body,
and the app serves again once the database is back, without a restart (a real gunicorn)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from scoring import services
from scoring.models import Game, GameSeat, Hand, HistoryEntry
from scoring.services import hands

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def test_a_failure_in_the_middle_of_a_write_leaves_nothing_half_written(
    db, django_user_model, monkeypatch
):
    scorer = django_user_model.objects.create_user("scorer", password="x")
    club = services.create_club(user=scorer, name="Faults", slug="faults")
    players = [services.create_player(club=club, name=n) for n in "ABCD"]
    game = services.create_game(club=club, players=players, actor=scorer)
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 0, 5, 8]}, actor=scorer)
    game.refresh_from_db()
    before = (game.version, game.totals, Hand.objects.count(), HistoryEntry.objects.count())
    seats_before = list(GameSeat.objects.values_list("total", "hands_played"))

    def fail_after_the_hand_and_game_were_saved(*args, **kwargs):
        raise RuntimeError("the disk filled up")

    monkeypatch.setattr(hands, "settle_seats", fail_after_the_hand_and_game_were_saved)
    with pytest.raises(RuntimeError):
        services.enter_hand(
            game_id=game.pk, number=2, entry={"points": [0, 13, 5, 8]}, actor=scorer
        )
    game = Game.objects.get(pk=game.pk)
    after = (game.version, game.totals, Hand.objects.count(), HistoryEntry.objects.count())
    assert after == before
    assert list(GameSeat.objects.values_list("total", "hands_played")) == seats_before


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def wait_for(url: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            urllib.request.urlopen(url, timeout=2)
            return
        time.sleep(0.2)
    raise AssertionError(f"{url} never answered")


@contextlib.contextmanager
def gunicorn(database_url: str):
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "0"}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    port = free_port()
    server = subprocess.Popen(
        [str(GUNICORN), "hearts_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/healthz")
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=20)


def assert_down_then_up(base: str, cut, restore) -> None:
    assert get(f"{base}/healthz")[0] == 200
    assert get(f"{base}/api/v1/clubs/")[0] == 200
    cut()
    status, body = get(f"{base}/healthz")
    assert status == 503 and body["database"] == "unreachable"
    status, body = get(f"{base}/api/v1/clubs/")
    assert status == 503
    assert body["errors"][0]["code"] == "database_unavailable"
    restore()
    assert get(f"{base}/healthz") == (200, {"status": "ok", "database": "ok"})
    assert get(f"{base}/api/v1/clubs/")[0] == 200


class Proxy:
    """A TCP forwarder in front of PostgreSQL that the test can cut and restore."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.port = free_port()
        self.sockets: list[socket.socket] = []
        self.listener: socket.socket | None = None

    def start(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def stop(self) -> None:
        for sock in [self.listener, *self.sockets]:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                sock.close()
        self.sockets.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target, timeout=10)
            self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)


@pytest.mark.django_db
def test_the_app_answers_503_while_the_database_is_away_and_recovers_without_a_restart(
    tmp_path, collected_static
):
    if connection.vendor == "postgresql":
        settings = connection.settings_dict
        name = f"hearts_faults_{os.getpid()}"
        admin = f"postgresql://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/postgres"
        with psycopg.connect(admin, autocommit=True) as pg:
            pg.execute(f'DROP DATABASE IF EXISTS "{name}"')
            pg.execute(f'CREATE DATABASE "{name}"')
        proxy = Proxy((settings["HOST"], int(settings["PORT"])))
        proxy.start()
        try:
            url = f"postgres://{settings['USER']}@127.0.0.1:{proxy.port}/{name}"
            with gunicorn(url) as base:
                assert_down_then_up(base, proxy.stop, proxy.start)
        finally:
            proxy.stop()
            with psycopg.connect(admin, autocommit=True) as pg:
                pg.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        folder = tmp_path / "data"
        folder.mkdir()
        away = tmp_path / "data-away"
        with gunicorn(f"sqlite:///{folder / 'hearts.sqlite3'}") as base:
            assert_down_then_up(
                base, lambda: shutil.move(folder, away), lambda: shutil.move(away, folder)
            )
