"""Random deals and random legal play: the generator behind the property tests and benchmarks."""

from __future__ import annotations

import random

from .cards import BIT, Card, Mask, cards_in
from .game import pass_direction, pass_receiver
from .legality import Situation, legal_mask
from .rules import Ruleset


def deal(rules: Ruleset, rng: random.Random) -> list[Mask]:
    """A shuffled deck dealt into equal holdings, seat 0 first."""
    deck = list(cards_in(rules.deck))
    rng.shuffle(deck)
    size = rules.hand_size
    holdings = []
    for seat in range(rules.players):
        mask = 0
        for card in deck[seat * size : (seat + 1) * size]:
            mask |= BIT[card]
        holdings.append(mask)
    return holdings


def random_passes(
    rules: Ruleset, dealt: list[Mask], hand_number: int, rng: random.Random
) -> tuple[list[tuple[Card, ...]], list[Mask]]:
    """Each seat passes ``pass_count`` random cards of its own (none on a hold hand)."""
    direction = pass_direction(rules, hand_number)
    count = 0 if direction == "hold" else rules.pass_count
    passes = [tuple(rng.sample(cards_in(mask), count)) for mask in dealt]
    after = list(dealt)
    if count:
        for seat, cards in enumerate(passes):
            moving = sum(BIT[c] for c in cards)
            after[seat] &= ~moving
            after[pass_receiver(direction, seat, rules.players)] |= moving
    return passes, after


def play_randomly(
    rules: Ruleset,
    holdings: list[Mask],
    leader: int,
    rng: random.Random,
    stop: int | None = None,
    deviate_at: int | None = None,
) -> list[Card]:
    """A record of random legal plays from ``leader`` (the whole hand, or ``stop`` plays).

    At play ``deviate_at`` the seat plays a held card outside the legal set, if it has one.
    """
    n = rules.players
    hold = list(holdings)
    plays: list[Card] = []
    broken = False
    total = rules.deck_size if stop is None else stop
    trick = 0
    while len(plays) < total:
        led = None
        best = -1
        winner = leader
        seat = leader
        mask = 0
        for _ in range(n):
            if len(plays) >= total:
                break
            allowed = legal_mask(rules, hold[seat], Situation(trick, led, broken))
            if len(plays) == deviate_at and hold[seat] & ~allowed:
                allowed = hold[seat] & ~allowed
            card = rng.choice(cards_in(allowed))
            plays.append(card)
            hold[seat] &= ~BIT[card]
            mask |= BIT[card]
            if led is None:
                led = card // 13
            if card // 13 == led and card > best:
                best = card
                winner = seat
            seat = (seat + 1) % n
        broken = broken or bool(mask & rules.break_mask)
        leader = winner
        trick += 1
    return plays


def opening_leader(rules: Ruleset, holdings: list[Mask], dealer: int = 0) -> int:
    """The seat that leads the first trick: left of the dealer, or the lowest club's holder."""
    if rules.first_lead == "left_of_dealer":
        return (dealer + 1) % rules.players
    low = BIT[rules.lowest_club or 0]
    return next(seat for seat, mask in enumerate(holdings) if mask & low)
