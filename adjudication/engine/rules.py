"""Rulesets: every option of docs/rules.md (Ruleset options) as one immutable value, and its
named Presets."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from .cards import (
    ACE_OF_SPADES,
    BIT,
    CLUBS_MASK,
    FULL_DECK,
    HEARTS_MASK,
    KING_OF_SPADES,
    NAMES,
    QS_BIT,
    Card,
    Mask,
    cards_in,
    parse_card,
)
from .errors import HeartsError
from .family import FAMILY_PRESETS
from .irregularity_options import DEFAULTS as IRREGULARITY_DEFAULTS
from .option_values import validate
from .preset import STANDARD_REMOVED, Preset
from .words import gettext as _
from .words import gettext_noop


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every option a table can vary, validated; derived deck facts are computed once."""

    players: int = 4
    removed_cards: tuple[Card, ...] = ()
    pass_count: int = 3
    pass_schedule: tuple[str, ...] = ("left", "right", "across", "hold")
    first_lead: str = "lowest_club"
    points_on_first_trick: str = "allowed"
    first_trick_fallback: str = "any"
    hearts_must_be_broken: bool = True
    queen_breaks_hearts: bool = False
    lead_hearts_with_only_queen: bool = False
    queen_points: int = 13
    heart_points: str = "one"
    king_of_spades_points: int = 0
    ace_of_spades_points: int = 0
    jack_of_diamonds: int = 0
    ten_of_diamonds: int = 0
    moon: str = "shooter_choice"
    moon_scoring_cards: str = "on_top"
    sun: int = 0
    no_trick_bonus: int = 0
    target_score: int | None = 100
    game_ends: str = "reach"
    ties: str = "shared"
    gems: bool = False
    renege_penalty: str = "none"
    renege_points: int = 26
    # How each irregularity is rectified (irregularity_options.py, docs/rules.md).
    revoke_correction: str = IRREGULARITY_DEFAULTS["revoke_correction"]
    exposed_card: str = IRREGULARITY_DEFAULTS["exposed_card"]
    lead_out_of_turn: str = IRREGULARITY_DEFAULTS["lead_out_of_turn"]
    missed_trick: str = IRREGULARITY_DEFAULTS["missed_trick"]
    misdeal: str = IRREGULARITY_DEFAULTS["misdeal"]
    impossible_card: str = IRREGULARITY_DEFAULTS["impossible_card"]
    # claims and concessions (claims.py)
    claim_without_line: str = "every_line"
    failed_claim: str = "claimer_takes_rest"
    preset: str = "standard"

    deck: Mask = field(init=False, repr=False, compare=False)
    deck_size: int = field(init=False, repr=False, compare=False)
    hand_size: int = field(init=False, repr=False, compare=False)
    lowest_club: Card | None = field(init=False, repr=False, compare=False)
    hearts_in_play: Mask = field(init=False, repr=False, compare=False)
    penalty_total: int = field(init=False, repr=False, compare=False)
    point_mask: Mask = field(init=False, repr=False, compare=False)
    # the penalty cards worth 1 point (a mask), and each other one with its points
    unit_points: Mask = field(init=False, repr=False, compare=False)
    valued_cards: tuple[tuple[Mask, int], ...] = field(init=False, repr=False, compare=False)
    break_mask: Mask = field(init=False, repr=False, compare=False)
    forbid_first_trick_points: bool = field(init=False, repr=False, compare=False)
    _spelled: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        validate(self)
        deck = FULL_DECK
        for card in self.removed_cards:
            deck &= ~(1 << card)
        clubs = cards_in(deck & CLUBS_MASK)
        unit, valued = _card_points(self, deck)
        point_mask = unit
        for bit, _points in valued:
            point_mask |= bit
        derived = {
            "deck": deck,
            "deck_size": deck.bit_count(),
            "hand_size": deck.bit_count() // self.players,
            "lowest_club": clubs[0] if clubs else None,
            "hearts_in_play": deck & HEARTS_MASK,
            "penalty_total": unit.bit_count() + sum(points for _bit, points in valued),
            "point_mask": point_mask,
            "unit_points": unit,
            "valued_cards": valued,
            "break_mask": HEARTS_MASK | (QS_BIT if self.queen_breaks_hearts else 0),
            "forbid_first_trick_points": self.points_on_first_trick == "forbidden",
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_spelled", self._spell())
        if self.first_lead != "left_of_dealer" and self.lowest_club is None:
            message = _("first_lead {first_lead} needs a club in the deck")
            raise HeartsError(
                "invalid_ruleset", message.format(first_lead=self.first_lead), "removed_cards"
            )

    def options(self) -> dict[str, Any]:
        """Every option spelled out in its API form (cards as names, schedule as a list): a
        fresh copy of the form spelled once (every ruling shown spells its ruleset)."""
        spelled = self._spelled
        return {
            **spelled,
            "removed_cards": list(spelled["removed_cards"]),
            "pass_schedule": list(spelled["pass_schedule"]),
        }

    def _spell(self) -> dict[str, Any]:
        spelled: dict[str, Any] = {"preset": self.preset}
        for option in OPTION_NAMES:
            value = getattr(self, option)
            if option == "removed_cards":
                value = [NAMES[card] for card in sorted(value)]
            elif option == "pass_schedule":
                value = list(value)
            spelled[option] = value
        return spelled

    def derived(self) -> dict[str, Any]:
        return {
            "deck_size": self.deck_size,
            "hand_size": self.hand_size,
            "penalty_total": self.penalty_total,
            "lowest_club": NAMES[self.lowest_club] if self.lowest_club is not None else None,
        }


def _card_points(rules: Ruleset, deck: Mask) -> tuple[Mask, tuple[tuple[Mask, int], ...]]:
    """The deck's penalty cards: those worth a point (every heart, unless ``heart_points`` is
    ``face``), and the others with their points (the Q♠; under ``face`` each heart at its rank,
    2 to 10, J 11, Q 12, K 13, A 14; Black Maria's K♠ and A♠), in card order."""
    values = {QS_BIT: rules.queen_points}
    unit = deck & HEARTS_MASK
    if rules.heart_points == "face":
        values.update({BIT[card]: card % 13 + 2 for card in cards_in(unit)})
        unit = 0
    values[BIT[KING_OF_SPADES]] = rules.king_of_spades_points
    values[BIT[ACE_OF_SPADES]] = rules.ace_of_spades_points
    valued = tuple(sorted((bit, v) for bit, v in values.items() if v and deck & bit))
    return unit, valued


OPTION_NAMES: tuple[str, ...] = tuple(
    f.name for f in fields(Ruleset) if f.init and f.name != "preset"
)


PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        "standard": Preset(
            "standard",
            gettext_noop("Standard Hearts"),
            "pagat-hearts.txt (pagat.com)",
            # Translators: a quotation of the published rules the preset follows;
            # "[...]" marks a cut.
            gettext_noop(
                "The person who holds the 2 of clubs must lead it to the first trick. [...] It is "
                "illegal to lead a heart until after a heart has been played to a previous trick, "
                "unless your hand contains nothing but hearts. [...] if you manage to win all the "
                "scoring cards [...] your score is reduced by 26 points, or you may choose instead "
                "to have all other players' scores increased by 26 points. The game continues "
                "until one player has reached or exceeded 100 points at the conclusion of a hand."
            ),
            MappingProxyType({}),
        ),
        "omnibus": Preset(
            "omnibus",
            gettext_noop("Omnibus house rules (pass right first, no first-trick points, J♦ -10)"),
            "directions-variant.txt",
            # Translators: a quotation of the published rules the preset follows;
            # "[...]" marks a cut.
            gettext_noop(
                "Cards are passed to the right at the first deal, to the left with the second, and "
                "across with the third. [...] if a player has no clubs when the first trick is "
                "led, a heart or the queen of spades cannot be discarded. [...] the player who "
                "ends up with the Jack of Diamonds gets to subtract 10 points from his score. "
                "[...] Hearts may not be led until a heart or the queen of spades has been "
                "discarded. [...] To play with 3 people you first take out the 2 of clubs."
            ),
            MappingProxyType(
                {
                    "pass_schedule": ("right", "left", "across", "hold"),
                    "points_on_first_trick": "forbidden",
                    "queen_breaks_hearts": True,
                    "jack_of_diamonds": -10,
                }
            ),
            MappingProxyType({**STANDARD_REMOVED, 3: ("2C",)}),
        ),
        "qq": Preset(
            "qq",
            gettext_noop("QQ Hearts, 100-point rooms"),
            "qq-hearts.txt (100 Points Rooms)",
            # Translators: a quotation of the published rules the preset follows;
            # "[...]" marks a cut.
            gettext_noop(
                "During the first trick no cards that have any point value (Hearts, or Queen of "
                "Spades) may be played unless no other card is available. [...] the player "
                "subtracts 26 points from their score, instead of adding 26. [...] Total Points "
                "Other People Took - 3 * Points You Took This Round = your gems earned. When you "
                "shoot the moon, you earn 78 gems, while all other players lose 26 gems. [...] the "
                "first player to reach 100 points loses."
            ),
            MappingProxyType(
                {
                    "points_on_first_trick": "forbidden",
                    "moon": "subtract_from_shooter",
                    "gems": True,
                    "target_score": 100,
                }
            ),
        ),
        "qq-single-round": Preset(
            "qq-single-round",
            gettext_noop("QQ Hearts, single-round rooms"),
            "qq-hearts.txt (Single Round Rooms)",
            # Translators: a quotation of the published rules the preset follows;
            # "[...]" marks a cut.
            gettext_noop(
                "In Single Round Rooms, the player that has earned the FEWEST points at the end of "
                "one round is the winner."
            ),
            MappingProxyType(
                {
                    "points_on_first_trick": "forbidden",
                    "moon": "subtract_from_shooter",
                    "gems": True,
                    "target_score": None,
                }
            ),
        ),
        "microsoft": Preset(
            "microsoft",
            gettext_noop("Microsoft Hearts (the Windows game)"),
            gettext_noop("the Windows game"),
            # Translators: a quotation of the published rules the preset follows;
            # "[...]" marks a cut.
            gettext_noop(
                "No points may be played on the first trick; shooting the moon adds 26 points to "
                "every other player."
            ),
            MappingProxyType({"points_on_first_trick": "forbidden", "moon": "add_to_others"}),
        ),
        **FAMILY_PRESETS,
    }
)


def _coerce(option: str, value: Any) -> Any:
    """Turn an API value into the Ruleset's own form; type errors are ``invalid_option``."""
    if option == "removed_cards":
        if not isinstance(value, list | tuple):
            message = _("removed_cards must be a list of cards")
            raise HeartsError("invalid_option", message, option)
        return tuple(parse_card(item, f"{option}.{i}") for i, item in enumerate(value))
    if option == "pass_schedule":
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            message = _("pass_schedule must be a list of directions")
            raise HeartsError("invalid_option", message, option)
        if len(value) > 16:
            message = _("pass_schedule is too long (16 at most)")
            raise HeartsError("invalid_option", message, option)
        return tuple(value)
    return value


def build_ruleset(preset: str = "standard", **overrides: Any) -> Ruleset:
    """A preset plus overrides. Player-count defaults follow ``players`` unless given."""
    if not isinstance(preset, str) or preset not in PRESETS:
        message = _("unknown preset {preset}: choose one of {presets}")
        words = message.format(preset=repr(preset), presets=", ".join(PRESETS))
        raise HeartsError("unknown_preset", words, "preset")
    chosen = PRESETS[preset]
    unknown = sorted(set(overrides) - set(OPTION_NAMES))
    if unknown:
        message = _("unknown ruleset option {option}; options are: {options}")
        words = message.format(option=repr(unknown[0]), options=", ".join(OPTION_NAMES))
        raise HeartsError("unknown_option", words, unknown[0])
    options: dict[str, Any] = dict(chosen.overrides)
    options.update({name: _coerce(name, value) for name, value in overrides.items()})
    players = options.get("players", 4)
    if "removed_cards" not in overrides and isinstance(players, int):
        removed = chosen.removed_by_players.get(players, ())
        options["removed_cards"] = tuple(parse_card(name) for name in removed)
    if "pass_schedule" not in overrides and isinstance(players, int) and players % 2:
        schedule = options.get(
            "pass_schedule", Ruleset.__dataclass_fields__["pass_schedule"].default
        )
        options["pass_schedule"] = tuple(d for d in schedule if d != "across")
    try:
        return Ruleset(preset=preset, **options)
    except TypeError as exc:  # a wrongly typed value that slipped past coercion
        raise HeartsError("invalid_option", str(exc), None) from exc


def ruleset_from_spec(spec: object) -> Ruleset:
    """A preset name, or ``{"preset": name, option: value, …}`` as the API accepts it.

    Rulesets are frozen, so one built for a spec serves every later request for the same spec
    (each game stores its ruleset and every write to it asks for it again)."""
    if spec is None:
        return build_ruleset()
    if isinstance(spec, str):
        return _preset(spec)
    if isinstance(spec, Mapping):
        try:
            key = json.dumps(spec, sort_keys=True)
        except (TypeError, ValueError):  # not JSON: let the checks word the error
            return _from_options(spec)
        return _options(key)
    message = _("ruleset must be a preset name or an object of options")
    raise HeartsError("invalid_ruleset", message, "ruleset")


@functools.lru_cache(maxsize=64)
def _preset(name: str) -> Ruleset:
    return build_ruleset(name)  # an error is raised, never kept


@functools.lru_cache(maxsize=512)
def _options(canonical: str) -> Ruleset:
    return _from_options(json.loads(canonical))


def _from_options(spec: Mapping) -> Ruleset:
    options = dict(spec)
    preset = options.pop("preset", "standard")
    return build_ruleset(preset, **options)


def nonpoint_mask(rules: Ruleset) -> Mask:
    return rules.deck & ~rules.point_mask
