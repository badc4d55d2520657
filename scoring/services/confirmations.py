"""Confirmation at the table: under a league's ``confirmations`` a hand entered (or corrected)
by one seat awaits a player at another seat, who confirms it (then it counts) or queries it
(which opens a dispute for a director). The player acts from their own signed-in account, or
by their PIN on the scorer's device; a PIN is kept hashed, and wrong guesses block it a while.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone

from hearts_site.errors import Conflict, DomainError, Forbidden, NotFoundError, TooManyRequests
from scoring.models import Confirmation, Dispute, Game, GameSeat, Hand, Player
from scoring.selectors import can_score
from scoring.services.disputes import open_dispute
from scoring.services.games import locked_game
from scoring.services.hands import change_hand, check_not_abandoned, locked_hand

PIN_DIGITS = (4, 8)
# Wrong guesses in a row before a PIN is blocked, and for how long: 10^4 PINs take years.
PIN_GUESSES = 5
PIN_BLOCKED_FOR = timedelta(minutes=15)


def set_pin(*, player: Player, pin: str) -> Player:
    """The player's PIN, 4 to 8 digits, kept as a password hash; a new PIN unblocks it."""
    low, high = PIN_DIGITS
    if not (pin.isascii() and pin.isdigit() and low <= len(pin) <= high):
        raise DomainError("invalid_pin", f"A PIN is {low} to {high} digits.", "pin")
    player.pin_hash = make_password(pin)
    player.pin_failures, player.pin_blocked_until = 0, None
    player.save(update_fields=["pin_hash", "pin_failures", "pin_blocked_until"])
    return player


def check_pin(player_id: int, pin: str) -> Player:
    """The player, when ``pin`` is theirs. A wrong guess is counted in a transaction of its
    own (kept though the request fails); the fifth in a row blocks the PIN for a while."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player_id)
        now = timezone.now()
        if player.pin_blocked_until is not None and player.pin_blocked_until > now:
            wait = int((player.pin_blocked_until - now).total_seconds()) + 1
            raise TooManyRequests(
                "pin_blocked", "Too many wrong PINs: try again later.", "pin", wait=wait
            )
        if not player.pin_hash:
            raise Forbidden("no_pin", f"{player.name} has set no PIN.", "pin")
        if check_password(pin, player.pin_hash):
            if player.pin_failures:
                player.pin_failures = 0
                player.save(update_fields=["pin_failures"])
            return player
        player.pin_failures += 1
        if player.pin_failures >= PIN_GUESSES:
            player.pin_failures, player.pin_blocked_until = 0, now + PIN_BLOCKED_FOR
        player.save(update_fields=["pin_failures", "pin_blocked_until"])
    raise Forbidden("wrong_pin", "That is not the player's PIN.", "pin")


def confirming_player(game_id: int, actor, player_id: int | None, pin: str | None) -> Player:
    """Who acts: the actor's own player at this game (signed in), or, on a scorer's device,
    the seated player whose PIN is given. Checked before any lock is taken."""
    seats = GameSeat.objects.filter(game_id=game_id).select_related("player")
    if pin is None:
        seat = seats.filter(player__user=actor).first() if actor.is_authenticated else None
        if seat is None:
            raise Forbidden(
                "not_seated",
                "Only a player seated at this game confirms or queries its hands: from their "
                "own account, or by their PIN on the scorer's device.",
                None,
            )
        return seat.player
    if player_id is None:
        raise DomainError("player_required", "With a PIN, name the player.", "player")
    game = Game.objects.filter(pk=game_id).only("club_id").first()
    if game is None:
        raise NotFoundError("game_not_found", "No such game.", None)
    if not can_score(actor, game.club_id):
        raise Forbidden("not_scorer", "A PIN is entered on a scorer's device.", None)
    if not seats.filter(player_id=player_id).exists():
        raise Forbidden("not_seated", "That player is not seated at this game.", "player")
    return check_pin(player_id, pin)


def _check_other_seat(game: Game, hand: Hand, player: Player) -> None:
    """The player is at another seat than the one that entered (or corrected) the hand."""
    if hand.submitted_by_id is not None and player.user_id == hand.submitted_by_id:
        raise Forbidden("own_entry", "A player cannot confirm their own entry.", None)
    submitter_seat = (
        GameSeat.objects.filter(game=game, player__user_id=hand.submitted_by_id)
        .values_list("seat", flat=True)
        .first()
        if hand.submitted_by_id is not None
        else None
    )
    seat = GameSeat.objects.filter(game=game, player=player).values_list("seat", flat=True).first()
    if seat == submitter_seat:
        raise Forbidden(
            "own_entry",
            "The seat that entered the hand cannot confirm it: another seat does.",
            None,
        )


def _awaiting(game_id: int, number: int, expected_version: int | None) -> tuple[Game, Hand]:
    game = locked_game(game_id, expected_version)
    check_not_abandoned(game)
    hand = locked_hand(game, number)
    if hand.is_void:
        raise Conflict("hand_void", f"Hand {number} is void: it counts for nothing.", None)
    if hand.confirmation != Confirmation.AWAITING:
        raise Conflict(
            f"hand_{hand.confirmation}",
            f"Hand {number} is {hand.confirmation}, not awaiting confirmation.",
            None,
        )
    return game, hand


def confirm_hand(
    *,
    game_id: int,
    number: int,
    actor,
    player_id: int | None = None,
    pin: str | None = None,
    expected_version: int | None = None,
) -> Hand:
    """A player at another seat confirms the hand: it counts from now (every total, the game's
    end and the tables follow), kept in the history as ``hand_confirmed``."""
    player = confirming_player(game_id, actor, player_id, pin)
    with transaction.atomic():
        game, hand = _awaiting(game_id, number, expected_version)
        _check_other_seat(game, hand, player)

        def confirm(hand: Hand) -> bool:
            hand.confirmation, hand.confirmed_by = Confirmation.CONFIRMED, player
            return True

        by = "pin" if pin is not None else "account"
        noted = {"player": player.pk, "by": by}
        return change_hand(game, hand, confirm, "hand_confirmed", actor, "", noted=noted)


def query_hand(
    *,
    game_id: int,
    number: int,
    actor,
    record: Mapping[str, Any],
    reason: str = "",
    player_id: int | None = None,
    pin: str | None = None,
) -> Dispute:
    """A player at another seat queries the hand instead of confirming it: a dispute opens
    (with the count they claim, or none), the hand is ``queried`` and counts only once a
    director rules on it."""
    player = confirming_player(game_id, actor, player_id, pin)
    with transaction.atomic():
        game, hand = _awaiting(game_id, number, None)
        _check_other_seat(game, hand, player)
        hand.confirmation = Confirmation.QUERIED
        hand.save(update_fields=["confirmation", "updated_at"])
        return open_dispute(
            game_id=game_id,
            number=number,
            record=record,
            actor=actor,
            reason=reason,
            query={"player": player.pk, "by": "pin" if pin is not None else "account"},
        )
