"""Players with accounts: a claim to be a club's player and a director's decision on it, a
director's invitation to be one, the signed-in caller's players, games and statistics, and
everything kept about them as one JSON file."""

from __future__ import annotations

from typing import Any

from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.api.query import takes_query
from scoring import selectors, services
from scoring.api.http import CreateView, changes, creates, lists, operation, reads
from scoring.api.permissions import IsClubDirector
from scoring.api.scopes import ClubScopedMixin, PlayerScopedMixin
from scoring.api.serializers.clubs import PlayerOutputSerializer
from scoring.api.serializers.confirmations import (
    ClaimDecisionInputSerializer,
    MyGamesQuerySerializer,
    MyStatsOutputSerializer,
    PlayerClaimInputSerializer,
    PlayerClaimOutputSerializer,
    PlayerInvitationInputSerializer,
    PlayerInvitationOutputSerializer,
)
from scoring.api.serializers.games import GameOutputSerializer
from scoring.api.throttling import ExportThrottle
from scoring.api.views.invitations import redact_token, shown_once
from scoring.models import PlayerClaim

LINK_CONFLICTS = {
    "player_merged": "the player was merged into another record",
    "player_linked": "an account is already linked to the player",
    "already_linked": "the account is linked to another player of this club",
    "player_erased": "the player's name was erased: no account can become it",
}


@creates(
    "players_claim",
    PlayerClaimInputSerializer,
    PlayerClaimOutputSerializer,
    conflicts=LINK_CONFLICTS,
)
class PlayerClaimView(PlayerScopedMixin, CreateView, APIView):
    permission_classes = [IsAuthenticated]

    def perform(self, data: dict) -> PlayerClaim:
        return services.claim_player(player=self.get_player(), user=self.request.user)


@creates(
    "players_invitation",
    PlayerInvitationInputSerializer,
    PlayerInvitationOutputSerializer,
    conflicts={k: LINK_CONFLICTS[k] for k in ("player_merged", "player_linked", "player_erased")},
)
class PlayerInvitationView(PlayerScopedMixin, CreateView, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]

    def perform(self, data: dict):
        invitation, token = services.invite_player(
            player=self.get_player(), actor=self.request.user, role=data["role"]
        )
        return shown_once(invitation, token)

    redact = staticmethod(redact_token)


@lists("clubs_claims_list")
class ClaimListView(ClubScopedMixin, generics.ListAPIView):
    serializer_class = PlayerClaimOutputSerializer
    permission_classes = [IsAuthenticated & IsClubDirector]
    filter_backends: list = []

    def get_queryset(self):
        return selectors.pending_claims(self.get_club())


class ClaimDecisionView(ClubScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]

    @changes(
        "clubs_claims_decide",
        ClaimDecisionInputSerializer,
        PlayerClaimOutputSerializer,
        {"claim_decided": "the claim was already decided", **LINK_CONFLICTS},
    )
    def post(self, request: Request, body: dict[str, Any], pk: int, claim_id: int) -> Response:
        claim = services.decide_claim(
            claim_id=claim_id, club_id=self.get_club().pk, actor=request.user, **body
        )
        return Response(PlayerClaimOutputSerializer(claim, context={"request": request}).data)


@lists("me_players_list")
class MyPlayersView(generics.ListAPIView):
    serializer_class = PlayerOutputSerializer
    permission_classes = [IsAuthenticated]
    filter_backends: list = []

    def get_queryset(self):
        return selectors.linked_players(self.request.user)


@extend_schema_view(
    get=extend_schema(
        **operation("me_games_list"),
        parameters=[
            OpenApiParameter(
                "playing",
                OpenApiTypes.BOOL,
                required=False,
                description="true: my table tonight (games in progress); false: the others.",
            )
        ],
    )
)
class MyGamesView(generics.ListAPIView):
    serializer_class = GameOutputSerializer
    permission_classes = [IsAuthenticated]
    filter_backends: list = []
    query_parameters = ("playing",)

    def get_queryset(self):
        params = self.request.query_params
        query = MyGamesQuerySerializer(
            data={k: params[k] for k in self.query_parameters if k in params}
        )
        query.is_valid(raise_exception=True)
        playing = query.validated_data.get("playing")
        return selectors.my_games(self.request.user, in_progress=playing)


class MyStatsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(**operation("me_stats"), responses={200: MyStatsOutputSerializer(many=True)})
    @takes_query()
    def get(self, request: Request) -> Response:
        return Response(MyStatsOutputSerializer(selectors.my_stats(request.user), many=True).data)


class MyDataView(APIView):
    """Everything kept about the caller (``selectors.personal_data``), as a JSON file to save.
    Spends the export budget, per user."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ExportThrottle]

    def caller_is_member(self) -> bool:
        """``ExportThrottle`` asks: no club's member is spared this export's budget."""
        return False

    @reads("me_data", OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        response = Response(selectors.personal_data(request.user))
        name = selectors.personal_data_file_name(request.user)
        response["Content-Disposition"] = content_disposition_header(True, name)
        response["Cache-Control"] = "private, no-store"
        return response
