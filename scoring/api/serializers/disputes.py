"""Disputes: a hand contested with a trick record or a claimed count, and a director's
decision."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from adjudication.claim_serializers import ClaimRulingSerializer
from adjudication.engine.option_values import MOON_CHOICES
from adjudication.engine.scoring_cards import ENTRY_DETAILS, cards_text
from adjudication.irregularity_serializers import (
    IrregularityRulingSerializer,
    irregularities_field,
)
from adjudication.ruling_fields import takers_class
from adjudication.serializers import AdjudicationOutputSerializer, CardField
from hearts_site.api.serializers import StrictInputSerializer
from scoring.api.serializers.common import (
    MAX_HAND_POINTS,
    REASON,
    optional_words,
    per_seat,
    seat_field,
)
from scoring.api.serializers.hands import HandEntrySerializer, RulingResultField
from scoring.models import DisputeStatus, EntryLevel, RulingKind, RulingStatus

LEVELS = ("plays", "points", "cards_taken")
PLAYS_DETAILS = ("hands", "first_leader")
IRREGULARITIES_HELP = (
    "Irregularities on this record (or, without plays, on the hand's own), ruled on at once: "
    "each ruling awaits a director, whose first decision makes this record the hand's. "
    "Refusals as for a hand entry, and rulings_exist (the hand's record states them already)."
)
COUNT_DETAILS = ENTRY_DETAILS  # adjudication/engine/scoring_cards.py

# The fields a dispute's record may hold, for its input and its output alike.
PLAYS_HELP = "The whole trick record, in play order."
HANDS_HELP = "With plays: each seat's cards after the pass, seat 0 first."
FIRST_LEADER_HELP = "With plays: the seat that led trick 1, when the holdings do not say."
POINTS_HELP = "A claimed count: the penalty points each seat took (hearts and the Q♠)."
CARDS_TAKEN_HELP = (
    f"A claimed count: the penalty cards each seat took (hearts, the Q♠, and {cards_text()} when "
    "it scores), as a hand entry gives them."
)
TRICKS_WON_HELP = "With a claimed count: tricks per seat, for a no-trick bonus or a sun."
MOON_CHOICE_HELP = "With a claimed count: the shooter's choice, for a moon under shooter_choice."


# DisputeInputSerializer's fields before the scoring cards' takers (takers_class).
class _DisputeInputHead(StrictInputSerializer):
    plays = serializers.ListField(
        child=CardField(), max_length=52, required=False, help_text=PLAYS_HELP
    )
    hands = per_seat(
        serializers.ListField(child=CardField(), max_length=52),
        required=False,
        help_text=HANDS_HELP,
    )
    first_leader = seat_field(required=False, help_text=FIRST_LEADER_HELP)
    points = per_seat(
        serializers.IntegerField(min_value=0, max_value=MAX_HAND_POINTS),
        required=False,
        help_text=POINTS_HELP,
    )
    cards_taken = per_seat(
        serializers.ListField(child=CardField(), max_length=20, allow_empty=True),
        required=False,
        help_text=CARDS_TAKEN_HELP,
    )


class DisputeInputSerializer(
    _DisputeInputHead,
    takers_class(
        lambda card: seat_field(
            required=False,
            help_text=f"With a claimed count: the seat that took the {card.label}, when it scores.",
        )
    ),
):
    """Dispute a recorded hand with one of: a trick record (`plays`, perhaps with `hands` or
    `first_leader`), adjudicated at once; the count you claim each seat took (`points` or
    `cards_taken`, with `jack_of_diamonds`, `tricks_won` or `moon_choice` where the
    ruleset needs them), scored at once; or neither, to dispute a hand entered as plays with
    its own trick record."""

    tricks_won = per_seat(
        serializers.IntegerField(min_value=0, max_value=52),
        required=False,
        help_text=TRICKS_WON_HELP,
    )
    moon_choice = serializers.ChoiceField(
        choices=MOON_CHOICES, required=False, help_text=MOON_CHOICE_HELP
    )
    irregularities = irregularities_field(IRREGULARITIES_HELP)
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=REASON["max_length"],
        help_text="Why you dispute the hand: kept with the dispute and in the history.",
    )

    def validate(self, attrs):
        given = [name for name in LEVELS if name in attrs]
        if "irregularities" in attrs and given not in ([], ["plays"]):
            raise serializers.ValidationError(
                {"irregularities": [_("Irregularities go with a trick record, not a count.")]},
                code="needs_plays",
            )
        if len(given) > 1:
            raise serializers.ValidationError(
                {given[1]: [_("Give one of plays, points or cards_taken.")]},
                code="one_level_required",
            )
        count = bool(given) and given[0] != "plays"
        for name in PLAYS_DETAILS:
            if name in attrs and given != ["plays"]:
                raise serializers.ValidationError(
                    {name: [_("{name} goes with plays.").format(name=name)]}, code="needs_plays"
                )
        for name in COUNT_DETAILS:
            if name in attrs and not count:
                raise serializers.ValidationError(
                    {
                        name: [
                            _("{name} goes with a claimed count (points or cards_taken).").format(
                                name=name
                            )
                        ]
                    },
                    code="needs_count",
                )
        return attrs


DISPUTE_DECISIONS = ["accept", "dismiss"]
RULED_LEVELS = ("points", "renege_by")


# DirectorRulingInputSerializer's fields before the scoring cards' takers (takers_class).
class _DirectorRulingInputHead(StrictInputSerializer):
    points = per_seat(
        serializers.IntegerField(min_value=0, max_value=MAX_HAND_POINTS),
        required=False,
        help_text=POINTS_HELP,
    )


class DirectorRulingInputSerializer(
    _DirectorRulingInputHead, takers_class(lambda card: seat_field(required=False))
):
    """A director's ruling: `points` (the hand's new entry) or `renege_by` (a seat)."""

    tricks_won = per_seat(serializers.IntegerField(min_value=0, max_value=52), required=False)
    moon_choice = serializers.ChoiceField(choices=MOON_CHOICES, required=False)
    renege_by = seat_field(required=False, help_text="The seat that reneged.")

    def validate(self, attrs):
        given = [name for name in RULED_LEVELS if name in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                {"points": [_("Give points or renege_by.")]}, code="one_ruling_required"
            )
        for name in COUNT_DETAILS:
            if name in attrs and given == ["renege_by"]:
                raise serializers.ValidationError(
                    {name: [_("{name} goes with points.").format(name=name)]}, code="needs_count"
                )
        return attrs


class DisputeResolveInputSerializer(StrictInputSerializer):
    decision = serializers.ChoiceField(
        choices=DISPUTE_DECISIONS,
        help_text="accept: penalise the renege the ruling proves, or correct the hand to the "
        "claimed count (or to ruled); dismiss: change no score.",
    )
    ruled = DirectorRulingInputSerializer(
        required=False, help_text="With accept: your own ruling, instead of the dispute's."
    )
    note = optional_words(
        "Your note on the decision: kept as the dispute's resolution_note and in the history."
    )

    def validate(self, attrs):
        if "ruled" in attrs and attrs["decision"] != "accept":
            raise serializers.ValidationError(
                {"ruled": [_("A ruling goes with the decision to accept.")]},
                code="ruling_needs_accept",
            )
        return attrs


class DisputeRecordOutputSerializer(HandEntrySerializer):
    """What the dispute carries, as it was sent: a trick record (`plays`, perhaps `hands`
    and `first_leader`) or a claimed count (`points` or `cards_taken`, perhaps with
    `jack_of_diamonds`, `tricks_won` and `moon_choice`). Only the keys sent appear."""


class DisputeClaimOutputSerializer(serializers.Serializer):
    """A claimed count as the engine scored it when the dispute was opened, next to the hand
    as it was recorded then: what accepting the dispute would change."""

    points = serializers.ListField(
        child=serializers.IntegerField(), help_text="The claimed penalty points per seat."
    )
    scores = serializers.ListField(
        child=serializers.IntegerField(), help_text="The hand's scores per seat with the claim."
    )
    recorded_points = serializers.ListField(
        child=serializers.IntegerField(), help_text="The hand's recorded penalty points per seat."
    )
    recorded_scores = serializers.ListField(
        child=serializers.IntegerField(), help_text="The hand's recorded scores per seat."
    )


class HandRulingOutputSerializer(serializers.Serializer):
    """A ruling on a hand: the engine's, and the director's decision on it."""

    id = serializers.IntegerField()
    dispute = serializers.IntegerField(source="dispute_id", help_text="The dispute carrying it.")
    hand = serializers.IntegerField(source="dispute.hand.number", help_text="The hand's number.")
    kind = serializers.ChoiceField(choices=RulingKind.choices, help_text="What it rules on.")
    index = serializers.IntegerField(help_text="Its place in the record's irregularities.")
    current = serializers.BooleanField(
        help_text="On the hand's record as it stands. false: on a dispute's own record (the "
        "first decision makes it the hand's), or history after a correction."
    )
    status = serializers.ChoiceField(
        choices=RulingStatus.choices,
        help_text="awaiting the director; accepted; overridden; withdrawn (the hand was "
        "corrected or voided before anyone decided).",
    )
    ruling = serializers.SerializerMethodField(
        help_text="The engine's ruling. On an irregularity: rule, option, source, seat, trick, "
        "evidence, rectification, points and scores per seat. On a claim: the claim's ruling "
        "as the adjudication's claim gives it (verdict, counter-line, result)."
    )
    result = RulingResultField(
        allow_null=True, help_text="An override's own result; null otherwise."
    )
    reason = serializers.CharField(allow_blank=True, help_text="The director's reason.")
    decided_at = serializers.DateTimeField(allow_null=True, help_text="Null while it awaits.")

    @extend_schema_field(
        PolymorphicProxySerializer(
            component_name="HandRulingEngineRuling",
            serializers=[IrregularityRulingSerializer, ClaimRulingSerializer],
            resource_type_field_name=None,
        )
    )
    def get_ruling(self, row) -> dict:
        of_kind = (
            ClaimRulingSerializer if row.kind == RulingKind.CLAIM else IrregularityRulingSerializer
        )
        return of_kind(row.ruling).data


class DisputeOutputSerializer(serializers.Serializer):
    """A dispute of a recorded hand, open until a director accepts or dismisses it."""

    id = serializers.IntegerField(help_text="The dispute's id.")
    hand = serializers.IntegerField(source="hand.number", help_text="The hand's number.")
    level = serializers.ChoiceField(
        choices=EntryLevel.choices,
        help_text="What it carries: a trick record (plays) or a claimed count (points or "
        "cards_taken).",
    )
    record = DisputeRecordOutputSerializer(help_text="The trick record or the claimed count.")
    ruling = AdjudicationOutputSerializer(
        allow_null=True, help_text="The engine's ruling on the trick record; null for a count."
    )
    claim = DisputeClaimOutputSerializer(
        allow_null=True, help_text="The claimed count scored; null for a trick record."
    )
    rulings = HandRulingOutputSerializer(
        many=True,
        help_text="A record with irregularities: the ruling on each, each accepted or "
        "overridden by a director (POST …/rulings/{id}/decision/); the dispute stays open "
        "while any awaits. Empty otherwise.",
    )
    status = serializers.ChoiceField(
        choices=DisputeStatus.choices, help_text="open, then accepted or dismissed."
    )
    reason = serializers.CharField(
        allow_blank=True, help_text="Why it was opened: the filer's words, as they were."
    )
    resolution_note = serializers.CharField(
        allow_blank=True, help_text="The director's note on the decision; empty while open."
    )
    opened_at = serializers.DateTimeField(help_text="When it was opened.")
    resolved_at = serializers.DateTimeField(
        allow_null=True, help_text="When a director decided; null while open."
    )
