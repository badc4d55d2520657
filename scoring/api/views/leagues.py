"""Leagues and their seasons."""

from __future__ import annotations

from typing import Any

from django_filters import rest_framework as filters
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors, services
from scoring.api.filters import IdFilter
from scoring.api.http import CreateView, changes, creates, lists, reads
from scoring.api.permissions import DIRECTORS_WRITE
from scoring.api.scopes import ClubRowsView, LeagueScopedMixin, club_rows
from scoring.api.serializers.leagues import (
    LeagueInputSerializer,
    LeagueOutputSerializer,
    LeagueUpdateInputSerializer,
    SeasonInputSerializer,
    SeasonOutputSerializer,
)
from scoring.models import League, Season

LEAGUES_UPDATE_CONFLICTS = {
    "league_has_games": "the league has games, each keeping the ruleset it "
    "started with: its ruleset can no longer change (start a new league); its "
    "own ruleset sent again is no change"
}


class LeagueFilter(filters.FilterSet):
    club = IdFilter(help_text="A club's leagues.")

    class Meta:
        model = League
        fields = ["club"]


@club_rows("leagues", selectors.leagues_for, LeagueInputSerializer, LeagueOutputSerializer)
class LeagueListView(ClubRowsView):
    permission_classes = DIRECTORS_WRITE
    filterset_class = LeagueFilter
    ordering_fields = ["name", "created_at"]

    def perform(self, data: dict) -> League:
        data.pop("club")
        # Left out, the ruleset is the service's choice (the standard preset).
        ruleset = data.pop("ruleset", None)
        return services.create_league(club=self.get_club(), ruleset=ruleset, **data)


class LeagueDetailView(LeagueScopedMixin, APIView):
    permission_classes = DIRECTORS_WRITE

    @reads("leagues_retrieve", LeagueOutputSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(LeagueOutputSerializer(self.get_league()).data)

    @changes(
        "leagues_update",
        LeagueUpdateInputSerializer,
        LeagueOutputSerializer,
        LEAGUES_UPDATE_CONFLICTS,
    )
    def patch(self, request: Request, body: dict[str, Any], pk: int) -> Response:
        league = services.update_league(league=self.get_league(), **body)
        return Response(LeagueOutputSerializer(league).data)


@lists("leagues_seasons_list")
@creates("leagues_seasons_create", SeasonInputSerializer, SeasonOutputSerializer)
class SeasonListView(LeagueScopedMixin, CreateView, generics.ListAPIView):
    queryset = Season.objects.none()  # for the schema; get_queryset scopes it
    serializer_class = SeasonOutputSerializer
    permission_classes = DIRECTORS_WRITE

    def get_queryset(self):
        return Season.objects.filter(league=self.get_league()).order_by("starts_on", "id")

    def perform(self, data: dict) -> Season:
        return services.create_season(league=self.get_league(), **data)
