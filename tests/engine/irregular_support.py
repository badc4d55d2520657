"""Records with irregularities made on purpose: random legal play, with one thing gone wrong.

The play is generated here, trick by trick, from the holdings: who leads (the last winner, or a
seat leading out of turn), who plays (every seat, but one that misses a trick or is a card short
at the end), the winner (the highest card of the led suit). Only ``legal_mask`` comes from the
engine (tested on its own in test_properties.py). Each generator gives the record as the
adjudication takes it, and what it did, so that a test can work the ruling out by hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from adjudication.engine import Situation, legal_mask
from adjudication.engine.rules import Ruleset

HEARTS = 0x1FFF << 26
QS = 1 << 49


def points(rules: Ruleset, cards) -> int:
    mask = cards if isinstance(cards, int) else sum(1 << c for c in cards)
    return (mask & HEARTS).bit_count() + (rules.queen_points if mask & QS else 0)


def suit(card: int) -> int:
    return card // 13


@dataclass
class Played:
    """A record made by ``play``: the plays, each trick's (leader, seats, cards, winner), and
    each play's holding before it was made."""

    plays: list[int] = field(default_factory=list)
    tricks: list[tuple[int, list[int], list[int], int]] = field(default_factory=list)
    held: list[int] = field(default_factory=list)  # per play: the seat's holding before it
    seats: list[int] = field(default_factory=list)  # per play
    trick_of: list[int] = field(default_factory=list)  # per play, from 1
    left: list[int] = field(default_factory=list)  # what each seat holds at the end

    def taken(self, players: int) -> list[int]:
        taken = [0] * players
        for _leader, _seats, cards, winner in self.tricks:
            taken[winner] |= sum(1 << c for c in cards)
        return taken


def play(
    rules: Ruleset,
    holdings: list[int],
    leader: int,
    rng: random.Random,
    *,
    lead_out_of_turn: tuple[int, int] | None = None,  # (trick, seat)
    missing: tuple[int, int] | None = None,  # (trick, seat): the seat plays no card to it
    choose=None,  # choose(trick, seat, holding, legal, led=suit) -> card, or None: random legal
) -> Played:
    """Random legal play from ``leader``, with the irregularities asked for."""
    n = rules.players
    hold = list(holdings)
    out = Played()
    broken = False
    for number in range(1, rules.hand_size + 1):
        first = leader
        if lead_out_of_turn and lead_out_of_turn[0] == number:
            first = lead_out_of_turn[1]
        order = [(first + k) % n for k in range(n)]
        order = [s for s in order if hold[s] and (missing is None or missing != (number, s))]
        led = None
        cards: list[int] = []
        for seat in order:
            situation = Situation(number - 1, led, broken)
            try:
                legal = legal_mask(rules, hold[seat], situation)
            except Exception:  # a first lead out of turn, by a seat without the lowest club
                legal = hold[seat]
            chosen = choose(number, seat, hold[seat], legal, led=led) if choose else None
            if chosen is None:
                chosen = rng.choice([c for c in range(52) if legal >> c & 1])
            out.plays.append(chosen)
            out.held.append(hold[seat])
            out.seats.append(seat)
            out.trick_of.append(number)
            hold[seat] &= ~(1 << chosen)
            cards.append(chosen)
            if led is None:
                led = suit(chosen)
        best = max((c for c in cards if suit(c) == led), default=cards[0])
        winner = order[cards.index(best)]
        out.tricks.append((first, order, cards, winner))
        broken = broken or bool(sum(1 << c for c in cards) & rules.break_mask)
        leader = winner
    out.left = hold
    return out


def names(cards) -> list[str]:
    from adjudication.engine import names as engine_names

    return engine_names(list(cards))
