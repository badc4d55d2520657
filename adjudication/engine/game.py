"""A game of hands: who deals, which way cards pass, running totals, the end (docs/rules.md,
Scoring a hand)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import HeartsError
from .rules import Ruleset
from .words import gettext as _


def dealer_of_hand(players: int, first_dealer: int, hand_number: int) -> int:
    """The deal moves clockwise: hand N is dealt N-1 seats left of the first dealer."""
    _check_hand_number(hand_number)
    return (first_dealer + hand_number - 1) % players


def pass_direction(rules: Ruleset, hand_number: int) -> str:
    """The schedule cycles from hand 1; with ``pass_count`` 0 every hand is a hold hand."""
    _check_hand_number(hand_number)
    if rules.pass_count == 0:
        return "hold"
    return rules.pass_schedule[(hand_number - 1) % len(rules.pass_schedule)]


def pass_receiver(direction: str, seat: int, players: int) -> int:
    """Left is the next seat clockwise, right the previous one, across half the table away."""
    offset = {"left": 1, "right": -1, "across": players // 2, "hold": 0}[direction]
    return (seat + offset) % players


def first_leader_left_of_dealer(players: int, dealer: int) -> int:
    """Under ``first_lead: left_of_dealer`` the seat after the dealer leads the first trick."""
    return (dealer + 1) % players


@dataclass(frozen=True, slots=True)
class GameResult:
    """Where a game stands after its hands: over or not, the winners, the totals, and why."""

    over: bool
    winners: tuple[int, ...]  # seats with the lowest total once over; empty while in progress
    totals: tuple[int, ...]
    reason: str  # "in_progress", "target_reached", "single_hand", "tie_plays_on"

    @property
    def places(self) -> tuple[int | None, ...]:
        """Each seat's place once the game is over: 1 + the seats with fewer points, so a
        shared total shares its place (None for every seat while the game goes on)."""
        if not self.over:
            return (None,) * len(self.totals)
        return tuple(1 + sum(t < mine for t in self.totals) for mine in self.totals)


def game_result(rules: Ruleset, totals: Sequence[int], hands_played: int) -> GameResult:
    """Game end is checked only after a whole hand: target per ``game_ends``, ties per ``ties``."""
    totals = tuple(totals)
    if hands_played == 0:
        return GameResult(False, (), totals, "in_progress")
    if rules.target_score is None:
        reason = "single_hand"
    else:
        high = max(totals)
        reached = (
            high >= rules.target_score
            if rules.game_ends == "reach"
            else (high > rules.target_score)
        )
        if not reached:
            return GameResult(False, (), totals, "in_progress")
        reason = "target_reached"
    low = min(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == low)
    if len(winners) > 1 and rules.ties == "play_on":
        return GameResult(False, (), totals, "tie_plays_on")
    return GameResult(True, winners, totals, reason)


def would_end_without(rules: Ruleset, totals: Sequence[int], seat: int) -> bool:
    """Whether these totals end the game with ``seat`` not among the winners."""
    result = game_result(rules, totals, 1)
    return result.over and seat not in result.winners


@dataclass(frozen=True, slots=True)
class GameState:
    """A game played out hand by hand: the totals after each, the result, and what comes next."""

    hands_played: int
    totals: tuple[int, ...]
    running: tuple[tuple[int, ...], ...]  # totals after each hand
    result: GameResult
    next_dealer: int | None
    next_pass: str | None


def play_out(
    rules: Ruleset, hand_scores: Sequence[Sequence[int]], first_dealer: int = 0
) -> GameState:
    """Cumulative totals hand by hand; a hand after the game is over is refused."""
    totals = [0] * rules.players
    running = []
    result = game_result(rules, totals, 0)
    for number, scores in enumerate(hand_scores, start=1):
        if result.over:
            message = _("the game was over before hand {number}").format(number=number)
            raise HeartsError("game_over", message, "hands")
        if len(scores) != rules.players:
            message = _("hand {number} does not score every seat").format(number=number)
            raise HeartsError("wrong_number_of_seats", message, "hands")
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        running.append(tuple(totals))
        result = game_result(rules, totals, number)
    played = len(running)
    if result.over:
        next_dealer = next_pass = None
    else:
        next_dealer = dealer_of_hand(rules.players, first_dealer, played + 1)
        next_pass = pass_direction(rules, played + 1)
    return GameState(played, tuple(totals), tuple(running), result, next_dealer, next_pass)


def _check_hand_number(hand_number: int) -> None:
    if not isinstance(hand_number, int) or isinstance(hand_number, bool) or hand_number < 1:
        raise HeartsError("invalid_hand_number", _("hand numbers start at 1"), "hand_number")
