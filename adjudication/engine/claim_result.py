"""What a hand that ends in a claim scores (docs/rules.md, "What a claim scores").

A claim decides some facts of the hand's end and leaves others to the table: "no more points"
does not say how the other seats share the points left, a moon claim does not say who takes
the J♦. The result gives each seat's penalty points where they are decided (None where not),
names what is left to the table (``points``, a scoring card's taker such as
``jack_of_diamonds``, ``tricks_won``), and scores the hand when nothing is.

- A claim that holds, or that every other seat accepts, is scored as claimed: the rest of the
  tricks give the claimer every card left (points, J♦, tricks); the moon gives it every penalty
  card; no more points leaves its points as they are, the others sharing the rest.
- A concession that stands, or is accepted, gives the conceder every penalty point left.
- A claim that fails is scored by the ruleset's ``failed_claim``: ``claimer_takes_rest`` (Law
  70A, any doubtful point against the claimer) gives it every penalty point left, and a claimer
  who thus ends with every penalty card does not shoot the moon by a failed claim (it scores
  them as points, and its gems as points); ``play_on`` leaves the hand to be played on from the
  claim. A cancelled concession is played on too (Law 71).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .cards import BIT, Mask
from .claim_words import result_words
from .rules import Ruleset
from .scoring import HandScore, gems_of, points_of, score_hand
from .scoring_cards import CARD_NAMES, Takers, scored_cards, takers_given

if TYPE_CHECKING:
    from .claims import Claim, Position
    from .ruling import Ruling

LEFT_TO_TABLE = ("points", *CARD_NAMES, "tricks_won")


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """The end of a hand that ends in a claim: what is decided, what the table says, the score."""

    how: str  # as_claimed, claimer_takes_rest, play_on
    points: tuple[int | None, ...]  # each seat's penalty points at the end; None: the table's
    points_left: int  # the penalty points still in play at the claim
    open_points: int  # of those, the points the table shares out (0: none)
    open_among: tuple[int, ...]  # the seats that may take them
    takers: Takers  # who takes each scoring card the ruleset scores, where decided
    tricks_won: tuple[int, ...] | None  # each seat's tricks, where decided
    left_to_table: tuple[str, ...]  # of LEFT_TO_TABLE
    score: HandScore | None  # when nothing is left to the table
    moon_denied: bool  # a failed claim left the claimer every penalty card: scored as points
    message: str


def claim_result(
    ruling: Ruling,
    claim: Claim,
    position: Position,
    verdict: str,
    moon_choice: str | None,
    totals_before: Sequence[int] | None,
) -> ClaimResult:
    """The result of ``claim`` judged ``verdict`` (module docstring)."""
    rules = ruling.rules
    n, seat = rules.players, claim.seat
    alive: Mask = 0
    for mask in position.hold:
        alive |= mask
    for card in position.trick_cards:
        alive |= BIT[card]
    left = points_of(rules, alive)
    won = list(ruling.tricks_won)
    alive_cards = [card.name for card in scored_cards(rules) if alive & card.bit]
    taken = ruling.takers
    takers = {card.name: taken[card.name] for card in scored_cards(rules)}
    for name in alive_cards:
        takers[name] = None
    how = _how(rules, verdict)
    points: list[int | None] = [points_of(rules, taken) for taken in ruling.taken]
    open_among: tuple[int, ...] = ()
    tricks: tuple[int, ...] | None = None
    if how == "play_on":
        open_among = tuple(range(n)) if left else ()
    elif how == "claimer_takes_rest" or claim.outcome in ("concede", "moon"):
        points[seat] = (points[seat] or 0) + left
    elif claim.outcome == "all_tricks":
        points[seat] = (points[seat] or 0) + left
        won[seat] += rules.hand_size - position.trick
        tricks = tuple(won)
        takers.update(dict.fromkeys(alive_cards, seat))
    elif left:  # no more points: the others share what is left
        open_among = tuple(other for other in range(n) if other != seat)
    for other in open_among:
        points[other] = None
    total = rules.penalty_total
    moon_denied = how == "claimer_takes_rest" and points[seat] == total and rules.moon != "off"
    moon = not moon_denied and rules.moon != "off" and total in points
    open_facts = []
    if open_among:
        open_facts.append("points")
    open_facts.extend(name for name in alive_cards if takers[name] is None)
    if tricks is None and _tricks_matter(rules, won, moon):
        open_facts.append("tricks_won")
    score = None
    if not open_facts:
        decided = [p or 0 for p in points]
        score = _scored(rules, decided, takers, tricks or tuple(won), moon_choice, totals_before)
        if moon_denied:
            score = _without_moon(rules, decided, takers, tricks or tuple(won))
    message = result_words(how, claim, left, tuple(open_facts), moon_denied)
    return ClaimResult(
        how=how,
        points=tuple(points),
        points_left=left,
        open_points=left if open_among else 0,
        open_among=open_among,
        takers=takers,
        tricks_won=tricks,
        left_to_table=tuple(open_facts),
        score=score,
        moon_denied=moon_denied,
        message=message,
    )


def _how(rules: Ruleset, verdict: str) -> str:
    """How the hand is scored: as claimed, or a failed claim (a cancelled concession plays on)."""
    if verdict in ("holds", "accepted", "stands"):
        return "as_claimed"
    if verdict == "cancelled":
        return "play_on"
    return rules.failed_claim


def _tricks_matter(rules: Ruleset, won: Sequence[int], moon: bool) -> bool:
    """Whether the tricks each seat wins can still change the score: a sun while at most one
    seat has won tricks, a no-trick bonus while a seat has won none (not on a moon)."""
    sun = bool(rules.sun) and sum(1 for count in won if count) <= 1
    bonus = bool(rules.no_trick_bonus) and not moon and 0 in won
    return sun or bonus


def _scored(
    rules: Ruleset,
    points: Sequence[int],
    takers: Takers,
    tricks: Sequence[int] | None,
    moon_choice: str | None,
    totals_before: Sequence[int] | None,
) -> HandScore:
    return score_hand(
        rules,
        points,
        tricks_won=tricks,
        moon_choice=moon_choice,
        totals_before=totals_before,
        **takers,
    )


def score_claimed(
    rules: Ruleset,
    result: Mapping[str, Any],
    moon_choice: str | None = None,
    totals_before: Sequence[int] | None = None,
) -> HandScore:
    """The score of a claim's decided result as data (``points``, each scoring card's taker,
    ``tricks_won``, ``moon_denied``, as ``claim_as_data`` gives them): a stored hand scored
    from its claim's ruling scores it as the ruling did."""
    points = [p or 0 for p in result["points"]]
    tricks = result.get("tricks_won")
    takers = takers_given(result)
    if result.get("moon_denied"):
        return _without_moon(rules, points, takers, tricks)
    return _scored(rules, points, takers, tricks, moon_choice, totals_before)


def _without_moon(
    rules: Ruleset, points: Sequence[int], takers: Takers, tricks: Sequence[int] | None
) -> HandScore:
    """A failed claim's every penalty card scored as points: no moon, gems as for points."""
    plain = score_hand(replace(rules, moon="off"), points, tricks_won=tricks, **takers)
    if rules.gems:
        plain = replace(plain, gems=gems_of(rules, points, None))
    return plain
