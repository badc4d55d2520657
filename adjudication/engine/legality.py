"""The legality of one play (docs/rules.md, How a play is judged), as a set of legal cards and
as a reason.

Every rule is stated as a *condition on the holding*: "this play is illegal if the seat holds a
card of mask M" (or, for ``wrong_leader``, "unless it holds M"). One statement serves three
uses: the legal set for a known holding, a proof from a known or inferred holding, and the
condition still undecided for an incomplete record without holdings.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import (
    BIT,
    CLUBS,
    CLUBS_MASK,
    DIAMONDS,
    HEARTS,
    HEARTS_MASK,
    NAMES,
    POINT_MASK,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASK,
    SUIT_OF,
    Card,
    Mask,
    cards_in,
)
from .errors import HeartsError
from .irregularity_options import IRREGULARITY_RULES
from .rules import Ruleset
from .words import all_of, any_of, gettext_noop, pgettext
from .words import gettext as _

# Stable rule codes: clients switch on these, never on messages.
MUST_FOLLOW_SUIT = "must_follow_suit"
POINTS_ON_FIRST_TRICK = "points_on_first_trick"
FIRST_LEAD_LOWEST_CLUB = "first_lead_lowest_club"
FIRST_LEAD_CLUB = "first_lead_club"
WRONG_LEADER = "wrong_leader"
HEARTS_NOT_BROKEN = "hearts_not_broken"
CARD_NOT_HELD = "card_not_held"
PASS_WRONG_COUNT = "pass_wrong_count"
PASS_CARD_NOT_HELD = "pass_card_not_held"

#: What each rule says, in English: ``gettext`` it where it is shown (``describe_rule``).
RULE_CODES: dict[str, str] = {
    MUST_FOLLOW_SUIT: gettext_noop(
        "A seat holding the led suit must play that suit (a renege or revoke)."
    ),
    POINTS_ON_FIRST_TRICK: gettext_noop(
        "No heart or Q♠ on the first trick while the seat holds another card."
    ),
    FIRST_LEAD_LOWEST_CLUB: gettext_noop(
        "The holder of the lowest club must lead it to the first trick."
    ),
    FIRST_LEAD_CLUB: gettext_noop("The first trick must be led with a club."),
    WRONG_LEADER: gettext_noop("Only the holder of the lowest club may lead the first trick."),
    HEARTS_NOT_BROKEN: gettext_noop(
        "A heart may not be led before hearts are broken, unless the leader holds nothing else."
    ),
    CARD_NOT_HELD: gettext_noop("A seat can only play a card it holds."),
    PASS_WRONG_COUNT: gettext_noop(
        "Each seat passes exactly the ruleset's pass count (none on a hold hand)."
    ),
    PASS_CARD_NOT_HELD: gettext_noop("A seat can only pass cards it was dealt."),
    **IRREGULARITY_RULES,  # the rules an irregularity's ruling follows (docs/rules.md)
}


def describe_rule(rule: str) -> str:
    """What the rule ``rule`` says, in the active language."""
    return _(RULE_CODES[rule])


@dataclass(frozen=True, slots=True)
class Condition:
    """The play is illegal if the holding meets ``mask`` (or fails to, when ``unless``)."""

    rule: str
    mask: Mask
    unless: bool = False
    outright: bool = False

    def describe(self) -> str:
        return describe_rule(self.rule)


@dataclass(frozen=True, slots=True)
class Situation:
    """What a seat about to play faces: the trick so far and the hand's history."""

    trick_index: int  # 0 for the first trick
    led_suit: int | None  # None when leading
    hearts_broken: bool


def conditions(rules: Ruleset, card: Card, situation: Situation) -> tuple[Condition, ...]:
    """The conditions under which playing ``card`` here is illegal, in the order of
    docs/rules.md, How a play is judged."""
    led = situation.led_suit
    first_trick = situation.trick_index == 0
    bit = BIT[card]
    if led is not None:
        if SUIT_OF[card] == led:
            return ()
        found = [Condition(MUST_FOLLOW_SUIT, SUIT_MASK[led] & rules.deck)]
        if first_trick and rules.forbid_first_trick_points and bit & POINT_MASK:
            found.append(Condition(POINTS_ON_FIRST_TRICK, _first_trick_alternatives(rules, card)))
        return tuple(found)
    if first_trick and rules.first_lead != "left_of_dealer":
        low = rules.lowest_club
        assert low is not None  # the ruleset guarantees a club when clubs lead
        if rules.first_lead == "lowest_club":
            if card != low:
                return (Condition(FIRST_LEAD_LOWEST_CLUB, 0, outright=True),)
            return ()
        if SUIT_OF[card] != CLUBS:
            return (Condition(FIRST_LEAD_CLUB, 0, outright=True),)
        if card != low:
            return (Condition(WRONG_LEADER, BIT[low], unless=True),)
        return ()
    found = []
    if SUIT_OF[card] == HEARTS and rules.hearts_must_be_broken and not situation.hearts_broken:
        found.append(Condition(HEARTS_NOT_BROKEN, heart_lead_alternatives(rules)))
    if first_trick and rules.forbid_first_trick_points and bit & POINT_MASK:
        # A first-trick lead (left_of_dealer) avoids points while it can; with only point
        # cards left, the hearts rules alone decide which of them may be led.
        found.append(Condition(POINTS_ON_FIRST_TRICK, rules.deck & ~POINT_MASK))
    return tuple(found)


def heart_lead_alternatives(rules: Ruleset) -> Mask:
    """Cards whose presence makes an unbroken heart lead illegal."""
    others = rules.deck & ~HEARTS_MASK
    if rules.lead_hearts_with_only_queen:
        others &= ~QS_BIT
    return others


def _first_trick_alternatives(rules: Ruleset, card: Card) -> Mask:
    """Cards whose presence bars ``card`` (a point card) from the first trick."""
    others = rules.deck & ~POINT_MASK
    if card == QUEEN_OF_SPADES and rules.first_trick_fallback == "hearts_only":
        others |= rules.deck & HEARTS_MASK
    return others


def broken_by(rules: Ruleset, trick_cards: Mask) -> bool:
    """Whether a finished trick breaks hearts: a heart, or the Q♠ with ``queen_breaks_hearts``."""
    return bool(trick_cards & rules.break_mask)


def legal_mask(rules: Ruleset, holding: Mask, situation: Situation) -> Mask:
    """The legal cards of ``holding`` (never empty for a non-empty holding of the right seat)."""
    led = situation.led_suit
    first_trick = situation.trick_index == 0
    if led is not None:
        following = holding & SUIT_MASK[led]
        if following:
            return following
        if first_trick and rules.forbid_first_trick_points:
            return _first_trick_discards(rules, holding)
        return holding
    if first_trick and rules.first_lead != "left_of_dealer":
        low = rules.lowest_club
        assert low is not None
        if not holding & BIT[low]:
            message = _("this seat does not hold {card}, so it does not lead the first trick")
            raise HeartsError(WRONG_LEADER, message.format(card=NAMES[low]), "first_leader")
        return BIT[low] if rules.first_lead == "lowest_club" else holding & CLUBS_MASK
    allowed = holding
    unbroken = rules.hearts_must_be_broken and not situation.hearts_broken
    if unbroken and holding & heart_lead_alternatives(rules):
        allowed &= ~HEARTS_MASK
    if first_trick and rules.forbid_first_trick_points and allowed & ~POINT_MASK:
        allowed &= ~POINT_MASK
    return allowed


def _first_trick_discards(rules: Ruleset, holding: Mask) -> Mask:
    plain = holding & ~POINT_MASK
    if plain:
        return plain
    if rules.first_trick_fallback == "hearts_only" and holding & HEARTS_MASK:
        return holding & HEARTS_MASK
    return holding


def legal_plays(rules: Ruleset, holding: Mask, situation: Situation) -> frozenset[Card]:
    """The set of legal cards for the seat to play."""
    return frozenset(cards_in(legal_mask(rules, holding, situation)))


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a play is illegal: the rule code, a sentence, and the held cards that prove it."""

    rule: str
    message: str
    evidence: Mask


def why_illegal(rules: Ruleset, holding: Mask, card: Card, situation: Situation) -> Reason | None:
    """The first rule that ``card`` breaks with this holding, or None when it is legal."""
    if not holding & BIT[card]:
        message = _("{card} is not in this holding").format(card=NAMES[card])
        return Reason(CARD_NOT_HELD, message, 0)
    for condition in conditions(rules, card, situation):
        hit = holding & condition.mask
        if condition.outright or (hit == 0 if condition.unless else hit):
            return Reason(condition.rule, explain(condition, card, situation, hit), hit)
    return None


def explain(condition: Condition, card: Card, situation: Situation, held: Mask) -> str:
    """A sentence a director can read out at the table."""
    name = NAMES[card]
    shown = all_of([NAMES[c] for c in cards_in(held)])
    rule = condition.rule
    if rule == MUST_FOLLOW_SUIT:
        # Translators: {card} is a card such as 5H, {suit} the suit led (clubs, diamonds,
        # hearts, spades), {held} the cards of that suit the seat held, such as "2C, 9C".
        message = _("{card} does not follow {suit} led, but the seat held {held}")
        return message.format(card=name, suit=suit_led(situation.led_suit or 0), held=shown)
    if rule == POINTS_ON_FIRST_TRICK:
        message = _("{card} is a point card on the first trick, but the seat held {held}")
    elif rule == HEARTS_NOT_BROKEN:
        message = _("{card} was led before hearts were broken, but the seat held {held}")
    elif rule == FIRST_LEAD_LOWEST_CLUB:
        message = _("the first trick must be opened with the lowest club, not {card}")
    elif rule == FIRST_LEAD_CLUB:
        message = _("the first trick must be opened with a club, not {card}")
    elif rule == WRONG_LEADER:
        low = NAMES[cards_in(condition.mask)[0]]
        message = _("{card} led the first trick, but the leader did not hold {lowest}")
        return message.format(card=name, lowest=low)
    else:
        return condition.describe()
    return message.format(card=name, held=shown)


def suit_led(suit: int) -> str:
    """The suit's name as "{card} does not follow {suit} led" says it."""
    if suit == CLUBS:
        return pgettext("suit led", "clubs")
    if suit == DIAMONDS:
        return pgettext("suit led", "diamonds")
    if suit == HEARTS:
        return pgettext("suit led", "hearts")
    return pgettext("suit led", "spades")


def any_card_of(suit: int) -> str:
    """Any one card of the suit: "a club"."""
    if suit == CLUBS:
        return _("a club")
    if suit == DIAMONDS:
        return _("a diamond")
    if suit == HEARTS:
        return _("a heart")
    return _("a spade")


def describe_cards(mask: Mask, pool: Mask) -> str:
    """'a club', 'a club or a diamond', or a list, for the cards of ``mask`` among ``pool``."""
    parts = []
    for suit in range(4):
        in_suit = mask & SUIT_MASK[suit]
        if not in_suit:
            continue
        if in_suit == pool & SUIT_MASK[suit]:
            parts.append(any_card_of(suit))
        else:
            parts.extend(NAMES[c] for c in cards_in(in_suit))
    return any_of(parts)
