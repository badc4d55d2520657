"""Who played each seat of a game when a substitute took one after hands were recorded
(``SeatChange``, issue 52), in words for the game page and the night's standings: each change
with the hands each player played and whom the seat's game counts to (its ``GameSeat``'s
player, as the night's ``substitute_scores`` said)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from scoring.models import GameSeat, SeatChange
from scoring.selectors.names import private_names, shown_player_name


def seat_changes(game_ids: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    """Each game's seat changes in seat and hand order, in two queries whatever their number:
    ``seat``, ``from_hand``, the substitute (``player``, ``name``), who left the seat
    (``replaced``, ``replaced_name``) and the hand they played it from (``replaced_from``),
    and whom the seat counts to (``counted``, ``counted_name``)."""
    ids = list(game_ids)
    found: dict[int, list[dict[str, Any]]] = {}
    if not ids:
        return found
    changes = SeatChange.objects.filter(game_id__in=ids).select_related("player", "replaced")
    counted = {
        (game, seat): (player, name)
        for game, seat, player, name in GameSeat.objects.filter(
            game_id__in={c.game_id for c in changes}
        ).values_list("game_id", "seat", "player_id", "player__name")
    }
    since: dict[tuple[int, int], int] = {}
    private = private_names()
    for change in changes.order_by("game_id", "seat", "from_hand"):
        key = (change.game_id, change.seat)
        player, name = counted.get(key, (None, ""))
        found.setdefault(change.game_id, []).append(
            {
                "seat": change.seat,
                "from_hand": change.from_hand,
                "player": change.player_id,
                "name": shown_player_name(change.player_id, change.player.name, private),
                "replaced": change.replaced_id,
                "replaced_name": shown_player_name(
                    change.replaced_id, change.replaced.name, private
                ),
                "replaced_from": since.get(key, 1),
                "counted": player,
                "counted_name": shown_player_name(player, name, private),
            }
        )
        since[key] = change.from_hand
    return found


def change_words(change: dict[str, Any]) -> str:
    """One change as the pages say it: "Seat 3: Bo played hands 1 to 4; Cy plays it from
    hand 5. The seat's game counts to Bo." """
    first = change["replaced_from"]
    last = change["from_hand"] - 1
    played = (
        _("{player} played hand {first}").format(player=change["replaced_name"], first=first)
        if first == last
        else _("{player} played hands {first} to {last}").format(
            player=change["replaced_name"], first=first, last=last
        )
    )
    return _(
        "Seat {seat}: {played}; {substitute} substituted from hand {hand}. The seat's game "
        "counts to {counted}."
    ).format(
        seat=change["seat"] + 1,
        played=played,
        substitute=change["name"],
        hand=change["from_hand"],
        counted=change["counted_name"],
    )


def game_substitutions(game_id: int) -> list[str]:
    """The game's seat changes in words (none: an empty list)."""
    return [change_words(c) for c in seat_changes([game_id]).get(game_id, [])]
