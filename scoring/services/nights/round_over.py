"""A night's game ended "round over" by its director at the hands it has: the round's end
reached before its bell's hand (or its hands) came in."""

from __future__ import annotations

from django.utils import timezone

from scoring.models import EventType, Game, GameStatus, HistoryEntry
from scoring.services import events
from scoring.services.games import abandon_game, locked_game, rules_of
from scoring.services.settlement import rerate, rescore

NO_HANDS_REASON = "The round ended before this table's first hand."


def end_for_round(game_id: int, actor) -> Game:
    """End the game now, round over, the lowest total winning; a game with no hand counted is
    abandoned instead (a round over without a hand has no result). Call inside the round's
    transaction."""
    game = locked_game(game_id, None)
    if game.status != GameStatus.IN_PROGRESS:
        return game
    if game.hands_played == 0:
        return abandon_game(game_id=game.pk, reason=NO_HANDS_REASON, actor=actor)
    now = timezone.now()
    game.round_ends_at = min(game.round_ends_at or now, now)
    game.save(update_fields=["round_ends_at"])
    since = rescore(game, rules_of(game))
    HistoryEntry.objects.create(
        game=game,
        action="round_over",
        actor=actor,
        after={"status": game.status, "end_reason": game.end_reason},
    )
    events.game_changed(EventType.GAME_FINISHED, game)
    rerate(game, since)
    return game
