"""Players: the club's list, one player, a merge of two records, statistics and ratings."""

from __future__ import annotations

from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.errors import DomainError
from scoring import selectors, services
from scoring.api.http import CreateView, conflict, creates
from scoring.api.permissions import IsClubDirector, IsClubScorer, ReadOnly
from scoring.api.scopes import BodyClubMixin, PlayerScopedMixin
from scoring.api.serializers.clubs import (
    PlayerInputSerializer,
    PlayerMergeInputSerializer,
    PlayerMergeOutputSerializer,
    PlayerOutputSerializer,
)
from scoring.api.serializers.standings import (
    PlayerStatsOutputSerializer,
    RatingEventOutputSerializer,
)
from scoring.models import Player
from scoring.selectors import standings


class PlayerFilter(filters.FilterSet):
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


@extend_schema_view(
    get=extend_schema(
        operation_id="players_list",
        tags=["players"],
        summary="List players",
        description="The players of the clubs the caller may read, by name.",
    )
)
@creates(
    "players_create",
    PlayerInputSerializer,
    PlayerOutputSerializer,
    tags=["players"],
    summary="Add a player",
    description="A new player in a club, to seat in its games. Needs a scorer's role.",
)
class PlayerListView(BodyClubMixin, CreateView, generics.ListAPIView):
    serializer_class = PlayerOutputSerializer
    permission_classes = [ReadOnly | (IsAuthenticated & IsClubScorer)]
    filterset_class = PlayerFilter
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return selectors.players_for(self.request.user).order_by("name", "id")

    def perform(self, data: dict) -> Player:
        return services.create_player(club=self.get_club(), name=data["name"])


class PlayerDetailView(PlayerScopedMixin, APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="players_retrieve",
        tags=["players"],
        summary="Read a player",
        description="One player; merged_into names the record it was merged into, if any.",
        responses={200: PlayerOutputSerializer},
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(PlayerOutputSerializer(self.get_player()).data)


class PlayerMergeView(PlayerScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]

    @extend_schema(
        operation_id="players_merge",
        tags=["players"],
        summary="Merge two records of one person",
        description=(
            "Moves every seat of this player to the player named by into, and marks this "
            "record merged into it; the history keeps the merge. Both must be of one club "
            "(else unknown_player). Needs a director's role."
        ),
        request=PlayerMergeInputSerializer,
        responses={
            200: PlayerMergeOutputSerializer,
            409: conflict(
                {
                    "same_player": "a player cannot be merged into itself",
                    "different_clubs": "the players belong to different clubs",
                    "already_merged": "one of them was already merged",
                    "players_share_a_game": "both sat in one game: they are two people",
                }
            ),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        data = PlayerMergeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        target = Player.objects.filter(pk=data.validated_data["into"]).first()
        if target is None or target.club_id != self.get_club().pk:
            raise DomainError("unknown_player", "No such player in this club.", "into")
        merge = services.merge_players(
            source=self.get_player(),
            target=target,
            actor=request.user,
            reason=data.validated_data.get("reason", ""),
        )
        return Response(PlayerMergeOutputSerializer(merge).data)


class PlayerStatsView(PlayerScopedMixin, APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="players_stats",
        tags=["players"],
        summary="Read a player's statistics",
        description="The player's record over every finished game, and per league.",
        responses={200: PlayerStatsOutputSerializer},
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(standings.player_stats(self.get_player()))


class PlayerRatingsView(PlayerScopedMixin, generics.ListAPIView):
    serializer_class = RatingEventOutputSerializer
    permission_classes = [AllowAny]
    filter_backends: list = []

    def get_queryset(self):
        return standings.rating_history(self.get_player())

    @extend_schema(
        operation_id="players_ratings",
        tags=["players"],
        summary="List a player's rating changes",
        description=(
            "The player's rating after each finished game, oldest first (openskill "
            "Plackett-Luce: rating = mu - 3 sigma)."
        ),
    )
    def get(self, request: Request, pk: int) -> Response:
        return super().get(request, pk)
