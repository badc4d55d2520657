"""Every sentence the engine says goes through its one seam to translation, whole.

The translation installed here "shouts": it upper-cases a message's words and leaves its
``{placeholders}`` be. A sentence whose every word went through the seam then comes out as the
English one upper-cased; a word glued on outside a message ("a " + suit, ", " between cards)
stays lower-case and the comparison fails.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from adjudication.engine import (
    PRESETS,
    RULE_CODES,
    HeartsError,
    adjudicate,
    build_ruleset,
    check_points,
    describe_rule,
    names,
    parse_card,
    play_out,
    words,
)
from adjudication.engine.simulate import deal, opening_leader, play_randomly

from .support import EAST, NORTH, SOUTH, WEST, full_hands, record

PLACEHOLDER = re.compile(r"(\{\w+\})")


def shout(message: str) -> str:
    return "".join(
        part if PLACEHOLDER.fullmatch(part) else part.upper() for part in PLACEHOLDER.split(message)
    )


SHOUTING = (
    shout,
    lambda singular, plural, n: shout(singular if n == 1 else plural),
    lambda context, message: shout(message),
)
ENGLISH = (
    lambda message: message,
    lambda singular, plural, n: singular if n == 1 else plural,
    lambda context, message: message,
)


def said(translation: tuple, speak: Callable[[], list[str]]) -> list[str]:
    previous = words.install(*translation)
    try:
        return speak()
    finally:
        words.install(*previous)


def refusal(call: Callable[[], object]) -> Callable[[], list[str]]:
    def speak() -> list[str]:
        with pytest.raises(HeartsError) as caught:
            call()
        return [caught.value.message]

    return speak


def findings(call: Callable[[], object]) -> Callable[[], list[str]]:
    def speak() -> list[str]:
        ruling = call()
        return [v.message for v in ruling.violations] + [u.condition for u in ruling.undetermined]

    return speak


STANDARD = build_ruleset()
MICROSOFT = build_ruleset("microsoft")


def _renege_proven_by_a_complete_record():
    for seed in range(200):
        rng = random.Random(seed)
        holdings = deal(STANDARD, rng)
        leader = opening_leader(STANDARD, holdings)
        plays = play_randomly(STANDARD, holdings, leader, rng, deviate_at=14)
        ruling = adjudicate(STANDARD, names(plays), first_leader=leader)
        if any(v.shown and v.rule == "must_follow_suit" for v in ruling.violations):
            return ruling
    raise AssertionError("no renege in 200 seeds")  # pragma: no cover - seeds are fixed


def _bad_pass():
    dealt = full_hands(STANDARD, {NORTH: "2C 3C 4C", EAST: "5C", SOUTH: "6C", WEST: "7C"})
    # North passes two cards, East two that South and West were dealt; the others are right.
    passes = [["2C", "3C"], ["5C", "6C", "7C"], names(dealt[SOUTH])[-3:], names(dealt[WEST])[-3:]]
    return adjudicate(STANDARD, [], deal=dealt, passes=passes, hand_number=1)


SENTENCES = {
    "a renege proven by a complete record": findings(_renege_proven_by_a_complete_record),
    "a renege with the hands": findings(
        lambda: adjudicate(
            STANDARD,
            ["2C", "3D"],
            hands=full_hands(STANDARD, {NORTH: "2C", EAST: "3C 9C 3D", SOUTH: "4C", WEST: "5C"}),
        )
    ),
    "open questions, a club or a list": findings(
        lambda: adjudicate(MICROSOFT, ["2C", "AH"], first_leader=NORTH)
    ),
    "a point card proven by a later play": findings(
        lambda: adjudicate(MICROSOFT, record(["2C AH 3C 4C", "5D 6D 7D"]), first_leader=NORTH)
    ),
    "a wrong leader open": findings(
        lambda: adjudicate(build_ruleset(first_lead="any_club"), ["AC"], first_leader=NORTH)
    ),
    "a card not held": findings(
        lambda: adjudicate(STANDARD, ["2C", "AS"], hands=full_hands(STANDARD, {NORTH: "2C"}))
    ),
    "a pass of the wrong count and of a card not dealt": findings(_bad_pass),
    "a card that is none": refusal(lambda: parse_card("ZZ")),
    "a deck that does not divide": refusal(lambda: build_ruleset(players=5, removed_cards=[])),
    "points that do not sum": refusal(lambda: check_points(STANDARD, [1, 2, 3, 4])),
    "the points of the queen nobody took": refusal(
        lambda: check_points(build_ruleset(queen_points=20), [9, 8, 8, 8])
    ),
    "a hand after the game": refusal(lambda: play_out(STANDARD, [[100, 0, 0, 0], [0, 0, 0, 0]])),
    "a hand of one card": refusal(
        lambda: adjudicate(STANDARD, [], hands=[["2C"], ["3C"], ["4C"], ["5C"]])
    ),
    "a record without its first leader": refusal(lambda: adjudicate(STANDARD, ["3C"])),
    "a preset's words": lambda: [
        text
        for preset in PRESETS.values()
        for text in (preset.describe()["title"], preset.describe()["source_text"])
    ],
    "the rules' descriptions": lambda: [describe_rule(rule) for rule in RULE_CODES],
}


@pytest.mark.parametrize("speak", SENTENCES.values(), ids=SENTENCES.keys())
def test_every_word_of_the_engines_sentences_goes_through_the_installed_translation(speak):
    english = said(ENGLISH, speak)
    assert english and all(sentence != sentence.upper() for sentence in english)
    assert said(SHOUTING, speak) == [sentence.upper() for sentence in english]


def test_alone_the_engine_says_its_messages_as_written():
    assert said(ENGLISH, findings(_bad_pass)) == [
        "seat 0 passed 2 cards; this hand passes 3 (left)",
        "seat 1 passed 6C, which it was not dealt",
        "seat 1 passed 7C, which it was not dealt",
    ]
    assert said(ENGLISH, refusal(lambda: adjudicate(STANDARD, [], hands=[["2C"]] * 3))) == [
        "hands must list the cards of each of the 4 seats"
    ]
    one_card = refusal(lambda: adjudicate(STANDARD, [], hands=[["2C"], ["3C"], ["4C"], ["5C"]]))
    assert said(ENGLISH, one_card) == ["seat 0 holds 1 card; a hand is 13"]
