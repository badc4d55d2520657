"""What a game's hands add up to, kept on the game and its seats after every write: totals, the
end and the winners on the game; each seat's total, place and counts for the league tables.

Every write to a game's hands ends here, in the transaction that changed them, so a table or a
scoreboard reads the kept results and never adds hands up itself. Only the hands that count add
up (``Hand.counts``, ``COUNTED``): not void, and confirmed when the league asks for it; so a
hand awaiting confirmation moves nothing here until the write that confirms it, though it is
scored as it would count, so that what it shows is what its confirmation counts.
"""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from adjudication.engine import GameResult, Ruleset, game_result
from hearts_site.errors import Conflict
from scoring import sql
from scoring.domain.entries import ScoredHand
from scoring.domain.round_limit import Recorded, last_hand, round_done
from scoring.domain.ruled import score_recorded
from scoring.models import COUNTED, Confirmation, Game, GameEnd, GameSeat, GameStatus, Hand
from scoring.models.counts import HAND_READS, CountedHand, counted_seats
from scoring.services import exports, totals
from scoring.services.versions import results_changed

SCORED_FIELDS = tuple(field.name for field in fields(ScoredHand) if field.name != "takers")


def apply_score(hand: Hand, scored: ScoredHand) -> None:
    """The hand's scored fields, as the engine scored its entry (Hand names them as
    ScoredHand does; a scoring card's taker, its column by the card's name)."""
    for name in SCORED_FIELDS:
        setattr(hand, name, getattr(scored, name))
    for name, seat in scored.takers.items():
        setattr(hand, name, seat)


def add_hand(totals: list[int], gems: list[int] | None, hand: Hand):
    """The running totals and gems with ``hand`` added."""
    totals = [t + s for t, s in zip(totals, hand.scores, strict=True)]
    if gems is not None and hand.gems is not None:
        gems = [g + h for g, h in zip(gems, hand.gems, strict=True)]
    return totals, gems


def end_of(
    game: Game,
    rules: Ruleset,
    totals: list[int],
    gems: list[int] | None,
    played: int,
    recorded: list[Recorded] | None = None,
) -> tuple[GameResult, datetime | None]:
    """Set, in memory, the game as these totals leave it: its end, winners and next version.
    Returns the result and when the game was finished before (None if it was not), for
    ``settle_seats``. ``recorded``: the game's hands not void, when the caller has them."""
    result = round_limited(game, game_result(rules, totals, played), played, recorded)
    rated_at = game.finished_at if game.status == GameStatus.FINISHED else None
    game.totals = totals
    game.gems = gems
    game.hands_played = played
    if game.status != GameStatus.ABANDONED:
        game.status = GameStatus.FINISHED if result.over else GameStatus.IN_PROGRESS
    game.winners = list(result.winners)
    game.end_reason = result.reason if result.over else ""
    if result.over and rated_at is None:
        game.finished_at = timezone.now()
    elif not result.over:
        game.finished_at = None
    game.version += 1
    game.updated_at = timezone.now()
    return result, rated_at


def round_limited(
    game: Game, result: GameResult, played: int, recorded: list[Recorded] | None = None
) -> GameResult:
    """A night's game ends "round over" (the lowest total wins, shared when equal) once its
    round's last hand and every hand before it count (``round_limit``: hand ``round_hands``,
    or the hand in play at the bell, ``round_ends_at``, by when each was recorded); unless its
    target ended it first. ``recorded``: the game's hands not void (read here when None)."""
    if result.over or played == 0 or game.status == GameStatus.ABANDONED or not limited(game):
        return result
    if recorded is None:
        recorded = recorded_hands(game)
    if not round_done(recorded, game.round_hands, game.round_ends_at):
        return result
    low = min(result.totals)
    winners = tuple(seat for seat, total in enumerate(result.totals) if total == low)
    return GameResult(True, winners, result.totals, GameEnd.ROUND_OVER.value)


def limited(game: Game) -> bool:
    """Whether a night's round limits the game (once the round started)."""
    return game.round_hands is not None or game.round_ends_at is not None


def recorded_hands(game: Game) -> list[Recorded]:
    """The game's hands that are not void, in order, as the round's limit reads them."""
    rows = Hand.objects.filter(game=game, is_void=False).order_by("number")
    return [
        Recorded(number, at, state == Confirmation.CONFIRMED)
        for number, at, state in rows.values_list("number", "recorded_at", "confirmation")
    ]


def entered(game: Game, hand: Hand) -> list[Recorded] | None:
    """The game's recorded hands with ``hand``, being entered now, after them, when a night's
    round limits the game (None when none does); refused once the round's last hand is in."""
    recorded = within_round(game, hand.number)
    if recorded is not None:
        recorded.append(Recorded(hand.number, hand.recorded_at, hand.counts))
    return recorded


def within_round(game: Game, number: int) -> list[Recorded] | None:
    """The game's recorded hands when a night's round limits it (None when none does), hand
    ``number`` refused once the round's last hand is recorded, confirmed or not."""
    if not limited(game):
        return None
    recorded = recorded_hands(game)
    last = last_hand(recorded, game.round_hands, game.round_ends_at)
    if last is not None:
        raise Conflict(
            "round_over",
            _(
                "The round is over at this table: hand {last} was its last hand, so hand "
                "{number} is not played."
            ).format(last=last, number=number),
            None,
        )
    return recorded


def settle_seats(
    game: Game,
    result: GameResult,
    rated_at: datetime | None,
    added: Hand | None = None,
) -> datetime | None:
    """Each seat's results once the game's row is written; returns from when the club must be
    re-rated (``rerate``), None when the game's result is not rated. ``added``: the one
    change was this hand, appended to a game in progress, so each count moves by that hand
    alone; any other change, and the hand that ends the game, counts them again from every
    hand, so no count kept hand by hand can stay wrong in a table (the tables read finished
    games only)."""
    if added is not None and not result.over:
        sql.add_to_seats(game, result.places, added)
    else:
        _count_seats(game, result)
    if game.status == GameStatus.FINISHED or rated_at is not None:
        totals.game_changed(game, rated_at)
        exports.finished_game_changed(game)
        return min(t for t in (rated_at, game.finished_at) if t is not None)
    return None


def rerate(game: Game, since: datetime | None) -> None:
    """Re-rate the game's club from ``since`` (``settle_seats``), after the write recorded its
    own events, so its ratings.settled event follows them."""
    if since is not None:
        results_changed(game.club_id, since=since)


def _count_seats(game: Game, result: GameResult) -> None:
    """Each seat's results counted again from every counted hand (``HAND_COUNTS``)."""
    seats = list(GameSeat.objects.filter(game=game).order_by("seat"))
    hands = [
        CountedHand(*row)
        for row in Hand.objects.filter(COUNTED, game=game).values_list(*HAND_READS)
    ]
    counts = counted_seats(hands, len(seats), keeps_gems=game.gems is not None)
    for seat in seats:
        index = seat.seat
        seat.total = game.totals[index]
        seat.place = result.places[index]
        seat.is_winner = index in result.winners
        for name, value in counts[index].items():
            setattr(seat, name, value)
    GameSeat.objects.bulk_update(seats, GameSeat.RESULT_FIELDS)


def rescore(
    game: Game, rules: Ruleset, changed: int | None = None, rejudged: int | None = None
) -> datetime | None:
    """Rescore every hand in order (a later moon may depend on earlier totals) and settle the
    game (returns ``settle_seats``'s answer); refuse a change that would end the game before
    hands already played. A hand awaiting confirmation (or queried) is scored too, as it would
    count once confirmed (after the counted hands before it), so what it shows is what a
    confirmation counts; it adds to no total. A void hand is left as it is. A hand whose score
    moves gets a new revision, but for hand ``changed``, whose write gave it one already. The
    ruling kept with each hand stands (a claim is not searched again), but hand
    ``rejudged``'s, whose entry is new."""
    totals = [0] * rules.players
    gems = [0] * rules.players if rules.gems else None
    played = 0
    recorded: list[Recorded] = []
    for hand in game.hands.order_by("number"):
        if hand.is_void:
            continue
        recorded.append(Recorded(hand.number, hand.recorded_at, hand.counts))
        counts = hand.counts
        if counts and game_result(rules, totals, played).over:
            raise Conflict(
                "game_would_end_earlier",
                _(
                    "With this change the game ends before hand {number}: void the later "
                    "hands first."
                ).format(number=hand.number),
                None,
            )
        scored = score_recorded(
            rules,
            hand.entry,
            dealer=hand.dealer,
            totals_before=totals,
            renege_by=hand.renege_by,
            ruled=hand.ruled,
            judged=hand.adjudication if hand.number != rejudged else None,
        )
        if hand.number == changed:  # its entry changed: all it was scored with may have
            apply_score(hand, scored)
            hand.save()
        elif scored.scores != hand.scores or scored.points != hand.points:  # earlier totals
            apply_score(hand, scored)
            hand.revision += 1
            hand.save()
        if counts:  # awaiting its confirmation: it moves no total until then
            totals, gems = add_hand(totals, gems, hand)
            played += 1
    result, rated_at = end_of(game, rules, totals, gems, played, recorded)
    game.save(update_fields=Game.SETTLED_FIELDS)
    return settle_seats(game, result, rated_at)
