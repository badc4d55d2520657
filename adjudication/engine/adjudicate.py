"""Adjudicating a hand's record: every illegal play, who made it, which rule, and the proof.

The record is a flat list of cards in play order; the seat of each play follows from the first
leader and the trick winners. Holdings come from ``hands`` (after the pass), from ``deal`` and
``passes`` (the pass is checked too), or — for a complete record — from the record itself, since
each seat then played exactly the cards it held. An incomplete record without holdings proves
what later plays show and lists the rest as undetermined, with the card that would decide it.
A record that states irregularities (a revoke noticed late, a lead out of turn, …) is ruled on
by ``irregular_adjudication``.

This module checks the request and puts the ruling together; the parts live beside it:
``inputs`` (the cards and seats given), ``passing`` (the pass), ``with_holdings`` (the replay on
known holdings), ``without_holdings`` (what the record alone proves) and ``ruling`` (the result).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import native
from .cards import BIT, Card, Mask
from .claims import Claim, holdings_from_shown, read_claim, with_claim
from .errors import HeartsError
from .game import first_leader_left_of_dealer, pass_direction
from .inputs import holdings_of, record_cards, seat_or_none
from .irregular_adjudication import irregular_record, rule_with_irregularities
from .irregularities import read_irregularities
from .option_values import check_moon_choice
from .passing import apply_pass
from .rules import Ruleset
from .ruling import Ruling, Undetermined, Violation
from .scoring import HandScore, score_taken
from .with_holdings import scan_with_holdings
from .without_holdings import scan_without_holdings
from .words import gettext as _


def adjudicate(
    rules: Ruleset,
    plays: Sequence[Card | str],
    *,
    hands: Sequence[Sequence[Card | str] | Mask] | None = None,
    deal: Sequence[Sequence[Card | str] | Mask] | None = None,
    passes: Sequence[Sequence[Card | str]] | None = None,
    hand_number: int | None = None,
    first_leader: int | None = None,
    dealer: int | None = None,
    moon_choice: str | None = None,
    totals_before: Sequence[int] | None = None,
    irregularities: Sequence[object] | None = None,
    claim: Mapping[str, Any] | Claim | None = None,
) -> Ruling:
    """Rule on a hand's record under ``rules`` (docs/rules.md, How a play is judged); see the
    module docstring. A ``claim`` made after the record's last play is judged too (claims.py)."""
    irregular = read_irregularities(rules, irregularities)
    record = irregular_record(rules, plays, irregular) if irregular else record_cards(rules, plays)
    first_leader = seat_or_none(first_leader, rules.players, "first_leader")
    dealer = seat_or_none(dealer, rules.players, "dealer")
    check_moon_choice(moon_choice)
    claimed = read_claim(rules, claim) if claim is not None else None
    if irregular and claimed is not None:
        # A claim is judged from a position that legal play reached; after an irregularity
        # the director rules on the irregularity first, then on the claim.
        message = _("a claim is judged on a record without irregularities: rule on them first")
        raise HeartsError("claim_after_irregularity", message, "claim")
    holdings, source, direction, violations = _holdings_given(
        rules, hands, deal, passes, hand_number
    )
    leader = _first_leader(rules, record, holdings, first_leader, dealer)
    if irregular:
        return rule_with_irregularities(
            rules, record, leader, holdings, source, violations, irregular,
            direction=direction, hand_number=hand_number, moon_choice=moon_choice,
            totals_before=totals_before,
        )  # fmt: skip
    complete = len(record) == rules.deck_size
    if holdings is None and claimed is not None and not complete:
        holdings, source = holdings_from_shown(rules, record, leader, claimed), "shown"
    if holdings is None and complete:
        holdings = native.replay.holdings_from_record(record, leader, rules.players)
        source = "record"
    undetermined: list[Undetermined] = []
    if holdings is not None:
        log, taken, won, found = scan_with_holdings(rules, record, leader, holdings, source)
    else:
        log, taken, won, found, undetermined = scan_without_holdings(rules, record, leader)
    violations += found
    ruling = Ruling(
        rules=rules,
        plays=record,
        first_leader=leader,
        complete=complete,
        holdings=tuple(holdings) if holdings is not None else None,
        holdings_source=source,
        violations=tuple(violations),
        undetermined=tuple(undetermined),
        trick_log=tuple(log),
        taken=tuple(taken),
        tricks_won=tuple(won),
        score=_score(rules, taken, won, moon_choice, totals_before) if complete else None,
        pass_direction=direction,
        hand_number=hand_number,
    )
    if claimed is None:
        return ruling
    return with_claim(ruling, claimed, moon_choice, totals_before)


def _holdings_given(
    rules: Ruleset,
    hands: object,
    deal: object,
    passes: Sequence[Sequence[Card | str]] | None,
    hand_number: int | None,
) -> tuple[list[Mask] | None, str | None, str | None, list[Violation]]:
    """The holdings after the pass, their source, the pass direction and the pass violations:
    from ``hands`` as given, or from ``deal`` and ``passes``; None without either."""
    if hands is not None and deal is not None:
        raise HeartsError(
            "conflicting_holdings", _("give either hands or deal with passes, not both"), "deal"
        )
    if hands is not None:
        return holdings_of(rules, hands, "hands"), "hands", None, []
    if deal is not None:
        if hand_number is None:
            raise HeartsError(
                "hand_number_required", _("checking a pass needs the hand number"), "hand_number"
            )
        direction = pass_direction(rules, hand_number)
        holdings, violations = apply_pass(
            rules, holdings_of(rules, deal, "deal"), passes, direction
        )
        return holdings, "deal", direction, violations
    if passes is not None:
        raise HeartsError("deal_required", _("passes are checked against a deal"), "deal")
    return None, None, None, []


def _first_leader(
    rules: Ruleset,
    plays: tuple[Card, ...],
    holdings: Sequence[Mask] | None,
    first_leader: int | None,
    dealer: int | None,
) -> int:
    """Given, else the holder of the lowest club, else left of the dealer; else a 400."""
    if first_leader is not None:
        return first_leader
    if rules.first_lead == "left_of_dealer":
        if dealer is not None:
            return first_leader_left_of_dealer(rules.players, dealer)
    elif holdings is not None:
        low = BIT[rules.lowest_club or 0]
        return next(seat for seat, mask in enumerate(holdings) if mask & low)
    if not plays:
        return 0
    if rules.first_lead == "left_of_dealer":
        message = _(
            "give dealer or first_leader: without holdings the record does not say which seat "
            "led trick 1"
        )
    else:
        message = _(
            "give first_leader: without holdings the record does not say which seat led trick 1"
        )
    raise HeartsError("first_leader_required", message, "first_leader")


def _score(
    rules: Ruleset,
    taken: Sequence[Mask],
    won: Sequence[int],
    moon_choice: str | None,
    totals_before: Sequence[int] | None,
) -> HandScore:
    """A complete record's score (docs/rules.md, Scoring a hand)."""
    return score_taken(
        rules, taken, tricks_won=won, moon_choice=moon_choice, totals_before=totals_before
    )
