"""How cards, passes, moons and rulesets read to players on the pages."""

from __future__ import annotations

from adjudication.engine.cards import RANK_LETTERS, SUIT_LETTERS

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
PASS_WORDS = {
    "left": "pass {count} to the left",
    "right": "pass {count} to the right",
    "across": "pass {count} across",
    "hold": "no pass (hold hand)",
}
#: How a ruleset's moon scores, in its one-line description (``t``: the penalty total).
MOON_WORDS = {
    "shooter_choice": "the shooter chooses −{t} or +{t} to the others",
    "add_to_others": "+{t} to each other player",
    "subtract_from_shooter": "−{t} to the shooter",
    "add_unless_shooter_loses": "+{t} to the others, unless that makes the shooter lose",
    "off": "no moon",
}
#: The shooter's two choices, as the hand form offers them, and the question they answer.
MOON_LABELS = {
    "subtract_from_shooter": "−{total} for {shooter}",
    "add_to_others": "+{total} for everyone else",
}
MOON_QUESTION = "{shooter} shot the moon: −{total} for {shooter}, or +{total} for everyone else?"


def rank_label(rank: str) -> str:
    """``T`` → ``10``; every other rank letter reads as itself."""
    return "10" if rank == "T" else rank


def card_label(name: str) -> str:
    """``QS`` → ``Q♠``, ``TH`` → ``10♥``: how a card reads on a phone."""
    return rank_label(name[0]) + SUIT_SYMBOLS.get(name[-1], name[-1])


#: The adjudicator's keypad: (suit letter, symbol) and (rank letter, label), in the deck's order.
KEYPAD_SUITS = [(suit, SUIT_SYMBOLS[suit]) for suit in SUIT_LETTERS]
KEYPAD_RANKS = [(rank, rank_label(rank)) for rank in RANK_LETTERS]


def pass_words(direction: str | None, count: int) -> str:
    if direction is None:
        return ""
    return PASS_WORDS.get(direction, direction).format(count=count)


def choice_words(choice: str) -> str:
    """A moon choice's code as words: ``add_to_others`` → ``add to others``."""
    return choice.replace("_", " ")


def rules_text(rules) -> str:
    """A ruleset in a line: players, the game's end, the moon, the J♦."""
    end = f"game to {rules.target_score}" if rules.target_score else "one hand"
    moon = MOON_WORDS.get(rules.moon, rules.moon).format(t=rules.penalty_total)
    parts = [f"{rules.preset} preset", f"{rules.players} players", end, f"moon: {moon}"]
    if rules.jack_of_diamonds:
        parts.append(f"J♦ {rules.jack_of_diamonds:+d}")
    return ", ".join(parts)


def points_words(names: list[str], points: list[int]) -> str:
    """``Ada 13, Ben 5, Cleo 4, Dev 4``: the points each player took."""
    return ", ".join(f"{name} {taken}" for name, taken in zip(names, points, strict=True))
