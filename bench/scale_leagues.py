"""bench/scale.py's leagues, kept between runs, and the correction it times."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEPT = ROOT / "bench" / ".leagues"  # generated leagues kept between runs (git-ignored)


def kept_league(databases, index: int, games: int, args, build: Callable, log: Callable) -> tuple:
    """A fresh database with the size's league: a copy of the one an earlier run generated
    (same size, players, seed and latest migration, kept in bench/.leagues/ or as a PostgreSQL
    template database), else generated now and kept for the next run (``--no-reuse``: always
    generated, nothing kept). Returns the league's id, hands, seats and generation seconds."""
    from django.core.management import call_command
    from django.db import connections

    latest = sorted((ROOT / "scoring" / "migrations").glob("0*.py"))[-1]
    schema = hashlib.sha256(latest.read_bytes()).hexdigest()[:8]  # a changed schema: anew
    key = f"scale_{games}_p{args.players}_s{args.seed}_m{latest.stem[:4]}_{schema}"
    facts = KEPT / f"{key}.{databases.vendor}.json"
    sqlite_copy = databases.vendor == "sqlite" and databases.tmp is not None
    work = Path(databases.tmp.name) / f"bench-{index}.sqlite3" if sqlite_copy else None
    template = f"{databases.name}_{key}"[:63]  # beside the database it copies
    if args.reuse and facts.exists() and (sqlite_copy or databases.vendor == "postgresql"):
        connections.close_all()
        if sqlite_copy and (KEPT / f"{key}.sqlite3").exists():
            shutil.copyfile(KEPT / f"{key}.sqlite3", work)
            databases.fresh(index)  # migrate: nothing to do
            log(f"{games:,} games: the kept league, copied")
            return tuple(json.loads(facts.read_text()))
        if databases.vendor == "postgresql" and databases.scratch.query(
            "SELECT 1 FROM pg_database WHERE datname = %s", template
        ):
            databases.drop()
            databases.scratch.query(f'CREATE DATABASE "{databases.name}" TEMPLATE "{template}"')
            databases.scratch.created = databases.created = True
            call_command("migrate", verbosity=0, interactive=False)
            log(f"{games:,} games: the kept league, copied from {template}")
            return tuple(json.loads(facts.read_text()))
    log(f"{games:,} games: a fresh {databases.vendor} database, migrated and generated")
    databases.fresh(index)
    league = build(games, args.players, args.seed)
    if args.reuse and (sqlite_copy or databases.vendor == "postgresql"):
        KEPT.mkdir(exist_ok=True)
        connections.close_all()
        if sqlite_copy:
            shutil.copyfile(work, KEPT / f"{key}.sqlite3")
        else:
            databases.scratch.query(f'DROP DATABASE IF EXISTS "{template}"')
            databases.scratch.query(f'CREATE DATABASE "{template}" TEMPLATE "{databases.name}"')
        facts.write_text(json.dumps(league))
        log(f"kept for the next run: {key}")
    return league


def correctable_game(league) -> tuple[int, int, list[dict]]:
    """The league's earliest finished game whose last hand is no moon, that hand's number, and
    two entries for it: the two leading seats' points swapped, and as entered. The game still
    ends (the seat that ended it keeps its points); its places change."""
    from scoring.models import GameStatus

    games = league.games.filter(status=GameStatus.FINISHED).order_by("finished_at", "pk")
    for game in games.iterator():
        last = game.hands.order_by("-number").first()
        points = list(last.entry.get("points", []))
        a, b = sorted(range(len(points)), key=lambda seat: game.totals[seat])[:2]
        if "moon_choice" in last.entry or points[a] == points[b]:
            continue
        swapped = list(points)
        swapped[a], swapped[b] = points[b], points[a]
        return game.pk, last.number, [{"points": swapped}, {"points": points}]
    raise SystemExit("no finished game to correct")


def ratings_current(club_id: int) -> None:
    """The club's stale mark cleared (outside the timing): the next correction marks it anew."""
    from scoring.models import RatingsState

    RatingsState.objects.filter(club_id=club_id).update(stale_since=None)


def corrector(client, earliest: tuple[int, int, list[dict]], auth: dict, expect) -> Callable:
    """The timed correction: the earliest game's last hand, two seats' points swapped and
    back, so every later game of the league is to be re-rated. The club's stale mark is
    cleared before each (``ratings_current``, outside the timing), so each correction marks
    the club and queues the re-rating."""
    count = 0

    def correct() -> None:
        nonlocal count
        game_id, number, entries = earliest
        url = f"/api/v1/games/{game_id}/hands/{number}/"
        body = json.dumps({**entries[count % 2], "reason": "bench"})
        response = client.patch(url, body, content_type="application/json", headers=auth)
        expect(response, 200, url)
        count += 1

    return correct
