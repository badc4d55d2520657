"""Adjudicating a record that carries irregularities: the raw ruling and each one's rectification.

``adjudicate`` hands a record here when it states irregularities (``irregularities.py``). The
record is laid out under them and judged play by play (``irregular_play``), each irregularity
is ruled on (``irregularity_rulings``), and the ruling keeps both results: the raw one, the
record scored as played (``Ruling.score``), and the rectified one (``Ruling.rectified``), so
that a director can accept the rectification or override it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NAMES, Card, Mask, parse_card
from .errors import HeartsError
from .inputs import record_cards
from .irregular_play import Judgement, Layout, holdings_from_layout, judge, lay_out
from .irregularities import Irregularity, twice_allowed
from .irregularity_rulings import rule_on
from .rectify import Hand, Rectified, after
from .rules import Ruleset
from .ruling import Ruling, Trick, Violation
from .scoring import points_of
from .without_holdings import scan_without_holdings
from .words import gettext as _


def irregular_record(
    rules: Ruleset, plays: Sequence[Card | str], irregularities: Sequence[Irregularity]
) -> tuple[Card, ...]:
    """The record's cards: distinct, but for a card a ``card_played_twice`` names (twice at
    most), and no longer than a deck (a surplus card closes a record with a missed trick)."""
    twice = twice_allowed(irregularities)
    if not twice:
        return record_cards(rules, plays)
    # Check each card as the clean record would, without its refusal of the named repeats.
    others = (
        [p for p in plays if _card(p) not in twice] if isinstance(plays, list | tuple) else plays
    )
    record_cards(rules, others)  # every other card: the usual checks and errors
    cards = tuple(_read(rules, item, index) for index, item in enumerate(plays))
    for card in twice:
        if cards.count(card) > 2:
            message = _("{card} is played more than twice").format(card=NAMES[card])
            raise HeartsError("duplicate_card", message, "plays")
    if len(cards) > rules.deck_size + 1:
        message = _("{plays} plays, but this deck has {deck_size} cards")
        words = message.format(plays=len(cards), deck_size=rules.deck_size)
        raise HeartsError("too_many_plays", words, "plays")
    return cards


def _card(item: object) -> object:
    try:
        return item if isinstance(item, int) and not isinstance(item, bool) else parse_card(item)
    except HeartsError:
        return None


def _read(rules: Ruleset, item: object, index: int) -> Card:
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 52:
        return item
    return parse_card(item, f"plays.{index}")


def rule_with_irregularities(
    rules: Ruleset,
    record: tuple[Card, ...],
    leader: int,
    holdings: list[Mask] | None,
    source: str | None,
    pass_violations: list[Violation],
    irregularities: tuple[Irregularity, ...],
    *,
    direction: str | None,
    hand_number: int | None,
    moon_choice: str | None,
    totals_before: Sequence[int] | None,
) -> Ruling:
    """The ruling on an irregular record (module docstring)."""
    layout = lay_out(rules, record, leader, irregularities)
    dealt = tuple(holdings) if holdings is not None else None
    judgement = Judgement()
    violations = list(pass_violations)
    if holdings is None and layout.complete:
        holdings, source = holdings_from_layout(rules, layout, irregularities), "record"
    if holdings is not None:
        judgement = judge(rules, layout, holdings, irregularities, source or "")
        violations += judgement.violations
    elif any(i.kind != "misdeal" for i in irregularities):
        message = _(
            "an unfinished record is ruled on for irregularities only with its holdings: give "
            "hands, or deal and passes"
        )
        raise HeartsError("irregularity_needs_holdings", message, "hands")
    else:  # a misdeal alone leaves the record's shape as it is
        violations += scan_without_holdings(rules, record, leader)[3]
    taken, won = _taken(rules, layout)
    hand = Hand(
        rules, layout, judgement, tuple(holdings or ()), dealt, source or "record",
        tuple(taken), tuple(won), moon_choice, totals_before,
    )  # fmt: skip
    rulings = tuple(rule_on(hand, irregularity) for irregularity in irregularities)
    points, rectified_score = after(hand, [r.effect for r in rulings])
    left = tuple(dict.fromkeys(r.effect.left_to_table for r in rulings if r.effect.left_to_table))
    raw_score = after(hand, [])[1]
    tricks = [
        Trick(
            t.number, t.leader, tuple(p.card for p in t.plays), tuple(p.seat for p in t.plays),
            t.winner, points_of(rules, t.mask),
        )
        for t in layout.tricks
    ]  # fmt: skip
    return Ruling(
        rules=rules,
        plays=record,
        first_leader=leader,
        complete=layout.complete,
        holdings=tuple(holdings) if holdings is not None else None,
        holdings_source=source,
        violations=tuple(sorted(violations, key=_order)),
        undetermined=(),
        trick_log=tuple((t.leader, t.winner, t.mask) for t in layout.tricks),
        taken=tuple(taken),
        tricks_won=tuple(won),
        score=raw_score,
        pass_direction=direction,
        hand_number=hand_number,
        _tricks=tricks,
        irregularities=rulings,
        rectified=Rectified(points, rectified_score, left) if layout.complete or left else None,
    )


def _taken(rules: Ruleset, layout: Layout) -> tuple[list[Mask], list[int]]:
    """The cards and tricks each seat won, as played (a surplus card taken by nobody)."""
    taken, won = [0] * rules.players, [0] * rules.players
    for trick in layout.tricks:
        if trick.winner is not None:
            taken[trick.winner] |= trick.mask
            won[trick.winner] += 1
    return taken, won


def _order(violation: Violation) -> tuple[int, int]:
    return (-1 if violation.play_index is None else violation.play_index, violation.seat)
