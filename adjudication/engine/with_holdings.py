"""Adjudicating with every seat's holding known: given, from the deal, or from a complete record.

The replay here is the engine's hot loop: it goes through every play of every hand judged on
holdings, given or read from a complete record. It keeps each seat's holding as a bitmask and
flags a play with a few mask tests that hold for every illegal play (and for a few legal ones,
such as each first lead); only the flagged plays go to ``why_illegal``, after the loop, to name
the rule. So the loop calls no function for a play it does not flag, and any change to the
rules must keep the flag test true of every play that can be illegal, or that play's violation
is lost.
"""

from __future__ import annotations

from .cards import BIT, HEARTS, POINT_MASK, SUIT_MASK, SUIT_OF, Card, Mask, cards_in
from .legality import Situation, heart_lead_alternatives, why_illegal
from .rules import Ruleset
from .ruling import TrickLog, Violation, shown_later, the_record_shows

#: A play the replay flagged: (play index, trick from 0, seat, its holding, led suit or None
#: when leading, hearts broken).
Flagged = tuple[int, int, int, Mask, int | None, bool]


def scan_with_holdings(
    rules: Ruleset, plays: tuple[Card, ...], leader: int, holdings: list[Mask], source: str | None
) -> tuple[TrickLog, list[Mask], list[int], list[Violation]]:
    """The tricks, the cards and tricks each seat won, and every play that broke a rule."""
    log, taken, won, flagged = _replay_flagging(rules, plays, leader, list(holdings))
    violations = []
    for play in flagged:
        violation = _judge(rules, plays, play, source)
        if violation is not None:
            violations.append(violation)
    return log, taken, won, violations


def _replay_flagging(
    rules: Ruleset, plays: tuple[Card, ...], leader: int, hold: list[Mask]
) -> tuple[TrickLog, list[Mask], list[int], list[Flagged]]:
    """Replay the record on the holdings ``hold`` (emptied as it goes), flagging suspect plays."""
    n = rules.players
    total = len(plays)
    log: TrickLog = []
    taken = [0] * n
    won = [0] * n
    flagged: list[Flagged] = []
    broken = False
    must_break = rules.hearts_must_be_broken
    lead_alternatives = heart_lead_alternatives(rules)
    first_trick_check = rules.forbid_first_trick_points
    break_mask = rules.break_mask
    suit_of = SUIT_OF  # local names: the loop below reads them for every play
    bits = BIT
    for trick, i in enumerate(range(0, total, n)):
        end = i + n if i + n <= total else total
        card = plays[i]
        seat = leader
        bit = bits[card]
        h = hold[seat]
        led = suit_of[card]
        if (
            trick == 0
            or not h & bit
            or (led == HEARTS and must_break and not broken and h & lead_alternatives)
        ):
            flagged.append((i, trick, seat, h, None, broken))
        hold[seat] = h & ~bit
        best = card
        winner = seat
        mask = bit
        led_mask = SUIT_MASK[led]
        j = i
        for card in plays[i + 1 : end]:
            j += 1
            seat += 1
            if seat == n:
                seat = 0
            bit = bits[card]
            h = hold[seat]
            if suit_of[card] == led:
                if card > best:
                    best = card
                    winner = seat
                if not h & bit:
                    flagged.append((j, trick, seat, h, led, broken))
            elif (
                h & led_mask
                or not h & bit
                or (trick == 0 and first_trick_check and bit & POINT_MASK)
            ):
                flagged.append((j, trick, seat, h, led, broken))
            hold[seat] = h & ~bit
            mask |= bit
        if end - i == n:
            taken[winner] |= mask
            won[winner] += 1
            if mask & break_mask:
                broken = True
            log.append((leader, winner, mask))
            leader = winner
        else:
            log.append((leader, None, mask))
    return log, taken, won, flagged


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
        message += the_record_shows(shown)
    return Violation(index, trick + 1, seat, card, reason.rule, message, held, shown, source or "")
