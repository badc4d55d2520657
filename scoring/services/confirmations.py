"""Confirmation at the table: under a league's ``confirmations`` a hand entered (or corrected)
by one seat awaits a player at another seat, who confirms it (then it counts) or queries it
(which opens a dispute for a director). The player acts from their own signed-in account, or
by their PIN on the scorer's device (``pins``); a director may confirm for a table whose
players cannot.

A confirmation names what it saw: the hand's ``revision`` (bumped by every change of its entry
or score), the game's version, or both. Once the hand changed since, the confirmation is
refused (``hand_changed``), so what counts is what the confirmer read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError, Forbidden, NotFoundError
from scoring.models import Confirmation, Dispute, Game, GameSeat, Hand, Player
from scoring.selectors import DIRECTORS, can_score, role_in
from scoring.services.disputes import open_dispute
from scoring.services.games import check_version, locked_game
from scoring.services.hands import change_hand, check_not_abandoned, locked_hand
from scoring.services.pins import check_pin


def confirming_player(
    game_id: int,
    number: int,
    actor,
    player_id: int | None,
    pin: str | None,
    seen: tuple[int | None, int | None] = (None, None),
) -> Player:
    """Who acts: the actor's own player at this game (signed in), or, on a scorer's device,
    the seated player whose PIN is given. Checked before any lock is taken; a PIN only once
    the hand is known to await confirmation at the version and revision ``seen`` and the
    player to sit at another seat than the entering one, so that no answer tells a right PIN
    from a wrong one where nothing would be confirmed."""
    seats = GameSeat.objects.filter(game_id=game_id).select_related("player")
    if pin is None:
        seat = seats.filter(player__user=actor).first() if actor.is_authenticated else None
        if seat is None:
            raise Forbidden(
                "not_seated",
                _(
                    "Only a player seated at this game confirms or queries its hands: from their "
                    "own account, or by their PIN on the scorer's device."
                ),
                None,
            )
        return seat.player
    if player_id is None:
        raise DomainError("player_required", _("With a PIN, name the player."), "player")
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFoundError("game_not_found", _("No such game."), None)
    if not can_score(actor, game.club_id):
        raise Forbidden("not_scorer", _("A PIN is entered on a scorer's device."), None)
    seat = seats.filter(player_id=player_id).first()
    if seat is None:
        raise Forbidden("not_seated", _("That player is not seated at this game."), "player")
    check_version(game, seen[0])
    hand = Hand.objects.filter(game=game, number=number).first()
    if hand is None:
        raise NotFoundError(
            "hand_not_found",
            _("Game {game} has no hand {number}.").format(game=game_id, number=number),
            None,
        )
    _check_awaiting(game, hand, seen[1])
    _check_other_seat(game, hand, seat.player)
    return check_pin(player_id, pin)


def _entering_seat(game: Game, hand: Hand) -> int | None:
    """The seat of whoever entered (or corrected) the hand, when they sit at the game."""
    if hand.submitted_by_id is None:
        return None
    seats = GameSeat.objects.filter(game=game, player__user_id=hand.submitted_by_id)
    return seats.values_list("seat", flat=True).first()


def _check_other_seat(game: Game, hand: Hand, player: Player) -> None:
    """The player is at another seat than the one that entered (or corrected) the hand."""
    if hand.submitted_by_id is not None and player.user_id == hand.submitted_by_id:
        raise Forbidden("own_entry", _("A player cannot confirm their own entry."), None)
    seat = GameSeat.objects.filter(game=game, player=player).values_list("seat", flat=True).first()
    if seat == _entering_seat(game, hand):
        raise Forbidden(
            "own_entry",
            _("The seat that entered the hand cannot confirm it: another seat does."),
            None,
        )


# A hand not awaiting confirmation, in words, by where it stands.
_HAND_NOT_AWAITING = {
    Confirmation.CONFIRMED: lambda: _("Hand {number} is confirmed, not awaiting confirmation."),
    Confirmation.QUERIED: lambda: _("Hand {number} is queried, not awaiting confirmation."),
}


def _check_awaiting(game: Game, hand: Hand, expected_revision: int | None) -> None:
    """The hand awaits confirmation, at the revision the caller saw (any, when None)."""
    check_not_abandoned(game)
    number = hand.number
    if hand.is_void:
        raise Conflict(
            "hand_void",
            _("Hand {number} is void: it counts for nothing.").format(number=number),
            None,
        )
    if hand.confirmation != Confirmation.AWAITING:
        raise Conflict(
            f"hand_{hand.confirmation}",
            _HAND_NOT_AWAITING[hand.confirmation]().format(number=number),
            None,
        )
    if expected_revision is not None and expected_revision != hand.revision:
        raise Conflict(
            "hand_changed",
            _(
                "Hand {number} changed since you read it (revision {seen}, now {revision}): "
                "read it again before you confirm it."
            ).format(number=number, seen=expected_revision, revision=hand.revision),
            "revision",
        )


def _awaiting(
    game_id: int, number: int, expected_version: int | None, expected_revision: int | None
) -> tuple[Game, Hand]:
    """The game and the hand, locked, the hand awaiting confirmation as the caller saw it."""
    game = locked_game(game_id, expected_version)
    hand = locked_hand(game, number)
    _check_awaiting(game, hand, expected_revision)
    return game, hand


def _confirmed(
    game: Game, hand: Hand, actor, player: Player | None, noted: dict[str, Any], reason: str = ""
) -> Hand:
    """The hand confirmed: it counts from now, kept in the history as ``hand_confirmed``."""

    def confirm(hand: Hand) -> bool:
        hand.confirmation, hand.confirmed_by = Confirmation.CONFIRMED, player
        return True

    return change_hand(game, hand, confirm, "hand_confirmed", actor, reason, noted=noted)


def confirm_hand(
    *,
    game_id: int,
    number: int,
    actor,
    player_id: int | None = None,
    pin: str | None = None,
    expected_version: int | None = None,
    expected_revision: int | None = None,
) -> Hand:
    """A player at another seat confirms the hand as they saw it (``expected_revision``, the
    game's ``expected_version``): it counts from now (every total, the game's end and the
    tables follow), kept in the history as ``hand_confirmed`` with the player and how."""
    seen = (expected_version, expected_revision)
    player = confirming_player(game_id, number, actor, player_id, pin, seen)
    with transaction.atomic():
        game, hand = _awaiting(game_id, number, *seen)
        _check_other_seat(game, hand, player)
        noted = {"player": player.pk, "by": "pin" if pin is not None else "account"}
        return _confirmed(game, hand, actor, player, noted)


def confirm_for_table(
    *,
    game_id: int,
    number: int,
    actor,
    expected_version: int | None = None,
    expected_revision: int | None = None,
    reason: str = "",
) -> Hand:
    """A director of the game's club confirms the hand for its table (players with no phone
    and no PIN), as they saw it; kept as ``hand_confirmed`` by the director, noted ``by:
    director`` (no player), with the director's ``reason`` if given. Not the director's own
    entry (as a seated player or not): the entry would confirm itself."""
    club_id = Game.objects.filter(pk=game_id).values_list("club_id", flat=True).first()
    if club_id is None:
        raise NotFoundError("game_not_found", _("No such game."), None)
    if role_in(actor, club_id) not in DIRECTORS:
        raise Forbidden(
            "not_director", _("A director of the club confirms a hand for its table."), None
        )
    with transaction.atomic():
        game, hand = _awaiting(game_id, number, expected_version, expected_revision)
        if actor.pk == hand.submitted_by_id:  # seated or not: the entry would confirm itself
            raise Forbidden("own_entry", _("A director cannot confirm their own entry."), None)
        return _confirmed(game, hand, actor, None, {"by": "director"}, reason)


def query_hand(
    *,
    game_id: int,
    number: int,
    actor,
    record: Mapping[str, Any],
    reason: str = "",
    player_id: int | None = None,
    pin: str | None = None,
    expected_version: int | None = None,
    expected_revision: int | None = None,
) -> Dispute:
    """A player at another seat queries the hand as they saw it instead of confirming it: a
    dispute opens (with the count they claim, or none), the hand is ``queried`` and counts
    only once a director rules on it."""
    seen = (expected_version, expected_revision)
    player = confirming_player(game_id, number, actor, player_id, pin, seen)
    with transaction.atomic():
        game, hand = _awaiting(game_id, number, *seen)
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
