"""The pass (docs/rules.md, Ruleset options): from the deal and each seat's pass to the holdings
the play is judged on.

A faulty pass is a violation, not a refusal: the wrong number of cards, or a card the seat was
not dealt. Only the cards a seat was dealt move; the play is then judged on what each seat holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BIT, NAMES, Card, Mask
from .errors import HeartsError
from .game import pass_receiver
from .inputs import PASSED_TWICE, add_card_once, cards_in_deck
from .legality import PASS_CARD_NOT_HELD, PASS_WRONG_COUNT
from .rules import Ruleset
from .ruling import Violation
from .words import gettext as _
from .words import ngettext, pgettext


def apply_pass(
    rules: Ruleset,
    dealt: Sequence[Mask],
    passes: Sequence[Sequence[Card | str]] | None,
    direction: str,
) -> tuple[list[Mask], list[Violation]]:
    """Holdings after the pass, and each pass that breaks the count or passes a card not dealt."""
    n = rules.players
    count = 0 if direction == "hold" else rules.pass_count
    if passes is None:
        if count:
            raise HeartsError("passes_required", _passes_required(direction), "passes")
        passes = [[] for _ in range(n)]
    passed = _pass_cards(rules, passes)
    violations = []
    holdings = list(dealt)
    for seat, cards in enumerate(passed):
        if len(cards) != count:
            violations.append(
                Violation(
                    None,
                    None,
                    seat,
                    None,
                    PASS_WRONG_COUNT,
                    _wrong_count(seat, len(cards), count, direction),
                    source="deal",
                )
            )
        for card in cards:
            if not dealt[seat] & BIT[card]:
                violations.append(
                    Violation(
                        None,
                        None,
                        seat,
                        card,
                        PASS_CARD_NOT_HELD,
                        _("seat {seat} passed {card}, which it was not dealt").format(
                            seat=seat, card=NAMES[card]
                        ),
                        source="deal",
                    )
                )
    if direction != "hold":
        for seat, cards in enumerate(passed):
            moving = 0
            for card in cards:
                if dealt[seat] & BIT[card]:
                    moving |= BIT[card]
            holdings[seat] &= ~moving
            receiver = pass_receiver(direction, seat, n)
            holdings[receiver] |= moving
    return holdings, violations


def _pass_cards(rules: Ruleset, passes: Sequence[Sequence[Card | str]]) -> list[tuple[Card, ...]]:
    """Each seat's pass: cards of the deck, no more than a hand, no card passed twice."""
    if not isinstance(passes, list | tuple) or len(passes) != rules.players:
        message = _("passes must list {players} seats' passes").format(players=rules.players)
        raise HeartsError("wrong_number_of_seats", message, "passes")
    seen: Mask = 0
    result = []
    for seat, cards in enumerate(passes):
        field_name = f"passes.{seat}"
        parsed = cards_in_deck(rules, cards, field_name)[0]
        if len(parsed) > rules.hand_size:
            message = _("seat {seat} passes more than a hand").format(seat=seat)
            raise HeartsError("too_many_cards", message, field_name)
        for index, card in enumerate(parsed):
            seen = add_card_once(seen, card, f"{field_name}.{index}", twice=PASSED_TWICE)
        result.append(parsed)
    return result


def _passes_required(direction: str) -> str:
    """The refusal of a deal without passes on a hand that passes ``direction``."""
    if direction == "left":
        return _("this hand passes left: give each seat's pass")
    if direction == "right":
        return _("this hand passes right: give each seat's pass")
    return _("this hand passes across: give each seat's pass")


def _wrong_count(seat: int, passed: int, count: int, direction: str) -> str:
    """The violation of a pass of ``passed`` cards where the hand passes ``count``."""
    # Translators: {direction} is the pass direction's word (left, right, across, hold).
    message = ngettext(
        "seat {seat} passed {passed} card; this hand passes {count} ({direction})",
        "seat {seat} passed {passed} cards; this hand passes {count} ({direction})",
        passed,
    )
    return message.format(
        seat=seat, passed=passed, count=count, direction=direction_word(direction)
    )


def direction_word(direction: str) -> str:
    """A pass direction in a word: left, right, across, hold."""
    if direction == "left":
        return pgettext("pass direction", "left")
    if direction == "right":
        return pgettext("pass direction", "right")
    if direction == "across":
        return pgettext("pass direction", "across")
    return pgettext("pass direction", "hold")
