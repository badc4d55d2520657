"""Fields and small serializers the adjudication's input and output (serializers.py) share with
the claim's (claim_serializers.py): cards and lists of them, a trick, a shooter, scores."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudication.engine.cards import NAMES
from adjudication.engine.option_values import MOON_CHOICES
from adjudication.engine.scoring_cards import SCORING_CARDS, ScoringCard
from hearts_site.schema.openapi import component, nullable

CARD_HELP = "A card, rank then suit: 2C … TC JC QC KC AC, QS, AH; also 10H, lower case, ♠♥♦♣."
MAX_SEATS = 6
DECK = 52
CANONICAL_NAMES = frozenset(NAMES)  # 2C … AS: what a phone or a script sends, nearly always


def taker_fields(make: Callable[[ScoringCard], serializers.Field]) -> dict[str, serializers.Field]:
    """A field a scoring card (adjudication/engine/scoring_cards.py), named as its entry
    detail."""
    return {card.name: make(card) for card in SCORING_CARDS}


def takers_class(make: Callable[[ScoringCard], serializers.Field]) -> type[serializers.Serializer]:
    """A serializer class that declares only ``taker_fields(make)``, built by ``type()`` (DRF's
    SerializerMetaclass), for a base that places them among a serializer's fields:
    ``class Out(_OutHead, takers_class(...))``, where ``_OutHead`` declares the fields before
    them and ``Out`` those after. DRF declares a class's fields as its bases' in the order the
    bases are listed, then its own."""
    fields = taker_fields(make)
    return serializers.SerializerMetaclass(
        "ScoringCardTakers", (serializers.Serializer,), {"__module__": __name__, **fields}
    )


class CardField(serializers.CharField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=8, help_text=CARD_HELP, **kwargs)


class CardListField(serializers.ListField):
    """A list of cards. The usual list, cards by their canonical names, is taken in one pass;
    any other goes through ListField's check of each item, which words the error for the item
    at fault. (A hand with its holdings is twice the deck, and a CharField run on every card
    is most of what reading such a body costs. The shortcut must give what the items' checks
    would give, and take nothing they would refuse; ListField's length check still runs.)"""

    def to_internal_value(self, data: Any) -> list[Any]:
        if canonical_cards(data):
            return list(data)  # what CardField would return for each of them
        return super().to_internal_value(data)


def canonical_cards(data: Any) -> bool:
    """A list of cards by their canonical names only: taken as it is, in one pass."""
    try:
        return type(data) is list and CANONICAL_NAMES.issuperset(data)
    except TypeError:  # an unhashable item: the fields' check names it
        return False


def card_list(**kwargs: Any) -> serializers.ListField:
    return CardListField(child=CardField(), max_length=DECK, **kwargs)


class TrickSerializer(serializers.Serializer):
    trick = serializers.IntegerField()
    leader = serializers.IntegerField()
    cards = serializers.ListField(child=serializers.CharField())
    seats = serializers.ListField(child=serializers.IntegerField())
    winner = serializers.IntegerField(allow_null=True, help_text="Null while unfinished.")
    points = serializers.IntegerField()


class ShooterSerializer(serializers.Serializer):
    shooter = serializers.IntegerField()


MOON_OPTIONS = component(
    "MoonOptions",
    {
        "type": "object",
        "description": "A moon under shooter_choice with no moon_choice yet: both options.",
        "properties": {
            choice: {"type": "array", "items": {"type": "integer"}} for choice in MOON_CHOICES
        },
        "required": list(MOON_CHOICES),
    },
)
SCORES = component(
    "Scores",
    {
        "oneOf": [
            {"type": "array", "items": {"type": "integer"}, "description": "per seat"},
            MOON_OPTIONS,
        ],
        "description": "Per seat, or both moon options while the shooter's choice is open.",
    },
)


@extend_schema_field(nullable(SCORES))
class ScoresField(serializers.JSONField):
    pass
