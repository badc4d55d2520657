"""The irregularities of a record, in the adjudication API: what a request states, what the
ruling says of each (docs/rules.md, "Irregularities"). Shapes and sizes are checked here; the
engine checks each kind's fields against the record and the ruleset (``irregularity_*`` codes).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudication.engine.irregularities import LEAD_CALLS, MOST
from adjudication.engine.irregularity_options import IRREGULARITY_CHOICES, KINDS, SOURCES
from hearts_site.api.serializers import StrictInputSerializer
from hearts_site.schema.openapi import nullable, ref

MAX_SEATS = 6
MAX_TRICKS = 17  # 52 cards among 3 players
OPTIONS = sorted(IRREGULARITY_CHOICES)
VALUES = sorted({value for _option, value in SOURCES})
RECTIFICATIONS = sorted(
    {
        "no_rectification", "scored_as_played", "revoker_takes_all", "revoker_fined",
        "hand_replayed", "corrected_card_returned", "corrected_card_exposed",
        "corrected_card_exposed_not_honoured", "card_returned", "penalty_card",
        "penalty_card_not_honoured", "lead_stood", "lead_retracted", "lead_call",
        "lead_call_not_honoured", "takes_last_trick", "surplus_to_imperfect_trick",
        "awaiting_surplus", "last_trick_as_played", "redeal", "hand_stands", "left_to_director",
    }
)  # fmt: skip
LEFT_TO_TABLE = ["redeal", "replay", "director"]


@extend_schema_field(nullable(ref("Scores")))  # the component adjudication/serializers.py names
class IrregularityScoresField(serializers.JSONField):
    """Per seat, both moon options while the shooter's choice is open, or null."""


def _trick(help_text: str, **kwargs) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=1, max_value=MAX_TRICKS, required=False, help_text=help_text, **kwargs
    )


class IrregularityInputSerializer(StrictInputSerializer):
    kind = serializers.ChoiceField(choices=list(KINDS), help_text="What went wrong.")
    trick = _trick("The trick it concerns, from 1.")
    seat = serializers.IntegerField(
        min_value=0, max_value=MAX_SEATS - 1, required=False, help_text="The seat at fault."
    )
    card = serializers.CharField(
        max_length=8,
        required=False,
        allow_null=True,
        help_text=(
            "exposed_card: the card shown; lead_out_of_turn: the card led; revoke: the card "
            "withdrawn when corrected; card_short: the missing card, if found; "
            "card_played_twice: the card."
        ),
    )
    noticed_at_trick = _trick(
        "revoke: the trick in progress, before the offender played to it, when the revoke was "
        "noticed (null: after the hand); misdeal: when it was found.",
        allow_null=True,
    )
    corrected = serializers.BooleanField(
        required=False, help_text="revoke: corrected before it was established."
    )
    stood = serializers.BooleanField(
        required=False,
        help_text=(
            "lead_out_of_turn: true when the record's trick starts with it; false when it was "
            "retracted and the record shows the proper lead."
        ),
    )
    lead_call = serializers.ChoiceField(
        choices=list(LEAD_CALLS),
        required=False,
        allow_null=True,
        help_text="lead_out_of_turn retracted: the wronged seat required or forbade a suit.",
    )
    too_many = serializers.BooleanField(
        required=False, help_text="misdeal: a seat had too many cards."
    )


def irregularities_field(help_text: str | None = None) -> serializers.ListField:
    return serializers.ListField(
        child=IrregularityInputSerializer(),
        max_length=MOST,
        required=False,
        help_text=help_text
        or (
            "What went wrong at the table, as the record states it (docs/rules.md, "
            "Irregularities); each is ruled on under the ruleset's option for its kind."
        ),
    )


class StatedIrregularitySerializer(serializers.Serializer):
    """An irregularity as the request stated it: its kind and every field that kind takes
    (null, or false, where the kind takes no such field or it was not given)."""

    kind = serializers.ChoiceField(choices=list(KINDS))
    trick = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    card = serializers.CharField(allow_null=True)
    noticed_at_trick = serializers.IntegerField(allow_null=True)
    corrected = serializers.BooleanField()
    stood = serializers.BooleanField()
    lead_call = serializers.ChoiceField(choices=list(LEAD_CALLS), allow_null=True)
    too_many = serializers.BooleanField()


class SourceSerializer(serializers.Serializer):
    title = serializers.CharField()
    text = serializers.CharField(help_text="The published rule, quoted.")


class IrregularityOptionSerializer(serializers.Serializer):
    name = serializers.ChoiceField(choices=OPTIONS, help_text="The ruleset option applied.")
    value = serializers.ChoiceField(choices=VALUES)


class IrregularityPlaySerializer(serializers.Serializer):
    play_index = serializers.IntegerField()
    trick = serializers.IntegerField(allow_null=True, help_text="Null for a surplus card.")
    seat = serializers.IntegerField()
    card = serializers.CharField()


class IrregularityEvidenceSerializer(serializers.Serializer):
    source = serializers.CharField(help_text="What the proof rests on: hands, deal or record.")
    held = serializers.ListField(child=serializers.CharField())
    plays = IrregularityPlaySerializer(many=True, help_text="The plays it concerns.")


class RectificationSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=RECTIFICATIONS)
    message = serializers.CharField()
    offender = serializers.IntegerField(
        allow_null=True, help_text="The seat charged as a revoker, if any."
    )


class IrregularityRulingSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="Its place in the request's irregularities.")
    kind = serializers.ChoiceField(choices=list(KINDS))
    stated = StatedIrregularitySerializer(help_text="The irregularity as the request stated it.")
    rule = serializers.CharField(help_text="A rule code: GET /api/v1/rule-codes/.")
    found = serializers.BooleanField(help_text="False: the record shows it did not happen.")
    option = IrregularityOptionSerializer()
    source = SourceSerializer()
    seat = serializers.IntegerField(allow_null=True)
    trick = serializers.IntegerField(allow_null=True)
    play_index = serializers.IntegerField(allow_null=True)
    card = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    evidence = IrregularityEvidenceSerializer()
    rectification = RectificationSerializer()
    points = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="Penalty points per seat with this rectification alone.",
    )
    scores = IrregularityScoresField(help_text="The hand's scores with this rectification alone.")
    left_to_table = serializers.ChoiceField(
        choices=LEFT_TO_TABLE, allow_null=True, help_text="What the table must do instead."
    )


class RectifiedSerializer(serializers.Serializer):
    points = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    scores = IrregularityScoresField(help_text="Null when the score is left to the table.")
    left_to_table = serializers.ListField(child=serializers.ChoiceField(choices=LEFT_TO_TABLE))
