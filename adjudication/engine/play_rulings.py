"""Rulings on irregularities of play: a revoke noticed late, a card exposed, a lead out of turn
(and the duties they leave: a penalty card to play, a lead called or forbidden)."""

from __future__ import annotations

from .cards import BIT, NAMES, SUIT_OF, Card
from .errors import HeartsError
from .irregular_play import Duty, Play, withdrawn_is_exposed
from .irregularities import Irregularity, does_not_fit
from .irregularity_options import (
    EXPOSED_CARD,
    LEAD_OUT_OF_TURN,
    REVOKE_CORRECTED,
    REVOKE_ESTABLISHED,
)
from .legality import MUST_FOLLOW_SUIT, suit_led
from .rectify import Effect, Hand, IrregularityRuling
from .ruling_helpers import make_ruling, nothing, play_of, revoke_penalty, trick_of
from .words import gettext as _


def revoke(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """A revoke noticed at a later trick, or after the hand; corrected, or established."""
    play = play_of(hand, irregularity)
    trick = trick_of(hand, irregularity)
    seat, number, noticed = play.seat, trick.number, irregularity.noticed_at_trick
    if trick.plays[0] is play:
        message = _("seat {seat} led trick {trick}: a lead cannot be a revoke")
        raise does_not_fit(irregularity, message.format(seat=seat, trick=number), "seat")
    if noticed is not None and noticed < number:
        message = _("a revoke at trick {trick} cannot be noticed at trick {noticed}")
        raise does_not_fit(irregularity, message.format(trick=number, noticed=noticed))
    established = noticed is None or noticed > number + 1
    led = SUIT_OF[trick.plays[0].card]
    facts = {"seat": seat, "trick": number, "play_index": play.index, "source": hand.source}
    if irregularity.corrected:
        return _corrected(hand, irregularity, play, led, established, facts)
    if irregularity.card is not None and irregularity.card != play.card:
        message = _("the record has {card} from seat {seat} at trick {trick}, not {stated}")
        words = message.format(
            card=NAMES[play.card], seat=seat, trick=number, stated=NAMES[irregularity.card]
        )
        raise does_not_fit(irregularity, words, "card")
    violation = next(
        (
            v
            for v in hand.judgement.violations
            if v.play_index == play.index and v.rule == MUST_FOLLOW_SUIT
        ),
        None,
    )
    value = hand.rules.renege_penalty
    if violation is None:
        message = _("{card} at trick {trick} was no revoke: seat {seat} held no {suit}")
        words = message.format(card=NAMES[play.card], trick=number, seat=seat, suit=suit_led(led))
        return make_ruling(
            irregularity,
            REVOKE_ESTABLISHED,
            False,
            words,
            nothing(),
            value,
            card=play.card,
            plays=(play,),
            **facts,
        )
    if noticed is None:
        when = _("noticed after the hand")
    else:
        when = _("noticed at trick {noticed}, after seat {seat} had played to trick {next}").format(
            noticed=noticed, seat=seat, next=number + 1
        )
    message = _("{ruling}; {when}: the revoke is established").format(
        ruling=violation.message, when=when
    )
    return make_ruling(
        irregularity,
        REVOKE_ESTABLISHED,
        True,
        message,
        revoke_penalty(hand, seat),
        value,
        card=play.card,
        held=violation.held,
        plays=(play,),
        **facts,
    )


def _refuse_established(irregularity: Irregularity, established: bool) -> None:
    """An established revoke may no longer be corrected (Law 63B): a correction is refused."""
    if established:
        message = _(
            "a revoke at trick {trick} noticed at trick {noticed} was established: it can no "
            "longer be corrected (Law 63B)"
        )
        words = message.format(
            trick=irregularity.trick, noticed=irregularity.noticed_at_trick or "-"
        )
        raise HeartsError("revoke_established", words, irregularity.field("corrected"))


def _withdrawn(irregularity: Irregularity) -> Card:
    if irregularity.card is None:
        message = _("a corrected revoke needs card: the card withdrawn")
        raise HeartsError("invalid_irregularity", message, irregularity.field("card"))
    return irregularity.card


def _corrected(
    hand: Hand,
    irregularity: Irregularity,
    play: Play,
    led: int,
    established: bool,
    facts: dict[str, object],
) -> IrregularityRuling:
    """A revoke corrected before it was established (Law 62): the withdrawn card, and the legal
    card the record shows in its place."""
    number = irregularity.trick
    _refuse_established(irregularity, established)
    withdrawn = _withdrawn(irregularity)
    held = hand.judgement.held_before.get(play.index, 0)
    value = hand.rules.revoke_correction
    found = SUIT_OF[withdrawn] != led and SUIT_OF[play.card] == led and bool(held & BIT[withdrawn])
    if not found:
        message = _(
            "{card} withdrawn at trick {trick} was no revoke: seat {seat} did not hold it, "
            "or it followed {suit}, or {substitute} does not"
        )
        words = message.format(
            card=NAMES[withdrawn],
            trick=number,
            seat=play.seat,
            suit=suit_led(led),
            substitute=NAMES[play.card],
        )
        return make_ruling(
            irregularity,
            REVOKE_CORRECTED,
            False,
            words,
            nothing(),
            value,
            card=withdrawn,
            plays=(play,),
            option_name="revoke_correction",
            **facts,
        )
    message = _(
        "seat {seat} revoked with {card} at trick {trick} and corrected it with "
        "{substitute} before it was established"
    )
    words = message.format(
        seat=play.seat, card=NAMES[withdrawn], trick=number, substitute=NAMES[play.card]
    )
    if withdrawn_is_exposed(hand.rules):
        rectified = _duty_outcome(hand, irregularity, "corrected_card_exposed")
    else:
        rectified = (
            "corrected_card_returned",
            _("{card} went back to the hand; no penalty").format(card=NAMES[withdrawn]),
            Effect(),
        )
    return make_ruling(
        irregularity,
        REVOKE_CORRECTED,
        True,
        words,
        rectified,
        value,
        card=withdrawn,
        held=(play.card,),
        plays=(play,),
        option_name="revoke_correction",
        **facts,
    )


def _duty(hand: Hand, irregularity: Irregularity) -> Duty | None:
    return next((d for d in hand.judgement.duties if d.irregularity is irregularity), None)


def _duty_outcome(hand: Hand, irregularity: Irregularity, code: str) -> tuple[str, str, Effect]:
    """How the duty an irregularity left was met: honoured, failed (rectified as a revoke,
    Foster's law 27), or not yet due."""
    duty = _duty(hand, irregularity)
    if duty is None or duty.due_at is None:
        if duty is not None and duty.card is not None:
            words = _(
                "{card} is a penalty card: no legal opportunity to play it came in the record"
            ).format(card=NAMES[duty.card])
        else:
            words = _("the seat did not lead again in the record")
        return code, words, Effect()
    due = duty.due_at
    if duty.card is not None:
        what = _("penalty card {card}").format(card=NAMES[duty.card])
    else:
        what = (
            _("a lead of {suit} called for") if duty.required else _("a lead of {suit} forbidden")
        ).format(suit=suit_led(duty.suit or 0))
    if duty.honoured:
        words = _("{what}: honoured at trick {trick} ({card})").format(
            what=what, trick=due.trick, card=NAMES[due.card]
        )
        return code, words, Effect()
    _code, penalty, effect = revoke_penalty(hand, duty.seat)
    words = _(
        "{what}: not honoured at trick {trick} ({card}), which counts as a revoke: {penalty}"
    ).format(what=what, trick=due.trick, card=NAMES[due.card], penalty=penalty)
    return f"{code}_not_honoured", words, effect


def exposed_card(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """A card shown by accident before the seat's play to ``trick``."""
    play = play_of(hand, irregularity)
    card = irregularity.card or 0
    held = hand.judgement.held_before.get(play.index, 0)
    value = hand.rules.exposed_card
    facts = {
        "seat": play.seat,
        "trick": play.trick,
        "play_index": play.index,
        "card": card,
        "source": hand.source,
    }
    if not held & BIT[card]:
        message = _("seat {seat} did not hold {card} at trick {trick}: it cannot have shown it")
        words = message.format(seat=play.seat, card=NAMES[card], trick=play.trick)
        return make_ruling(irregularity, EXPOSED_CARD, False, words, nothing(), value, **facts)
    words = _("seat {seat} showed {card} before its play to trick {trick}").format(
        seat=play.seat, card=NAMES[card], trick=play.trick
    )
    if value == "none":
        rectified = ("card_returned", _("no penalty: the card went back to the hand"), Effect())
    else:
        rectified = _duty_outcome(hand, irregularity, "penalty_card")
    return make_ruling(
        irregularity, EXPOSED_CARD, True, words, rectified, value, held=(card,), **facts
    )


def lead_out_of_turn(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """A lead by a seat not on lead: it stood (the record's trick starts with it), or it was
    retracted (the record's trick starts with the proper lead)."""
    trick = trick_of(hand, irregularity)
    seat, card = irregularity.seat or 0, irregularity.card or 0
    proper = hand.layout.proper_leaders[trick.number - 1]
    value = hand.rules.lead_out_of_turn
    facts = {
        "seat": seat,
        "trick": trick.number,
        "card": card,
        "source": hand.source,
        "plays": trick.plays[:1],
    }
    if seat == proper:
        words = _("seat {seat} was on lead at trick {trick}: its lead was in turn").format(
            seat=seat, trick=trick.number
        )
        return make_ruling(irregularity, LEAD_OUT_OF_TURN, False, words, nothing(), value, **facts)
    if irregularity.stood and irregularity.lead_call:
        message = _("a lead out of turn that stood cannot be rectified: no lead_call")
        raise does_not_fit(irregularity, message, "lead_call")
    if irregularity.stood:
        words = _(
            "seat {seat} led {card} at trick {trick} out of turn (seat {proper} was on "
            "lead); the lead stood"
        ).format(seat=seat, card=NAMES[card], trick=trick.number, proper=proper)
        why = (
            _("every seat played to it, so it cannot be rectified")
            if value == "foster"
            else _("accepted as a correct lead")
        )
        return make_ruling(
            irregularity,
            LEAD_OUT_OF_TURN,
            True,
            words,
            ("lead_stood", why, Effect()),
            value,
            play_index=trick.plays[0].index,
            **facts,
        )
    first = next((p for p in trick.plays if p.seat == seat), None)
    held = hand.judgement.held_before.get(first.index, 0) if first else 0
    if not held & BIT[card]:
        message = _("seat {seat} did not hold {card} at trick {trick}: it cannot have led it")
        raise does_not_fit(
            irregularity, message.format(seat=seat, card=NAMES[card], trick=trick.number), "card"
        )
    words = _(
        "seat {seat} led {card} at trick {trick} out of turn (seat {proper} was on lead); "
        "the lead was retracted"
    ).format(seat=seat, card=NAMES[card], trick=trick.number, proper=proper)
    if irregularity.lead_call:
        rectified = _duty_outcome(hand, irregularity, "lead_call")
        if value == "foster":
            right = (seat - 1) % hand.rules.players
            caller = _("seat {right}, on its right, made the call").format(right=right)
            rectified = (rectified[0], f"{rectified[1]}; {caller}", rectified[2])
    elif value == "bridge":
        rectified = _duty_outcome(hand, irregularity, "penalty_card")
    else:
        rectified = (
            "lead_retracted",
            _("the card went back to the hand; no call was made"),
            Effect(),
        )
    return make_ruling(
        irregularity, LEAD_OUT_OF_TURN, True, words, rectified, value, held=(card,), **facts
    )
