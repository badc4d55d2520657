"""Worked examples for the OpenAPI schema, computed by the engine so they are always right."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from django.utils import translation
from drf_spectacular.utils import OpenApiExample

from adjudication.engine import HeartsError, build_ruleset, cards_in, names
from adjudication.engine.legality import MUST_FOLLOW_SUIT, POINTS_ON_FIRST_TRICK
from adjudication.engine.simulate import deal, opening_leader, play_randomly
from adjudication.services import present_ruling, rule_on_hand

CLUBS = [f"{rank}C" for rank in "23456789TJQKA"]


def _deals(rules):
    """The standard deal of each seed in turn (a random generator, the holdings, the leader):
    an example is the first that shows what it must."""
    for seed in range(500):
        rng = random.Random(seed)
        holdings = deal(rules, rng)
        yield rng, holdings, opening_leader(rules, holdings)


def _renege_request() -> dict[str, Any]:
    """A complete record, no holdings: a renege at trick 4 that a later play proves."""
    rules = build_ruleset()
    for rng, holdings, leader in _deals(rules):
        plays = play_randomly(rules, holdings, leader, rng, deviate_at=14)
        request = {"ruleset": "standard", "plays": names(plays), "first_leader": leader}
        ruling = rule_on_hand(request)
        if [v.rule for v in ruling.violations] == [MUST_FOLLOW_SUIT]:
            return request
    raise RuntimeError("no renege example found")  # pragma: no cover - seeds are fixed


def _late_revoke_request() -> dict[str, Any]:
    """The renege above, noticed after the hand, under Foster's rule: the revoker pays all."""
    request = _renege_request()
    (renege,) = rule_on_hand(request).violations
    return {
        **request,
        "ruleset": {"preset": "standard", "renege_penalty": "takes_all"},
        "irregularities": [
            {"kind": "revoke", "trick": renege.trick, "seat": renege.seat, "noticed_at_trick": None}
        ],
    }


def _first_trick_queen_request() -> dict[str, Any]:
    """Omnibus: a seat void in clubs discards the Q♠ on trick 1 while holding a diamond."""
    rules = build_ruleset("omnibus")
    for seed in range(2000):
        holdings = deal(rules, random.Random(seed))
        leader = opening_leader(rules, holdings)
        order = [(leader + k) % 4 for k in range(4)]
        culprit = next(
            (
                seat
                for seat in order[1:]
                if not holdings[seat] & 0x1FFF
                and "QS" in names(holdings[seat])
                and any(c[-1] in "DS" and c != "QS" for c in names(holdings[seat]))
            ),
            None,
        )
        if culprit is None:
            continue
        plays = []
        for seat in order:
            held = names(holdings[seat])
            if seat == leader:
                plays.append("2C")
            elif seat == culprit:
                plays.append("QS")
            else:
                clubs = [c for c in held if c.endswith("C")]
                plain = [c for c in held if not c.endswith("H") and c != "QS"]
                plays.append((clubs or plain or held)[0])
        request = {
            "ruleset": "omnibus",
            "hands": [names(holdings[seat]) for seat in range(4)],
            "plays": plays,
        }
        ruling = rule_on_hand(request)
        if [v.rule for v in ruling.violations] == [POINTS_ON_FIRST_TRICK]:
            return request
    raise RuntimeError("no first-trick queen example found")  # pragma: no cover


def _moon_request() -> dict[str, Any]:
    """Seat 0 holds every club: it leads and wins all 13 tricks, taking every point."""
    rest = [c for c in names(cards_in((1 << 52) - 1)) if not c.endswith("C")]
    hands = [CLUBS, rest[0:13], rest[13:26], rest[26:39]]
    plays = []
    for trick in range(13):
        plays += [CLUBS[trick], hands[1][trick], hands[2][trick], hands[3][trick]]
    return {"ruleset": "standard", "plays": plays, "hands": hands, "moon_choice": "add_to_others"}


def _claim_request(verdict: str) -> dict[str, Any]:
    """Nine tricks played, then a claim of no more points judged ``verdict``."""
    rules = build_ruleset()
    for rng, holdings, leader in _deals(rules):
        plays = play_randomly(rules, holdings, leader, rng, stop=36)
        for seat in range(rules.players):
            request = {
                "ruleset": "standard",
                "plays": names(plays),
                "hands": [names(held) for held in holdings],
                "claim": {"seat": seat, "outcome": "no_points"},
            }
            try:
                ruling = rule_on_hand(request)
            except HeartsError:  # a claim that cannot be made there
                continue
            if ruling.claim is not None and ruling.claim.verdict == verdict:
                return request
    raise RuntimeError("no claim example found")  # pragma: no cover - seeds are fixed


@cache
def adjudication_examples() -> list[OpenApiExample]:
    # The schema is not translated, and this is kept for every later request: the rulings'
    # sentences in the source English, whatever language asked first.
    with translation.override(None):
        return _examples()


def _examples() -> list[OpenApiExample]:
    examples = []
    for name, summary, request in (
        ("Renege proven", "A renege proven from a complete record", _renege_request()),
        ("First-trick queen", "A first-trick Q♠ under omnibus", _first_trick_queen_request()),
        ("Moon with a choice", "A moon, the shooter adding 26 to others", _moon_request()),
        ("Revoke found late", "A revoke noticed after the hand, rectified", _late_revoke_request()),
        (
            "Claim beaten",
            "No more points claimed at trick 10, beaten by a counter-line",
            _claim_request("fails"),
        ),
    ):
        examples.append(OpenApiExample(name, summary=summary, value=request, request_only=True))
        examples.append(
            OpenApiExample(
                name,
                summary=summary,
                value=present_ruling(rule_on_hand(request)),
                response_only=True,
                status_codes=["200"],
            )
        )
    return examples
