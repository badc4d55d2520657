"""Adjudicating a hand's record: every illegal play, who made it, which rule, and the proof.

The record is a flat list of cards in play order; the seat of each play follows from the first
leader and the trick winners. Holdings come from ``hands`` (after the pass), from ``deal`` and
``passes`` (the pass is checked too), or — for a complete record — from the record itself, since
each seat then played exactly the cards it held. An incomplete record without holdings proves
what later plays show and lists the rest as undetermined, with the card that would decide it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from .cards import (
    BIT,
    HEARTS,
    JD_BIT,
    NAMES,
    POINT_MASK,
    SUIT_MASK,
    SUIT_OF,
    Card,
    Mask,
    cards_in,
    parse_card,
)
from .errors import HeartsError
from .game import first_leader_left_of_dealer, pass_direction, pass_receiver
from .legality import (
    PASS_CARD_NOT_HELD,
    PASS_WRONG_COUNT,
    Condition,
    Situation,
    conditions,
    describe_cards,
    explain,
    heart_lead_alternatives,
    why_illegal,
)
from .rules import MOON_CHOICES, Ruleset
from .scoring import HandScore, points_of, score_hand


@dataclass(frozen=True, slots=True)
class Shown:
    """A later play that proves what a seat held."""

    play_index: int
    trick: int
    card: Card


@dataclass(frozen=True, slots=True)
class Violation:
    play_index: int | None  # None for a pass violation
    trick: int | None  # from 1
    seat: int
    card: Card | None
    rule: str
    message: str
    held: tuple[Card, ...] = ()  # the cards whose holding breaks the rule
    shown: tuple[Shown, ...] = ()  # where the record later shows them
    source: str = "holdings"  # what the proof rests on: holdings, deal, record

    def evidence(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "held": [NAMES[c] for c in self.held],
            "shown": [
                {"play_index": s.play_index, "trick": s.trick, "card": NAMES[s.card]}
                for s in self.shown
            ],
        }


@dataclass(frozen=True, slots=True)
class Undetermined:
    play_index: int
    trick: int
    seat: int
    card: Card
    rule: str
    condition: str
    decided_by: tuple[Card, ...]  # showing any of these later proves the violation
    unless: bool = False  # True: showing one of them later clears the play instead


@cache
def _seat_order(players: int) -> tuple[tuple[int, ...], ...]:
    """For each leader, the seats in the order they play to a trick."""
    return tuple(tuple((leader + k) % players for k in range(players)) for leader in range(players))


class Trick(NamedTuple):
    """One trick of the record. (A named tuple: a ruling builds one per trick for its
    presentation, and a frozen dataclass took three times as long to build.)"""

    number: int
    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int | None  # None while the trick is unfinished
    points: int


@dataclass(frozen=True, slots=True)
class Ruling:
    rules: Ruleset
    plays: tuple[Card, ...]
    first_leader: int | None
    complete: bool
    holdings: tuple[Mask, ...] | None  # after the pass: given, from the deal, or inferred
    holdings_source: str | None  # "hands", "deal", "record" or None
    violations: tuple[Violation, ...]
    undetermined: tuple[Undetermined, ...]
    trick_log: tuple[tuple[int, int | None, Mask], ...]  # (leader, winner, cards) per trick
    taken: tuple[Mask, ...]  # the cards each seat won
    tricks_won: tuple[int, ...]
    score: HandScore | None  # for a complete record
    pass_direction: str | None = None
    hand_number: int | None = None
    _tricks: list[Trick] = field(default_factory=list, repr=False, compare=False)

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def points_taken(self) -> tuple[int, ...]:
        return tuple(points_of(self.rules, cards) for cards in self.taken)

    @property
    def jack_of_diamonds(self) -> int | None:
        return next((seat for seat, cards in enumerate(self.taken) if cards & JD_BIT), None)

    @property
    def tricks(self) -> list[Trick]:
        """The record trick by trick, built on first use (the adjudication itself needs none)."""
        if not self._tricks and self.trick_log:
            n = self.rules.players
            plays, rules, order = self.plays, self.rules, _seat_order(n)
            for index, (leader, winner, mask) in enumerate(self.trick_log):
                cards = plays[index * n : index * n + n]
                seats = order[leader][: len(cards)]
                self._tricks.append(
                    Trick(index + 1, leader, cards, seats, winner, points_of(rules, mask))
                )
        return self._tricks


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
) -> Ruling:
    """Rule on a hand's record under ``rules`` (RULES.md §4); see the module docstring."""
    n = rules.players
    record = _cards_of_record(rules, plays)
    first_leader = _seat_or_none(first_leader, n, "first_leader")
    dealer = _seat_or_none(dealer, n, "dealer")
    if moon_choice is not None and moon_choice not in MOON_CHOICES:
        raise HeartsError(
            "invalid_moon_choice",
            f"moon_choice must be one of: {', '.join(MOON_CHOICES)}",
            "moon_choice",
        )
    if hands is not None and deal is not None:
        raise HeartsError(
            "conflicting_holdings", "give either hands or deal with passes, not both", "deal"
        )
    holdings: list[Mask] | None = None
    source = None
    direction = None
    violations: list[Violation] = []
    if hands is not None:
        holdings = _holdings_of(rules, hands, "hands")
        source = "hands"
    elif deal is not None:
        if hand_number is None:
            raise HeartsError(
                "hand_number_required", "checking a pass needs the hand number", "hand_number"
            )
        direction = pass_direction(rules, hand_number)
        dealt = _holdings_of(rules, deal, "deal")
        holdings, pass_violations = apply_pass(rules, dealt, passes, direction)
        violations.extend(pass_violations)
        source = "deal"
    elif passes is not None:
        raise HeartsError("deal_required", "passes are checked against a deal", "deal")

    leader = _first_leader(rules, record, holdings, first_leader, dealer)
    complete = len(record) == rules.deck_size
    if holdings is None and complete:
        holdings = _holdings_from_record(rules, record, leader)
        source = "record"
    undetermined: list[Undetermined] = []
    if holdings is not None:
        log, taken, won = _scan_known(rules, record, leader, list(holdings), source, violations)
    else:
        log, taken, won = _scan_unknown(rules, record, leader, violations, undetermined)

    score = None
    if complete:
        points = tuple(points_of(rules, cards) for cards in taken)
        jack = next((seat for seat, cards in enumerate(taken) if cards & JD_BIT), None)
        score = score_hand(
            rules,
            points,
            jack_of_diamonds=jack,
            tricks_won=won,
            moon_choice=moon_choice,
            totals_before=totals_before,
        )
    return Ruling(
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
        score=score,
        pass_direction=direction,
        hand_number=hand_number,
    )


def _scan_known(
    rules: Ruleset,
    plays: tuple[Card, ...],
    leader: int,
    hold: list[Mask],
    source: str | None,
    violations: list[Violation],
) -> tuple[list[tuple[int, int | None, Mask]], list[Mask], list[int]]:
    """Replay with exact holdings. A cheap test flags a play; ``_judge`` then finds the rule."""
    n = rules.players
    total = len(plays)
    log: list[tuple[int, int | None, Mask]] = []
    taken = [0] * n
    won = [0] * n
    broken = False
    must_break = rules.hearts_must_be_broken
    lead_alternatives = heart_lead_alternatives(rules)
    first_trick_check = rules.forbid_first_trick_points
    break_mask = rules.break_mask
    suit_of = SUIT_OF
    bits = BIT
    i = 0
    trick = 0
    while i < total:
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
            _judge(rules, plays, i, trick, seat, h, None, broken, source, violations)
        hold[seat] = h & ~bit
        best = card
        winner = seat
        mask = bit
        led_mask = SUIT_MASK[led]
        for j in range(i + 1, end):
            seat += 1
            if seat == n:
                seat = 0
            card = plays[j]
            bit = bits[card]
            h = hold[seat]
            if suit_of[card] == led:
                if card > best:
                    best = card
                    winner = seat
                if not h & bit:
                    _judge(rules, plays, j, trick, seat, h, led, broken, source, violations)
            elif (
                h & led_mask
                or not h & bit
                or (trick == 0 and first_trick_check and bit & POINT_MASK)
            ):
                _judge(rules, plays, j, trick, seat, h, led, broken, source, violations)
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
        i = end
        trick += 1
    return log, taken, won


def _judge(
    rules: Ruleset,
    plays: tuple[Card, ...],
    index: int,
    trick: int,
    seat: int,
    holding: Mask,
    led: int | None,
    broken: bool,
    source: str | None,
    violations: list[Violation],
) -> None:
    """Name the rule a flagged play breaks, with the held cards and where the record shows them."""
    card = plays[index]
    reason = why_illegal(rules, holding, card, Situation(trick, led, broken))
    if reason is None:
        return
    held = cards_in(reason.evidence)
    shown = _shown_later(rules, plays, index, held)
    message = reason.message
    if source == "record" and shown:
        where = ", ".join(f"{NAMES[s.card]} at trick {s.trick}" for s in shown)
        message = f"{message}: the record shows {where}"
    violations.append(
        Violation(index, trick + 1, seat, card, reason.rule, message, held, shown, source or "")
    )


def _shown_later(
    rules: Ruleset, plays: tuple[Card, ...], index: int, held: Sequence[Card]
) -> tuple[Shown, ...]:
    wanted = set(held)
    n = rules.players
    return tuple(
        Shown(j, j // n + 1, plays[j]) for j in range(index + 1, len(plays)) if plays[j] in wanted
    )


def _scan_unknown(
    rules: Ruleset,
    plays: tuple[Card, ...],
    leader: int,
    violations: list[Violation],
    undetermined: list[Undetermined],
) -> tuple[list[tuple[int, int | None, Mask]], list[Mask], list[int]]:
    """An incomplete record without holdings: later plays prove, unseen cards may decide."""
    n = rules.players
    seats, log, taken, won = _replay(rules, plays, leader)
    played = [0] * n
    for seat in seats:
        played[seat] += 1
    unseen = rules.deck
    for card in plays:
        unseen &= ~BIT[card]
    future = [0] * n  # cards each seat plays from this play on
    known_at: list[Mask] = [0] * len(plays)
    for index in range(len(plays) - 1, -1, -1):
        future[seats[index]] |= BIT[plays[index]]
        known_at[index] = future[seats[index]]
    broken = False
    for index, card in enumerate(plays):
        trick, position = divmod(index, n)
        if position == 0 and trick > 0:
            broken = broken or bool(log[trick - 1][2] & rules.break_mask)
        led = None if position == 0 else SUIT_OF[plays[trick * n]]
        seat = seats[index]
        pool = unseen if played[seat] < rules.hand_size else 0
        situation = Situation(trick, led, broken)
        found = conditions(rules, card, situation)
        if found:
            _decide(
                rules,
                plays,
                index,
                seat,
                found,
                known_at[index],
                pool,
                situation,
                violations,
                undetermined,
            )
    return log, taken, won


def _decide(
    rules: Ruleset,
    plays: tuple[Card, ...],
    index: int,
    seat: int,
    found: tuple[Condition, ...],
    known: Mask,
    pool: Mask,
    situation: Situation,
    violations: list[Violation],
    undetermined: list[Undetermined],
) -> None:
    card = plays[index]
    trick = situation.trick_index
    open_questions = []
    for condition in found:
        if condition.outright:
            message = explain(condition, card, situation, 0)
            violations.append(
                Violation(index, trick + 1, seat, card, condition.rule, message, source="record")
            )
            return
        if condition.unless:
            if known & condition.mask:
                continue
            if not pool & condition.mask:
                message = explain(condition, card, situation, 0)
                violations.append(
                    Violation(
                        index, trick + 1, seat, card, condition.rule, message, source="record"
                    )
                )
                return
            low = NAMES[cards_in(condition.mask)[0]]
            open_questions.append(
                Undetermined(
                    index,
                    trick + 1,
                    seat,
                    card,
                    condition.rule,
                    f"illegal unless seat {seat} later shows {low}",
                    cards_in(condition.mask),
                    unless=True,
                )
            )
            continue
        hit = known & condition.mask
        if hit:
            held = cards_in(hit)
            shown = _shown_later(rules, plays, index, held)
            where = ", ".join(f"{NAMES[s.card]} at trick {s.trick}" for s in shown)
            message = f"{explain(condition, card, situation, hit)}: the record shows {where}"
            violations.append(
                Violation(
                    index, trick + 1, seat, card, condition.rule, message, held, shown, "record"
                )
            )
            return
        possible = pool & condition.mask
        if possible:
            open_questions.append(
                Undetermined(
                    index,
                    trick + 1,
                    seat,
                    card,
                    condition.rule,
                    f"illegal if seat {seat} later shows {describe_cards(possible, pool)}",
                    cards_in(possible),
                )
            )
    undetermined.extend(open_questions)


def _replay(
    rules: Ruleset, plays: tuple[Card, ...], leader: int
) -> tuple[list[int], list[tuple[int, int | None, Mask]], list[Mask], list[int]]:
    """Seats, tricks and cards won, from the record alone."""
    n = rules.players
    seats: list[int] = []
    log: list[tuple[int, int | None, Mask]] = []
    taken = [0] * n
    won = [0] * n
    for start in range(0, len(plays), n):
        cards = plays[start : start + n]
        led = SUIT_OF[cards[0]]
        best = cards[0]
        winner = leader
        mask = 0
        for offset, card in enumerate(cards):
            seat = (leader + offset) % n
            seats.append(seat)
            mask |= BIT[card]
            if SUIT_OF[card] == led and card > best:
                best = card
                winner = seat
        if len(cards) == n:
            taken[winner] |= mask
            won[winner] += 1
            log.append((leader, winner, mask))
            leader = winner
        else:
            log.append((leader, None, mask))
    return seats, log, taken, won


def _holdings_from_record(rules: Ruleset, plays: tuple[Card, ...], leader: int) -> list[Mask]:
    """A complete record shows every seat's holding: the cards it played."""
    seats = _replay(rules, plays, leader)[0]
    holdings = [0] * rules.players
    for seat, card in zip(seats, plays, strict=True):
        holdings[seat] |= BIT[card]
    return holdings


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
    if not isinstance(passes, list | tuple) or len(passes) != rules.players:
        raise HeartsError(
            "wrong_number_of_seats", f"passes must list {rules.players} seats' passes", "passes"
        )
    seen: set[Card] = set()
    result = []
    for seat, cards in enumerate(passes):
        field_name = f"passes.{seat}"
        parsed = _cards_in_deck(rules, cards, field_name)[0]
        if len(parsed) > rules.hand_size:
            raise HeartsError("too_many_cards", f"seat {seat} passes more than a hand", field_name)
        for index, card in enumerate(parsed):
            if card in seen:
                raise HeartsError(
                    "duplicate_card", f"{NAMES[card]} is passed twice", f"{field_name}.{index}"
                )
            seen.add(card)
        result.append(parsed)
    return result


def _cards_of_record(rules: Ruleset, plays: Sequence[Card | str]) -> tuple[Card, ...]:
    if not isinstance(plays, list | tuple):
        raise HeartsError("not_a_list", "plays must be a list of cards", "plays")
    if len(plays) > rules.deck_size:
        raise HeartsError(
            "too_many_plays",
            f"{len(plays)} plays, but this deck has {rules.deck_size} cards",
            "plays",
        )
    return _cards_in_deck(rules, plays, "plays")[0]


def _cards_in_deck(rules: Ruleset, cards: object, field_name: str) -> tuple[tuple[Card, ...], Mask]:
    """Distinct cards of the ruleset's deck, and their mask. Errors name the offending index."""
    if not isinstance(cards, list | tuple):
        raise HeartsError("not_a_list", f"{field_name} must be a list of cards", field_name)
    # Fast path for well-formed input (canonical names or card numbers); errors take the slow one.
    try:
        if bool in map(type, cards):
            raise TypeError
        parsed = tuple(map(_CANONICAL.__getitem__, cards))
        if len(set(parsed)) == len(parsed):
            mask = sum(map(BIT.__getitem__, parsed))
            if not mask & ~rules.deck:
                return parsed, mask
    except (KeyError, TypeError):
        pass
    result = []
    mask = 0
    for index, item in enumerate(cards):
        where = f"{field_name}.{index}"
        if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 52:
            card = item
        else:
            card = parse_card(item, where)
        if not rules.deck & BIT[card]:
            raise HeartsError(
                "card_not_in_deck",
                f"{NAMES[card]} is removed from the deck under this ruleset",
                where,
            )
        if mask & BIT[card]:
            raise HeartsError("duplicate_card", f"{NAMES[card]} is given twice", where)
        mask |= BIT[card]
        result.append(card)
    return tuple(result), mask


_CANONICAL: dict[object, Card] = {
    **{name: card for card, name in enumerate(NAMES)},
    **{card: card for card in range(52)},
}


def _holdings_of(rules: Ruleset, hands: object, field_name: str) -> list[Mask]:
    """Holdings must split the deck exactly: one per seat, a full hand each, no card twice."""
    if not isinstance(hands, list | tuple) or len(hands) != rules.players:
        raise HeartsError(
            "wrong_number_of_seats",
            f"{field_name} must list the cards of each of the {rules.players} seats",
            field_name,
        )
    holdings = []
    seen = 0
    for seat, cards in enumerate(hands):
        where = f"{field_name}.{seat}"
        if isinstance(cards, int) and not isinstance(cards, bool) and 0 <= cards < 1 << 52:
            if cards & ~rules.deck or cards.bit_count() != rules.hand_size or cards & seen:
                cards = cards_in(cards)  # let the card-by-card checks name the fault
            else:
                holdings.append(cards)
                seen |= cards
                continue
        parsed, mask = _cards_in_deck(rules, cards, where)
        if len(parsed) != rules.hand_size:
            raise HeartsError(
                "wrong_hand_size",
                f"seat {seat} holds {len(parsed)} cards; a hand is {rules.hand_size}",
                where,
            )
        if mask & seen:
            index = next(i for i, card in enumerate(parsed) if seen & BIT[card])
            owner = next(s for s, held in enumerate(holdings) if held & BIT[parsed[index]])
            raise HeartsError(
                "duplicate_card",
                f"{NAMES[parsed[index]]} is given to seat {owner} and seat {seat}",
                f"{where}.{index}",
            )
        seen |= mask
        holdings.append(mask)
    return holdings


def _seat_or_none(value: object, players: int, name: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise HeartsError("invalid_seat", f"{name} must be a seat from 0 to {players - 1}", name)
    return value


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
    needed = "dealer or first_leader" if rules.first_lead == "left_of_dealer" else "first_leader"
    raise HeartsError(
        "first_leader_required",
        f"give {needed}: without holdings the record does not say which seat led trick 1",
        "first_leader",
    )
