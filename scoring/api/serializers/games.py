"""Games, their scoreboard and their history."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudication.engine.option_values import DIRECTIONS, MOON_CHOICES
from adjudication.ruling_fields import takers_class
from adjudication.serializers import RulesetOptionsField, RulesetSpecField
from hearts_site.api.serializers import StrictInputSerializer
from scoring import selectors
from scoring.api.serializers.common import (
    MAX_ID,
    REASON,
    IntegerListField,
    PlayerNameField,
    per_seat,
    seat_field,
    table_field,
)
from scoring.api.serializers.hands import HandEntryField, HandLineSerializer
from scoring.models import Game, GameEnd, GameSeat, GameStatus, HistoryEntry


class GameInputSerializer(StrictInputSerializer):
    club = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="The club it is played in. Left out for a league game (the league's club).",
    )
    league = serializers.IntegerField(
        min_value=1, required=False, help_text="Left out: a friendly game, in no league."
    )
    season = serializers.IntegerField(
        min_value=1, required=False, help_text="A season of the league. Left out: none."
    )
    ruleset = RulesetSpecField(
        required=False,
        help_text=(
            "Only for a game outside a league: a league game plays the league's ruleset "
            "(giving one is refused: ruleset_from_league). Left out: the league's, else the "
            "standard preset."
        ),
    )
    players = per_seat(
        serializers.IntegerField(min_value=1, max_value=MAX_ID),
        help_text="Player ids in clockwise seat order, seat 0 first, as many as the ruleset's.",
    )
    first_dealer = seat_field(
        required=False,
        help_text="The seat that deals hand 1. Left out: seat 0.",
    )
    table = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=Game._meta.get_field("table").max_length,
        help_text=(
            'Where it is played, e.g. "Table 3" (the room view and the wall name tables by it). '
            "No two games of a club in progress at one table (case aside): 409 table_in_use. "
            "Left out or blank: none."
        ),
    )
    started_at = serializers.DateTimeField(required=False, help_text="Left out: now.")


class GameSeatOutputSerializer(serializers.ModelSerializer):
    name = PlayerNameField(source="player")

    class Meta:
        model = GameSeat
        fields = ["seat", "player", "name", "total", "place", "is_winner"]


class GameOutputSerializer(serializers.ModelSerializer):
    seats = GameSeatOutputSerializer(many=True)
    ruleset = RulesetOptionsField()
    totals = IntegerListField(help_text="Each seat's total so far.")
    gems = IntegerListField(allow_null=True, help_text="Gems per seat; null: no gems.")
    winners = IntegerListField(help_text="The winning seats once the game is over; else empty.")
    end_reason = serializers.ChoiceField(
        choices=[("", "not over"), *GameEnd.choices],
        help_text="Why a finished game ended: target_reached, single_hand, or round_over (its "
        'night\'s round ended: at the bell, with the hand then in play, or after its hands); "" '
        "while it goes on or once abandoned.",
    )

    class Meta:
        model = Game
        fields = [
            "id",
            "club",
            "league",
            "season",
            "ruleset",
            "table",
            "first_dealer",
            "status",
            "started_at",
            "finished_at",
            "version",
            "totals",
            "gems",
            "hands_played",
            "winners",
            "end_reason",
            "seats",
        ]


class GameAbandonInputSerializer(StrictInputSerializer):
    reason = serializers.CharField(**REASON)


class MoonSerializer(serializers.Serializer):
    shooter = serializers.IntegerField(help_text="The seat that shot the moon.")
    choice = serializers.ChoiceField(
        choices=MOON_CHOICES, allow_null=True, help_text="How it was scored; null: no moon rule."
    )


# ScoreboardRowSerializer's fields before the scoring cards' takers (takers_class).
class _ScoreboardRowHead(HandLineSerializer):
    moon = MoonSerializer(allow_null=True, help_text="Null for a hand without a moon.")


class ScoreboardRowSerializer(
    _ScoreboardRowHead, takers_class(lambda card: serializers.IntegerField(allow_null=True))
):
    """A hand on the scoreboard, and each seat's total after it."""

    gems = IntegerListField(allow_null=True)
    is_void = serializers.BooleanField()
    renege_by = serializers.IntegerField(allow_null=True)
    running_totals = IntegerListField(help_text="Each seat's total after this hand.")


class ScoreboardSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()


class ScoreboardOutputSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    table = table_field()
    version = serializers.IntegerField(help_text="The game's version: its ETag.")
    status = serializers.ChoiceField(choices=GameStatus.choices)
    seats = ScoreboardSeatSerializer(many=True)
    hands = ScoreboardRowSerializer(many=True)
    totals = IntegerListField()
    gems = IntegerListField(allow_null=True)
    winners = IntegerListField()
    end_reason = serializers.CharField(help_text="As the game's: round_over, target_reached…")
    next_hand = serializers.IntegerField(allow_null=True, help_text="Null once the game is over.")
    next_dealer = serializers.IntegerField(allow_null=True)
    next_pass = serializers.ChoiceField(choices=DIRECTIONS, allow_null=True)
    target_score = serializers.IntegerField(allow_null=True)


class HistoryStateSerializer(serializers.Serializer):
    """What a change concerned, before or after it: a hand's entry and scores, the game's
    players or status, a dispute, a player. Which keys come depends on the action; a new action
    may bring other keys."""

    entry = HandEntryField(required=False)
    points = IntegerListField(required=False)
    scores = IntegerListField(required=False)
    is_void = serializers.BooleanField(required=False)
    renege_by = serializers.IntegerField(allow_null=True, required=False)
    dispute = serializers.IntegerField(required=False, help_text="The dispute's id.")
    violations = serializers.IntegerField(required=False, help_text="How many the ruling found.")
    players = IntegerListField(required=False, help_text="Player ids, seat 0 first.")
    ruleset = RulesetOptionsField(required=False)
    status = serializers.ChoiceField(choices=GameStatus.choices, required=False)
    player = serializers.IntegerField(required=False, help_text="A player's id.")


@extend_schema_field(HistoryStateSerializer)
class HistoryStateField(serializers.JSONField):
    """A history entry's before or after, shown exactly as kept."""


class HistoryOutputSerializer(serializers.ModelSerializer):
    actor = serializers.SerializerMethodField(
        help_text="Who did it, by display name (the full name, else User <id>); null if gone."
    )
    action = serializers.CharField(
        help_text=(
            "What happened: game_created, game_abandoned, hand_entered, hand_corrected, "
            "hand_voided, hand_confirmed, hand_queried, dispute_opened, dispute_accepted, "
            "dispute_dismissed, players_merged."
        )
    )
    before = HistoryStateField(allow_null=True, help_text="Null for a creation.")
    after = HistoryStateField(allow_null=True)

    class Meta:
        model = HistoryEntry
        fields = ["id", "hand_number", "action", "actor", "at", "before", "after", "reason"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_actor(self, entry: HistoryEntry) -> str | None:
        return selectors.display_name(entry.actor)
