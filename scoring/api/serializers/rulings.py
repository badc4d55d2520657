"""Rulings on a hand that a director accepts or overrides: each as it stands, what the hand's
score follows, and a director's decision."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.engine.option_values import MOON_CHOICES
from adjudication.ruling_fields import takers_class
from hearts_site.api.serializers import StrictInputSerializer
from scoring.api.serializers.common import MAX_HAND_POINTS, optional_words, per_seat, seat_field
from scoring.api.serializers.confirmations import revision_field
from scoring.api.serializers.disputes import HandRulingOutputSerializer
from scoring.api.serializers.hands import RESULT_HELP, HandResultOutputSerializer
from scoring.services.ruling_decisions import DECISIONS


# RulingResultInputSerializer's fields before the scoring cards' takers (takers_class).
class _RulingResultInputHead(StrictInputSerializer):
    points = per_seat(
        serializers.IntegerField(min_value=0, max_value=MAX_HAND_POINTS),
        help_text="The penalty points each seat took (hearts and the Q♠).",
    )


class RulingResultInputSerializer(
    _RulingResultInputHead,
    takers_class(
        lambda card: seat_field(
            required=False, help_text=f"Who took the {card.label}, when it scores."
        )
    ),
):
    tricks_won = per_seat(
        serializers.IntegerField(min_value=0, max_value=52),
        required=False,
        help_text="Tricks per seat, for a no-trick bonus or a sun.",
    )
    moon_choice = serializers.ChoiceField(
        choices=MOON_CHOICES, required=False, help_text="For a moon under shooter_choice."
    )


class RulingDecisionInputSerializer(StrictInputSerializer):
    """A director's decision on one ruling: accept it, or override it with a reason (and, if
    you like, your own result)."""

    decision = serializers.ChoiceField(
        choices=list(DECISIONS),
        help_text="accept: the hand is scored from the ruling's rectification (with the others "
        "accepted on its record); a redeal or replay voids it. override: your own result, or "
        "none (the hand stands as played for this irregularity); a reason is required.",
    )
    reason = optional_words(
        "Why: required to override (reason_required); kept with the ruling and in the history."
    )
    result = RulingResultInputSerializer(
        required=False, help_text=RESULT_HELP + " Only with override (result_needs_override)."
    )
    moon_choice = serializers.ChoiceField(
        choices=MOON_CHOICES,
        required=False,
        help_text="With accept: the shooter's choice, when the rectified hand is a moon under "
        "shooter_choice (else moon_choice_required).",
    )
    revision = revision_field()


class RulingDecisionOutputSerializer(HandResultOutputSerializer):
    """The ruling decided, the hand as the decision left it, and the game."""

    ruling = HandRulingOutputSerializer()
