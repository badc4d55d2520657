"""The wall screen of a club evening (issue 52 point 4): the tables of the night's current round,
each labelled with its round, in pages of ``TABLES_A_PAGE`` that fit a 1920 x 1080 screen; the
night's standings now (``night_standings``: the order of the night page and the sheet), in pages
of ``STANDINGS_SHOWN`` rows turned with the tables'; and a version that changes with every game
of the evening and with the night's own state (a check-in, a draw, the clock, the close), so the
wall updates itself through the room's conditional polling (static/js/live.js) alone."""

from __future__ import annotations

import hashlib
from datetime import date
from typing import Any

from django.db.models import Count, Max, Sum

from scoring.models import Club
from scoring.selectors.room import evening_night, room_version

# What fits a 1920 x 1080 screen in type read from 3 m: 8 tables (4 across, 2 down) and the
# standings in pages of 16 rows beside them.
TABLES_A_PAGE = 8
STANDINGS_SHOWN = 16


def wall_version(club: Club, day: date) -> str:
    """``room_version``, and the evening's night as it stands: its status, its results' state,
    its rounds (status and clock) and its check-ins. A few aggregates, 304s included."""
    games = room_version(club, day)
    night = evening_night(club, day)
    if night is None:
        return games
    rounds = list(night.rounds.order_by("number").values_list("number", "status", "ends_at"))
    check_ins = night.check_ins.aggregate(
        n=Count("id"),
        withdrawn=Count("withdrawn_before"),
        arrived=Sum("arrived_before"),
        last=Max("id"),
    )
    described = (
        f"{games}:{night.pk}:{night.status}:{night.closed_at}:{night.final_at}:"
        f"{rounds}:{sorted(check_ins.items())}"
    )
    return hashlib.sha256(described.encode()).hexdigest()[:32]


def shown_round(rounds: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The round whose tables the wall shows: the latest drawn and published (a proposed draw
    is the director's alone), None before the first is published."""
    out = [r for r in rounds if r["status"] != "proposed"]
    return out[-1] if out else None


def wall_tables(tables: list[dict], rounds: list[dict]) -> list[dict]:
    """The tables a wall shows: the shown round's, in its tables' order, each with ``round``
    (its number), then every table of the evening not of the night (``round`` None). The
    earlier rounds' tables are in the standings."""
    shown = shown_round(rounds)
    night_games = {t["game"] for r in rounds for t in r["tables"] if t["game"]}
    order = [t["game"] for t in shown["tables"]] if shown else []
    by_game = {t["game"]: t for t in tables}
    current = [{**by_game[g], "round": shown["number"]} for g in order if g in by_game]
    others = [{**t, "round": None} for t in tables if t["game"] not in night_games]
    return current + others


def paged(items: list, size: int) -> list[list]:
    """``items`` in pages of ``size`` (one empty page when there are none)."""
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def wall_standings(leaders: list[dict], shown: int = STANDINGS_SHOWN) -> dict[str, Any]:
    """The standings as the wall shows them: the room's leaders (a night's: ``night_leaders``,
    the night's standings now, in their order) in pages of ``shown`` rows, each with the
    positions it holds (``first`` to ``last``, from 1), and how many rows in all."""
    pages = [
        {"rows": rows, "first": start + 1, "last": start + len(rows)}
        for start, rows in zip(range(0, len(leaders), shown), paged(leaders, shown), strict=False)
    ]
    return {"pages": pages if leaders else [], "count": len(leaders)}


def wall_screen(room: dict[str, Any], detail: dict[str, Any] | None) -> dict[str, Any]:
    """What the wall shows of the evening's ``room``: its tables in pages (with a night
    (``detail``: ``night_detail``), its current round's, each with its round), how many, and
    its standings."""
    tables = room["tables"]
    current = shown_round(detail["rounds"]) if detail else None
    shown = wall_tables(tables, detail["rounds"]) if detail else tables
    return {
        "round": current["number"] if current else None,
        "count": len(shown),
        "pages": paged(shown, TABLES_A_PAGE),
        "standings": wall_standings(room["leaders"]),
    }
