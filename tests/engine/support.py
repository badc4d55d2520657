"""Helpers for the engine tests: card shorthand and an independent model of a hand in play.

Seats are named for a four-player table, clockwise: North 0, East 1, South 2, West 3. "Left" is
the next seat clockwise, so North passes left to East.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from adjudication.engine import Situation, legal_mask, parse_card
from adjudication.engine.rules import Ruleset

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
HEARTS_MASK = 0x1FFF << 26
QUEEN_BIT = 1 << 49


def card(name: str) -> int:
    return parse_card(name)


def cards(text: str) -> list[int]:
    """``"QS 5S AH"`` -> the cards, in the order written."""
    return [parse_card(name) for name in text.split()]


def mask(text: str) -> int:
    """``"QS 5S AH"`` -> the holding as a bitmask."""
    result = 0
    for name in text.split():
        result |= 1 << parse_card(name)
    return result


def bits(holding: int) -> list[int]:
    return [c for c in range(52) if holding >> c & 1]


def record(tricks: list[str]) -> list[str]:
    """A record written trick by trick (``["2C 3C 4C AC", ...]``) as a flat list of names."""
    return [name for trick in tricks for name in trick.split()]


@dataclass
class Table:
    """A hand in play, modelled independently of the engine's adjudicator.

    Only ``legal_mask`` comes from the engine (the tests check it separately); who plays next,
    who wins a trick and when hearts break are worked out here.
    """

    rules: Ruleset
    holdings: list[int]
    leader: int
    plays: list[int] = field(default_factory=list)
    trick: int = 0  # index of the trick in progress, 0 for the first
    led: int | None = None
    best: int = -1
    winner: int = 0
    trick_cards: int = 0
    broken: bool = False
    seat: int = 0
    held_before: list[int] = field(default_factory=list)  # holding at each play
    seats: list[int] = field(default_factory=list)  # seat of each play
    situations: list[Situation] = field(default_factory=list)
    initial: tuple[int, ...] = field(init=False)  # the holdings before the first play
    first_leader: int = field(init=False)
    taken: list[int] = field(init=False)  # the cards each seat won
    won: list[int] = field(init=False)  # the tricks each seat won
    winners: list[int] = field(default_factory=list)  # the winner of each finished trick

    def __post_init__(self) -> None:
        self.holdings = list(self.holdings)
        self.initial = tuple(self.holdings)
        self.first_leader = self.leader
        self.taken = [0] * self.rules.players
        self.won = [0] * self.rules.players
        self.seat = self.leader
        self.winner = self.leader

    @property
    def done(self) -> bool:
        return len(self.plays) == self.rules.deck_size

    def situation(self) -> Situation:
        return Situation(self.trick, self.led, self.broken)

    def holding(self) -> int:
        return self.holdings[self.seat]

    def legal(self) -> int:
        return legal_mask(self.rules, self.holding(), self.situation())

    def play(self, played: int) -> None:
        n = self.rules.players
        self.held_before.append(self.holdings[self.seat])
        self.seats.append(self.seat)
        self.situations.append(self.situation())
        self.plays.append(played)
        self.holdings[self.seat] &= ~(1 << played)
        self.trick_cards |= 1 << played
        if self.led is None:
            self.led = played // 13
        if played // 13 == self.led and played > self.best:
            self.best = played
            self.winner = self.seat
        self.seat = (self.seat + 1) % n
        if len(self.plays) % n == 0:
            breakers = HEARTS_MASK | (QUEEN_BIT if self.rules.queen_breaks_hearts else 0)
            self.broken = self.broken or bool(self.trick_cards & breakers)
            self.taken[self.winner] |= self.trick_cards
            self.won[self.winner] += 1
            self.winners.append(self.winner)
            self.seat = self.winner
            self.leader = self.winner
            self.trick += 1
            self.led = None
            self.best = -1
            self.trick_cards = 0

    def play_randomly(self, rng: random.Random, stop: int | None = None) -> None:
        """Random legal plays (legal for the actual state) until ``stop`` plays or the end."""
        total = self.rules.deck_size if stop is None else stop
        while len(self.plays) < total:
            self.play(rng.choice(bits(self.legal())))


def full_hands(
    rules: Ruleset, partial: dict[int, str], voids: dict[int, str] | None = None
) -> list[int]:
    """Complete hands: each seat gets the cards named for it, then the lowest remaining cards
    of the suits it is not void in (``voids`` maps a seat to suit letters, e.g. ``"C"``)."""
    voids = voids or {}
    hands = [mask(partial.get(seat, "")) for seat in range(rules.players)]
    remaining = rules.deck
    for held in hands:
        remaining &= ~held
    order = sorted(range(rules.players), key=lambda seat: -len(voids.get(seat, "")))
    for seat in order:
        barred = {"CDHS".index(letter) for letter in voids.get(seat, "")}
        for c in bits(remaining):
            if bin(hands[seat]).count("1") == rules.hand_size:
                break
            if c // 13 not in barred:
                hands[seat] |= 1 << c
                remaining &= ~(1 << c)
        assert bin(hands[seat]).count("1") == rules.hand_size, f"seat {seat} cannot be filled"
    assert not remaining
    for seat, letters in voids.items():
        for letter in letters:
            assert not hands[seat] & (0x1FFF << (13 * "CDHS".index(letter)))
    return hands
