"""The values each ruleset option may take, and the check of a ruleset against them: every
refusal names the option (``invalid_option``, ``uneven_deck``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import HeartsError
from .irregularity_options import IRREGULARITY_CHOICES
from .scoring_cards import SCORING_CARDS
from .words import gettext as _

if TYPE_CHECKING:
    from .rules import Ruleset

DIRECTIONS = ("left", "right", "across", "hold")
FIRST_LEADS = ("lowest_club", "any_club", "left_of_dealer")
MOON_RULES = (
    "shooter_choice",
    "add_to_others",
    "subtract_from_shooter",
    "add_unless_shooter_loses",
    "off",
)
MOON_CHOICES = ("subtract_from_shooter", "add_to_others")
CHOICES: dict[str, tuple[str, ...]] = {
    "first_lead": FIRST_LEADS,
    "points_on_first_trick": ("allowed", "forbidden"),
    "first_trick_fallback": ("any", "hearts_only"),
    "moon": MOON_RULES,
    "heart_points": ("one", "face"),
    "moon_scoring_cards": ("on_top", "needed"),
    "game_ends": ("reach", "exceed"),
    "ties": ("shared", "play_on"),
    **IRREGULARITY_CHOICES,  # renege_penalty and the other irregularities' options
    # claims and concessions (claims.py, after the Laws of Duplicate Bridge 68-71)
    "claim_without_line": ("every_line", "best_line"),
    "failed_claim": ("claimer_takes_rest", "play_on"),
}
BOOLEANS = (
    "hearts_must_be_broken",
    "queen_breaks_hearts",
    "lead_hearts_with_only_queen",
    "gems",
    *(card.option for card in SCORING_CARDS if card.effect.bounds is None),
)
# Scores are points on a score sheet: bound them so no option can overflow a column.
INTEGER_BOUNDS: dict[str, tuple[int, int]] = {
    "players": (3, 6),
    "pass_count": (0, 4),
    "queen_points": (1, 1000),
    "king_of_spades_points": (0, 1000),
    "ace_of_spades_points": (0, 1000),
    **{card.option: card.effect.bounds for card in SCORING_CARDS if card.effect.bounds},
    "sun": (-1000, 1000),
    "no_trick_bonus": (-1000, 1000),
    "renege_points": (-1000, 1000),
    "target_score": (1, 100_000),
}


def validate(rules: Ruleset) -> None:
    """Every option within its values, and the combinations possible (a deck that divides
    evenly, a pass no larger than a hand, a schedule of known directions)."""
    for option, (low, high) in INTEGER_BOUNDS.items():
        value = getattr(rules, option)
        if option == "target_score" and value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            if option == "target_score":
                message = _("{option} must be a whole number from {low} to {high} or null")
            else:
                message = _("{option} must be a whole number from {low} to {high}")
            words = message.format(option=option, low=low, high=high)
            raise HeartsError("invalid_option", words, option)
    for option, allowed in CHOICES.items():
        if getattr(rules, option) not in allowed:
            raise HeartsError("invalid_option", one_of(option, allowed), option)
    for option in BOOLEANS:
        if not isinstance(getattr(rules, option), bool):
            message = _("{option} must be true or false").format(option=option)
            raise HeartsError("invalid_option", message, option)
    if len(set(rules.removed_cards)) != len(rules.removed_cards):
        message = _("removed_cards lists a card twice")
        raise HeartsError("invalid_option", message, "removed_cards")
    remaining = 52 - len(rules.removed_cards)
    if remaining % rules.players:
        # At least 44 cards among 3 to 6 players: always many, no plural forms needed.
        message = _("{cards} cards do not divide evenly among {players} players")
        words = message.format(cards=remaining, players=rules.players)
        raise HeartsError("uneven_deck", words, "removed_cards")
    if rules.pass_count > remaining // rules.players:
        message = _("pass_count is larger than a hand")
        raise HeartsError("invalid_option", message, "pass_count")
    _validate_schedule(rules)


def _validate_schedule(rules: Ruleset) -> None:
    if not rules.pass_schedule or not isinstance(rules.pass_schedule, tuple):
        message = _("pass_schedule must list at least one direction")
        raise HeartsError("invalid_option", message, "pass_schedule")
    for direction in rules.pass_schedule:
        if direction not in DIRECTIONS:
            # Translators: {direction} is what was given, quoted; {directions} the codes
            # left, right, across, hold (not translated: the API takes them as they are).
            message = _("pass_schedule: {direction} is not one of {directions}")
            words = message.format(direction=repr(direction), directions=", ".join(DIRECTIONS))
            raise HeartsError("invalid_option", words, "pass_schedule")
    if rules.players % 2 and "across" in rules.pass_schedule:
        message = _("with {players} players there is no seat across: remove 'across'")
        raise HeartsError("invalid_option", message.format(players=rules.players), "pass_schedule")


def one_of(option: str, allowed: tuple[str, ...]) -> str:
    """The refusal of a value not among the codes ``allowed`` (which are not translated)."""
    return _("{option} must be one of: {choices}").format(option=option, choices=", ".join(allowed))


def check_moon_choice(moon_choice: str | None) -> None:
    """A shooter's choice, when given, is one of ``MOON_CHOICES`` (docs/rules.md, Scoring a
    hand)."""
    if moon_choice is not None and moon_choice not in MOON_CHOICES:
        raise HeartsError("invalid_moon_choice", one_of("moon_choice", MOON_CHOICES), "moon_choice")
