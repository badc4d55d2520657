"""The format's name and version, the versions read besides it, and each older version's
document upgraded to the current one before it is checked (docs/backup-format.md)."""

from __future__ import annotations

import copy
from typing import Any

from adjudication.engine import HeartsError, game_result
from adjudication.engine.scoring_cards import CARD_NAMES
from adjudication.services import ruleset_for
from scoring.backup.checks import BackupError
from scoring.models import GameEnd, GameStatus
from scoring.models.counts import HAND_COUNTS, HAND_READS, CountedHand, counted_seat

FORMAT = "hearts-club-backup"
VERSION = 7
# Versions read besides the current one: each upgraded to the current one before it is checked.
OLDER = (1, 2, 3, 4, 5, 6)


def check_header(data: Any) -> None:
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


def upgraded(data: dict[str, Any]) -> dict[str, Any]:
    """The document as the current version has it; an older one, or one made before a seat
    count (``HAND_COUNTS``) or a scoring card (``SCORING_CARDS``) was added, is upgraded in a
    copy."""
    if data["version"] == VERSION and not _lacking_declared(data):
        return data
    data = copy.deepcopy(data)
    if data["version"] == 1:
        _from_version_1(data)
    if data["version"] in (1, 2):
        _from_version_2(data)
    if data["version"] in (1, 2, 3):
        _from_version_3(data)
    if data["version"] in (1, 2, 3, 4):
        _from_version_4(data)
    if data["version"] in (1, 2, 3, 4, 5):
        _from_version_5(data)
    if data["version"] != VERSION:
        _from_version_6(data)
    _count_seats(data)
    _hand_takers(data)
    data["version"] = VERSION
    return data


def _lacking_declared(data: dict[str, Any]) -> bool:
    games = objects(data.get("games"))
    return any(
        count.name not in seat
        for game in games
        for seat in objects(game.get("seats"))
        for count in HAND_COUNTS
    ) or any(
        name not in hand
        for game in games
        for hand in objects(game.get("hands"))
        for name in CARD_NAMES
    )


def _hand_takers(data: dict[str, Any]) -> None:
    """A scoring card declared since the document was made: no ruleset scored it then, so its
    taker is kept as nobody's (null), as the migration that added its column left it."""
    for game in objects(data.get("games")):
        for hand in objects(game.get("hands")):
            for name in CARD_NAMES:
                hand.setdefault(name, None)


def _count_seats(data: dict[str, Any]) -> None:
    """A seat count the document does not hold (it was added since) is counted from the
    game's counted hands, as the migration that added it counted the stored seats. A hand or
    seat of the wrong shape is left for the check to refuse."""
    for game in objects(data.get("games")):
        counted = [
            hand
            for hand in objects(game.get("hands"))
            if hand.get("is_void") is False and hand.get("confirmation") == "confirmed"
        ]
        try:
            hands = [CountedHand(*(hand[name] for name in HAND_READS)) for hand in counted]
            for seat in objects(game.get("seats")):
                index = seat["seat"]
                if type(index) is int and index >= 0:
                    found = counted_seat(hands, index, game.get("gems") is not None)
                    for name, value in found.items():
                        seat.setdefault(name, value)
        except (KeyError, IndexError, TypeError):
            continue


def _from_version_6(data: dict[str, Any]) -> None:
    """Version 7 keeps where a game imported from a hand record came from (each game's
    ``record_origins``) and who may read each player's name (``name_visibility``). An older
    document has neither: its games count as the club's own, and its names are public, as the
    migration that added the choice left every stored player."""
    for game in objects(data.get("games")):
        game.setdefault("record_origins", [])
    for player in objects(data.get("players")):
        player.setdefault("name_visibility", "public")


def _from_version_5(data: dict[str, Any]) -> None:
    """Version 6 keeps the seats a substitute took after hands were recorded (each game's
    ``seat_changes``) and whom a night counts such a seat to (``substitute_scores``). An older
    document has none; its nights count a seat to who started it, the default, as the
    migration that added it left every stored night."""
    for game in objects(data.get("games")):
        game.setdefault("seat_changes", [])
    for night in objects(data.get("nights")):
        night.setdefault("substitute_scores", "starter")


def _from_version_4(data: dict[str, Any]) -> None:
    """Version 5 keeps the club's tournament nights, so its games' round limits and end reason
    and an export id on each history entry (a night's correction names it). An older document
    has no nights; its games no round limits; a finished game ended at its target, as its
    ruleset rules its totals, else with its night's round; its history entries are numbered
    in the document's order."""
    data.setdefault("nights", [])
    numbered = 0
    for game in objects(data.get("games")):
        game.setdefault("end_reason", _end_of(game))
        game.setdefault("round_ends_at", None)
        game.setdefault("round_hands", None)
        for entry in objects(game.get("history")):
            numbered += 1
            entry.setdefault("id", numbered)


def _end_of(game: dict[str, Any]) -> str:
    """Why a finished game ended; "" for any other (or one the check will refuse)."""
    if game.get("status") != GameStatus.FINISHED:
        return ""
    try:
        ruled = game_result(ruleset_for(game["ruleset"]), game["totals"], game["hands_played"])
    except (HeartsError, KeyError, TypeError, ValueError, IndexError):
        return ""
    return ruled.reason if ruled.over else GameEnd.ROUND_OVER


def _from_version_3(data: dict[str, Any]) -> None:
    """Version 4 keeps each dispute's ``rulings``, a hand's ``ruled`` and ``recorded_at``: an
    older hand counted as played and was recorded when entered (as migration 0029 says)."""
    for game in objects(data.get("games")):
        for hand in objects(game.get("hands")):
            hand.setdefault("ruled", None)
            hand.setdefault("recorded_at", hand.get("created_at"))
        for dispute in objects(game.get("disputes")):
            dispute.setdefault("rulings", [])


def _from_version_2(data: dict[str, Any]) -> None:
    """Version 3 keeps each hand's ``revision`` (what a confirmation names) and each game's
    ``table``: a hand of an older document starts at 1, as the 0015 migration started every
    stored hand, and a game was played at no table ("")."""
    for game in objects(data.get("games")):
        game.setdefault("table", "")
        for hand in objects(game.get("hands")):
            hand.setdefault("revision", 1)


def _from_version_1(data: dict[str, Any]) -> None:
    """Version 1 kept one ``note`` per dispute: the filer's reason, then the director's note
    (or the reason still, when the director gave none). Version 2 keeps the filer's ``reason``
    and the director's ``resolution_note`` apart, read back from the game's history as the
    0007 migration does, and a ``claim`` (null: version 1 held trick records only)."""
    for game in objects(data.get("games")):
        said: dict[tuple[Any, Any], Any] = {}
        for entry in objects(game.get("history")):
            after = entry.get("after")
            if isinstance(after, dict) and "dispute" in after:
                said[(after["dispute"], entry.get("action"))] = entry.get("reason")
        for dispute in objects(game.get("disputes")):
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


def objects(rows: Any) -> list[dict[str, Any]]:
    """The objects of a list, left for the check to refuse anything else."""
    return [row for row in rows if isinstance(row, dict)] if isinstance(rows, list) else []
