"""Leagues (a ruleset and a ranking declaration) and seasons."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudication.serializers import RulesetOptionsField, RulesetSpecField
from hearts_site.api.serializers import StrictInputSerializer
from hearts_site.text.names import validate_name
from scoring.domain.ranking import CRITERIA, DEFAULT_RANKING, TIE_BREAKS
from scoring.models import League, Season

CRITERION_CHOICES = list(CRITERIA)
TIE_BREAK_CHOICES = list(TIE_BREAKS)
DEFAULT_WORDS = (
    f"criterion {DEFAULT_RANKING['criterion']}, tie_breaks "
    f"{', '.join(DEFAULT_RANKING['tie_breaks'])}, min_games {DEFAULT_RANKING['min_games']}"
)


class RankingDeclarationSerializer(StrictInputSerializer):
    """How a league's table ranks its players. A key left out takes the default
    (criterion average_place, tie_breaks points_per_game, head_to_head, games, shared,
    min_games 1)."""

    criterion = serializers.ChoiceField(
        choices=CRITERION_CHOICES, required=False, help_text="What ranks the table first."
    )
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=TIE_BREAK_CHOICES),
        required=False,
        help_text="What separates players tied so far, in order; shared: a shared place.",
    )
    min_games = serializers.IntegerField(
        min_value=0,
        max_value=10_000,
        required=False,
        help_text="Games a player needs to be ranked; below it, listed after as provisional.",
    )


@extend_schema_field(RankingDeclarationSerializer)
class RankingField(serializers.JSONField):
    """A ranking declaration as sent or kept; the service checks it (invalid_ranking)."""


CONFIRMATIONS_WORDS = (
    "Who confirms a hand before it counts: 0 no one (it counts once entered), 1 a player at "
    "another seat than the one that entered it (from their own account, or by their PIN on the "
    "scorer's device). Games keep the value they started with."
)


def confirmations_field(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=[0, 1], help_text=CONFIRMATIONS_WORDS, **kwargs)


class LeagueInputSerializer(StrictInputSerializer):
    club = serializers.IntegerField(min_value=1, help_text="The club that runs it.")
    name = serializers.CharField(max_length=100, validators=[validate_name])
    ruleset = RulesetSpecField(required=False, help_text="Left out: the standard preset.")
    ranking = RankingField(
        required=False, help_text=f"How its table ranks. Left out: the default ({DEFAULT_WORDS})."
    )
    confirmations = confirmations_field(required=False)


class LeagueUpdateInputSerializer(StrictInputSerializer):
    name = serializers.CharField(
        max_length=100,
        required=False,
        validators=[validate_name],
        help_text="Left out: unchanged.",
    )
    ruleset = RulesetSpecField(
        required=False,
        help_text="Left out: unchanged. Games already started keep the ruleset they began with.",
    )
    ranking = RankingField(required=False, help_text="A new declaration. Left out: unchanged.")
    confirmations = confirmations_field(required=False)


class LeagueOutputSerializer(serializers.ModelSerializer):
    ruleset = RulesetOptionsField()
    ranking = RankingField(help_text="The declaration as made: a key left out takes the default.")
    confirmations = confirmations_field()

    class Meta:
        model = League
        fields = ["id", "club", "name", "ruleset", "ranking", "confirmations", "created_at"]


class SeasonInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100, validators=[validate_name])
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(help_text="On or after starts_on (else season_dates).")


class SeasonOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "league", "name", "starts_on", "ends_on"]
