"""A ruling as the adjudicate and dispute pages show it: in a player's words, seats named as at
the table (the players' names when the ruling is tied to a game, else "Seat 1" to "Seat n"),
cards as labels. No rule code, field path or seat index reaches the page: the engine's own
messages (which count seats from 0) are not shown; the words are built here from its data."""

from __future__ import annotations

from typing import Any

from adjudication.engine.legality import (
    CARD_NOT_HELD,
    FIRST_LEAD_CLUB,
    FIRST_LEAD_LOWEST_CLUB,
    HEARTS_NOT_BROKEN,
    MUST_FOLLOW_SUIT,
    PASS_CARD_NOT_HELD,
    PASS_WRONG_COUNT,
    POINTS_ON_FIRST_TRICK,
    WRONG_LEADER,
)
from scoring.pages.words import card_label, pass_words

RED_SUITS = "HD"
SUIT_NAMES = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}

#: What each rule forbids, as a player says it: (the headline after the seat's name, the rule).
RULE_WORDS: dict[str, tuple[str, str]] = {
    MUST_FOLLOW_SUIT: (
        "did not follow suit (a renege)",
        "A player who holds the suit that was led must play that suit.",
    ),
    POINTS_ON_FIRST_TRICK: (
        "played a point card on the first trick",
        "No heart and no Q♠ on the first trick while the player holds any other card.",
    ),
    FIRST_LEAD_LOWEST_CLUB: (
        "led the wrong card to the first trick",
        "The player holding the lowest club must lead it to the first trick.",
    ),
    FIRST_LEAD_CLUB: (
        "led the first trick with a card that is not a club",
        "The first trick must be led with a club.",
    ),
    WRONG_LEADER: (
        "led the first trick out of turn",
        "Only the player holding the lowest club leads the first trick.",
    ),
    HEARTS_NOT_BROKEN: (
        "led a heart before hearts were broken",
        "A heart may not be led until a heart has been played, unless the leader holds "
        "nothing but hearts.",
    ),
    CARD_NOT_HELD: (
        "played a card they did not hold",
        "A player can only play a card from their own hand.",
    ),
    PASS_WRONG_COUNT: (
        "passed the wrong number of cards",
        "Each player passes exactly the number of cards the rules say (none on a hold hand).",
    ),
    PASS_CARD_NOT_HELD: (
        "passed a card they were not dealt",
        "A player can only pass cards from the hand they were dealt.",
    ),
}
#: What a proof rests on, in words.
SOURCES = {
    "hands": "the cards each player held after the pass, as entered",
    "deal": "the deal and the passes, as entered",
    "record": "the rest of the plays",
}


def seat_names(players: int, names: list[str] | None = None) -> list[str]:
    """How each seat is called: the game's players, else "Seat 1" … "Seat n" (as in games)."""
    return list(names) if names else [f"Seat {seat + 1}" for seat in range(players)]


def ruling_context(ruling: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """``present_ruling``'s dict, laid out for templates/includes/ruling.html."""
    return {
        "ruling": ruling,
        "verdict": _verdict(ruling),
        "tricks": _tricks(ruling, names),
        "violations": [_violation(v, ruling, names) for v in ruling["violations"]],
        "undetermined": [_undetermined(u, names) for u in ruling["undetermined"]],
        "score_rows": _score_rows(ruling, names),
        "score_notes": _score_notes(ruling, names),
    }


def _verdict(ruling: dict[str, Any]) -> str:
    count = len(ruling["violations"])
    if count:
        return f"{count} illegal play{'s' if count > 1 else ''} found."
    if ruling["undetermined"]:
        return "No illegal play proven yet: some plays depend on cards not shown so far."
    return "No illegal play found." if ruling["complete"] else "No illegal play found so far."


def _tricks(ruling: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Each trick with its plays; a play's index counts across the whole hand."""
    offending = {v["play_index"] for v in ruling["violations"]}
    tricks = []
    index = 0
    for trick in ruling["tricks"]:
        plays = []
        for seat, card in zip(trick["seats"], trick["cards"], strict=True):
            plays.append(
                {
                    "who": names[seat],
                    "card": card_label(card),
                    "red": card[-1] in RED_SUITS,
                    "illegal": index in offending,
                    "won": seat == trick["winner"],
                }
            )
            index += 1
        winner = trick["winner"]
        tricks.append(
            {
                "number": trick["trick"],
                "plays": plays,
                "winner": names[winner] if winner is not None else None,
                "points": trick["points"],
            }
        )
    return tricks


def _violation(violation: dict[str, Any], ruling: dict[str, Any], names: list[str]) -> dict:
    who = names[violation["seat"]]
    headline, rule = RULE_WORDS.get(
        violation["rule"], ("broke a rule", "The play is not allowed by these rules.")
    )
    where = f"Trick {violation['trick']}: " if violation["trick"] else "The pass: "
    card = card_label(violation["card"]) if violation["card"] else None
    return {
        "title": f"{where}{who} {headline}",
        "card": card,
        "rule": rule,
        "what": _what_happened(violation, ruling, who, card),
        "proof": _proof(violation, who),
    }


def _what_happened(violation: dict, ruling: dict, who: str, card: str | None) -> str:
    rule = violation["rule"]
    if rule == MUST_FOLLOW_SUIT and violation["play_index"] is not None:
        led = _led_suit(ruling, violation["play_index"])
        return f"{who} played {card} when {SUIT_NAMES[led]}s were led."
    if rule == PASS_WRONG_COUNT:
        passing = ruling.get("passing") or {}
        count = ruling["ruleset"].get("pass_count", 0)
        rule_text = pass_words(passing.get("direction"), count) or "no pass"
        return f"This hand's pass: {rule_text}."
    if rule == PASS_CARD_NOT_HELD:
        return f"{who} passed {card}."
    return f"{who} played {card}." if card else ""


def _led_suit(ruling: dict[str, Any], play_index: int) -> str:
    """The suit led to the trick holding play ``play_index``."""
    seen = 0
    for trick in ruling["tricks"]:
        if play_index < seen + len(trick["cards"]):
            return trick["cards"][0][-1]
        seen += len(trick["cards"])
    raise ValueError(play_index)


def _proof(violation: dict[str, Any], who: str) -> str:
    evidence = violation["evidence"]
    held = [card_label(c) for c in evidence["held"]]
    if not held:
        return ""
    source = SOURCES.get(evidence["source"], "the record")
    text = f"{who} still held {_cards_text(held)}"
    shown = evidence["shown"]
    if shown:
        later = ", ".join(f"{card_label(s['card'])} at trick {s['trick']}" for s in shown)
        text += f": {who} played {later}"
    return f"Proof: {text} (from {source})."


def _cards_text(cards: list[str]) -> str:
    return cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]


def _undetermined(found: dict[str, Any], names: list[str]) -> str:
    who = names[found["seat"]]
    shows = [card_label(c) for c in found["decided_by"]]
    cards = _cards_text(shows) if len(shows) <= 4 else f"any of {' '.join(shows)}"
    return (
        f"Trick {found['trick']}: {who} played {card_label(found['card'])}. That was illegal "
        f"if {who} still held {cards}; the plays entered do not show it yet."
    )


def _score_rows(ruling: dict[str, Any], names: list[str]) -> list[tuple]:
    """(name, points, tricks, score) a seat; no score while the shooter's choice is open."""
    scores = ruling["scores"]
    return list(
        zip(
            names,
            ruling["points_taken"],
            ruling["tricks_won"],
            scores if isinstance(scores, list) else [None] * len(names),
            strict=True,
        )
    )


def _score_notes(ruling: dict[str, Any], names: list[str]) -> list[str]:
    notes = []
    scores = ruling["scores"]
    if ruling["moon"]:
        shooter = names[ruling["moon"]["shooter"]]
        notes.append(f"{shooter} shot the moon.")
        if isinstance(scores, dict):
            notes.append(
                f"{shooter} chooses: "
                + "; or ".join(_moon_option(c, v, names) for c, v in scores.items())
                + "."
            )
    penalty = ruling["renege_penalty"]
    if penalty and isinstance(penalty["scores"], list):
        offender = names[penalty["offender"]]
        given = ", ".join(f"{n} {s}" for n, s in zip(names, penalty["scores"], strict=True))
        notes.append(f"If a director confirms {offender}'s renege, the scores become: {given}.")
    return notes


def _moon_option(choice: str, values: list[int], names: list[str]) -> str:
    given = ", ".join(f"{n} {s}" for n, s in zip(names, values, strict=True))
    if choice == "subtract_from_shooter":
        return f"minus for the shooter ({given})"
    return f"plus for everyone else ({given})"
