"""The check of a whole document before anything is written (``validate``), one kind of row
at a time. What each row holds is declared once, in schema.py; what every row is checked for is
checks.py; the format's name and version, and the upgrade of an older version, versions.py."""

from __future__ import annotations

import re
from typing import Any

from adjudication.engine import HeartsError
from adjudication.services import ruleset_for
from hearts_site.errors import DomainError
from hearts_site.text import numbers
from scoring.backup import schema
from scoring.backup.checks import (
    JSON_WHOLE_NUMBERS,
    BackupError,
    Known,
    check,
    check_refs,
    check_row,
    refers,
    unique,
    whole,
)
from scoring.backup.night_checks import check_nights
from scoring.backup.versions import FORMAT, OLDER, VERSION, check_header, upgraded
from scoring.domain.ranking import ranking_of
from scoring.models import Game, GameSeat, GameStatus, HistoryEntry, League, Player, Season

__all__ = ["FORMAT", "OLDER", "TOP", "VERSION", "BackupError", "validate"]

# The document's own keys, then the rows at its top level.
TOP = {"format": "str", "version": "int", "exported_at": "datetime"} | {
    kind.key: "list" if kind.many else "dict" for kind in schema.ROW_KINDS if kind.inside is None
}


def validate(data: Any) -> dict[str, Any]:
    """Check a whole document before anything is written; raises ``BackupError``. Returns it
    as the current version has it (an older version's document upgraded, in a copy)."""
    check_header(data)
    data = upgraded(data)
    check(data, TOP, "document")
    _check_club(data["club"])
    _check_members(data["members"])
    players = _check_players(data["players"])
    leagues, season_league = _check_leagues(data["leagues"])
    known = {Player: players, League: leagues, Season: season_league}
    games = _check_games(data["games"], known, season_league)
    _check_merges(data["player_merges"], {Player: players, GameSeat: games[GameSeat]})
    check_nights(data["nights"], {Player: players, League: leagues, **games})
    return data


# --- One kind of row at a time -------------------------------------------------------------------


def _check_club(club: Any) -> None:
    check_row(schema.CLUB, club, "club")
    longest = schema.CLUB.model._meta.get_field("slug").max_length
    if not club["slug"] or len(club["slug"]) > longest:
        raise BackupError(f"club.slug: must be 1 to {longest} characters.")


def _check_members(members: list) -> None:
    for i, member in enumerate(members):
        check_row(schema.MEMBERS, member, f"members[{i}]")
    usernames = [member["username"] for member in members]
    if len(set(usernames)) != len(usernames):
        raise BackupError("members: a username appears twice.")


def _check_players(players: list) -> set[int]:
    for i, player in enumerate(players):
        check_row(schema.PLAYERS, player, f"players[{i}]")
    ids = unique((p["id"] for p in players), "players")
    for i, player in enumerate(players):
        check_refs(schema.PLAYERS, player, f"players[{i}]", {Player: ids})
    return ids


def _check_leagues(leagues: list) -> tuple[set[int], dict[int, int]]:
    """The leagues' ids, and each season's league by the season's id."""
    season_league: dict[int, int] = {}
    for i, league in enumerate(leagues):
        check_row(schema.LEAGUES, league, f"leagues[{i}]")
        _ruleset(league["ruleset"], f"leagues[{i}].ruleset")
        _ranking(league["ranking"], f"leagues[{i}]")
        for j, season in enumerate(league["seasons"]):
            where = f"leagues[{i}].seasons[{j}]"
            check_row(schema.SEASONS, season, where)
            if numbers.ascii_day(season["ends_on"]) < numbers.ascii_day(season["starts_on"]):
                raise BackupError(f"{where}: ends_on is before starts_on.")
            if season["id"] in season_league:
                raise BackupError(f"{where}: season id {season['id']} appears twice.")
            season_league[season["id"]] = league["id"]
    return unique((league["id"] for league in leagues), "leagues"), season_league


def _check_games(games: list, known: Known, season_league: dict[int, int]) -> Known:
    """Every game with its seats, hands, disputes and history; the ids of the games, their
    seats and history entries."""
    seat_ids: list[int] = []
    entry_ids: list[int] = []
    dispute_ids: list[int] = []
    ruling_ids: list[int] = []
    for i, game in enumerate(games):
        where = f"games[{i}]"
        check_row(schema.GAMES, game, where)
        check_refs(schema.GAMES, game, where, known)
        season = game["season"]
        if season is not None and season_league[season] != game["league"]:
            raise BackupError(f"{where}.season: the season belongs to another league.")
        players = _ruleset(game["ruleset"], f"{where}.ruleset").players
        if len(game["seats"]) != players:
            raise BackupError(f"{where}.seats: the ruleset seats {players} players.")
        for j, seat in enumerate(game["seats"]):
            check_row(schema.SEATS, seat, f"{where}.seats[{j}]")
            check_refs(schema.SEATS, seat, f"{where}.seats[{j}]", known)
            seat_ids.append(seat["id"])
        numbers = _check_hands(game["hands"], players, where)
        for j, dispute in enumerate(game["disputes"]):
            check_row(schema.DISPUTES, dispute, f"{where}.disputes[{j}]")
            if dispute["hand"] not in numbers:
                raise BackupError(f"{where}.disputes[{j}].hand: the game has no hand that number.")
            dispute_ids.append(dispute["id"])
            for k, ruling in enumerate(dispute["rulings"]):
                check_row(schema.RULINGS, ruling, f"{where}.disputes[{j}].rulings[{k}]")
                ruling_ids.append(ruling["id"])
        for j, entry in enumerate(game["history"]):
            check_row(schema.HISTORY, entry, f"{where}.history[{j}]")
            entry_ids.append(entry["id"])
        _check_seat_changes(game["seat_changes"], players, where, known)
        _check_origins(game["record_origins"], where)
    game_ids = unique((g["id"] for g in games), "games")
    unique(
        (o["record_game"] for g in games for o in g["record_origins"]),
        "games[].record_origins[].record_game",
    )
    _check_tables(games)
    seats = unique(seat_ids, "games[].seats")
    unique(dispute_ids, "games[].disputes")
    unique(ruling_ids, "games[].disputes[].rulings")
    entries = unique(entry_ids, "games[].history")
    return {Game: game_ids, GameSeat: seats, HistoryEntry: entries}


def _check_origins(origins: list, where: str) -> None:
    """A game imported from a hand record came from one game of it, its digest SHA-256's."""
    if len(origins) > 1:
        raise BackupError(f"{where}.record_origins: a game comes from one record's game.")
    for j, origin in enumerate(origins):
        at = f"{where}.record_origins[{j}]"
        check_row(schema.RECORD_ORIGINS, origin, at)
        if not origin["record_game"] or len(origin["record_game"]) > 200:
            raise BackupError(f"{at}.record_game: 1 to 200 characters.")
        if re.fullmatch(r"[0-9a-f]{64}", origin["digest"]) is None:
            raise BackupError(f"{at}.digest: 64 lowercase hexadecimal digits (SHA-256).")


def _check_seat_changes(changes: list, players: int, where: str, known: Known) -> None:
    """A game's seat changes: each of one of its seats, from a hand after its first, once a
    seat and hand, naming players of the document."""
    seen: set[tuple[int, int]] = set()
    for j, change in enumerate(changes):
        at = f"{where}.seat_changes[{j}]"
        check_row(schema.SEAT_CHANGES, change, at)
        check_refs(schema.SEAT_CHANGES, change, at, known)
        if not 0 <= change["seat"] < players:
            raise BackupError(f"{at}.seat: the game seats {players} players.")
        if change["from_hand"] < 2:
            raise BackupError(f"{at}.from_hand: a substitute plays from hand 2 or later.")
        if (change["seat"], change["from_hand"]) in seen:
            raise BackupError(f"{at}: seat {change['seat']} changes twice at one hand.")
        seen.add((change["seat"], change["from_hand"]))


def _check_tables(games: list) -> None:
    """Each table's name fits, and seats one game in progress at a time (case aside)."""
    longest = schema.GAMES.model._meta.get_field("table").max_length
    playing: dict[str, int] = {}
    for i, game in enumerate(games):
        table = game["table"]
        if len(table) > longest:
            raise BackupError(f"games[{i}].table: at most {longest} characters.")
        if not table or game["status"] != GameStatus.IN_PROGRESS:
            continue
        other = playing.setdefault(table.casefold(), i)
        if other != i:
            raise BackupError(
                f"games[{i}].table: games[{other}] is in progress at {table!r} too: a table "
                "seats one game in progress."
            )


def _check_hands(hands: list, players: int, where: str) -> set[int]:
    """A game's hands, each with one score and one points figure per seat, whole numbers whose
    sums over the game a seat's columns hold (its total, its points taken); their numbers."""
    for j, hand in enumerate(hands):
        check_row(schema.HANDS, hand, f"{where}.hands[{j}]")
        for key in ("points", "scores"):
            figures = hand[key]
            if len(figures) != players or not all(whole(figure) for figure in figures):
                raise BackupError(f"{where}.hands[{j}].{key}: one whole number per seat.")
    low, high = JSON_WHOLE_NUMBERS
    for key in ("points", "scores"):
        for seat in range(players):
            if not low <= sum(hand[key][seat] for hand in hands) <= high:
                raise BackupError(
                    f"{where}.hands[].{key}: seat {seat}'s sum over the game is out of range: "
                    f"from {low} to {high}."
                )
    return {hand["number"] for hand in hands}


def _check_merges(merges: list, known: Known) -> None:
    for i, merge in enumerate(merges):
        where = f"player_merges[{i}]"
        check_row(schema.MERGES, merge, where)
        check_refs(schema.MERGES, merge, where, known)
        for seat in merge["seats_moved"]:
            refers(seat, known[GameSeat], f"{where}.seats_moved", "seat")
    unique((m["id"] for m in merges), "player_merges")


def _ranking(declared: dict, where: str) -> None:
    """The league's ranking declaration, as a league's table checks it (else every table of
    the league would be refused)."""
    try:
        ranking_of(declared)
    except DomainError as exc:
        raise BackupError(f"{where}.{exc.attr}: {exc.detail}.") from None


def _ruleset(options: dict, where: str):
    try:
        return ruleset_for(options)
    except HeartsError as exc:
        raise BackupError(f"{where}: {exc}") from None
