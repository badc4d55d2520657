"""The claim in the adjudication API: the claim a request makes and the ruling on it (docs/rules.md,
"Claims and concessions"). The engine checks what a claim means (claims.py); these check its
shape and document both sides."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.engine.claim_result import LEFT_TO_TABLE
from adjudication.engine.claim_words import CLAIM_CODES
from adjudication.engine.claims import OUTCOMES
from adjudication.engine.option_values import CHOICES
from adjudication.ruling_fields import (
    MAX_SEATS,
    ScoresField,
    ShooterSerializer,
    TrickSerializer,
    card_list,
    takers_class,
)
from hearts_site.api.serializers import StrictInputSerializer

CLAIM_HELP = (
    "A claim made after the record's last play: a seat claims the rest of the tricks "
    "(all_tricks), no more penalty points (no_points) or every penalty card (moon), or concedes "
    "every penalty point left (concede). Every seat's cards at the claim must be known: from "
    "hands, from deal and passes, or shown (else claim_needs_holdings, claim_needs_every_holding). "
    "Refused: a seat not at the table (invalid_seat), a hand already over (hand_over), a moon "
    "another seat has already spoilt (moon_already_lost), a concession that would shoot the moon "
    "(concession_is_a_moon), a line with a card the claimer does not hold (line_card_not_held) or "
    "opening with a card it may not play (line_not_legal), shown cards that are not the seat's "
    "(shown_card_not_held, card_already_played, wrong_hand_size), a record the holdings do not fit "
    "(claim_on_impossible_record), a claim whose search would run past the engine's budget "
    "(claim_too_deep)."
)
VERDICTS = ["holds", "fails", "accepted", "stands", "cancelled"]
CLAIM_RULES = sorted(CLAIM_CODES)
UNSTATED = list(CHOICES["claim_without_line"])
CARDS_SOURCES = ["hands", "deal", "shown"]


class ClaimInputSerializer(StrictInputSerializer):
    seat = serializers.IntegerField(
        min_value=0, max_value=MAX_SEATS - 1, help_text="The seat that claims or concedes."
    )
    outcome = serializers.ChoiceField(choices=list(OUTCOMES))
    line = card_list(
        required=False,
        allow_empty=True,
        help_text=(
            "The claimer's cards in the order it will play them: at each turn it plays the first "
            "of them the rules allow; what the line leaves out is judged by the ruleset's "
            "claim_without_line. Not for a concession."
        ),
    )
    shown = serializers.ListField(
        child=card_list(allow_empty=True, allow_null=True),
        min_length=3,
        max_length=MAX_SEATS,
        required=False,
        help_text=(
            "Each seat's cards at the claim, seat 0 first; null for a seat not shown. Without "
            "hands or a deal, every seat must be shown."
        ),
    )
    accepted = serializers.BooleanField(
        required=False,
        help_text="Every other seat accepts the claim: it is scored as claimed, without a check.",
    )


class ClaimOptionsSerializer(serializers.Serializer):
    claim_without_line = serializers.ChoiceField(choices=UNSTATED)
    failed_claim = serializers.ChoiceField(choices=list(CHOICES["failed_claim"]))


class ClaimProofSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=["counter_line", "conceded_line"],
        help_text=(
            "counter_line: a legal play of the rest of the hand that beats the claim; "
            "conceded_line: one that gives the conceder every penalty point left."
        ),
    )
    plays = serializers.ListField(
        child=serializers.CharField(), help_text="The plays from the claim to the end."
    )
    tricks = TrickSerializer(many=True, help_text="The tricks they make, from the claim's trick.")
    beaten_at = serializers.IntegerField(
        allow_null=True, help_text="The trick (from 1) where the counter-line beats the claim."
    )


# ClaimResultSerializer's fields before the scoring cards' takers (takers_class).
class _ClaimResultHead(serializers.Serializer):
    how = serializers.ChoiceField(
        choices=["as_claimed", "claimer_takes_rest", "play_on"],
        help_text="How the hand is scored: as claimed, or the ruleset's failed_claim.",
    )
    message = serializers.CharField(help_text="Who takes what, and what the table still says.")
    points = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Each seat's penalty points at the end of the hand; null where the table says.",
    )
    points_left = serializers.IntegerField(help_text="The penalty points in play at the claim.")
    open_points = serializers.IntegerField(help_text="Of those, the points the table shares out.")
    open_among = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats that may take them."
    )
    left_to_table = serializers.ListField(
        child=serializers.ChoiceField(choices=list(LEFT_TO_TABLE)),
        help_text="What the claim does not decide: the table says it, then scores the hand.",
    )


class ClaimResultSerializer(
    _ClaimResultHead,
    takers_class(
        lambda card: serializers.IntegerField(
            allow_null=True,
            help_text=f"Who takes the {card.label}, where it scores and the claim decides it.",
        )
    ),
):
    tricks_won = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="Each seat's tricks, where the claim decides them.",
    )
    moon_denied = serializers.BooleanField(
        help_text="A failed claim left the claimer every penalty card: scored as points."
    )
    moon = ShooterSerializer(allow_null=True)
    sun = ShooterSerializer(allow_null=True)
    scores = ScoresField(help_text="The hand's scores; null while anything is left to the table.")
    gems = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    no_trick_bonus = serializers.ListField(child=serializers.IntegerField())


class ClaimRulingSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    outcome = serializers.ChoiceField(choices=list(OUTCOMES))
    accepted = serializers.BooleanField()
    at_play = serializers.IntegerField(help_text="The plays of the record before the claim.")
    trick = serializers.IntegerField(help_text="The trick (from 1) the claim is made in.")
    cards = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Each seat's cards at the claim, seat 0 first.",
    )
    cards_source = serializers.ChoiceField(choices=CARDS_SOURCES)
    verdict = serializers.ChoiceField(
        choices=VERDICTS,
        help_text=(
            "A claim holds or fails; a concession stands or is cancelled; accepted: every other "
            "seat accepted it, not checked."
        ),
    )
    rule = serializers.ChoiceField(
        choices=CLAIM_RULES, help_text="GET /api/v1/rule-codes/ says what each means."
    )
    message = serializers.CharField(help_text="The verdict in words.")
    options = ClaimOptionsSerializer(help_text="The ruleset's claim options, as applied.")
    source = serializers.CharField(help_text="The rule's source.")
    source_text = serializers.CharField(help_text="The source's words.")
    line = serializers.ListField(child=serializers.CharField(), help_text="The line stated.")
    unstated = serializers.ChoiceField(
        choices=UNSTATED,
        allow_null=True,
        help_text="How the plays the line leaves out were judged (null: it lists them all).",
    )
    line_message = serializers.CharField(
        allow_null=True, help_text="The line judged, in words (null: none was judged)."
    )
    proof = ClaimProofSerializer(allow_null=True)
    result = ClaimResultSerializer()
