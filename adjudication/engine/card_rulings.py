"""Rulings on irregularities of the cards themselves: a trick missed, a seat a card short, a
misdeal found during play, a card recorded twice or at a seat that did not hold it."""

from __future__ import annotations

from .cards import BIT, NAMES, Card, Mask, cards_in
from .errors import HeartsError
from .irregular_play import describe_plays
from .irregularities import Irregularity, does_not_fit
from .irregularity_options import (
    CARD_MISPLACED,
    CARD_PLAYED_TWICE,
    CARD_SHORT,
    MISDEAL,
    MISSED_TRICK,
)
from .rectify import (
    DIRECTOR,
    REDEAL,
    REPLAY,
    Effect,
    Hand,
    IrregularityRuling,
    moved_last_trick,
)
from .ruling_helpers import make_ruling, nothing, play_of, trick_of
from .words import all_of
from .words import gettext as _


def missed_trick(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """A seat that played no card to ``trick``: its surplus card closes the record."""
    trick = trick_of(hand, irregularity)
    seat = irregularity.seat or 0
    value = hand.rules.missed_trick
    surplus = next((p for p in hand.layout.surplus if p.seat == seat), None)
    facts = {"seat": seat, "trick": trick.number, "source": hand.source, "plays": trick.plays}
    words = _("seat {seat} played no card to trick {trick}").format(seat=seat, trick=trick.number)
    if surplus is None:
        rectified = (
            "awaiting_surplus",
            _("the record does not yet show the seat's surplus card"),
            Effect(),
        )
    elif value == "takes_last_trick":
        last = hand.layout.tricks[-1]
        text = _("seat {seat} takes the last trick ({cards}) and its surplus card {card}")
        rectified = (
            "takes_last_trick",
            text.format(
                seat=seat,
                cards=all_of([NAMES[p.card] for p in last.plays]),
                card=NAMES[surplus.card],
            ),
            moved_last_trick(hand, seat, BIT[surplus.card]),
        )
    else:
        taker = trick.winner if trick.winner is not None else seat
        text = _(
            "its surplus card {card} counts as played to trick {trick}, which seat {winner} "
            "took; not a revoke there"
        )
        rectified = (
            "surplus_to_imperfect_trick",
            text.format(card=NAMES[surplus.card], trick=trick.number, winner=taker),
            Effect(moves=((BIT[surplus.card], taker),)),
        )
    card = surplus.card if surplus else None
    return make_ruling(
        irregularity, MISSED_TRICK, True, words, rectified, value, card=card, **facts
    )


def card_short(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """A seat a card short at the end, absent from the last trick."""
    seat = irregularity.seat or 0
    value = hand.rules.missed_trick
    if not hand.complete:
        message = _("the record stops before the last trick: a seat is a card short at the end")
        raise does_not_fit(irregularity, message, "seat")
    last = hand.layout.tricks[-1]
    found = irregularity.card
    extra: Mask = BIT[found] if found is not None else 0
    words = _(
        "seat {seat} was a card short at the end: it played no card to the last trick"
    ).format(seat=seat)
    if found is not None:
        words += "; " + _("the missing card {card} was in its hand all along").format(
            card=NAMES[found]
        )
    if value == "takes_last_trick":
        text = _("seat {seat} takes the last trick ({cards})").format(
            seat=seat, cards=all_of([NAMES[p.card] for p in last.plays] + names(extra))
        )
        rectified = ("takes_last_trick", text, moved_last_trick(hand, seat, extra))
    else:
        text = _("the last trick stands as played: seat {winner} takes it").format(
            winner=last.winner
        )
        moves = ((extra, last.winner or 0),) if extra else ()
        rectified = ("last_trick_as_played", text, Effect(moves=moves))
    return make_ruling(
        irregularity,
        CARD_SHORT,
        True,
        words,
        rectified,
        value,
        seat=seat,
        trick=last.number,
        card=found,
        source=hand.source,
        plays=last.plays,
    )


def names(mask: Mask) -> list[str]:
    return [NAMES[c] for c in cards_in(mask)]


def misdeal(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """A misdeal found during play: the hand is dealt again, or it stands once play began."""
    noticed = irregularity.noticed_at_trick or 1
    value = hand.rules.misdeal
    words = _("a misdeal was found at trick {trick}").format(trick=noticed)
    if irregularity.too_many:
        words += "; " + _("a seat had too many cards")
    stands = value == "stands_once_played" and noticed > 1 and not irregularity.too_many
    if stands:
        rectified = (
            "hand_stands",
            _(
                "play had begun and no seat had too many cards: the deal "
                "stands, and the hand is scored as played"
            ),
            Effect(),
        )
    else:
        rectified = (
            "redeal",
            _("the hand is void and dealt again: nothing is scored"),
            Effect(left_to_table=REDEAL),
        )
    return make_ruling(irregularity, MISDEAL, True, words, rectified, value, trick=noticed)


def _impossible(hand: Hand) -> tuple[str, str, Effect]:
    if hand.rules.impossible_card == "replay":
        return (
            "hand_replayed",
            _("the hand is void and played again: nothing is scored"),
            Effect(left_to_table=REPLAY),
        )
    return (
        "left_to_director",
        _("the record cannot be scored as it stands: the director awards the score"),
        Effect(left_to_table=DIRECTOR),
    )


def _holder(hand: Hand, card: Card) -> int | None:
    if hand.dealt is None:
        return None
    return next((s for s, mask in enumerate(hand.holdings) if mask & BIT[card]), None)


def card_played_twice(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """One card at two places in the record: which one is wrong, where holdings tell."""
    card = irregularity.card or 0
    plays = tuple(p for p in hand.layout.plays() if p.card == card)
    if len(plays) < 2:
        if plays:
            message = _("the record shows {card} only once").format(card=NAMES[card])
        else:
            message = _("the record never shows {card}").format(card=NAMES[card])
        raise does_not_fit(irregularity, message, "card")
    words = _("{card} is recorded twice: {places}").format(
        card=NAMES[card], places=describe_plays(plays)
    )
    holder = _holder(hand, card)
    wrong = plays[1]
    if holder is not None:
        wrong = next((p for p in plays if p.seat != holder), plays[1])
        words += "; " + _("seat {holder} held it, so the play at trick {trick} is wrong").format(
            holder=holder, trick=wrong.trick or "-"
        )
    else:
        words += "; " + _("the record alone does not say which play is wrong")
    return make_ruling(
        irregularity,
        CARD_PLAYED_TWICE,
        True,
        words,
        _impossible(hand),
        hand.rules.impossible_card,
        seat=wrong.seat,
        trick=wrong.trick,
        play_index=wrong.index,
        card=card,
        plays=plays,
        source=hand.source,
    )


def card_misplaced(hand: Hand, irregularity: Irregularity) -> IrregularityRuling:
    """A card the record gives to a seat whose holding (given) did not contain it."""
    if hand.dealt is None:
        message = _("a misplaced card is judged on the holdings: give hands, or deal and passes")
        raise HeartsError("irregularity_needs_holdings", message, "hands")
    play = play_of(hand, irregularity)
    held = hand.judgement.held_before.get(play.index, 0)
    facts = {
        "seat": play.seat,
        "trick": play.trick,
        "play_index": play.index,
        "card": play.card,
        "plays": (play,),
        "source": hand.source,
    }
    value = hand.rules.impossible_card
    if held & BIT[play.card]:
        words = _(
            "seat {seat} held {card} at trick {trick}: it is where the record puts it"
        ).format(seat=play.seat, card=NAMES[play.card], trick=play.trick)
        return make_ruling(irregularity, CARD_MISPLACED, False, words, nothing(), value, **facts)
    holder = _holder(hand, play.card)
    words = _("seat {seat} did not hold {card} at trick {trick}: seat {holder} held it").format(
        seat=play.seat, card=NAMES[play.card], trick=play.trick, holder=holder
    )
    return make_ruling(irregularity, CARD_MISPLACED, True, words, _impossible(hand), value, **facts)
