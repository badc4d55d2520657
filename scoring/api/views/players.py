"""Players: the club's list, one player, a merge of two records, statistics and ratings."""

from __future__ import annotations

from typing import Any

from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.errors import DomainError
from scoring import selectors, services
from scoring.api.filters import IdFilter
from scoring.api.http import changes, operation, reads
from scoring.api.permissions import SCORERS_WRITE, IsClubDirector
from scoring.api.scopes import ClubRowsView, PlayerScopedMixin, club_rows
from scoring.api.serializers.clubs import (
    PlayerCreatedOutputSerializer,
    PlayerInputSerializer,
    PlayerMergeInputSerializer,
    PlayerMergeOutputSerializer,
    PlayerOutputSerializer,
    PlayerVisibilityInputSerializer,
)
from scoring.api.serializers.play_logs import BggPlaySerializer, BgStatsFileSerializer
from scoring.api.serializers.standings import (
    PlayerStatsOutputSerializer,
    RatingEventOutputSerializer,
)
from scoring.models import Player
from scoring.selectors import standings

PLAYERS_MERGE_CONFLICTS = {
    "same_player": "a player cannot be merged into itself",
    "different_clubs": "the players belong to different clubs",
    "already_merged": "one of them was already merged",
    "players_share_a_game": "both sat in one game: they are two people",
}


class PlayerFilter(filters.FilterSet):
    club = IdFilter(help_text="A club's players.")
    name = filters.CharFilter(lookup_expr="icontains", help_text="Part of the name.")
    merged = filters.BooleanFilter(
        field_name="merged_into",
        lookup_expr="isnull",
        exclude=True,
        help_text="True: only records merged into another; false: only the others.",
    )

    class Meta:
        model = Player
        fields = ["club", "name", "merged"]


PLAYERS_CREATE_CONFLICTS = {
    "too_many_players": "the club has as many players as HEARTS_MAX_CLUB_PLAYERS allows",
}


@club_rows(
    "players",
    selectors.players_for,
    PlayerInputSerializer,
    PlayerOutputSerializer,
    PLAYERS_CREATE_CONFLICTS,
    created_serializer=PlayerCreatedOutputSerializer,
)
class PlayerListView(ClubRowsView):
    permission_classes = SCORERS_WRITE
    filterset_class = PlayerFilter
    ordering_fields = ["name", "created_at"]

    def perform(self, data: dict) -> Player:
        return services.create_player(club=self.get_club(), name=data["name"])


class PlayerDetailView(PlayerScopedMixin, APIView):
    permission_classes = [AllowAny]

    @reads("players_retrieve", PlayerOutputSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(PlayerOutputSerializer(self.get_player()).data)

    @changes("players_partial_update", PlayerVisibilityInputSerializer, PlayerOutputSerializer)
    def patch(self, request: Request, body: dict[str, Any], pk: int) -> Response:
        player = services.set_name_visibility(
            player=self.get_player(), visibility=body["name_visibility"], actor=request.user
        )
        return Response(PlayerOutputSerializer(player).data)


class PlayerMergeView(PlayerScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]

    @changes(
        "players_merge",
        PlayerMergeInputSerializer,
        PlayerMergeOutputSerializer,
        PLAYERS_MERGE_CONFLICTS,
    )
    def post(self, request: Request, body: dict[str, Any], pk: int) -> Response:
        target = Player.objects.filter(pk=body["into"]).first()
        if target is None or target.club_id != self.get_club().pk:
            raise DomainError("unknown_player", _("No such player in this club."), "into")
        merge = services.merge_players(
            source=self.get_player(),
            target=target,
            actor=request.user,
            reason=body.get("reason", ""),
        )
        return Response(PlayerMergeOutputSerializer(merge).data)


class PlayerStatsView(PlayerScopedMixin, APIView):
    permission_classes = [AllowAny]

    @reads("players_stats", PlayerStatsOutputSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(standings.player_stats(self.get_player()))


class PlayerBgStatsView(PlayerScopedMixin, APIView):
    """The player's finished games as a BG Stats play file, to save and open in BG Stats."""

    permission_classes = [AllowAny]

    @reads("players_bg_stats", BgStatsFileSerializer)
    def get(self, request: Request, pk: int) -> Response:
        player = self.get_player()
        response = Response(selectors.bg_stats_plays(player))
        name = f"hearts-{player.pk}.bgsplay"
        response["Content-Disposition"] = content_disposition_header(True, name)
        return response


class PlayerBggPlaysView(PlayerScopedMixin, APIView):
    """The player's finished games in BoardGameGeek's play-logging fields."""

    permission_classes = [AllowAny]

    @reads("players_bgg_plays", BggPlaySerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.bgg_plays(self.get_player()))


class PlayerRatingsView(PlayerScopedMixin, generics.ListAPIView):
    serializer_class = RatingEventOutputSerializer
    permission_classes = [AllowAny]
    filter_backends: list = []

    def get_queryset(self):
        return standings.rating_history(self.get_player())

    @extend_schema(
        **operation("players_ratings"),
    )
    def get(self, request: Request, pk: int) -> Response:
        return super().get(request, pk)
