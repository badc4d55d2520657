"""How cards, passes, moons and rulesets read to players on the pages."""

from __future__ import annotations

import re
from functools import cache

from django.conf import settings
from django.utils import translation
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from adjudication.engine import PRESETS
from adjudication.engine.cards import RANK_LETTERS, SUIT_LETTERS
from adjudication.engine.scoring_cards import scored_cards
from hearts_site.text.names import isolate

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
# Lazy: read in the language of the request that formats them. ``{count}``: cards passed.
PASS_WORDS = {
    "left": gettext_lazy("pass {count} to the left"),
    "right": gettext_lazy("pass {count} to the right"),
    "across": gettext_lazy("pass {count} across"),
    "hold": gettext_lazy("no pass (hold hand)"),
}
#: How a ruleset's moon scores, in its one-line description (``t``: the penalty total).
MOON_WORDS = {
    # Translators: "shooting the moon" in Hearts; {t} is the deck's penalty total (26).
    "shooter_choice": gettext_lazy("the shooter chooses −{t} or +{t} to the others"),
    "add_to_others": gettext_lazy("+{t} to each other player"),
    "subtract_from_shooter": gettext_lazy("−{t} to the shooter"),
    "add_unless_shooter_loses": gettext_lazy(
        "+{t} to the others, unless that makes the shooter lose"
    ),
    "off": gettext_lazy("no moon"),
}
#: The shooter's two choices, as the hand form offers them, and the question they answer.
MOON_LABELS = {
    # Translators: {shooter} is a player's name (or "the shooter"); {total} the points (26).
    "subtract_from_shooter": gettext_lazy("−{total} for {shooter}"),
    "add_to_others": gettext_lazy("+{total} for everyone else"),
}
# Translators: {shooter} is a player's name; {total} the points of the moon (26).
MOON_QUESTION = gettext_lazy(
    "{shooter} shot the moon: −{total} for {shooter}, or +{total} for everyone else?"
)
#: A moon choice's code as words, for the score sheet ("Ada shot the moon (add to others)").
CHOICE_WORDS = {
    "add_to_others": gettext_lazy("add to others"),
    "subtract_from_shooter": gettext_lazy("subtract from shooter"),
}


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
    words = CHOICE_WORDS.get(choice)
    return str(words) if words is not None else choice.replace("_", " ")


def card_marks(rules) -> list[str]:
    """Each scoring card the ruleset scores, with what it does: ``J♦ +10``."""
    return [f"{card.label} {card.effect_words(rules)}" for card in scored_cards(rules)]


def rules_text(rules) -> str:
    """A ruleset in a line: players, the game's end, the moon, the scoring cards."""
    if rules.target_score:
        end = _("game to {target}").format(target=rules.target_score)
    else:
        end = _("one hand")
    moon = MOON_WORDS.get(rules.moon, rules.moon).format(t=rules.penalty_total)
    parts = [
        # The preset's title (the engine's message), else its code name.
        _(PRESETS[rules.preset].title) if rules.preset in PRESETS else rules.preset,
        ngettext("{count} player", "{count} players", rules.players).format(count=rules.players),
        end,
        _("moon: {moon}").format(moon=moon),
    ]
    parts.extend(card_marks(rules))
    # Translators: what separates the parts of a ruleset's one-line description.
    return _(", ").join(parts)


def points_words(names: list[str], points: list[int]) -> str:
    """``Ada 13, Ben 5, Cleo 4, Dev 4``: the points each player took, for a page (each name
    isolated: hearts_site/text/names.py)."""
    taken = ((isolate(name), points) for name, points in zip(names, points, strict=True))
    return format_html_join(", ", "{} {}", taken)


@cache
def _table_patterns() -> tuple[re.Pattern[str], ...]:
    """ "Table {number}" as each language of the pages says it, as a pattern."""
    patterns = []
    for code, _language in settings.LANGUAGES:
        with translation.override(code):
            said = _("Table {number}")
        head, _number, tail = said.partition("{number}")
        patterns.append(
            re.compile(re.escape(head) + r"(\d{1,4})" + re.escape(tail) + r"\Z", re.IGNORECASE)
        )
    return tuple(patterns)


def table_words(stored: str) -> str:
    """A table's stored name in the reader's language where it is the service's own ("Table 3"
    kept by a director reading English reads "Tisch 3" in German); a name a club chose stays."""
    for pattern in _table_patterns():
        found = pattern.match(stored.strip())
        if found:
            return _("Table {number}").format(number=int(found.group(1)))
    return stored
