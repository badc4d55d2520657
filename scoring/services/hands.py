"""Hands: entered once, corrected or voided with a reason; every change rescores the game and
is appended to its history, in the transaction that made it."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudication.engine import dealer_of_hand, pass_direction
from hearts_site.errors import Conflict, NotFoundError
from scoring import sql
from scoring.domain.entries import score_entry
from scoring.domain.round_limit import recorded_time
from scoring.models import Confirmation, EventType, Game, GameStatus, Hand, HistoryEntry, Night
from scoring.services import events, night_lock, rulings
from scoring.services.games import check_version, locked_game, rules_of
from scoring.services.settlement import (
    add_hand,
    apply_score,
    end_of,
    entered,
    rerate,
    rescore,
    settle_seats,
)
from scoring.services.versions import tables_changed

# How many times a hand entry reads the game again when another write moved it between the
# read and the write, before it gives up with a 409: each retry sees that write, so a second
# attempt almost always ends it (as a replay, a conflict or a stored hand).
ENTRY_ATTEMPTS = 5

# The event a director's change to a hand records, by its history action.
HAND_EVENTS = {
    "hand_corrected": EventType.HAND_CORRECTED,
    "hand_voided": EventType.HAND_VOIDED,
    "hand_confirmed": EventType.HAND_CONFIRMED,
}


def enter_hand(
    *,
    game_id: int,
    number: int,
    entry: Mapping[str, Any],
    actor,
    expected_version: int | None = None,
    recorded_at: datetime | None = None,
) -> tuple[Hand, bool]:
    """Record hand ``number``. The same entry again returns the stored hand (created False).
    ``recorded_at``: when a phone that kept the hand offline recorded it (``late_time``).

    Optimistic: the game is read and the hand scored with no lock held; the write then changes
    the game only if it is still at the version read (its first statement), else nothing is
    written and the entry starts again from a fresh read. So SQLite's one writer lock is held
    for the few statements of the write, and PostgreSQL locks no row while Python scores."""
    for _attempt in range(ENTRY_ATTEMPTS):
        stored = _try_enter_hand(game_id, number, entry, actor, expected_version, recorded_at)
        if stored is not None:
            return stored
    raise Conflict(
        "game_busy",
        _("Game {game} kept changing while hand {number} was entered: retry.").format(
            game=game_id, number=number
        ),
        None,
    )


def _try_enter_hand(
    game_id: int,
    number: int,
    entry: Mapping[str, Any],
    actor,
    expected_version: int | None,
    recorded_at: datetime | None,
) -> tuple[Hand, bool] | None:
    """One attempt of ``enter_hand``: None when another write moved the game meanwhile."""
    game = read_game(game_id)
    # Hands are numbered 1, 2, … with no gap (a void keeps its number): the last number says
    # whether hand ``number`` exists and whether it comes next.
    last = game.last_hand or 0
    if 1 <= number <= last:
        return _stored_hand(game, number, entry), False
    check_version(game, expected_version)
    _check_in_progress(game)
    if number != last + 1:
        raise Conflict(
            "hand_out_of_order",
            _("Hand {next} comes next, not hand {number}.").format(next=last + 1, number=number),
            None,
        )
    hand = _new_hand(game, number, entry, actor)
    hand.recorded_at = late_time(game, recorded_at)
    read_version = game.version
    if hand.counts:
        totals, gems = add_hand(game.totals, game.gems, hand)
        played = game.hands_played + 1
    else:  # awaiting confirmation: it moves no total until the write that confirms it
        totals, gems, played = game.totals, game.gems, game.hands_played
    result, rated_at = end_of(game, rules_of(game), totals, gems, played, entered(game, hand))
    # The events are made ready here, from what the write will store: only their numbers and
    # rows are left for the transaction, where SQLite's writer lock is held.
    told = [events.hand_changed(EventType.HAND_ENTERED, game, hand)]
    if game.status == GameStatus.FINISHED:  # this hand ends it: a finished game takes none
        told.append(events.game_changed(EventType.GAME_FINISHED, game))
    with transaction.atomic():
        if not sql.update(game, Game.SETTLED_FIELDS, where={"version": read_version}):
            return None
        try:
            # No savepoint: the error ends this transaction anyway, rolled back as the Conflict
            # leaves it.
            sql.insert(hand)
        except IntegrityError:  # only a write that left the version alone could: none does
            raise Conflict(
                "hand_exists", _("Hand {number} was just recorded.").format(number=number), None
            ) from None
        since = None
        if hand.counts:
            since = settle_seats(game, result, rated_at, added=hand)
        else:
            waiting_changed(game)
        noted = {} if hand.counts else {"confirmation": hand.confirmation}
        if recorded_at is not None:
            noted["recorded_at"] = hand.recorded_at.isoformat()
        sql.insert(
            HistoryEntry(
                game=game,
                hand_number=number,
                action="hand_entered",
                actor=actor,
                after={**hand.snapshot(), **noted},
            )
        )
        for prepared in told:
            events.record(prepared)
        rulings.rulings_on_entry(game, hand, actor)
        rerate(game, since)
    return hand, True


def late_time(game: Game, sent: datetime | None) -> datetime:
    """When the hand was recorded at the table (``round_limit.recorded_time``): never before
    the game's start or its latest hand, so a late hand cannot slip before one recorded."""
    now = timezone.now()
    if sent is None:
        return now
    latest = game.hands.aggregate(latest=Max("recorded_at"))["latest"]
    return recorded_time(
        sent,
        now,
        max(game.started_at, latest or game.started_at),
        timedelta(seconds=settings.HEARTS_CLOCK_SKEW_SECONDS),
    )


def _check_in_progress(game: Game) -> None:
    if game.status != GameStatus.IN_PROGRESS:
        over = {
            GameStatus.FINISHED: _("The game is finished: no more hands."),
            GameStatus.ABANDONED: _("The game is abandoned: no more hands."),
        }
        raise Conflict("game_over", over[game.status], None)


def _new_hand(game: Game, number: int, entry: Mapping[str, Any], actor) -> Hand:
    """Hand ``number`` scored after the game's counted hands; awaiting confirmation when the
    game's league asks for it (``submitted_by``: its seat cannot confirm it)."""
    rules = rules_of(game)
    dealer = dealer_of_hand(rules.players, game.first_dealer, number)
    hand = Hand(
        game=game,
        number=number,
        dealer=dealer,
        pass_direction=pass_direction(rules, number),
        entry=dict(entry),
        entered_by=actor,
    )
    if game.confirmations:
        hand.confirmation, hand.submitted_by = Confirmation.AWAITING, actor
    apply_score(hand, score_entry(rules, entry, dealer=dealer, totals_before=game.totals))
    return hand


def waiting_changed(game: Game) -> None:
    """A league game's hands waiting for confirmation changed: its tables say how many."""
    if game.league_id is not None:
        tables_changed(game.club_id)


def read_game(game_id: int) -> Game:
    """The game, unlocked, with the number of its last hand as ``last_hand`` (None: no hand)."""
    game = sql.game_with_last_hand(game_id)
    if game is None:
        raise NotFoundError("game_not_found", _("No such game."), None)
    return game


def _stored_hand(game: Game, number: int, entry: Mapping[str, Any]) -> Hand:
    """Hand ``number`` as stored, when ``entry`` is what it was entered with: a retried PUT."""
    hand = Hand.objects.get(game=game, number=number)
    if _canonical(hand.entry) == _canonical(entry) and not hand.is_void:
        return hand
    raise Conflict(
        "hand_exists",
        _(
            "Hand {number} is already recorded differently: correct it with PATCH {url} and a "
            "reason."
        ).format(number=number, url=f"/api/v1/games/{game.pk}/hands/{number}/"),
        None,
    )


def _canonical(entry: Mapping[str, Any]) -> str:
    return json.dumps(entry, sort_keys=True, separators=(",", ":"))


def locked_hand(game: Game, number: int) -> Hand:
    hand = Hand.objects.select_for_update().filter(game=game, number=number).first()
    if hand is None:
        raise NotFoundError(
            "hand_not_found",
            _("Game {game} has no hand {number}.").format(game=game.pk, number=number),
            None,
        )
    return hand


@transaction.atomic
def correct_hand(
    *,
    game_id: int,
    number: int,
    entry: Mapping[str, Any],
    reason: str,
    actor,
    expected_version: int | None = None,
) -> Hand:
    """Replace a hand's entry; every later total, the game end and the winners follow. Under
    a league's confirmations the corrected hand awaits confirmation again (and stops counting
    until then). Irregularities the new record states are ruled on, to await a director."""
    hand = _change_hand(
        game_id,
        number,
        expected_version,
        replace_entry(entry),
        "hand_corrected",
        actor,
        reason,
        reconfirm=True,
    )
    if rulings.states_irregularities(hand.adjudication):
        rulings.rulings_on_entry(Game.objects.get(pk=game_id), hand, actor)
    return hand


def replace_entry(entry: Mapping[str, Any]) -> Callable[[Hand], bool]:
    """A correction: the hand's entry becomes ``entry`` (never a void hand's)."""

    def replace(hand: Hand) -> bool:
        if hand.is_void:
            raise Conflict(
                "hand_void", _("Hand {number} is void.").format(number=hand.number), None
            )
        if hand.entry != dict(entry):  # a new record needs new rulings
            hand.ruled = None
        hand.entry = dict(entry)
        hand.renege_by = None  # a new record needs a new ruling
        return True

    return replace


def void_hand(
    *, game_id: int, number: int, reason: str, actor, expected_version: int | None = None
) -> Hand:
    """The hand no longer counts (it keeps its number); voiding it again changes nothing."""

    def void(hand: Hand) -> bool:
        if hand.is_void:
            return False
        hand.is_void = True
        return True

    return _change_hand(game_id, number, expected_version, void, "hand_voided", actor, reason)


@transaction.atomic
def _change_hand(
    game_id: int,
    number: int,
    expected_version: int | None,
    change: Callable[[Hand], bool],
    action: str,
    actor,
    reason: str,
    *,
    reconfirm: bool = False,
) -> Hand:
    """A director's change to a recorded hand, on the locked game at the version the caller
    saw (``change_hand``); ``reconfirm``: the changed hand awaits confirmation again when the
    game asks for confirmations."""
    game = locked_game(game_id, expected_version)
    check_not_abandoned(game)
    hand = locked_hand(game, number)
    final = night_lock.check_correction(game, actor, reason)  # a final night's: a director's
    if reconfirm and game.confirmations and final is None:
        change = _awaiting_again(change, actor)
    return change_hand(game, hand, change, action, actor, reason, corrects=final)


def _awaiting_again(change: Callable[[Hand], bool], actor) -> Callable[[Hand], bool]:
    def changed(hand: Hand) -> bool:
        if not change(hand):
            return False
        hand.confirmation, hand.submitted_by, hand.confirmed_by = (
            Confirmation.AWAITING,
            actor,
            None,
        )
        return True

    return changed


def change_hand(
    game: Game,
    hand: Hand,
    change: Callable[[Hand], bool],
    action: str,
    actor,
    reason: str,
    *,
    noted: Mapping[str, Any] | None = None,
    corrects: Night | None = None,
) -> Hand:
    """A change to a recorded hand, on the game and hand the caller locked in its
    transaction, never in an abandoned game (it is frozen): ``change`` edits the hand in
    memory and says whether it changed anything. The game is rescored and the change kept in
    its history with the hand before and after (and ``noted`` with the after). A change of
    its entry, void or renege gives the hand a new ``revision``; a confirmation does not.
    ``corrects``: the game's night, whose final results this change corrects."""
    check_not_abandoned(game)
    before, state, entry = hand.snapshot(), hand.confirmation, hand.entry
    if not change(hand):
        return hand
    edited = hand.snapshot() != before  # its entry, void or renege: a new revision
    if edited:
        hand.revision += 1
    hand.save()
    was_finished = game.status == GameStatus.FINISHED
    since = rescore(
        game,
        rules_of(game),
        changed=hand.number if edited else None,
        rejudged=hand.number if hand.entry != entry else None,
    )
    hand.refresh_from_db()
    if hand.confirmation != state:
        noted = {"confirmation": hand.confirmation, **(noted or {})}
    if not state == hand.confirmation == Confirmation.CONFIRMED:
        waiting_changed(game)  # a hand not counted before or after: the tables' count may move
    entry = HistoryEntry.objects.create(
        game=game,
        hand_number=hand.number,
        action=action,
        actor=actor,
        before=before,
        after={**hand.snapshot(), **(noted or {})},
        reason=reason,
    )
    if corrects is not None:
        night_lock.corrected(corrects, entry)
    if action in HAND_EVENTS:  # a dispute's acceptance is told as dispute.resolved
        events.record(events.hand_changed(HAND_EVENTS[action], game, hand, reason))
    if game.status == GameStatus.FINISHED and not was_finished:
        events.record(events.game_changed(EventType.GAME_FINISHED, game))
    if hand.entry != before["entry"] or (hand.is_void and not before["is_void"]):
        rulings.record_changed(game, hand, actor, reason, corrected=hand.entry != before["entry"])
    rerate(game, since)
    return hand


def check_not_abandoned(game: Game) -> None:
    if game.status == GameStatus.ABANDONED:
        raise Conflict("game_abandoned", _("The game was abandoned."), None)
