"""Replaying a record that carries irregularities: who played each card, and what broke a rule.

A clean record goes through the engine's hot loop (``replay.py``), which takes every trick to be
one card from each seat in turn from the last winner. An irregular one need not be: a lead out
of turn that stood starts its trick from the wrong seat, a seat that missed a trick is absent
from it (its surplus card closes the record), a seat a card short is absent from the last trick.
So it is laid out here first (``lay_out``), trick by trick, and then judged play by play on the
holdings (``judge``): every rule of play as ``why_illegal`` states it, and the duties the
irregularities create (a penalty card to play at the first legal opportunity, a lead called or
forbidden). Only records with irregularities come here; the clean path is untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import BIT, HEARTS, NAMES, SUIT_MASK, SUIT_OF, Card, Mask, cards_in
from .errors import HeartsError
from .irregularities import Irregularity, does_not_fit
from .irregularity_options import LEAD_CALL_NOT_HONOURED, PENALTY_CARD_NOT_PLAYED
from .legality import (
    FIRST_LEAD_CLUB,
    FIRST_LEAD_LOWEST_CLUB,
    HEARTS_NOT_BROKEN,
    WRONG_LEADER,
    Situation,
    legal_mask,
    suit_led,
    why_illegal,
)
from .rules import Ruleset
from .ruling import Shown, Violation, the_record_shows
from .words import all_of
from .words import gettext as _

FIRST_LEAD_RULES = frozenset({FIRST_LEAD_LOWEST_CLUB, FIRST_LEAD_CLUB, WRONG_LEADER})


@dataclass(frozen=True, slots=True)
class Play:
    """One card of the record: where it is, its trick (from 1; None for a surplus card)."""

    index: int
    trick: int | None
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class LaidTrick:
    number: int  # from 1
    leader: int
    plays: tuple[Play, ...]
    winner: int | None  # None while unfinished

    @property
    def mask(self) -> Mask:
        mask = 0
        for play in self.plays:
            mask |= BIT[play.card]
        return mask


@dataclass(frozen=True, slots=True)
class Layout:
    """The record laid out: its tricks, the surplus cards after them, and whether it is whole."""

    tricks: tuple[LaidTrick, ...]
    surplus: tuple[Play, ...]
    complete: bool
    proper_leaders: tuple[int, ...]  # per trick: the seat that was on lead

    def plays(self) -> list[Play]:
        return [p for t in self.tricks for p in t.plays] + list(self.surplus)


def lay_out(
    rules: Ruleset,
    record: Sequence[Card],
    leader: int,
    irregularities: Sequence[Irregularity],
) -> Layout:
    """The tricks of the record under its irregularities: stood leads, missed tricks, a short
    last trick; refused where the record cannot be laid out as they say."""
    n = rules.players
    stood = {i.trick: i for i in irregularities if i.kind == "lead_out_of_turn" and i.stood}
    missing: dict[int, set[int]] = {}
    short = {i.seat for i in irregularities if i.kind == "card_short"}
    for i in irregularities:
        if i.kind == "missed_trick":
            missing.setdefault(i.trick or 0, set()).add(i.seat or 0)
        elif i.kind == "card_short":
            missing.setdefault(rules.hand_size, set()).add(i.seat or 0)
    tricks: list[LaidTrick] = []
    proper: list[int] = []
    position = 0
    for number in range(1, rules.hand_size + 1):
        if position >= len(record):
            break
        proper.append(leader)
        lead = stood.get(number)
        first = lead.seat if lead is not None and lead.seat is not None else leader
        absent = missing.get(number, set())
        while first in short and number == rules.hand_size:  # no card to lead: the next seat
            first = (first + 1) % n
        if first in absent:
            wrong = next(i for i in irregularities if i.seat == first and i.kind != "revoke")
            message = _("seat {seat} led trick {trick}: it cannot have missed it")
            raise does_not_fit(wrong, message.format(seat=first, trick=number), "seat")
        seats = [s for s in ((first + k) % n for k in range(n)) if s not in absent]
        cards = record[position : position + len(seats)]
        plays = tuple(
            Play(position + k, number, seat, card)
            for k, (seat, card) in enumerate(zip(seats, cards, strict=False))
        )
        if lead is not None and cards[0] != lead.card:
            message = _("the record leads trick {trick} with {card}, not {stated}")
            words = message.format(trick=number, card=NAMES[cards[0]], stated=NAMES[lead.card or 0])
            raise does_not_fit(lead, words, "card")
        position += len(plays)
        winner = _winner(plays) if len(plays) == len(seats) else None
        tricks.append(LaidTrick(number, first, plays, winner))
        if winner is None:
            break
        leader = winner
    return _with_surplus(rules, record, position, tricks, proper, irregularities)


def _with_surplus(
    rules: Ruleset,
    record: Sequence[Card],
    position: int,
    tricks: list[LaidTrick],
    proper: list[int],
    irregularities: Sequence[Irregularity],
) -> Layout:
    """The cards after the last trick: one surplus card per missed trick, in the order stated."""
    whole = len(tricks) == rules.hand_size and tricks[-1].winner is not None
    owners = [i.seat or 0 for i in irregularities if i.kind == "missed_trick"]
    rest = record[position:]
    if rest and not whole:  # pragma: no cover - lay_out stops only at the record's end
        raise AssertionError("cards after an unfinished trick")
    if len(rest) > len(owners):
        message = _("{plays} plays: more than the tricks and the surplus cards they leave")
        raise HeartsError("too_many_plays", message.format(plays=len(record)), "plays")
    surplus = tuple(
        Play(position + k, None, seat, card)
        for k, (seat, card) in enumerate(zip(owners, rest, strict=False))
    )
    return Layout(tuple(tricks), surplus, whole and len(rest) == len(owners), tuple(proper))


def _winner(plays: tuple[Play, ...]) -> int:
    led = SUIT_OF[plays[0].card]
    best = max((p for p in plays if SUIT_OF[p.card] == led), key=lambda p: p.card)
    return best.seat


def holdings_from_layout(
    rules: Ruleset, layout: Layout, irregularities: Sequence[Irregularity]
) -> list[Mask]:
    """A whole record shows each seat's holding: the cards it played, its surplus card, and a
    missing card found (a card short's, which was in its hand all along)."""
    holdings = [0] * rules.players
    for play in layout.plays():
        holdings[play.seat] |= BIT[play.card]
    for i in irregularities:
        if i.kind == "card_short" and i.card is not None:
            holdings[i.seat or 0] |= BIT[i.card]
    return holdings


@dataclass
class Duty:
    """A duty an irregularity leaves a seat: a penalty card to play, or a lead called."""

    irregularity: Irregularity
    seat: int
    card: Card | None = None  # the penalty card
    suit: int | None = None  # the suit called or forbidden
    required: bool = True
    due_at: Play | None = None  # the first play where it had to be honoured
    honoured: bool | None = None  # None: never due


@dataclass
class Judgement:
    violations: list[Violation] = field(default_factory=list)
    duties: list[Duty] = field(default_factory=list)
    held_before: dict[int, Mask] = field(default_factory=dict)  # play index -> seat's holding


def judge(
    rules: Ruleset,
    layout: Layout,
    holdings: Sequence[Mask],
    irregularities: Sequence[Irregularity],
    source: str,
) -> Judgement:
    """Every play judged on the holdings, with the duties the irregularities create."""
    hold = list(holdings)
    result = Judgement()
    pending: dict[int, Duty] = {}  # seat -> its open duty
    plays = layout.plays()
    broken = False
    for trick in layout.tricks:
        _open_duties(rules, trick.number, irregularities, pending, result, before=True)
        stood_lead = trick.leader != layout.proper_leaders[trick.number - 1]
        led: int | None = None
        for position, play in enumerate(trick.plays):
            h = hold[play.seat]
            result.held_before[play.index] = h
            situation = Situation(trick.number - 1, led, broken)
            duty = pending.get(play.seat)
            waived = _check_duty(rules, duty, play, h, situation, position == 0, result, pending)
            reason = why_illegal(rules, h, play.card, situation)
            # A lead out of turn that stood was taken as a correct lead: its trick-1 lead is
            # judged as a card, not for who led it.
            if stood_lead and position == 0:
                waived = waived | FIRST_LEAD_RULES
            if reason is not None and reason.rule not in waived:
                result.violations.append(_violation(rules, play, reason, plays, source))
            hold[play.seat] = h & ~BIT[play.card]
            if led is None:
                led = SUIT_OF[play.card]
        broken = broken or bool(trick.mask & rules.break_mask)
        _open_duties(rules, trick.number, irregularities, pending, result, before=False)
    return result


def _open_duties(
    rules: Ruleset,
    number: int,
    irregularities: Sequence[Irregularity],
    pending: dict[int, Duty],
    result: Judgement,
    *,
    before: bool,
) -> None:
    """The duties that start at trick ``number``: before it (a card exposed, a lead retracted)
    or after it (the card a corrected revoke withdrew)."""
    for i in irregularities:
        if i.trick != number or i.seat is None:
            continue
        duty = None
        if before and i.kind == "exposed_card" and rules.exposed_card == "penalty_card":
            duty = Duty(i, i.seat, card=i.card)
        elif before and i.kind == "lead_out_of_turn" and not i.stood:
            if rules.lead_out_of_turn == "foster" and i.lead_call:
                duty = Duty(i, i.seat, suit=HEARTS, required=i.lead_call == "required")
            elif rules.lead_out_of_turn == "bridge" and i.lead_call:
                suit = SUIT_OF[i.card or 0]
                duty = Duty(i, i.seat, suit=suit, required=i.lead_call == "required")
            elif rules.lead_out_of_turn == "bridge":
                duty = Duty(i, i.seat, card=i.card)
        elif not before and i.kind == "revoke" and i.corrected and withdrawn_is_exposed(rules):
            duty = Duty(i, i.seat, card=i.card)
        if duty is not None:
            result.duties.append(duty)
            pending[i.seat] = duty


def withdrawn_is_exposed(rules: Ruleset) -> bool:
    """A corrected revoke's card is a penalty card (Law 62B1, and exposed cards are)."""
    return rules.revoke_correction == "exposed" and rules.exposed_card == "penalty_card"


def _check_duty(
    rules: Ruleset,
    duty: Duty | None,
    play: Play,
    holding: Mask,
    situation: Situation,
    leading: bool,
    result: Judgement,
    pending: dict[int, Duty],
) -> frozenset[str]:
    """Whether ``play`` honours the seat's open duty, when it is due; the rules the duty waives
    (a heart lead called for is lawful before hearts are broken)."""
    if duty is None:
        return frozenset()
    if duty.card is not None:
        if not holding & BIT[duty.card]:
            del pending[play.seat]  # gone (played, or never held): nothing more is due
            return frozenset()
        try:
            legal = legal_mask(rules, holding, situation)
        except HeartsError:  # a first lead by a seat without the lowest club
            legal = BIT[play.card]
        if play.card == duty.card or legal & BIT[duty.card]:
            _settle(duty, play, play.card == duty.card, pending)
            if not duty.honoured:
                result.violations.append(_duty_violation(duty, play, holding))
        return frozenset()
    if not leading:
        return frozenset()
    suit_cards = holding & SUIT_MASK[duty.suit or 0]
    in_suit = SUIT_OF[play.card] == duty.suit
    if duty.required:
        honoured = in_suit or not suit_cards
    else:
        honoured = not in_suit or not holding & ~SUIT_MASK[duty.suit or 0]
    _settle(duty, play, honoured, pending)
    if not honoured:
        result.violations.append(_duty_violation(duty, play, holding))
    return frozenset({HEARTS_NOT_BROKEN}) if duty.required and in_suit else frozenset()


def _settle(duty: Duty, play: Play, honoured: bool, pending: dict[int, Duty]) -> None:
    duty.due_at = play
    duty.honoured = honoured
    del pending[duty.seat]


def _duty_violation(duty: Duty, play: Play, holding: Mask) -> Violation:
    """A duty not honoured, as a violation of the play where it was due."""
    trick = play.trick or 0
    if duty.card is not None:
        rule = PENALTY_CARD_NOT_PLAYED
        message = _("{card} at trick {trick}: the seat's penalty card {penalty} was a legal play")
        words = message.format(card=NAMES[play.card], trick=trick, penalty=NAMES[duty.card])
        held: tuple[Card, ...] = (duty.card,)
    else:
        rule = LEAD_CALL_NOT_HONOURED
        held = cards_in(holding & SUIT_MASK[duty.suit or 0])
        if duty.required:
            message = _("{card} led at trick {trick}, but the seat was called on to lead {suit}")
        else:
            message = _("{card} led at trick {trick}, but the seat was forbidden to lead {suit}")
            held = cards_in(holding & ~SUIT_MASK[duty.suit or 0])
        words = message.format(card=NAMES[play.card], trick=trick, suit=suit_led(duty.suit or 0))
    return Violation(play.index, trick, play.seat, play.card, rule, words, held, (), "holdings")


def _violation(
    rules: Ruleset, play: Play, reason: object, plays: list[Play], source: str
) -> Violation:
    """A rule of play broken, with where the record later shows the cards that prove it."""
    held = cards_in(reason.evidence)  # type: ignore[attr-defined]
    wanted = set(held)
    shown = tuple(
        Shown(p.index, p.trick or rules.hand_size, p.card)
        for p in plays
        if p.index > play.index and p.card in wanted
    )
    message = reason.message  # type: ignore[attr-defined]
    if source == "record" and shown:
        message = the_record_shows(message, shown)
    rule = reason.rule  # type: ignore[attr-defined]
    return Violation(
        play.index, play.trick, play.seat, play.card, rule, message, held, shown, source
    )


def describe_plays(plays: Sequence[Play]) -> str:
    """Plays as a sentence lists them: "9C at trick 3, 9C at trick 7"."""
    return all_of(
        [
            _("{card} at trick {trick}").format(card=NAMES[p.card], trick=p.trick or "-")
            for p in plays
        ]
    )
