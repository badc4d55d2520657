"""The document's format and version, and the check of a whole document before anything is
written (``validate``). What each row holds is declared once, in schema.py."""

from __future__ import annotations

import copy
import math
from collections.abc import Container, Iterable, Mapping
from typing import Any

from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import JSONField, Model

from adjudication.engine import HeartsError
from adjudication.services import ruleset_for
from hearts_site import numbers
from hearts_site.errors import DomainError
from scoring.backup import schema
from scoring.domain.ranking import ranking_of
from scoring.models import GameSeat, GameStatus, League, Player, Season
from scoring.models.counts import HAND_COUNTS, HAND_READS, CountedHand, counted_seat

FORMAT = "hearts-club-backup"
VERSION = 4
# Versions read besides the current one: each upgraded to the current one before it is checked.
OLDER = (1, 2, 3)

# The document's own keys, then the rows at its top level.
TOP = {"format": "str", "version": "int", "exported_at": "datetime"} | {
    kind.key: "list" if kind.many else "dict" for kind in schema.ROW_KINDS if kind.inside is None
}

# The export ids a reference may name, by the model it refers to.
Known = Mapping[type[Model], Container[int]]

# Every whole number inside a JSON value (entries, scores, rulesets, history): what an integer
# column holds, since the service adds them into such columns (a seat's total, its points).
JSON_WHOLE_NUMBERS = BaseDatabaseOperations.integer_field_ranges["IntegerField"]


class BackupError(Exception):
    """A document that cannot be imported; the message says what is wrong and where."""


def validate(data: Any) -> dict[str, Any]:
    """Check a whole document before anything is written; raises ``BackupError``. Returns it
    as the current version has it (an older version's document upgraded, in a copy)."""
    _check_header(data)
    data = upgraded(data)
    _check(data, TOP, "document")
    _check_club(data["club"])
    _check_members(data["members"])
    players = _check_players(data["players"])
    leagues, season_league = _check_leagues(data["leagues"])
    known = {Player: players, League: leagues, Season: season_league}
    seats = _check_games(data["games"], known, season_league)
    _check_merges(data["player_merges"], {Player: players, GameSeat: seats})
    return data


# --- One kind of row at a time -------------------------------------------------------------------


def _check_header(data: Any) -> None:
    if not isinstance(data, dict):
        raise BackupError(f"Not a {FORMAT} document: expected a JSON object.")
    if data.get("format") != FORMAT:
        raise BackupError(
            f"Not a {FORMAT} document: format is {data.get('format')!r}, expected {FORMAT!r}."
        )
    version = data.get("version")
    if type(version) is not int or (version != VERSION and version not in OLDER):
        readable = ", ".join(str(v) for v in (*OLDER, VERSION))
        raise BackupError(
            f"Unsupported {FORMAT} version {version!r}: this server reads versions {readable}."
        )


# --- Older versions ------------------------------------------------------------------------------


def upgraded(data: dict[str, Any]) -> dict[str, Any]:
    """The document as the current version has it; an older one, or one made before a seat
    count was added (``HAND_COUNTS``), is upgraded in a copy."""
    if data["version"] == VERSION and not _seats_lacking_counts(data):
        return data
    data = copy.deepcopy(data)
    if data["version"] == 1:
        _from_version_1(data)
    if data["version"] in (1, 2):
        _from_version_2(data)
    if data["version"] != VERSION:
        _from_version_3(data)
    _count_seats(data)
    data["version"] = VERSION
    return data


def _seats_lacking_counts(data: dict[str, Any]) -> bool:
    return any(
        count.name not in seat
        for game in _objects(data.get("games"))
        for seat in _objects(game.get("seats"))
        for count in HAND_COUNTS
    )


def _count_seats(data: dict[str, Any]) -> None:
    """A seat count the document does not hold (it was added since) is counted from the
    game's counted hands, as the migration that added it counted the stored seats. A hand or
    seat of the wrong shape is left for the check to refuse."""
    for game in _objects(data.get("games")):
        counted = [
            hand
            for hand in _objects(game.get("hands"))
            if hand.get("is_void") is False and hand.get("confirmation") == "confirmed"
        ]
        try:
            hands = [CountedHand(*(hand[name] for name in HAND_READS)) for hand in counted]
            for seat in _objects(game.get("seats")):
                index = seat["seat"]
                if type(index) is int and index >= 0:
                    found = counted_seat(hands, index, game.get("gems") is not None)
                    for name, value in found.items():
                        seat.setdefault(name, value)
        except (KeyError, IndexError, TypeError):
            continue


def _from_version_3(data: dict[str, Any]) -> None:
    """Version 4 keeps each dispute's ``rulings``, a hand's ``ruled`` and ``recorded_at``: an
    older hand counted as played and was recorded when entered (as migration 0029 says)."""
    for game in _objects(data.get("games")):
        for hand in _objects(game.get("hands")):
            hand.setdefault("ruled", None)
            hand.setdefault("recorded_at", hand.get("created_at"))
        for dispute in _objects(game.get("disputes")):
            dispute.setdefault("rulings", [])


def _from_version_2(data: dict[str, Any]) -> None:
    """Version 3 keeps each hand's ``revision`` (what a confirmation names) and each game's
    ``table``: a hand of an older document starts at 1, as the 0015 migration started every
    stored hand, and a game was played at no table ("")."""
    for game in _objects(data.get("games")):
        game.setdefault("table", "")
        for hand in _objects(game.get("hands")):
            hand.setdefault("revision", 1)


def _from_version_1(data: dict[str, Any]) -> None:
    """Version 1 kept one ``note`` per dispute: the filer's reason, then the director's note
    (or the reason still, when the director gave none). Version 2 keeps the filer's ``reason``
    and the director's ``resolution_note`` apart, read back from the game's history as the
    0007 migration does, and a ``claim`` (null: version 1 held trick records only)."""
    for game in _objects(data.get("games")):
        said: dict[tuple[Any, Any], Any] = {}
        for entry in _objects(game.get("history")):
            after = entry.get("after")
            if isinstance(after, dict) and "dispute" in after:
                said[(after["dispute"], entry.get("action"))] = entry.get("reason")
        for dispute in _objects(game.get("disputes")):
            if "note" not in dispute:
                continue  # the check names what is missing
            note = dispute.pop("note")
            reason, resolution = note, ""
            status = dispute.get("status")
            if status != "open":
                opened = said.get((dispute.get("id"), "dispute_opened"))
                ruled = said.get((dispute.get("id"), f"dispute_{status}"))
                resolution = note if ruled is None else ruled
                if opened is not None:
                    reason = opened
                elif ruled == "":
                    resolution = ""
                else:
                    reason = ""
            dispute["claim"] = None
            dispute["reason"] = reason
            dispute["resolution_note"] = resolution


def _objects(rows: Any) -> list[dict[str, Any]]:
    """The objects of a list, left for the check to refuse anything else."""
    return [row for row in rows if isinstance(row, dict)] if isinstance(rows, list) else []


def _check_club(club: Any) -> None:
    _check_row(schema.CLUB, club, "club")
    longest = schema.CLUB.model._meta.get_field("slug").max_length
    if not club["slug"] or len(club["slug"]) > longest:
        raise BackupError(f"club.slug: must be 1 to {longest} characters.")


def _check_members(members: list) -> None:
    for i, member in enumerate(members):
        _check_row(schema.MEMBERS, member, f"members[{i}]")
    usernames = [member["username"] for member in members]
    if len(set(usernames)) != len(usernames):
        raise BackupError("members: a username appears twice.")


def _check_players(players: list) -> set[int]:
    for i, player in enumerate(players):
        _check_row(schema.PLAYERS, player, f"players[{i}]")
    ids = _unique((p["id"] for p in players), "players")
    for i, player in enumerate(players):
        _check_refs(schema.PLAYERS, player, f"players[{i}]", {Player: ids})
    return ids


def _check_leagues(leagues: list) -> tuple[set[int], dict[int, int]]:
    """The leagues' ids, and each season's league by the season's id."""
    season_league: dict[int, int] = {}
    for i, league in enumerate(leagues):
        _check_row(schema.LEAGUES, league, f"leagues[{i}]")
        _ruleset(league["ruleset"], f"leagues[{i}].ruleset")
        _ranking(league["ranking"], f"leagues[{i}]")
        for j, season in enumerate(league["seasons"]):
            where = f"leagues[{i}].seasons[{j}]"
            _check_row(schema.SEASONS, season, where)
            if numbers.ascii_day(season["ends_on"]) < numbers.ascii_day(season["starts_on"]):
                raise BackupError(f"{where}: ends_on is before starts_on.")
            if season["id"] in season_league:
                raise BackupError(f"{where}: season id {season['id']} appears twice.")
            season_league[season["id"]] = league["id"]
    return _unique((league["id"] for league in leagues), "leagues"), season_league


def _check_games(games: list, known: Known, season_league: dict[int, int]) -> set[int]:
    """Every game with its seats, hands, disputes and history; the seats' ids."""
    seat_ids: list[int] = []
    dispute_ids: list[int] = []
    ruling_ids: list[int] = []
    for i, game in enumerate(games):
        where = f"games[{i}]"
        _check_row(schema.GAMES, game, where)
        _check_refs(schema.GAMES, game, where, known)
        season = game["season"]
        if season is not None and season_league[season] != game["league"]:
            raise BackupError(f"{where}.season: the season belongs to another league.")
        players = _ruleset(game["ruleset"], f"{where}.ruleset").players
        if len(game["seats"]) != players:
            raise BackupError(f"{where}.seats: the ruleset seats {players} players.")
        for j, seat in enumerate(game["seats"]):
            _check_row(schema.SEATS, seat, f"{where}.seats[{j}]")
            _check_refs(schema.SEATS, seat, f"{where}.seats[{j}]", known)
            seat_ids.append(seat["id"])
        numbers = _check_hands(game["hands"], players, where)
        for j, dispute in enumerate(game["disputes"]):
            _check_row(schema.DISPUTES, dispute, f"{where}.disputes[{j}]")
            if dispute["hand"] not in numbers:
                raise BackupError(f"{where}.disputes[{j}].hand: the game has no hand that number.")
            dispute_ids.append(dispute["id"])
            for k, ruling in enumerate(dispute["rulings"]):
                _check_row(schema.RULINGS, ruling, f"{where}.disputes[{j}].rulings[{k}]")
                ruling_ids.append(ruling["id"])
        for j, entry in enumerate(game["history"]):
            _check_row(schema.HISTORY, entry, f"{where}.history[{j}]")
    _unique((g["id"] for g in games), "games")
    _check_tables(games)
    seats = _unique(seat_ids, "games[].seats")
    _unique(dispute_ids, "games[].disputes")
    _unique(ruling_ids, "games[].disputes[].rulings")
    return seats


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
        _check_row(schema.HANDS, hand, f"{where}.hands[{j}]")
        for key in ("points", "scores"):
            figures = hand[key]
            if len(figures) != players or not all(_whole(figure) for figure in figures):
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
        _check_row(schema.MERGES, merge, where)
        _check_refs(schema.MERGES, merge, where, known)
        for seat in merge["seats_moved"]:
            _refers(seat, known[GameSeat], f"{where}.seats_moved", "seat")
    _unique((m["id"] for m in merges), "player_merges")


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


# --- What every row is checked for ---------------------------------------------------------------


def _check_row(kind: schema.RowKind, obj: Any, where: str) -> dict[str, Any]:
    """Its keys, what each holds (a number as its column can store it, in JSON values too),
    and the value of a field with choices among them."""
    _check(obj, kind.spec, where)
    for column in kind.columns:
        value, at = obj[column.key], f"{where}.{column.key}"
        if column.bounds is not None and value is not None:
            _in_range(value, column.bounds, at)
        if isinstance(column.field, JSONField):
            _check_json_numbers(value, at)
        if column.field.choices and value is not None:
            allowed = [choice for choice, _ in column.field.choices]
            _choice(value, allowed, at)
    return obj


def _in_range(value: int, bounds: tuple[int, int], where: str) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise BackupError(f"{where}: {str(value)[:60]} is out of range: from {low} to {high}.")


def _check_json_numbers(value: Any, where: str) -> None:
    """Every number inside a JSON value: a whole number an integer column holds, or a finite
    decimal (Python's JSON reader also takes NaN and Infinity, which no database stores)."""
    pending = [(value, where)]
    while pending:  # not recursive: a deeply nested value is no reason for a traceback
        item, at = pending.pop()
        if isinstance(item, dict):
            pending.extend((inner, f"{at}.{key}") for key, inner in item.items())
        elif isinstance(item, list):
            pending.extend((inner, f"{at}[{i}]") for i, inner in enumerate(item))
        elif _whole(item):
            _in_range(item, JSON_WHOLE_NUMBERS, at)
        elif isinstance(item, float) and not math.isfinite(item):
            raise BackupError(f"{at}: {item} is not a number a database stores.")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_refs(kind: schema.RowKind, obj: dict[str, Any], where: str, known: Known) -> None:
    """Every export id the row names is one of the document's rows of that model."""
    for column in kind.columns:
        if column.writes == schema.ROW_ID:
            model = column.field.related_model
            what = model._meta.model_name
            _refers(obj[column.key], known[model], f"{where}.{column.key}", what)


def _kind_ok(value: Any, kind: str) -> bool:
    if kind.endswith("?"):
        if value is None:
            return True
        kind = kind[:-1]
    if kind == schema.ANY:
        return True
    if kind == "int":
        return _whole(value)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "dict":
        return isinstance(value, dict)
    if kind == "list":
        return isinstance(value, list)
    if kind == "datetime":
        moment = numbers.ascii_moment(value) if isinstance(value, str) else None
        return moment is not None and moment.tzinfo is not None and _counted(moment.date())
    if kind == "date":
        return _counted(numbers.ascii_day(value) if isinstance(value, str) else None)
    raise AssertionError(kind)


def _counted(day) -> bool:
    return day is not None and numbers.day_in_range(day)


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
            if kind.rstrip("?") in ("date", "datetime"):
                wanted += f" ({numbers.DAYS}, in ASCII digits)"
            raise BackupError(f"{where}.{key}: expected {wanted}, found {obj[key]!r:.60}.")
    return obj


def _unique(ids: Iterable[int], where: str) -> set[int]:
    seen: set[int] = set()
    for value in ids:
        if value in seen:
            raise BackupError(f"{where}: id {value} appears twice.")
        seen.add(value)
    return seen


def _refers(value: int | None, known: Container[int], where: str, what: str) -> None:
    if value is not None and value not in known:
        raise BackupError(f"{where}: no {what} with id {value} in this document.")


def _choice(value: Any, choices: Iterable[Any], where: str) -> None:
    allowed = list(choices)
    if value not in allowed:
        raise BackupError(f"{where}: {value!r:.60} is not one of {', '.join(map(str, allowed))}.")
