"""Helpers for the claim tests: random positions and claims, a claim's outcome checked on a whole
record, and random legal defences played out from a claim (apart from claim_search.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from adjudication.engine import HeartsError, Situation, adjudicate, legal_mask, simulate
from adjudication.engine.claims import Position, position_at_claim
from adjudication.engine.rules import Ruleset

OUTCOMES = ("all_tricks", "no_points", "moon", "concede")
#: Refusals a random claim may meet: a claim that cannot be made there, or one whose search
#: would run past the engine's budget.
NOT_A_CLAIM_HERE = {"moon_already_lost", "concession_is_a_moon", "line_not_legal", "claim_too_deep"}


@dataclass
class Deal:
    rules: Ruleset
    holdings: list[int]
    plays: list[int]
    first_leader: int

    def ruling(self, claim=None, plays=None):
        return adjudicate(
            self.rules,
            self.plays if plays is None else plays,
            hands=self.holdings,
            first_leader=self.first_leader,
            claim=claim,
        )

    def after(self, plays) -> Deal:
        return Deal(self.rules, self.holdings, plays, self.first_leader)

    def position(self) -> Position:
        return position_at_claim(self.ruling())


def random_deal(rules: Ruleset, rng: random.Random, most_tricks_left: int) -> Deal:
    """A deal played legally at random until 1 to ``most_tricks_left`` tricks are left (the
    claim may come in the middle of a trick)."""
    holdings = simulate.deal(rules, rng)
    leader = simulate.opening_leader(rules, holdings)
    n = rules.players
    left = rng.randint(1, most_tricks_left)
    stop = min(rules.deck_size - left * n + rng.randrange(n), rules.deck_size - 1)
    plays = simulate.play_randomly(rules, holdings, leader, rng, stop=stop)
    return Deal(rules, holdings, plays, leader)


def random_claim(deal: Deal, rng: random.Random) -> dict:
    """A random claim there: a seat, an outcome, and for a claim a line half the time (some or
    all of the claimer's cards, in a random order)."""
    rules = deal.rules
    seat = rng.randrange(rules.players)
    outcome = rng.choice(OUTCOMES)
    cards = [c for c in range(52) if deal.position().hold[seat] >> c & 1]
    rng.shuffle(cards)
    stated = outcome != "concede" and bool(cards) and rng.random() < 0.5
    line = cards[: rng.randint(1, len(cards))] if stated else []
    return {"seat": seat, "outcome": outcome, "line": line}


def judged(deal: Deal, claim: dict):
    """The ruling with the claim judged, or None where the claim cannot be made there."""
    try:
        return deal.ruling(claim)
    except HeartsError as error:
        if error.code in NOT_A_CLAIM_HERE:
            return None
        raise


def some_claim(deal: Deal, rng: random.Random, verdicts, outcomes=OUTCOMES, tries=16):
    """A random claim there judged one of ``verdicts`` (the claim and its ruling), trying a few
    seats, outcomes and lines; None if none of them is."""
    for _ in range(tries):
        claim = random_claim(deal, rng)
        claim["outcome"] = rng.choice(outcomes)
        if claim["outcome"] == "concede":
            claim["line"] = []
        ruling = judged(deal, claim)
        if ruling is not None and ruling.claim.verdict in verdicts:
            return claim, ruling
    return None


def claim_kept(ruling, claim: dict, from_trick: int) -> bool:
    """Whether the whole record ``ruling`` gives what ``claim`` said, from trick ``from_trick``
    (from 1) on: for a concession, every penalty card to the conceder."""
    seat, outcome = claim["seat"], claim["outcome"]
    for trick in ruling.tricks[from_trick - 1 :]:
        if trick.winner is None:  # unfinished
            continue
        mine = trick.winner == seat
        if outcome == "all_tricks" and not mine:
            return False
        if outcome == "no_points" and mine and trick.points:
            return False
        if outcome in ("moon", "concede") and not mine and trick.points:
            return False
    return True


def play_out(deal: Deal, claim: dict, rng: random.Random, claimer_plays) -> list[int]:
    """The record from the claim to the end: the claimer plays its line's first allowed card,
    else what ``claimer_plays(plays, legal)`` chooses; the others random legal cards."""

    def choose(seat, plays, legal):
        listed = [c for c in claim.get("line", []) if legal >> c & 1]
        if seat == claim["seat"] and listed:
            return listed[0]
        allowed = [c for c in range(52) if legal >> c & 1]
        return claimer_plays(plays, allowed) if seat == claim["seat"] else rng.choice(allowed)

    return replayed(deal, choose)


def replayed(deal: Deal, choose, plays_after=None) -> list[int]:
    """The record from the claim to the end of the hand, each play ``choose(seat, plays so far,
    legal mask)`` (or, with ``plays_after``, those plays, checking each with ``choose``)."""
    rules = deal.rules
    plays = list(deal.plays)
    position = deal.position()
    hold = list(position.hold)
    seat, leader = position.to_play, position.leader
    trick_cards = list(position.trick_cards)
    trick, broken = position.trick, position.broken
    while any(hold):
        led = trick_cards[0] // 13 if trick_cards else None
        legal = legal_mask(rules, hold[seat], Situation(trick, led, broken))
        if plays_after is None:
            card = choose(seat, plays, legal)
        else:
            card = plays_after[len(plays) - len(deal.plays)]
            choose(seat, card, legal)
        plays.append(card)
        hold[seat] &= ~(1 << card)
        trick_cards.append(card)
        seat = (seat + 1) % rules.players
        if len(trick_cards) == rules.players:
            suit = trick_cards[0] // 13
            best = max(c for c in trick_cards if c // 13 == suit)
            seat = leader = (leader + trick_cards.index(best)) % rules.players
            broken = broken or bool(sum(1 << c for c in trick_cards) & rules.break_mask)
            trick_cards, trick = [], trick + 1
    return plays
