"""The check of a document's tournament nights (format 5), before anything is written: each
night with its check-ins, rounds, tables and corrections as schema.py declares them, and what
ties them to the rest of the document (players, games, history entries by export id)."""

from __future__ import annotations

from typing import Any

from hearts_site.errors import DomainError
from scoring.backup import schema
from scoring.backup.checks import BackupError, Known, check_refs, check_row, refers, unique, whole
from scoring.domain.night_ranking import formula_of
from scoring.models import Player


def check_nights(nights: list, known: Known) -> None:
    """Every night; ``known`` holds the ids of the document's leagues, players, games and
    history entries. A game is one table's at most, a history entry one correction's."""
    tables_of_game: dict[int, str] = {}
    corrected: set[int] = set()
    round_ids: list[int] = []
    for i, night in enumerate(nights):
        where = f"nights[{i}]"
        check_row(schema.NIGHTS, night, where)
        check_refs(schema.NIGHTS, night, where, known)
        try:
            formula_of(night["formula"])
        except DomainError as exc:
            raise BackupError(f"{where}.{exc.attr}: {exc.detail}.") from None
        _check_check_ins(night["check_ins"], where, known)
        numbers: set[int] = set()
        for j, night_round in enumerate(night["rounds"]):
            at = f"{where}.rounds[{j}]"
            check_row(schema.ROUNDS, night_round, at)
            if night_round["number"] in numbers:
                raise BackupError(f"{at}.number: round {night_round['number']} appears twice.")
            numbers.add(night_round["number"])
            round_ids.append(night_round["id"])
            _check_standings(night_round["standings"], at, known)
            _check_tables(night_round["tables"], at, known, tables_of_game)
        for j, correction in enumerate(night["corrections"]):
            at = f"{where}.corrections[{j}]"
            check_row(schema.CORRECTIONS, correction, at)
            check_refs(schema.CORRECTIONS, correction, at, known)
            if correction["entry"] in corrected:
                raise BackupError(
                    f"{at}.entry: history entry {correction['entry']} is corrected twice."
                )
            corrected.add(correction["entry"])
    unique((night["id"] for night in nights), "nights")
    unique(round_ids, "nights[].rounds")


def _check_check_ins(check_ins: list, where: str, known: Known) -> None:
    """A night's check-ins: of players of the document, each player once."""
    present: set[int] = set()
    for j, check_in in enumerate(check_ins):
        at = f"{where}.check_ins[{j}]"
        check_row(schema.CHECK_INS, check_in, at)
        check_refs(schema.CHECK_INS, check_in, at, known)
        if check_in["player"] in present:
            raise BackupError(f"{at}.player: player {check_in['player']} checks in twice.")
        present.add(check_in["player"])


def _check_tables(tables: list, where: str, known: Known, tables_of_game: dict[int, str]) -> None:
    """A round's tables: numbered once each, their players and game rows of the document, a
    game at one table only."""
    numbers: set[int] = set()
    for k, table in enumerate(tables):
        at = f"{where}.tables[{k}]"
        check_row(schema.TABLES, table, at)
        check_refs(schema.TABLES, table, at, known)
        if table["number"] in numbers:
            raise BackupError(f"{at}.number: table {table['number']} appears twice.")
        numbers.add(table["number"])
        for player in table["players"]:
            if not whole(player):
                raise BackupError(f"{at}.players: expected player ids, found {player!r:.60}.")
            refers(player, known[Player], f"{at}.players", "player")
        game = table["game"]
        if game is not None:
            other = tables_of_game.setdefault(game, at)
            if other != at:
                raise BackupError(f"{at}.game: game {game} is the game of {other} too.")


def _check_standings(standings: Any, where: str, known: Known) -> None:
    """The standings kept as the round ended: rows naming players of the document."""
    for k, row in enumerate(standings or []):
        if not isinstance(row, dict) or not whole(row.get("player")):
            raise BackupError(f"{where}.standings[{k}]: expected a row with its player's id.")
        refers(row["player"], known[Player], f"{where}.standings[{k}].player", "player")
