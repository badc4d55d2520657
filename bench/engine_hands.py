"""bench/engine.py's hands: generated from a seed before any timing, the baseline's replay, the
states a replay meets, and the untimed check that the engine agrees with itself and the baseline."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
# Benchmark this checkout's engine, even when another checkout is installed in the venv.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from adjudication.engine import Ruleset, Situation, adjudicate, legal_mask  # noqa: E402
from adjudication.engine.cards import BIT  # noqa: E402
from adjudication.engine.simulate import deal, opening_leader, play_randomly  # noqa: E402


class Hand(NamedTuple):
    plays: list[int]  # the complete record, cards as ints (suit * 13 + rank)
    holdings: list[int]  # one bitmask per seat (the hand as played, no pass)
    leader: int  # the seat that led trick 1


# --- Workload --------------------------------------------------------------------------------


def generate(rules: Ruleset, count: int, rng: random.Random) -> list[Hand]:
    """``count`` random complete hands of random legal play (untimed)."""
    hands = []
    for index in range(count):
        holdings = deal(rules, rng)
        leader = opening_leader(rules, holdings, dealer=index % rules.players)
        plays = play_randomly(rules, holdings, leader, rng)
        hands.append(Hand(plays, holdings, leader))
    return hands


def replay_winners(plays: Sequence[int], leader: int, players: int) -> list[int]:
    """The baseline: a minimal replay that only finds each trick's winner."""
    winners = []
    for start in range(0, len(plays), players):
        best = plays[start]
        led = best // 13
        offset = 0
        for k in range(1, players):
            card = plays[start + k]
            if card // 13 == led and card > best:
                best = card
                offset = k
        leader = (leader + offset) % players
        winners.append(leader)
    return winners


def recorded_states(rules: Ruleset, hands: Sequence[Hand]) -> list[tuple[int, Situation]]:
    """(holding, situation) of the seat about to play, for every play of every hand.

    Each play is checked to be in the legal set, so the calls timed are the calls a replay makes.
    """
    n = rules.players
    situations: dict[tuple[int, int | None, bool], Situation] = {}
    states = []
    for hand in hands:
        hold = list(hand.holdings)
        leader = hand.leader
        broken = False
        for trick, start in enumerate(range(0, len(hand.plays), n)):
            led = None
            best = -1
            winner = seat = leader
            mask = 0
            for card in hand.plays[start : start + n]:
                key = (trick, led, broken)
                situation = situations.get(key)
                if situation is None:
                    situation = situations[key] = Situation(*key)
                if not legal_mask(rules, hold[seat], situation) & BIT[card]:
                    raise SystemExit(f"generated play {card} is not in its legal set")
                states.append((hold[seat], situation))
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
    return states


def check(rules: Ruleset, hands: Sequence[Hand], label: str) -> None:
    """Untimed: the engine agrees with itself and with the baseline on every generated hand."""
    for number, (plays, holdings, leader) in enumerate(hands):
        known = adjudicate(rules, plays, hands=holdings)
        inferred = adjudicate(rules, plays, first_leader=leader)
        winners = [winner for _leader, winner, _mask in known.trick_log]
        problems = []
        if not known.legal or not inferred.legal or inferred.undetermined:
            problems.append("a random legal hand was ruled illegal")
        if winners != replay_winners(plays, leader, rules.players):
            problems.append("trick winners differ from the baseline replay")
        if known.trick_log != inferred.trick_log or known.holdings != inferred.holdings:
            problems.append("with and without holdings disagree on the replay")
        if known.score != inferred.score:
            problems.append("with and without holdings disagree on the score")
        if problems:
            raise SystemExit(f"{label}, hand {number}: {'; '.join(problems)}")
