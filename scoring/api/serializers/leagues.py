"""Leagues (a ruleset and a ranking declaration) and seasons."""

from __future__ import annotations

from rest_framework import serializers

from adjudication.serializers import RulesetOptionsField, RulesetSpecField
from hearts_site.serializers import StrictInputSerializer
from scoring.models import League, Season


class LeagueInputSerializer(StrictInputSerializer):
    club = serializers.IntegerField(min_value=1)
    name = serializers.CharField(max_length=100)
    ruleset = RulesetSpecField(required=False, default="standard")
    ranking = serializers.JSONField(required=False, help_text="The table's ranking declaration.")


class LeagueUpdateInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100, required=False)
    ruleset = RulesetSpecField(required=False)
    ranking = serializers.JSONField(required=False)


class LeagueOutputSerializer(serializers.ModelSerializer):
    ruleset = RulesetOptionsField()

    class Meta:
        model = League
        fields = ["id", "club", "name", "ruleset", "ranking", "created_at"]


class SeasonInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=100)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()


class SeasonOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "league", "name", "starts_on", "ends_on"]
