"""A night's game ended "round over" by its director at the hands it has: the round's end
reached before its bell's hand (or its hands) came in."""

from __future__ import annotations

from django.utils import timezone

from scoring.domain.round_limit import last_hand
from scoring.models import EventType, Game, GameStatus, HistoryEntry
from scoring.services import events
from scoring.services.games import abandon_game, locked_game, rules_of
from scoring.services.settlement import recorded_hands, rerate, rescore

NO_HANDS_REASON = "The round ended before this table's first hand."


def end_for_round(game_id: int, actor) -> Game:
    """End the game now, round over, the lowest total winning: its last hand recorded becomes
    the round's last. A game with no hand recorded is abandoned instead (a round over without
    a hand has no result). Call inside the round's transaction, once no hand of the game
    awaits confirmation or a query (else it waits for them, still in progress)."""
    game = locked_game(game_id, None)
    if game.status != GameStatus.IN_PROGRESS:
        return game
    recorded = recorded_hands(game)
    if not recorded:
        return abandon_game(game_id=game.pk, reason=NO_HANDS_REASON, actor=actor)
    now = timezone.now()
    game.round_ends_at = min(game.round_ends_at or now, now)
    game.round_hands = len(recorded)
    game.save(update_fields=["round_ends_at", "round_hands"])
    since = rescore(game, rules_of(game))
    if game.status != GameStatus.FINISHED:
        return game
    HistoryEntry.objects.create(
        game=game,
        action="round_over",
        actor=actor,
        after={"status": game.status, "end_reason": game.end_reason},
    )
    events.game_changed(EventType.GAME_FINISHED, game)
    rerate(game, since)
    return game


def still_playing(game: Game) -> bool:
    """A game of the round with hands still to play: in progress, its round's last hand not
    yet recorded (a game whose last hand waits for confirmation is not: it waits)."""
    if game.status != GameStatus.IN_PROGRESS:
        return False
    return last_hand(recorded_hands(game), game.round_hands, game.round_ends_at) is None
