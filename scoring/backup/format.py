"""The document's format: its name and version, the shape of every object, and the check of a
whole document before anything is written (``validate``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.dateparse import parse_date, parse_datetime

from adjudication.engine import HeartsError
from adjudication.services import ruleset_for
from scoring.models import Club, DisputeStatus, EntryLevel, GameStatus, Role

FORMAT = "hearts-club-backup"
VERSION = 1


class BackupError(Exception):
    """A document that cannot be imported; the message says what is wrong and where."""


# What each object holds: key -> kind. A "?" suffix allows null. "json" is anything.
_ANY = "json"
CLUB = {"id": "int", "name": "str", "slug": "str", "is_public": "bool", "created_at": "datetime"}
MEMBER = {"username": "str", "role": "str", "created_at": "datetime"}
PLAYER = {
    "id": "int",
    "name": "str",
    "user": "str?",
    "merged_into": "int?",
    "created_at": "datetime",
}
LEAGUE = {
    "id": "int",
    "name": "str",
    "ruleset": "dict",
    "ranking": "dict",
    "created_at": "datetime",
    "seasons": "list",
}
SEASON = {"id": "int", "name": "str", "starts_on": "date", "ends_on": "date"}
GAME = {
    "id": "int",
    "league": "int?",
    "season": "int?",
    "ruleset": "dict",
    "first_dealer": "int",
    "status": "str",
    "started_at": "datetime",
    "finished_at": "datetime?",
    "updated_at": "datetime",
    "version": "int",
    "totals": "list",
    "gems": "list?",
    "hands_played": "int",
    "winners": "list",
    "created_by": "str?",
    "seats": "list",
    "hands": "list",
    "disputes": "list",
    "history": "list",
}
SEAT = {
    "id": "int",
    "seat": "int",
    "player": "int",
    "total": "int",
    "place": "int?",
    "is_winner": "bool",
    "hands_played": "int",
    "points_taken": "int",
    "moons": "int",
    "queens": "int",
    "clean_hands": "int",
    "gems": "int?",
}
HAND = {
    "number": "int",
    "dealer": "int",
    "pass_direction": "str",
    "level": "str",
    "entry": "dict",
    "points": "list",
    "scores": "list",
    "moon_shooter": "int?",
    "moon_choice": "str",
    "jack_of_diamonds": "int?",
    "queen_by": "int?",
    "gems": "list?",
    "adjudication": "dict?",
    "renege_by": "int?",
    "is_void": "bool",
    "entered_by": "str?",
    "created_at": "datetime",
    "updated_at": "datetime",
}
DISPUTE = {
    "id": "int",
    "hand": "int",
    "record": "dict",
    "ruling": "dict",
    "status": "str",
    "opened_by": "str?",
    "opened_at": "datetime",
    "resolved_by": "str?",
    "resolved_at": "datetime?",
    "note": "str",
}
HISTORY = {
    "hand_number": "int?",
    "action": "str",
    "actor": "str?",
    "at": "datetime",
    "before": _ANY,
    "after": _ANY,
    "reason": "str",
}
MERGE = {
    "id": "int",
    "source": "int",
    "target": "int",
    "seats_moved": "list",
    "actor": "str?",
    "at": "datetime",
    "reason": "str",
}
TOP = {
    "format": "str",
    "version": "int",
    "exported_at": "datetime",
    "club": "dict",
    "members": "list",
    "players": "list",
    "leagues": "list",
    "games": "list",
    "player_merges": "list",
}


def _kind_ok(value: Any, kind: str) -> bool:
    if kind.endswith("?"):
        if value is None:
            return True
        kind = kind[:-1]
    if kind == _ANY:
        return True
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "dict":
        return isinstance(value, dict)
    if kind == "list":
        return isinstance(value, list)
    if kind == "datetime":
        if not isinstance(value, str):
            return False
        try:
            parsed = parse_datetime(value)
        except ValueError:
            return False
        return parsed is not None and parsed.tzinfo is not None
    if kind == "date":
        try:
            return isinstance(value, str) and parse_date(value) is not None
        except ValueError:
            return False
    raise AssertionError(kind)


def _check(obj: Any, spec: Mapping[str, str], where: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise BackupError(f"{where}: expected an object, found {type(obj).__name__}.")
    missing = [key for key in spec if key not in obj]
    if missing:
        raise BackupError(f"{where}: missing key(s) {', '.join(map(repr, missing))}.")
    unknown = sorted(set(obj) - set(spec))
    if unknown:
        raise BackupError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}.")
    for key, kind in spec.items():
        if not _kind_ok(obj[key], kind):
            wanted = kind.rstrip("?") + (" or null" if kind.endswith("?") else "")
            raise BackupError(f"{where}.{key}: expected {wanted}, found {obj[key]!r:.60}.")
    return obj


def _unique(ids: Iterable[int], where: str) -> set[int]:
    seen: set[int] = set()
    for value in ids:
        if value in seen:
            raise BackupError(f"{where}: id {value} appears twice.")
        seen.add(value)
    return seen


def _refers(value: int | None, known: Iterable[int], where: str, what: str) -> None:
    if value is not None and value not in known:
        raise BackupError(f"{where}: no {what} with id {value} in this document.")


def _choice(value: str, choices: Iterable[str], where: str) -> None:
    allowed = list(choices)
    if value not in allowed:
        raise BackupError(f"{where}: {value!r} is not one of {', '.join(allowed)}.")


def validate(data: Any) -> dict[str, Any]:
    """Check a whole document before anything is written; raises ``BackupError``."""
    if not isinstance(data, dict):
        raise BackupError(f"Not a {FORMAT} document: expected a JSON object.")
    if data.get("format") != FORMAT:
        raise BackupError(
            f"Not a {FORMAT} document: format is {data.get('format')!r}, expected {FORMAT!r}."
        )
    if data.get("version") != VERSION:
        raise BackupError(
            f"Unsupported {FORMAT} version {data.get('version')!r}: this server reads version "
            f"{VERSION} only."
        )
    _check(data, TOP, "document")
    club = _check(data["club"], CLUB, "club")
    if not club["slug"] or len(club["slug"]) > Club._meta.get_field("slug").max_length:
        raise BackupError("club.slug: must be 1 to 60 characters.")

    usernames = []
    for i, member in enumerate(data["members"]):
        _check(member, MEMBER, f"members[{i}]")
        _choice(member["role"], Role.values, f"members[{i}].role")
        usernames.append(member["username"])
    if len(set(usernames)) != len(usernames):
        raise BackupError("members: a username appears twice.")

    for i, player in enumerate(data["players"]):
        _check(player, PLAYER, f"players[{i}]")
    players = _unique((p["id"] for p in data["players"]), "players")
    for i, player in enumerate(data["players"]):
        _refers(player["merged_into"], players, f"players[{i}].merged_into", "player")

    season_league: dict[int, int] = {}
    for i, league in enumerate(data["leagues"]):
        _check(league, LEAGUE, f"leagues[{i}]")
        _ruleset(league["ruleset"], f"leagues[{i}].ruleset")
        for j, season in enumerate(league["seasons"]):
            where = f"leagues[{i}].seasons[{j}]"
            _check(season, SEASON, where)
            if parse_date(season["ends_on"]) < parse_date(season["starts_on"]):
                raise BackupError(f"{where}: ends_on is before starts_on.")
            if season["id"] in season_league:
                raise BackupError(f"{where}: season id {season['id']} appears twice.")
            season_league[season["id"]] = league["id"]
    leagues = _unique((league["id"] for league in data["leagues"]), "leagues")

    seat_ids: list[int] = []
    dispute_ids: list[int] = []
    for i, game in enumerate(data["games"]):
        where = f"games[{i}]"
        _check(game, GAME, where)
        _choice(game["status"], GameStatus.values, f"{where}.status")
        _refers(game["league"], leagues, f"{where}.league", "league")
        _refers(game["season"], season_league, f"{where}.season", "season")
        if game["season"] is not None and season_league[game["season"]] != game["league"]:
            raise BackupError(f"{where}.season: the season belongs to another league.")
        rules = _ruleset(game["ruleset"], f"{where}.ruleset")
        if len(game["seats"]) != rules.players:
            raise BackupError(f"{where}.seats: the ruleset seats {rules.players} players.")
        for j, seat in enumerate(game["seats"]):
            _check(seat, SEAT, f"{where}.seats[{j}]")
            _refers(seat["player"], players, f"{where}.seats[{j}].player", "player")
            seat_ids.append(seat["id"])
        numbers = set()
        for j, hand in enumerate(game["hands"]):
            _check(hand, HAND, f"{where}.hands[{j}]")
            _choice(hand["level"], EntryLevel.values, f"{where}.hands[{j}].level")
            if len(hand["scores"]) != rules.players or len(hand["points"]) != rules.players:
                raise BackupError(f"{where}.hands[{j}]: points and scores need one per seat.")
            numbers.add(hand["number"])
        for j, dispute in enumerate(game["disputes"]):
            _check(dispute, DISPUTE, f"{where}.disputes[{j}]")
            _choice(dispute["status"], DisputeStatus.values, f"{where}.disputes[{j}].status")
            if dispute["hand"] not in numbers:
                raise BackupError(f"{where}.disputes[{j}].hand: the game has no hand that number.")
            dispute_ids.append(dispute["id"])
        for j, entry in enumerate(game["history"]):
            _check(entry, HISTORY, f"{where}.history[{j}]")
    _unique((g["id"] for g in data["games"]), "games")
    seats = _unique(seat_ids, "games[].seats")
    _unique(dispute_ids, "games[].disputes")

    for i, merge in enumerate(data["player_merges"]):
        where = f"player_merges[{i}]"
        _check(merge, MERGE, where)
        _refers(merge["source"], players, f"{where}.source", "player")
        _refers(merge["target"], players, f"{where}.target", "player")
        for seat in merge["seats_moved"]:
            _refers(seat, seats, f"{where}.seats_moved", "seat")
    _unique((m["id"] for m in data["player_merges"]), "player_merges")
    return data


def _ruleset(options: dict, where: str):
    try:
        return ruleset_for(options)
    except HeartsError as exc:
        raise BackupError(f"{where}: {exc}") from None
