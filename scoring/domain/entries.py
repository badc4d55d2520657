"""From a scorer's entry to a scored hand, through the engine. No database here.

Three levels of detail: points per seat, the penalty cards each seat took, or the whole trick
record (adjudicated). Each gives the same thing: points, scores, moon, the scoring cards'
takers (``adjudication/engine/scoring_cards.py``), gems.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import override

from adjudication.engine import (
    HeartsError,
    Ruleset,
    Ruling,
    add_card_once,
    adjudicate,
    check_points,
    parse_cards,
    points_from_cards,
    ruling_as_data,
    score_hand,
)
from adjudication.engine.cards import BIT, NAMES, QS_BIT, cards_in
from adjudication.engine.inputs import REMOVED_FROM_DECK
from adjudication.engine.scoring import HandScore
from adjudication.engine.scoring_cards import (
    every_taker,
    scored_mask,
    scored_takers,
    takers_given,
)
from adjudication.engine.words import gettext_noop

LEVELS = ("points", "cards_taken", "plays")
# add_card_once's sentences for the cards a seat took, translated where they are raised.
NO_POINTS = gettext_noop("{card} carries no points under this ruleset")
LISTED_TWICE = gettext_noop("{card} is listed twice")


@dataclass(frozen=True)
class ScoredHand:
    level: str
    points: list[int]
    scores: list[int]
    moon_shooter: int | None
    moon_choice: str
    takers: dict[str, int | None]  # each scoring card's taker, by its name (None: unscored)
    queen_by: int | None
    gems: list[int] | None
    adjudication: dict[str, Any] | None


def level_of(entry: Mapping[str, Any]) -> str:
    given = [level for level in LEVELS if level in entry]
    if len(given) != 1:
        raise HeartsError(
            "one_level_required",
            _("give exactly one of points, cards_taken or plays"),
            given[1] if len(given) > 1 else "points",
        )
    return given[0]


def penalty_cards(rules: Ruleset) -> int:
    """The cards a cards_taken entry must account for: every penalty card (hearts, the Q♠,
    Black Maria's K♠ and A♠), each scoring card that scores."""
    return rules.point_mask | scored_mask(rules)


class _Taken(NamedTuple):
    """What an entry says each seat took, whatever its level."""

    points: list[int]
    takers: dict[str, int | None]
    queen: int | None
    tricks_won: Sequence[int] | None
    adjudication: dict[str, Any] | None = None


def score_entry(
    rules: Ruleset,
    entry: Mapping[str, Any],
    *,
    dealer: int,
    totals_before: Sequence[int],
    renege_by: int | None = None,
    judged: Mapping[str, Any] | None = None,
) -> ScoredHand:
    """Score one entry under ``rules``; every refusal is a HeartsError naming its field.
    ``judged``: the ruling kept when this very entry was stored, whose claim is not searched
    again (a game is rescored at every change to any of its hands)."""
    level = level_of(entry)
    moon_choice = entry.get("moon_choice")
    tricks_won = entry.get("tricks_won")
    if tricks_won is not None:
        _check_tricks_won(rules, tricks_won)
    if rules.sun and level != "plays" and tricks_won is None:
        raise HeartsError(
            "tricks_won_required",
            _("this ruleset scores a sun (every trick): give the tricks each seat won"),
            "tricks_won",
        )
    if level == "points":
        taken = _taken_from_points(rules, entry, tricks_won)
    elif level == "cards_taken":
        taken = _Taken(*_points_from_cards_taken(rules, entry["cards_taken"]), tricks_won)
    else:
        taken = _taken_from_plays(rules, entry, dealer, judged)
    score = score_hand(
        rules,
        taken.points,
        tricks_won=taken.tricks_won,
        moon_choice=moon_choice,
        totals_before=totals_before,
        renege_by=renege_by,
        **scored_takers(rules, taken.takers),
    )
    check_moon_choice(rules, score, moon_choice)
    assert score.scores is not None
    return ScoredHand(
        level=level,
        points=list(score.points),
        scores=list(score.scores),
        moon_shooter=score.moon,
        moon_choice=score.moon_rule or "",
        takers=every_taker(score.takers),
        queen_by=taken.queen,
        gems=list(score.gems) if score.gems is not None else None,
        adjudication=taken.adjudication,
    )


def _taken_from_points(
    rules: Ruleset, entry: Mapping[str, Any], tricks_won: Sequence[int] | None
) -> _Taken:
    points = list(entry["points"])
    check_points(rules, points)
    holders = [seat for seat, p in enumerate(points) if p >= rules.queen_points]
    queen = holders[0] if len(holders) == 1 else None  # 13 hearts vs the Q♠: cannot say
    return _Taken(points, takers_given(entry), queen, tricks_won)


def rule_on_plays(rules: Ruleset, entry: Mapping[str, Any], dealer: int | None) -> Ruling:
    """The engine's ruling on a plays entry: its record, its holdings, who led, and the
    irregularities it states (each ruled on, the raw result kept beside)."""
    return adjudicate(
        rules,
        entry["plays"],
        hands=entry.get("hands"),
        first_leader=entry.get("first_leader"),
        dealer=dealer,
        irregularities=entry.get("irregularities"),
        claim=entry.get("claim"),
    )


def _taken_from_plays(
    rules: Ruleset, entry: Mapping[str, Any], dealer: int, judged: Mapping[str, Any] | None
) -> _Taken:
    """The whole trick record, adjudicated; the ruling is kept with the hand."""

    def rule():
        return rule_on_plays(rules, entry, dealer)

    if entry.get("claim") is not None:
        return _taken_from_claim(rules, entry, dealer, rule, judged)
    ruling = rule()
    if not ruling.complete:
        raise HeartsError(
            "incomplete_record",
            _("a recorded hand needs every card: {played} of {deck}").format(
                played=len(ruling.plays), deck=rules.deck_size
            ),
            "plays",
        )
    queen = next((s for s, cards in enumerate(ruling.taken) if cards & QS_BIT), None)
    return _Taken(
        list(ruling.points_taken),
        ruling.takers,
        queen,
        list(ruling.tricks_won),
        ruling_as_data(ruling)
        if not (ruling.violations or ruling.undetermined or ruling.irregularities)
        else kept_ruling(rule),
    )


def _taken_from_claim(
    rules: Ruleset, entry: Mapping[str, Any], dealer: int, rule, judged: Mapping[str, Any] | None
) -> _Taken:
    """A record ending in a claim counts as claimed: at once when every other seat accepted
    it, and until a director rules on the engine's judgement otherwise (docs/rules.md, "A
    claim on a stored hand"). The ruling kept is the engine's on the claim as made."""
    kept = judged if judged and judged.get("claim") else kept_once(rule)
    claim = kept["claim"]
    result = claim["result"]
    if not claim["accepted"]:
        accepted = {**entry, "claim": {**entry["claim"], "accepted": True}}
        result = ruling_as_data(rule_on_plays(rules, accepted, dealer))["claim"]["result"]
    if result["left_to_table"]:
        raise HeartsError(
            "claim_leaves_count_open",
            _("the claim leaves {facts} to the table: enter the hand's count instead").format(
                facts=", ".join(result["left_to_table"])
            ),
            "claim",
        )
    points = [p or 0 for p in result["points"]]
    holders = [seat for seat, p in enumerate(points) if p >= rules.queen_points]
    queen = holders[0] if len(holders) == 1 else None
    return _Taken(points, takers_given(result), queen, result["tricks_won"], kept)


def kept_once(rule) -> dict[str, Any]:
    """``kept_ruling`` made once (a claim's search is not repeated): a refusal is raised again
    in the reader's language."""
    try:
        return kept_ruling(rule)
    except HeartsError:
        rule()
        raise


def kept_ruling(rule) -> dict[str, Any]:
    """A ruling kept with a hand, its sentences in the source language whoever entered it:
    stored words are data, the same for every reader."""
    with override(None):
        return ruling_as_data(rule())


def check_moon_choice(rules: Ruleset, score: HandScore, moon_choice: str | None) -> None:
    if score.needs_moon_choice:
        raise HeartsError(
            "moon_choice_required",
            _("seat {seat} shot the moon: say subtract_from_shooter or add_to_others").format(
                seat=score.moon
            ),
            "moon_choice",
        )
    if moon_choice is not None and not (score.moon is not None and rules.moon == "shooter_choice"):
        raise HeartsError(
            "moon_choice_not_applicable",
            _("moon_choice is only for a moon under the shooter_choice rule"),
            "moon_choice",
        )


def _check_tricks_won(rules: Ruleset, tricks_won: Sequence[int]) -> None:
    if len(tricks_won) != rules.players or sum(tricks_won) != rules.hand_size:
        raise HeartsError(
            "tricks_do_not_sum",
            _("tricks_won must give each of {players} seats, summing to {tricks}").format(
                players=rules.players, tricks=rules.hand_size
            ),
            "tricks_won",
        )


def _points_from_cards_taken(
    rules: Ruleset, cards_taken: Sequence[Sequence[str]]
) -> tuple[list[int], dict[str, int | None], int | None]:
    """Points, the scoring cards' and the Q♠'s holders: every penalty card exactly once, and
    nothing else."""
    if len(cards_taken) != rules.players:
        raise HeartsError(
            "wrong_number_of_seats",
            _("cards_taken must list each of the {players} seats").format(players=rules.players),
            "cards_taken",
        )
    expected = penalty_cards(rules)
    seen = 0
    taken = []
    for seat, cards in enumerate(cards_taken):
        mask = 0
        for index, card in enumerate(parse_cards(list(cards), f"cards_taken.{seat}")):
            where = f"cards_taken.{seat}.{index}"
            if not rules.deck & BIT[card]:  # the 2♥ Black Maria removes for six, say
                code, words = REMOVED_FROM_DECK
                raise HeartsError(code, _(words).format(card=NAMES[card]), where)
            seen = add_card_once(
                seen,
                card,
                where,
                allowed=expected,
                refusal=("not_a_penalty_card", NO_POINTS),
                twice=LISTED_TWICE,
            )
            mask |= BIT[card]
        taken.append(mask)
    missing = expected & ~seen
    if missing:
        raise HeartsError(
            "penalty_cards_missing",
            _("every penalty card was taken by someone; missing: {cards}").format(
                cards=", ".join(NAMES[c] for c in cards_in(missing))
            ),
            "cards_taken",
        )
    points, takers = points_from_cards(rules, taken)
    queen = next((seat for seat, cards in enumerate(taken) if cards & QS_BIT), None)
    return list(points), takers, queen
