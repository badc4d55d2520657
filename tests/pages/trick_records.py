"""Whole trick records for the hand form's trick level: one written out by hand (Ada shoots the
moon), and records from the engine's random player (a clean one, one with a single renege)."""

from __future__ import annotations

import random

from adjudication.engine import adjudicate, build_ruleset, names
from adjudication.engine.legality import MUST_FOLLOW_SUIT
from adjudication.engine.simulate import deal, opening_leader, play_randomly

PLAYERS = 4

# Ada (seat 0) holds 2C AC KC QC, AD KD QD JD, AS KS QS JS TS and leads the 2♣. Dev wins trick
# 1 and leads a club back; then Ada wins every trick, and the others throw their hearts on the
# tricks they cannot follow: she takes all 26 points, every play legal.
MOON_TRICKS = [
    "2C 3C 6C JC",  # Ada leads; Dev wins
    "9C AC 4C 7C",  # Dev leads; Ada wins every trick from here
    "KC 5C 8C TC",
    "QC 2H 6H TH",
    "AD 2D 5D 8D",
    "KD 3D 6D 9D",
    "QD 4D 7D TD",
    "JD 3H 7H JH",
    "AS 2S 5S 8S",
    "KS 3S 6S 9S",
    "QS 4S 7S QH",
    "JS 4H 8H KH",
    "TS 5H 9H AH",
]
MOON_LEADER = 0
#: Each seat's cards after the pass in that hand, a line a seat.
MOON_HOLDINGS = [
    "2C AC KC QC AD KD QD JD AS KS QS JS TS",
    "3C 4C 5C 2D 3D 4D 2H 3H 4H 5H 2S 3S 4S",
    "6C 7C 8C 5D 6D 7D 6H 7H 8H 9H 5S 6S 7S",
    "9C TC JC 8D 9D TD TH JH QH KH AH 8S 9S",
]


def tricks_of(plays: list[str]) -> list[str]:
    """A record's cards, a trick a line: what the form's trick fields hold."""
    return [" ".join(plays[i : i + PLAYERS]) for i in range(0, len(plays), PLAYERS)]


def trick_post(number: int, tricks: list[str], leader: int | None, **extra) -> dict:
    """The hand form's trick level as a phone without JavaScript posts it."""
    data = {"mode": "plays", "number": number, "first_leader": "" if leader is None else leader}
    data.update({f"trick_{n}": cards for n, cards in enumerate(tricks, start=1)})
    data.update(extra)
    return data


def _random_record(deviate_at: int | None, wanted) -> tuple[list[str], int, object]:
    rules = build_ruleset("standard")
    for seed in range(500):
        rng = random.Random(seed)
        holdings = deal(rules, rng)
        leader = opening_leader(rules, holdings)
        plays = play_randomly(rules, holdings, leader, rng, deviate_at=deviate_at)
        ruling = adjudicate(rules, plays, first_leader=leader)
        if max(ruling.points_taken) < rules.penalty_total and wanted(ruling):
            return names(plays), leader, ruling
    raise AssertionError("no seed gives such a record")


def clean_record() -> tuple[list[str], int, object]:
    """A legal whole hand without a moon: its plays, first leader and the engine's ruling."""
    return _random_record(None, lambda ruling: not ruling.violations)


def renege_record() -> tuple[list[str], int, object]:
    """A whole hand with exactly one illegal play, a renege, and no moon."""
    return _random_record(
        9, lambda ruling: [v.rule for v in ruling.violations] == [MUST_FOLLOW_SUIT]
    )
