"""Adjudicating without the holdings: what the record itself proves, and what it leaves open.

A complete record shows every holding (each seat played exactly the cards it held), so it is
judged as if the holdings were given. An incomplete one is judged play by play on two facts:
the cards a seat plays later were in its hand all along (a proof), and a card nobody has played
yet may still be in any hand that has cards left (an open question, ``Undetermined``, with the
cards that would decide it).
"""

from __future__ import annotations

from .cards import BIT, NAMES, SUIT_OF, Card, Mask, cards_in
from .legality import Condition, Situation, conditions, describe_cards, explain
from .rules import Ruleset
from .ruling import TrickLog, Undetermined, Violation, shown_later, the_record_shows
from .words import gettext as _


def replay_record(
    rules: Ruleset, plays: tuple[Card, ...], leader: int
) -> tuple[list[int], TrickLog, list[Mask], list[int]]:
    """The seat of each play, the tricks, and the cards and tricks each seat won."""
    n = rules.players
    seats: list[int] = []
    log: TrickLog = []
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


def scan_without_holdings(
    rules: Ruleset, plays: tuple[Card, ...], leader: int
) -> tuple[TrickLog, list[Mask], list[int], list[Violation], list[Undetermined]]:
    """An incomplete record without holdings: later plays prove, unseen cards may decide."""
    n = rules.players
    seats, log, taken, won = replay_record(rules, plays, leader)
    played = [0] * n
    for seat in seats:
        played[seat] += 1
    unseen = rules.deck
    for card in plays:
        unseen &= ~BIT[card]
    known_at = _played_from_here_on(n, plays, seats)
    violations: list[Violation] = []
    undetermined: list[Undetermined] = []
    broken = False
    for index, card in enumerate(plays):
        trick, position = divmod(index, n)
        if position == 0 and trick > 0:
            broken = broken or bool(log[trick - 1][2] & rules.break_mask)
        led = None if position == 0 else SUIT_OF[plays[trick * n]]
        seat = seats[index]
        pool = unseen if played[seat] < rules.hand_size else 0  # a full hand played holds none
        situation = Situation(trick, led, broken)
        found = conditions(rules, card, situation)
        if found:
            outcome = _decide(rules, plays, index, seat, found, known_at[index], pool, situation)
            if isinstance(outcome, Violation):
                violations.append(outcome)
            else:
                undetermined.extend(outcome)
    return log, taken, won, violations, undetermined


def _played_from_here_on(players: int, plays: tuple[Card, ...], seats: list[int]) -> list[Mask]:
    """For each play, the cards its seat plays from there on: what the record proves it held."""
    future = [0] * players
    known_at: list[Mask] = [0] * len(plays)
    for index in range(len(plays) - 1, -1, -1):
        future[seats[index]] |= BIT[plays[index]]
        known_at[index] = future[seats[index]]
    return known_at


def _decide(
    rules: Ruleset,
    plays: tuple[Card, ...],
    index: int,
    seat: int,
    found: tuple[Condition, ...],
    known: Mask,
    pool: Mask,
    situation: Situation,
) -> Violation | list[Undetermined]:
    """Judge a play on the cards the record shows its seat held (``known``) and those it may
    still hold (``pool``). The first condition the record proves, or that no unseen card could
    still clear, is a violation; every other one that an unseen card could meet stays open."""
    card = plays[index]
    trick = situation.trick_index + 1
    questions: list[Undetermined] = []
    for condition in found:
        rule, mask = condition.rule, condition.mask
        if condition.outright or (condition.unless and not (known | pool) & mask):
            message = explain(condition, card, situation, 0)
            return Violation(index, trick, seat, card, rule, message, source="record")
        if condition.unless:
            if not known & mask:  # else the record shows the card that makes the play legal
                low = NAMES[cards_in(mask)[0]]
                text = _("illegal unless seat {seat} later shows {card}").format(
                    seat=seat, card=low
                )
                questions.append(
                    Undetermined(index, trick, seat, card, rule, text, cards_in(mask), unless=True)
                )
            continue
        hit = known & mask
        if hit:
            held = cards_in(hit)
            shown = shown_later(rules.players, plays, index, held)
            message = the_record_shows(explain(condition, card, situation, hit), shown)
            return Violation(index, trick, seat, card, rule, message, held, shown, "record")
        possible = pool & mask
        if possible:
            # Translators: {cards} are alternatives: "a club", "QS or KS", "a club or a diamond".
            text = _("illegal if seat {seat} later shows {cards}").format(
                seat=seat, cards=describe_cards(possible, pool)
            )
            questions.append(Undetermined(index, trick, seat, card, rule, text, cards_in(possible)))
    return questions
