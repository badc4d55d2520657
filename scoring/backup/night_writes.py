"""The nights of a checked document written (format 5), after the games and their history:
each night, its check-ins, its rounds (the standings kept as each ended), their tables (the
players as drawn and the game each made) and its corrections, every id remapped (restore.py's
``_Writer``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoring.backup import schema
from scoring.models import Player

if TYPE_CHECKING:
    from scoring.backup.restore import _Writer

Source = dict[str, Any]


def write_nights(sources: list[Source], writer: _Writer) -> None:
    """Nights in the order of their export ids, then what each holds."""
    nights = sorted(sources, key=lambda night: night["id"])
    players = writer.ids[Player]
    writer.write(schema.NIGHTS, [(None, night) for night in nights])
    writer.write(schema.CHECK_INS, [(n, c) for n in nights for c in n["check_ins"]])
    rounds = sorted(((n, r) for n in nights for r in n["rounds"]), key=lambda p: p[1]["id"])
    writer.write(
        schema.ROUNDS, rounds, lambda _, r: {"standings": _standings(r["standings"], players)}
    )
    tables = [(r, t) for _, r in rounds for t in sorted(r["tables"], key=lambda t: t["number"])]
    writer.write(
        schema.TABLES, tables, lambda _, t: {"players": [players[p] for p in t["players"]]}
    )
    writer.write(schema.CORRECTIONS, [(n, c) for n in nights for c in n["corrections"]])


def _standings(rows: list[Source] | None, players: dict[int, int]) -> list[Source] | None:
    """The standings kept as a round ended, each row's player the new one."""
    if rows is None:
        return None
    return [{**row, "player": players[row["player"]]} for row in rows]
