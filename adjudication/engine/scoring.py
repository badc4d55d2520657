"""Scoring one hand (docs/rules.md, Scoring a hand): points, moon and sun, bonuses, gems, the
renege penalty."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import QS_BIT, Mask
from .errors import HeartsError
from .game import would_end_without
from .inputs import seat_or_none
from .option_values import check_moon_choice
from .rules import Ruleset
from .scoring_cards import (
    CARD_NAMES,
    Takers,
    cards_in_play,
    scored_takers,
    takers_of,
    with_cards,
)
from .words import gettext as _
from .words import ngettext


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand's score (docs/rules.md, Scoring a hand): the points taken and the scores they
    give."""

    points: tuple[int, ...]  # penalty points taken: a point a heart, queen_points for the Q♠
    scores: tuple[int, ...] | None  # None while a shooter's choice is pending
    moon: int | None = None  # the shooter's seat
    moon_rule: str | None = None  # the moon scoring applied
    sun: int | None = None
    # who took each scoring card the ruleset scores (scoring_cards.py), None: not said
    takers: Mapping[str, int | None] = field(default_factory=lambda: MappingProxyType({}))
    no_trick_bonus: tuple[int, ...] = ()  # seats that got the no-trick bonus
    gems: tuple[int, ...] | None = None
    renege_by: int | None = None  # the offender charged, when a ruling was confirmed
    options: Mapping[str, tuple[int, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )  # for a pending shooter's choice: the scores under each option

    @property
    def needs_moon_choice(self) -> bool:
        return self.scores is None

    @property
    def jack_of_diamonds(self) -> int | None:
        return self.takers.get("jack_of_diamonds")


def points_of(rules: Ruleset, taken: Mask) -> int:
    """Penalty points in a set of cards: a point a heart (its rank under ``heart_points:
    face``), ``queen_points`` for the Q♠, Black Maria's K♠ and A♠ at theirs."""
    points = (taken & rules.unit_points).bit_count()
    for bit, value in rules.valued_cards:
        if taken & bit:
            points += value
    return points


def points_from_cards(
    rules: Ruleset, taken: Sequence[Mask]
) -> tuple[tuple[int, ...], dict[str, int | None]]:
    """Points per seat and each scoring card's taker, from the penalty cards each seat took."""
    return tuple(points_of(rules, cards) for cards in taken), takers_of(taken)


def score_taken(
    rules: Ruleset,
    taken: Sequence[Mask],
    *,
    tricks_won: Sequence[int],
    moon_choice: str | None = None,
    totals_before: Sequence[int] | None = None,
    renege_by: int | None = None,
) -> HandScore:
    """The score of a hand played out: points and the scoring cards from the cards each seat
    won."""
    points, takers = points_from_cards(rules, taken)
    return score_hand(
        rules,
        points,
        tricks_won=tricks_won,
        moon_choice=moon_choice,
        totals_before=totals_before,
        renege_by=renege_by,
        **takers,
    )


def check_points(rules: Ruleset, points: Sequence[int], field_name: str = "points") -> None:
    """Points as entered at a table: one per seat, within the deck, summing to its total."""
    total = rules.penalty_total
    if not isinstance(points, list | tuple) or len(points) != rules.players:
        message = _("give points for each of the {players} seats").format(players=rules.players)
        raise HeartsError("wrong_number_of_seats", message, field_name)
    for seat, value in enumerate(points):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= total:
            message = _("seat {seat}: points taken must be a whole number from 0 to {total}")
            raise HeartsError(
                "points_out_of_range",
                message.format(seat=seat, total=total),
                f"{field_name}.{seat}",
            )
    if sum(points) != total:
        message = ngettext(
            "points taken sum to {sum}, but this deck holds {total} penalty point",
            "points taken sum to {sum}, but this deck holds {total} penalty points",
            total,
        )
        raise HeartsError(
            "points_do_not_sum", message.format(sum=sum(points), total=total), field_name
        )
    if rules.deck & QS_BIT and not any(value >= rules.queen_points for value in points):
        message = ngettext(
            "no seat has the {points} point of the Q♠",
            "no seat has the {points} points of the Q♠",
            rules.queen_points,
        )
        raise HeartsError(
            "impossible_points", message.format(points=rules.queen_points), field_name
        )


def score_hand(
    rules: Ruleset,
    points: Sequence[int],
    *,
    tricks_won: Sequence[int] | None = None,
    moon_choice: str | None = None,
    totals_before: Sequence[int] | None = None,
    renege_by: int | None = None,
    **takers: int | None,
) -> HandScore:
    """The scores of one hand under ``rules``. ``takers``: who took each scoring card, by its
    name (``jack_of_diamonds=2``); a scoring card goes on top of moon and sun scoring."""
    n = rules.players
    points = tuple(points)
    _check_hand_facts(rules, takers, tricks_won, moon_choice, renege_by)
    shooter = _shooter(rules, points, takers)
    sun = None
    if rules.sun and tricks_won is not None:
        sun = next((seat for seat, won in enumerate(tricks_won) if won == rules.hand_size), None)
    moon_rule = None
    options: dict[str, tuple[int, ...]] = {}
    no_trick: tuple[int, ...] = ()
    if sun is not None:
        base: list[int] | None = [rules.sun if seat == sun else 0 for seat in range(n)]
    elif shooter is not None and rules.moon != "off":
        moon_rule, base, options = _moon(rules, shooter, takers, moon_choice, totals_before)
    else:
        base = list(points)
        if rules.no_trick_bonus and tricks_won is not None:
            no_trick = tuple(seat for seat, won in enumerate(tricks_won) if won == 0)
            for seat in no_trick:
                base[seat] += rules.no_trick_bonus
    if base is None:
        scores = None
    elif moon_rule is not None and rules.moon_scoring_cards == "needed":
        scores = tuple(base)  # the shooter took the scoring cards too: the moon says it all
    else:
        scores = with_cards(rules, base, takers)
    if renege_by is not None and rules.renege_penalty == "replay":
        message = _("under renege_penalty replay a renege voids the hand: it is played again")
        raise HeartsError("renege_replay", message, "renege_by")
    if renege_by is not None and rules.renege_penalty != "none":
        scores, options = _with_renege_penalty(rules, scores, options, renege_by)
    else:
        renege_by = None
    return HandScore(
        points=points,
        scores=scores,
        moon=shooter if rules.moon != "off" and sun is None else None,
        moon_rule=moon_rule,
        sun=sun,
        takers=MappingProxyType(scored_takers(rules, takers)),
        no_trick_bonus=no_trick,
        gems=gems_of(rules, points, shooter) if rules.gems else None,
        renege_by=renege_by,
        options=MappingProxyType(options),
    )


def _shooter(rules: Ruleset, points: Sequence[int], takers: Takers) -> int | None:
    """The seat that took every penalty point; under ``moon_scoring_cards: needed`` it must
    have taken every scoring card in play as well (Omnibus Hearts' slam)."""
    total = rules.penalty_total
    shooter = points.index(total) if total and total in points else None
    needed = cards_in_play(rules) if rules.moon_scoring_cards == "needed" else ()
    if shooter is not None and any(takers.get(card.name) != shooter for card in needed):
        return None
    return shooter


def _check_hand_facts(
    rules: Ruleset,
    takers: Takers,
    tricks_won: Sequence[int] | None,
    moon_choice: str | None,
    renege_by: int | None,
) -> None:
    """The facts a score needs: a known moon choice, seats that exist, each scoring card's
    taker where it scores, and the tricks won where a seat that wins none gets a bonus."""
    check_moon_choice(moon_choice)
    unknown = set(takers) - set(CARD_NAMES)
    if unknown:
        raise TypeError(f"score_hand: no scoring card {sorted(unknown)}")
    for name in CARD_NAMES:
        seat_or_none(takers.get(name), rules.players, name)
    seat_or_none(renege_by, rules.players, "renege_by")
    for card in cards_in_play(rules):
        if takers.get(card.name) is None:
            raise HeartsError(f"{card.name}_required", _(card.required), card.name)
    if rules.no_trick_bonus and tricks_won is None:
        raise HeartsError(
            "tricks_won_required",
            _("this ruleset has a no-trick bonus: give the tricks each seat won"),
            "tricks_won",
        )


def _moon(
    rules: Ruleset,
    shooter: int,
    takers: Takers,
    moon_choice: str | None,
    totals_before: Sequence[int] | None,
) -> tuple[str | None, list[int] | None, dict[str, tuple[int, ...]]]:
    """A moon: the rule applied and the scores before the scoring cards. While the shooter's
    choice is open, no rule and no scores, but the scores of each option, the cards included."""
    n = rules.players
    total = rules.penalty_total
    subtract = [-total if seat == shooter else 0 for seat in range(n)]
    add = [0 if seat == shooter else total for seat in range(n)]
    moon_rule = rules.moon
    if moon_rule == "shooter_choice":
        moon_rule = moon_choice
    elif moon_rule == "add_unless_shooter_loses":
        before = list(totals_before) if totals_before is not None else [0] * n
        # the game end is judged on the hand's whole scores: the scoring cards count too
        added = with_cards(rules, add, takers)
        after_add = [b + a for b, a in zip(before, added, strict=True)]
        losing = would_end_without(rules, after_add, shooter)
        moon_rule = "subtract_from_shooter" if losing else "add_to_others"
    if moon_rule is None:
        if rules.moon_scoring_cards == "needed":
            options = {"subtract_from_shooter": tuple(subtract), "add_to_others": tuple(add)}
        else:
            options = {
                "subtract_from_shooter": with_cards(rules, subtract, takers),
                "add_to_others": with_cards(rules, add, takers),
            }
        return None, None, options
    return moon_rule, subtract if moon_rule == "subtract_from_shooter" else add, {}


def _with_renege_penalty(
    rules: Ruleset,
    scores: tuple[int, ...] | None,
    options: dict[str, tuple[int, ...]],
    offender: int,
) -> tuple[tuple[int, ...] | None, dict[str, tuple[int, ...]]]:
    """The renege penalty on confirmed scores: under ``takes_all`` the offender takes every
    point and the others none; else ``renege_points`` go on top, on either moon option while
    the shooter's choice is open."""
    n = rules.players
    if rules.renege_penalty == "takes_all":
        return tuple(rules.penalty_total if seat == offender else 0 for seat in range(n)), {}
    fine = [rules.renege_points if seat == offender else 0 for seat in range(n)]
    if scores is None:
        return None, {
            name: tuple(map(sum, zip(option, fine, strict=True)))
            for name, option in options.items()
        }
    return tuple(map(sum, zip(scores, fine, strict=True))), options


def gems_of(rules: Ruleset, points: Sequence[int], shooter: int | None) -> tuple[int, ...]:
    """QQ gems: (points the others took) - 3 x own points; a moon: shooter +3T, others -T."""
    total = rules.penalty_total
    if shooter is not None:
        return tuple(3 * total if seat == shooter else -total for seat in range(len(points)))
    taken = sum(points)
    return tuple((taken - own) - 3 * own for own in points)
