"""Input and output serializers of the adjudication API (documentation and type checks).

The engine validates the rules themselves (a card removed from the deck, overlapping holdings,
an impossible ruleset); these serializers check shapes and sizes before it runs.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudication.claim_serializers import CLAIM_HELP, ClaimInputSerializer, ClaimRulingSerializer
from adjudication.engine import OPTION_NAMES, PRESETS, RULE_CODES
from adjudication.engine.option_values import (
    BOOLEANS,
    CHOICES,
    DIRECTIONS,
    INTEGER_BOUNDS,
    MOON_CHOICES,
)
from adjudication.irregularity_serializers import (
    IrregularityRulingSerializer,
    RectifiedSerializer,
    irregularities_field,
)
from adjudication.ruling_fields import (
    DECK,
    MAX_SEATS,
    ScoresField,
    ShooterSerializer,
    TrickSerializer,
    canonical_cards,
    card_list,
    takers_class,
)

# The card fields live in ruling_fields.py; the other apps and the tests read them here too.
from adjudication.ruling_fields import CardField as CardField
from adjudication.ruling_fields import CardListField as CardListField
from hearts_site.api.serializers import StrictInputSerializer
from hearts_site.schema.openapi import component

HOLDINGS_SOURCES = ["hands", "deal", "record", "shown"]


# Each option with a fixed set of values has its enum, named after the option.
OPTION_ENUM_NAMES = {"moon": "MoonRuleEnum"}


def _enum_name(option: str) -> str:
    return OPTION_ENUM_NAMES.get(option) or "".join(p.title() for p in option.split("_")) + "Enum"


PRESET_ENUM = component(
    "PresetEnum",
    {"type": "string", "enum": list(PRESETS), "description": "A preset: GET /api/v1/rulesets/."},
)
DIRECTION_ENUM = component("DirectionEnum", {"type": "string", "enum": list(DIRECTIONS)})


def _option_schema(option: str) -> dict[str, Any]:
    if option in CHOICES:
        return component(_enum_name(option), {"type": "string", "enum": list(CHOICES[option])})
    if option in BOOLEANS:
        return {"type": "boolean"}
    if option == "removed_cards":
        return {"type": "array", "items": {"type": "string"}, "maxItems": 8}
    if option == "pass_schedule":
        return {"type": "array", "items": DIRECTION_ENUM}
    low, high = INTEGER_BOUNDS[option]
    schema: dict[str, Any] = {"type": "integer", "minimum": low, "maximum": high}
    if option == "target_score":
        schema["nullable"] = True
    return schema


OPTION_SCHEMAS = {option: _option_schema(option) for option in OPTION_NAMES}
# A ruleset as a game, a league or a ruling keeps it: the preset it started from and every
# option spelled out (rules.md explains each).
RULESET = component(
    "Ruleset",
    {
        "type": "object",
        "description": (
            "Every option of a ruleset, spelled out, and the preset it started from "
            "(docs: GET /api/v1/rulesets/)."
        ),
        "properties": {"preset": PRESET_ENUM, **OPTION_SCHEMAS},
        "required": ["preset", *OPTION_NAMES],
    },
)
# The options a request sets: any of them, on top of a preset.
RULESET_OVERRIDES = component(
    "RulesetOverrides",
    {
        "type": "object",
        "description": (
            "A preset (left out: standard) and the options that differ from it; the engine "
            "checks that they fit together."
        ),
        "properties": {"preset": PRESET_ENUM, **OPTION_SCHEMAS},
        "additionalProperties": False,
    },
)
RULESET_SPEC = component(
    "RulesetSpec",
    {
        "oneOf": [PRESET_ENUM, RULESET_OVERRIDES],
        "description": "A preset's name, or an object: a preset and options that differ.",
    },
)


@extend_schema_field(RULESET_SPEC)
class RulesetSpecField(serializers.JSONField):
    """A preset name or ``{"preset": name, option: value, …}``; the engine checks the values."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str | dict):
            raise serializers.ValidationError(
                _("Give a preset name or an object of options."), code="invalid_ruleset"
            )
        return data


def _holdings(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=card_list(allow_empty=True),
        min_length=3,
        max_length=MAX_SEATS,
        required=False,
        help_text=help_text,
    )


USUAL_KEYS = frozenset({"ruleset", "plays", "hands", "first_leader", "dealer"})
# A record without holdings names who led trick 1, or the dealer: as usual as one with them.
USUAL_SEATS = ("first_leader", "dealer")


def usual_adjudication(data: Any) -> dict[str, Any] | None:
    """The usual request, validated in one pass: the plays, perhaps the holdings or the seat
    that led trick 1 or dealt, perhaps a ruleset (a name or an object, which the engine
    checks), cards by their canonical names.
    Gives what the fields would give for it (the default ruleset filled in, fresh lists), or
    None for any other body, which the fields then check and word the errors for. (Running the
    fields is a large share of an adjudication request, and this body is nearly every one. So
    this check must accept nothing the fields would refuse, and give exactly what they give.)"""
    if type(data) is not dict or "plays" not in data or not USUAL_KEYS.issuperset(data):
        return None
    ruleset = data.get("ruleset", "standard")
    if type(ruleset) not in (str, dict) or not _usual_cards(data["plays"]):
        return None
    body = {"ruleset": ruleset, "plays": list(data["plays"])}
    for name in USUAL_SEATS:
        if name in data:
            seat = data[name]
            if type(seat) is not int or not 0 <= seat < MAX_SEATS:
                return None
            body[name] = seat
    if "hands" in data:
        hands = data["hands"]
        if type(hands) is not list or not 3 <= len(hands) <= MAX_SEATS:
            return None
        if not all(_usual_cards(cards) for cards in hands):
            return None
        body["hands"] = [list(cards) for cards in hands]
    return body


def _usual_cards(cards: Any) -> bool:
    return canonical_cards(cards) and len(cards) <= DECK


class AdjudicationInputSerializer(StrictInputSerializer):
    ruleset = RulesetSpecField(
        required=False, default="standard", help_text="Left out: the standard preset."
    )
    plays = card_list(allow_empty=True, help_text="The cards in play order, 0 up to the deck.")
    hands = _holdings("Each seat's cards after the pass, seat 0 first.")
    deal = _holdings("Each seat's cards before the pass (give passes and hand_number too).")
    passes = _holdings("The cards each seat passed, seat 0 first.")
    hand_number = serializers.IntegerField(
        min_value=1, max_value=10_000, required=False, help_text="Hand number in the game, from 1."
    )
    dealer = serializers.IntegerField(min_value=0, max_value=MAX_SEATS - 1, required=False)
    first_leader = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEATS - 1,
        required=False,
        help_text="The seat that led trick 1, when neither holdings nor dealer determine it.",
    )
    moon_choice = serializers.ChoiceField(choices=MOON_CHOICES, required=False)
    totals_before = serializers.ListField(
        child=serializers.IntegerField(min_value=-100_000, max_value=100_000),
        min_length=3,
        max_length=MAX_SEATS,
        required=False,
        help_text="Game totals before this hand (for add_unless_shooter_loses).",
    )
    irregularities = irregularities_field()
    claim = ClaimInputSerializer(required=False, help_text=CLAIM_HELP)

    # The fields, the checks of the whole (none declared) and the read-only defaults (no
    # read-only field) are all skipped for the usual body: its checks are these.
    usual_body = staticmethod(usual_adjudication)


class ShownSerializer(serializers.Serializer):
    play_index = serializers.IntegerField()
    trick = serializers.IntegerField()
    card = serializers.CharField()


class EvidenceSerializer(serializers.Serializer):
    source = serializers.ChoiceField(choices=HOLDINGS_SOURCES, help_text="What the proof rests on.")
    held = serializers.ListField(child=serializers.CharField(), help_text="Cards that prove it.")
    shown = ShownSerializer(many=True, help_text="Where the record later shows them.")


#: The rule codes a play or a pass can break (a claim's are claim_serializers.CLAIM_RULES).
PLAY_RULES = sorted(RULE_CODES)


def _rule_code() -> serializers.ChoiceField:
    """A rule code of the engine's: the stable codes GET /api/v1/rule-codes/ lists."""
    return serializers.ChoiceField(choices=PLAY_RULES)


class ViolationSerializer(serializers.Serializer):
    play_index = serializers.IntegerField(allow_null=True, help_text="Null for a pass.")
    trick = serializers.IntegerField(allow_null=True, help_text="From 1; null for a pass.")
    seat = serializers.IntegerField()
    card = serializers.CharField(allow_null=True)
    rule = _rule_code()
    message = serializers.CharField()
    evidence = EvidenceSerializer()


class UndeterminedSerializer(serializers.Serializer):
    play_index = serializers.IntegerField(help_text="From 0, in play order.")
    trick = serializers.IntegerField(help_text="From 1.")
    seat = serializers.IntegerField()
    card = serializers.CharField()
    rule = _rule_code()
    condition = serializers.CharField(help_text="What a later card would decide, in words.")
    decided_by = serializers.ListField(
        child=serializers.CharField(), help_text="The cards whose later showing decides it."
    )


class PassSerializer(serializers.Serializer):
    hand_number = serializers.IntegerField()
    direction = serializers.ChoiceField(choices=list(DIRECTIONS))


@extend_schema_field(RULESET)
class RulesetOptionsField(serializers.JSONField):
    """A ruleset as stored (``Ruleset.options()``): shown as it is."""


class RenegePenaltySerializer(serializers.Serializer):
    offender = serializers.IntegerField()
    scores = ScoresField(help_text="Per seat, or both moon options while the choice is open.")


# AdjudicationOutputSerializer's fields before the scoring cards' takers (takers_class).
class _AdjudicationOutputHead(serializers.Serializer):
    legal = serializers.BooleanField(help_text="True when no violation is proven.")
    complete = serializers.BooleanField(help_text="Every card of the deck was played.")
    first_leader = serializers.IntegerField(allow_null=True)
    violations = ViolationSerializer(many=True)
    undetermined = UndeterminedSerializer(many=True)
    tricks = TrickSerializer(many=True)
    points_taken = serializers.ListField(child=serializers.IntegerField())
    tricks_won = serializers.ListField(child=serializers.IntegerField())


class AdjudicationOutputSerializer(
    _AdjudicationOutputHead,
    takers_class(
        lambda card: serializers.IntegerField(
            allow_null=True, help_text=f"Who took the {card.label}."
        )
    ),
):
    moon = ShooterSerializer(allow_null=True)
    sun = ShooterSerializer(allow_null=True)
    scores = ScoresField(help_text="Null until the record is complete.")
    gems = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    no_trick_bonus = serializers.ListField(child=serializers.IntegerField())
    renege_penalty = RenegePenaltySerializer(
        allow_null=True,
        help_text="The scores if a director confirms the first renege (ruleset renege_penalty).",
    )
    hands = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), allow_null=True
    )
    holdings_source = serializers.ChoiceField(choices=HOLDINGS_SOURCES, allow_null=True)
    passing = PassSerializer(allow_null=True)
    ruleset = RulesetOptionsField()
    irregularities = IrregularityRulingSerializer(many=True, help_text="A ruling on each.")
    rectified = RectifiedSerializer(
        allow_null=True, help_text="With irregularities: the hand once each is rectified."
    )
    claim = ClaimRulingSerializer(
        required=False,
        allow_null=True,
        help_text="The ruling on the request's claim; null without one (absent from rulings kept "
        "before claims were judged).",
    )


@extend_schema_field(AdjudicationOutputSerializer)
class RulingField(serializers.JSONField):
    """A ruling kept as data (``ruling_as_data``), shown as it is: typed in the schema as the
    adjudication's answer, without a serializer's cost at run time."""


class RulesetDerivedSerializer(serializers.Serializer):
    deck_size = serializers.IntegerField()
    hand_size = serializers.IntegerField()
    penalty_total = serializers.IntegerField(help_text="The points a hand's penalty cards carry.")
    lowest_club = serializers.CharField(allow_null=True, help_text="The card that leads trick 1.")


@extend_schema_field(RULESET_OVERRIDES)
class RulesetOverridesField(serializers.JSONField):
    pass


class PresetSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    source = serializers.CharField()
    source_text = serializers.CharField()
    differs_from_standard = RulesetOverridesField(help_text="The options it sets otherwise.")
    ruleset = RulesetOptionsField()
    derived = RulesetDerivedSerializer(help_text="What the options make of the deck.")


class RuleCodeSerializer(serializers.Serializer):
    rule = serializers.CharField()
    description = serializers.CharField()
