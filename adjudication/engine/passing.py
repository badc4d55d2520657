"""The pass (RULES.md §1): from the deal and each seat's pass to the holdings the play is judged on.

A faulty pass is a violation, not a refusal: the wrong number of cards, or a card the seat was
not dealt. Only the cards a seat was dealt move; the play is then judged on what each seat holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BIT, NAMES, Card, Mask
from .errors import HeartsError
from .game import pass_receiver
from .inputs import add_card_once, cards_in_deck
from .legality import PASS_CARD_NOT_HELD, PASS_WRONG_COUNT
from .rules import Ruleset
from .ruling import Violation


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
            raise HeartsError(
                "passes_required", f"this hand passes {direction}: give each seat's pass", "passes"
            )
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
                    f"seat {seat} passed {len(cards)} cards; this hand passes {count} "
                    f"({direction})",
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
                        f"seat {seat} passed {NAMES[card]}, which it was not dealt",
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
        raise HeartsError(
            "wrong_number_of_seats", f"passes must list {rules.players} seats' passes", "passes"
        )
    seen: Mask = 0
    result = []
    for seat, cards in enumerate(passes):
        field_name = f"passes.{seat}"
        parsed = cards_in_deck(rules, cards, field_name)[0]
        if len(parsed) > rules.hand_size:
            raise HeartsError("too_many_cards", f"seat {seat} passes more than a hand", field_name)
        for index, card in enumerate(parsed):
            seen = add_card_once(seen, card, f"{field_name}.{index}", verb="passed")
        result.append(parsed)
    return result
