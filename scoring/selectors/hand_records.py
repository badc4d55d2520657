"""The games of a game, a night, a league or a club as hand records' games (the JSON twin's
form, ``scoring.record``), read ``BATCH`` games at a time: three queries a batch however many
hands, so an export's memory stays flat (a batch's hands at most) and its queries bounded."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC
from typing import Any

from django.db.models import QuerySet

from scoring.models import Confirmation, Game, GameSeat, Hand
from scoring.record import hand_of
from scoring.record.spec import RULESET_OPTIONS, RULESET_VERSION
from scoring.selectors.names import private_names, shown_player_name

BATCH = 50
_HAND_FIELDS = (
    "game_id",
    "number",
    "dealer",
    "pass_direction",
    "level",
    "entry",
    "points",
    "scores",
    "moon_shooter",
    "moon_choice",
    "adjudication",
    "ruled",
    "is_void",
    "confirmation",
    "confirmed_by_id",
)


def one_game(game_id: int) -> QuerySet[Game]:
    return Game.objects.filter(pk=game_id)


def club_games(club_id: int) -> QuerySet[Game]:
    return Game.objects.filter(club_id=club_id)


def league_games(league_id: int) -> QuerySet[Game]:
    return Game.objects.filter(league_id=league_id)


def night_games(night_id: int) -> QuerySet[Game]:
    return Game.objects.filter(night_table__round__night_id=night_id)


_GAME_FIELDS = (
    "pk",
    "club__slug",
    "league__name",
    "started_at",
    "table",
    "status",
    "ruleset",
    "first_dealer",
    "record_origin__record_game",
)


def record_games(games: QuerySet[Game], through: int | None = None) -> Iterator[dict[str, Any]]:
    """Each game in id order, as a record's game, read ``BATCH`` games at a time as plain
    rows (no model instances: nothing a batch read outlives it, not even in a cycle);
    ``through``: its hands up to that number only (one hand's export)."""
    ids = list(games.order_by("pk").values_list("pk", flat=True))
    private = private_names()
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        seats: dict[int, list[tuple[int, str]]] = {pk: [] for pk in chunk}
        rows = GameSeat.objects.filter(game_id__in=chunk).order_by("game_id", "seat")
        for game_id, player_id, name in rows.values_list("game_id", "player_id", "player__name"):
            seats[game_id].append((player_id, shown_player_name(player_id, name, private)))
        hands: dict[int, list[dict[str, Any]]] = {pk: [] for pk in chunk}
        stored = Hand.objects.filter(game_id__in=chunk).order_by("game_id", "number")
        if through is not None:
            stored = stored.filter(number__lte=through)
        for hand in stored.values(*_HAND_FIELDS):
            hands[hand["game_id"]].append(hand)
        found = Game.objects.filter(pk__in=chunk).order_by("pk").values(*_GAME_FIELDS)
        for game in found:
            yield record_game(game, seats.pop(game["pk"]), hands.pop(game["pk"]))


def has_hand(game_id: int, number: int) -> bool:
    return Hand.objects.filter(game_id=game_id, number=number).exists()


def one_record(game_id: int) -> dict[str, Any] | None:
    """One game's record, or None."""
    return next(record_games(one_game(game_id)), None)


def record_game(
    game: dict[str, Any], seats: list[tuple[int, str]], stored: list[dict[str, Any]]
) -> dict[str, Any]:
    """One game (its row, its seats' players and names, its hands' rows) as a record's game.
    Its hands up to the first one still awaiting confirmation or queried: a record holds
    settled hands."""
    seat_of = {player_id: seat for seat, (player_id, _name) in enumerate(seats)}
    hands = []
    for hand in stored:
        if hand["confirmation"] != Confirmation.CONFIRMED and not hand["is_void"]:
            break
        hands.append(hand_of(hand, len(seats), seat_of.get(hand["confirmed_by_id"])))
    options = game["ruleset"]
    origin = game["record_origin__record_game"]
    return {
        "game": origin if origin is not None else f"{game['club__slug']}:{game['pk']}",
        "event": game["league__name"] or "",
        "date": game["started_at"].astimezone(UTC).date().isoformat(),
        "table": game["table"],
        "status": game["status"],
        "preset": options.get("preset", "standard"),
        "ruleset_version": RULESET_VERSION,
        "options": {name: options[name] for name in RULESET_OPTIONS},
        "seats": [name for _player, name in seats],
        "first_dealer": game["first_dealer"],
        "hands": hands,
    }


__all__ = [
    "club_games",
    "has_hand",
    "league_games",
    "night_games",
    "one_game",
    "one_record",
    "record_games",
]
