"""Adjudicating with every seat's holding known: given, from the deal, or from a complete record.

The replay (``replay.replay_flagging``, the engine's hot loop) keeps each seat's holding as a
bitmask and flags a play with a few mask tests that hold for every illegal play (and for a few
legal ones, such as a first lead other than the lowest club); only the flagged plays go to
``why_illegal`` here, after the loop, to name the rule. So the loop calls no function for a play
it does not flag, and any change to the rules must keep the flag test true of every play that
can be illegal, or that play's violation is lost.
"""

from __future__ import annotations

from . import native
from .cards import Card, Mask, cards_in
from .legality import Situation, heart_lead_alternatives, why_illegal
from .replay import Flagged
from .rules import Ruleset
from .ruling import TrickLog, Violation, shown_later, the_record_shows


def scan_with_holdings(
    rules: Ruleset, plays: tuple[Card, ...], leader: int, holdings: list[Mask], source: str | None
) -> tuple[TrickLog, list[Mask], list[int], list[Violation]]:
    """The tricks, the cards and tricks each seat won, and every play that broke a rule."""
    lead_alternatives = heart_lead_alternatives(rules) if rules.hearts_must_be_broken else 0
    # Where a club opens, the lowest club always may (legality.conditions): its lead needs no
    # judging. Left of the dealer, any first lead may break a rule.
    first_lead = -1 if rules.first_lead == "left_of_dealer" else rules.lowest_club
    log, taken, won, flagged = native.replay.replay_flagging(
        plays,
        leader,
        list(holdings),
        rules.players,
        rules.break_mask,
        lead_alternatives,
        rules.forbid_first_trick_points,
        first_lead,
    )
    violations = []
    for play in flagged:
        violation = _judge(rules, plays, play, source)
        if violation is not None:
            violations.append(violation)
    return log, taken, won, violations


def _judge(
    rules: Ruleset, plays: tuple[Card, ...], play: Flagged, source: str | None
) -> Violation | None:
    """The rule a flagged play breaks, with the held cards and where the record shows them."""
    index, trick, seat, holding, led, broken = play
    card = plays[index]
    reason = why_illegal(rules, holding, card, Situation(trick, led, broken))
    if reason is None:
        return None
    held = cards_in(reason.evidence)
    shown = shown_later(rules.players, plays, index, held)
    message = reason.message
    if source == "record" and shown:
        message = the_record_shows(message, shown)
    return Violation(index, trick + 1, seat, card, reason.rule, message, held, shown, source or "")
