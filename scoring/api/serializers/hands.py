"""Hands: an entry at one of three levels, a correction, a void, and the hand as stored."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudication.claim_serializers import CLAIM_HELP, ClaimInputSerializer
from adjudication.engine.option_values import DIRECTIONS, MOON_CHOICES
from adjudication.engine.scoring_cards import CARD_NAMES, cards_text, details_text
from adjudication.irregularity_serializers import IrregularityInputSerializer, irregularities_field
from adjudication.ruling_fields import takers_class
from adjudication.serializers import CardField, RulingField
from hearts_site.api.serializers import OwnFieldsCopiedShallowly, StrictInputSerializer
from hearts_site.text import numbers
from scoring.api.serializers.common import (
    MAX_HAND_POINTS,
    MAX_SEATS,
    REASON,
    IntegerListField,
    per_seat,
    seat_field,
)
from scoring.models import Confirmation, EntryLevel, GameStatus


def usual_hand_entry(data: Any) -> dict[str, Any] | None:
    """The usual hand entry, ``{"points": [13, 5, 4, 4]}``, validated in one pass (the points as
    JSON integers within the fields' bounds): what the fields and ``validate`` would give for
    it, or None for any other body, which then takes the fields' way (and their wording of
    errors). tests/api/test_usual_body.py holds it to the fields' answers."""
    if type(data) is not dict or len(data) != 1 or "points" not in data:
        return None
    points = data["points"]
    if type(points) is not list or not 3 <= len(points) <= MAX_SEATS:
        return None
    if not all(type(p) is int and 0 <= p <= MAX_HAND_POINTS for p in points):
        return None
    return {"points": list(points)}


IRREGULARITIES_HELP = (
    "What went wrong at the table (docs/rules.md, Irregularities), ruled on at once: the hand "
    "counts as played and each ruling awaits a director (…/rulings/). A 400 names the field "
    "(irregularities.<n>.<field>): no_rule_for_irregularity, invalid_irregularity (a seat not "
    "in the game, a trick beyond the hand's), irregularity_does_not_fit, revoke_established."
)


@extend_schema_field(
    {"type": "string", "format": "date-time", "pattern": numbers.MOMENT_YEARS_PATTERN}
)
class BoundedMomentField(serializers.DateTimeField):
    """A moment whose day the schema bounds as the pages' days are (``numbers.DAYS``)."""


# HandEntryInputSerializer's fields before the scoring cards' takers (takers_class).
class _HandEntryInputHead(StrictInputSerializer):
    points = per_seat(
        serializers.IntegerField(min_value=0, max_value=MAX_HAND_POINTS),
        required=False,
        help_text="Penalty points taken per seat (hearts and the Q♠; not the J♦ bonus).",
    )
    cards_taken = per_seat(
        serializers.ListField(child=CardField(), max_length=20, allow_empty=True),
        required=False,
        help_text=(
            f"The penalty cards each seat took: every heart, the Q♠, and {cards_text()} when "
            "the ruleset scores it, each once."
        ),
    )
    plays = serializers.ListField(
        child=CardField(),
        max_length=52,
        required=False,
        help_text="The whole trick record, every card in play order (else incomplete_record).",
    )
    hands = per_seat(
        serializers.ListField(child=CardField(), max_length=52),
        required=False,
        help_text="With plays: each seat's cards after the pass.",
    )
    first_leader = seat_field(
        required=False,
        help_text=(
            "With plays and no hands: the seat that led trick 1. Needed then "
            "(first_leader_required), unless the ruleset's first lead is left_of_dealer."
        ),
    )


class HandEntryInputSerializer(
    _HandEntryInputHead,
    takers_class(
        lambda card: seat_field(
            required=False,
            help_text=(
                f"With points: the seat that took the {card.label}. Needed under a ruleset "
                f"that scores it ({card.name}_required); cards_taken and plays show it."
            ),
        )
    ),
):
    """A hand's entry, at one of three levels of detail: exactly one of points, cards_taken or
    plays (else one_level_required), with what that level and the ruleset need."""

    tricks_won = per_seat(
        serializers.IntegerField(min_value=0, max_value=52),
        required=False,
        help_text=(
            "Tricks won per seat. Needed with points or cards_taken under a ruleset with a sun "
            "or a no-trick bonus (tricks_won_required); plays show it."
        ),
    )
    moon_choice = serializers.ChoiceField(
        choices=MOON_CHOICES,
        required=False,
        help_text=(
            "When a seat shot the moon under the shooter_choice rule: how it is scored. Needed "
            "then (moon_choice_required), refused otherwise (moon_choice_not_applicable)."
        ),
    )
    irregularities = irregularities_field(
        help_text=IRREGULARITIES_HELP + " With plays only (irregularities_without_plays)."
    )
    recorded_at = BoundedMomentField(
        required=False,
        help_text=(
            "For a hand a phone kept offline and sends late: when it was recorded at the "
            "table, by the server's clock as the phone last saw it. A night's bell and round "
            "limit read it: raised to the game's start or its latest hand, never after the "
            "hand arrives; refused when later than now by more than the server's allowed "
            "clock skew (recorded_in_future). Not part of the entry: a retry with another "
            "time is the same entry."
        ),
    )
    claim = ClaimInputSerializer(
        required=False,
        help_text=CLAIM_HELP + " With plays only (claim_without_plays), on a record without "
        "irregularities (claim_after_irregularity). The hand counts as claimed; a claim not "
        "accepted by every other seat is judged, and its ruling awaits a director. A claim "
        "leaving a count to the table is refused (claim_leaves_count_open).",
    )

    def validate(self, attrs):
        if "claim" in attrs and "plays" not in attrs:
            raise serializers.ValidationError(
                {"claim": [_("A claim goes with a plays record.")]}, code="claim_without_plays"
            )
        if "irregularities" in attrs and "plays" not in attrs:
            raise serializers.ValidationError(
                {"irregularities": [_("Irregularities go with a plays record.")]},
                code="irregularities_without_plays",
            )
        given = [name for name in ("points", "cards_taken", "plays") if name in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                {"points": [_("Give exactly one of points, cards_taken or plays.")]},
                code="one_level_required",
            )
        if "hands" in attrs and "plays" not in attrs:
            raise serializers.ValidationError(
                {"hands": ["hands go with a plays record."]}, code="hands_without_plays"
            )
        return attrs

    usual_body = staticmethod(usual_hand_entry)


class HandCorrectionInputSerializer(HandEntryInputSerializer):
    reason = serializers.CharField(**REASON)
    recorded_at = None  # a correction keeps when the hand was recorded


class HandVoidInputSerializer(StrictInputSerializer):
    reason = serializers.CharField(**REASON)


class SentIrregularitySerializer(IrregularityInputSerializer):
    """An irregularity as it was sent: its kind, and only the fields given."""


@extend_schema_field(SentIrregularitySerializer(many=True))
class StatedIrregularitiesField(serializers.JSONField):
    """Irregularities as they were sent: only the fields given, shown as they are."""


@extend_schema_field(ClaimInputSerializer)
class StoredClaimField(serializers.JSONField):
    """A claim as it was sent: only the fields given, shown as they are."""


# HandEntrySerializer's fields before the scoring cards' takers (takers_class).
class _HandEntryHead(serializers.Serializer):
    points = IntegerListField(required=False, help_text="Penalty points per seat.")
    cards_taken = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="The penalty cards each seat took.",
    )
    plays = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="The trick record, in order."
    )
    hands = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="With plays: each seat's cards after the pass.",
    )
    first_leader = serializers.IntegerField(
        required=False, help_text="With plays: the seat that led trick 1."
    )


class HandEntrySerializer(
    _HandEntryHead,
    takers_class(
        lambda card: serializers.IntegerField(
            required=False, help_text=f"The seat that took the {card.label}, when it scores."
        )
    ),
):
    """An entry as it was sent, to a hand or a dispute: one of points, cards_taken or plays,
    and what went with it. Only the keys sent appear."""

    tricks_won = IntegerListField(required=False, help_text="Tricks won per seat.")
    moon_choice = serializers.ChoiceField(
        choices=MOON_CHOICES, required=False, help_text="The shooter's choice of moon scoring."
    )
    irregularities = StatedIrregularitiesField(
        required=False, help_text="With plays: the irregularities stated, as they were sent."
    )
    claim = StoredClaimField(
        required=False, help_text="With plays: the claim the record ends in, as it was sent."
    )


@extend_schema_field(HandEntrySerializer)
class HandEntryField(serializers.JSONField):
    """An entry as kept, shown exactly as the scorer sent it."""


class MoonChoiceField(serializers.ChoiceField):
    """How a moon was scored; null (stored blank) for a hand without one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=MOON_CHOICES, allow_null=True, **kwargs)

    def to_representation(self, value: Any) -> Any:
        return value or None


RESULT_HELP = (
    "Your own result: the count each seat took (points, as a hand entry takes them, with "
    f"{details_text()} where the ruleset needs them). The hand is "
    "scored from it instead of any rectification."
)


@extend_schema_field(
    {
        "type": "object",
        "nullable": True,
        "description": RESULT_HELP,
        "properties": {
            "points": {"type": "array", "items": {"type": "integer"}},
            **{name: {"type": "integer"} for name in CARD_NAMES},
            "tricks_won": {"type": "array", "items": {"type": "integer"}},
            "moon_choice": {"type": "string", "enum": list(MOON_CHOICES)},
        },
        "required": ["points"],
    }
)
class RulingResultField(serializers.JSONField):
    """An override's own result, as the director gave it."""


# ClaimScoredSerializer's fields before the scoring cards' takers (takers_class).
class _ClaimScoredHead(serializers.Serializer):
    points = serializers.ListField(
        child=serializers.IntegerField(allow_null=True), help_text="Each seat's penalty points."
    )


class ClaimScoredSerializer(
    _ClaimScoredHead, takers_class(lambda card: serializers.IntegerField(allow_null=True))
):
    """What a hand scored from an accepted claim ruling keeps: its result's count."""

    tricks_won = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    moon_denied = serializers.BooleanField(
        help_text="A failed claim left the claimer every penalty card: scored as points."
    )


class RuledSerializer(serializers.Serializer):
    """What a director decided on the rulings of a hand's record, as its score follows them."""

    accepted = IntegerListField(
        help_text="The irregularities (their places in the record, from 0) whose rectification "
        "applies, all together."
    )
    result = RulingResultField(
        allow_null=True, help_text="An override's own count, scored instead; or null."
    )
    moon_choice = serializers.ChoiceField(
        choices=MOON_CHOICES, allow_null=True, help_text="For a moon a rectification made."
    )
    claim = ClaimScoredSerializer(
        required=False,
        help_text="The accepted claim ruling's count, which the hand is scored from; absent "
        "while none is accepted.",
    )


@extend_schema_field(RuledSerializer)
class RuledField(serializers.JSONField):
    """A hand's ``ruled``, shown as it is kept."""


# Fields declared one by one, not a ModelSerializer: every hand entry's response builds one,
# and a ModelSerializer introspects the model anew for each instance. What is kept as JSON is
# shown as it is (typed for the schema by its field's class).
class HandLineSerializer(OwnFieldsCopiedShallowly):
    """What every view of a hand starts with: which hand, its deal, and its points and scores."""

    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    pass_direction = serializers.ChoiceField(choices=DIRECTIONS)
    level = serializers.ChoiceField(choices=EntryLevel.choices)
    points = IntegerListField(help_text="Penalty points taken per seat.")
    scores = IntegerListField(help_text="The hand's score per seat under the game's ruleset.")
    confirmation = serializers.ChoiceField(
        choices=Confirmation.choices,
        help_text="confirmed: it counts; awaiting: a player at another seat must confirm it "
        "first (under the league's confirmations); queried: a player disputed it, a director "
        "rules. Only a confirmed hand adds to the totals.",
    )


# HandOutputSerializer's fields before the scoring cards' takers (takers_class).
class _HandOutputHead(HandLineSerializer):
    entry = HandEntryField(help_text="The entry exactly as the scorer sent it.")
    moon_shooter = serializers.IntegerField(allow_null=True, help_text="Null: no moon.")
    moon_choice = MoonChoiceField(help_text="How the moon was scored; null: no moon.")


class HandOutputSerializer(
    _HandOutputHead,
    takers_class(
        lambda card: serializers.IntegerField(
            allow_null=True,
            help_text=f"Who took the {card.label}, under a ruleset that scores it.",
        )
    ),
):
    """A hand as stored: its entry as the scorer sent it, and what the engine made of it."""

    gems = IntegerListField(allow_null=True, help_text="Null under a ruleset without gems.")
    adjudication = RulingField(
        allow_null=True, help_text="The ruling of a plays entry; null for the other levels."
    )
    renege_by = serializers.IntegerField(
        allow_null=True, help_text="Set when a director accepted a renege ruling."
    )
    ruled = RuledField(
        allow_null=True,
        help_text="A record with irregularities: what the director decided on their rulings "
        "(GET …/rulings/), as the hand's points and scores follow them; null: none decided, "
        "the hand counts as played.",
    )
    is_void = serializers.BooleanField()
    revision = serializers.IntegerField(
        help_text="Bumped by every change of its entry or score: a confirmation names it."
    )
    recorded_at = serializers.DateTimeField(
        help_text="When it was recorded at the table, as a night's round limit reads it: "
        "created_at, or earlier for a hand a phone kept offline (recorded_at of its entry)."
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class HandResultOutputSerializer(serializers.Serializer):
    """The hand, and the game as the write left it."""

    hand = HandOutputSerializer()
    totals = IntegerListField(help_text="Each seat's game total.")
    status = serializers.ChoiceField(choices=GameStatus.choices)
    winners = IntegerListField(help_text="The winning seats once the game is over; else empty.")
    game_version = serializers.IntegerField(help_text="The game's new version: its ETag.")
    next_hand = serializers.IntegerField(allow_null=True, help_text="Null once the game is over.")
    next_dealer = serializers.IntegerField(allow_null=True)
    next_pass = serializers.ChoiceField(choices=DIRECTIONS, allow_null=True)
