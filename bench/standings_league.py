"""bench/standings.py's databases and leagues, shared with bench/scale.py: a fresh database a
size, a generated league in it, settled as a database in service is, and the kept renderings
dropped so that a request builds its table."""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
# Benchmark this checkout, even when another checkout is installed in the venv.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import ScratchPostgres  # noqa: E402

# --- Databases -------------------------------------------------------------------------------


class Databases:
    """A fresh database for each size: a new SQLite file, or the PostgreSQL database dropped
    and created again. Only what this run created is ever removed: a database named in
    --database-url must not exist when the run starts."""

    def __init__(self, url: str | None, log: Callable[[str], None] | None = None):
        # ``log`` is accepted (and unused) for bench/scale.py, which shares this class.
        self.tmp = None
        if url is None:
            self.tmp = tempfile.TemporaryDirectory(prefix="hearts-bench-")
            url = f"sqlite:///{self.tmp.name}/bench-0.sqlite3"
        self.url = url
        parts = urlsplit(url)
        self.vendor = "postgresql" if parts.scheme in ("postgres", "postgresql") else "sqlite"
        self.name = parts.path.lstrip("/")
        self.created = False
        exists = False
        if self.vendor == "postgresql":
            self.scratch = ScratchPostgres(url)
            exists = self.scratch.exists()
        elif self.tmp is None:
            self.file = Path(url.removeprefix("sqlite:///"))
            exists = self.file.exists()
        if exists:
            raise SystemExit(
                f"database {self.name!r} exists already: the benchmark only removes what it "
                "created; name a new one in --database-url"
            )

    def fresh(self, index: int) -> None:
        from django.db import connections

        connections.close_all()
        settings = connections["default"].settings_dict
        if self.vendor == "sqlite":
            if self.tmp is not None:
                settings["NAME"] = str(Path(self.tmp.name) / f"bench-{index}.sqlite3")
            else:
                self.drop()
                settings["NAME"] = str(self.file)
                self.created = True
        else:
            self.drop()
            self.scratch.create()
            self.created = True
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        call_command("createcachetable", verbosity=0)

    def drop(self) -> None:
        if not self.created:
            return
        from django.db import connections

        connections.close_all()
        if self.vendor == "sqlite":
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.file}{suffix}").unlink(missing_ok=True)
            self.created = False
            return
        self.scratch.drop()
        self.created = False

    def close(self) -> None:
        self.drop()
        if self.tmp is not None:
            from django.db import connections

            connections.close_all()
            self.tmp.cleanup()

    def describe(self) -> str:
        from django.db import connection

        if self.vendor == "sqlite":
            import sqlite3

            where = "a temporary file" if self.tmp else f"{self.file}, made and removed by the run"
            return f"SQLite {sqlite3.sqlite_version} ({where}, WAL)"
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            (version,) = cursor.fetchone()
        return f"PostgreSQL {version} (database {self.name!r}, created and dropped by the run)"


# --- Workload and timing ---------------------------------------------------------------------


def build(games: int, players: int, seed: int) -> tuple[int, int, int, float]:
    """The league (untimed for the figures; its own duration is reported)."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import GameSeat, GameStatus, Hand
    from scoring.sample.generate import generate

    start = time.perf_counter()
    user = get_user_model().objects.create_user("bench")
    club = services.create_club(user=user, name="Bench club", slug="bench")
    league = generate(club=club, actor=user, players=players, games=games, seed=seed)
    elapsed = time.perf_counter() - start
    finished = league.games.filter(status=GameStatus.FINISHED).count()
    if finished != games:
        raise SystemExit(f"generated {finished} finished games of {games}")
    hands = Hand.objects.filter(game__league=league).count()
    seats = GameSeat.objects.filter(game__league=league).count()
    settle()
    return league.pk, hands, seats, elapsed


def settle() -> None:
    """On PostgreSQL, what autovacuum does to a table after a bulk load, done now: planner
    statistics and the visibility map, so the figures are those of a database in service.
    (SQLite keeps no statistics unless told to, and Django never tells it: nothing to do.)"""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def cache_statement(sql: str) -> bool:
    """The database cache's own statements (reading or keeping a rendering): not a figure's."""
    transaction = sql in ("BEGIN", "BEGIN IMMEDIATE", "COMMIT")
    return "hearts_cache" in sql or "hearts_kept" in sql or transaction


def forget_kept_tables() -> None:
    """Drop every rendered table (the worker's memory and the shared cache), so the next
    request builds its table: the endpoint's figure is the cost of building one."""
    from django.core.cache import caches

    caches["rendered"].clear()
    caches["kept"].clear()
