"""Disputes of a hand: filed with a trick record (adjudicated at once) or a claimed count (scored
at once), resolved by a director."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from rest_framework import generics
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import services
from scoring.api.http import CreateView, changes, creates, lists
from scoring.api.permissions import SCORERS_WRITE, IsClubDirector
from scoring.api.scopes import GameScopedMixin
from scoring.api.serializers.disputes import (
    DisputeInputSerializer,
    DisputeOutputSerializer,
    DisputeResolveInputSerializer,
)
from scoring.models import Dispute

DISPUTE_RESOLVE_CONFLICTS = {
    "dispute_closed": "the dispute was already accepted or dismissed",
    "ruling_proves_nothing": "the ruling proves no renege to accept",
    "hand_void": "the hand is void: it counts for nothing",
    "game_abandoned": "the game was abandoned: its hands are frozen",
    "game_would_end_earlier": "with the change the game would have ended before a later hand",
}


@lists("games_hands_disputes_list")
@creates(
    "games_hands_disputes_create",
    DisputeInputSerializer,
    DisputeOutputSerializer,
    conflicts={
        "hand_void": "the hand is void: it counts for nothing",
        "results_final": "its night's results are final: a director corrects the hand instead",
    },
)
class DisputeListView(GameScopedMixin, CreateView, generics.ListAPIView):
    serializer_class = DisputeOutputSerializer
    permission_classes = SCORERS_WRITE
    filter_backends: list = []

    def get_queryset(self):
        return Dispute.objects.filter(
            hand__game=self.get_game(), hand__number=self.kwargs["number"]
        ).select_related("hand")

    def perform(self, data: dict) -> Dispute:
        reason = data.pop("reason", "")
        return services.open_dispute(
            game_id=self.kwargs["game_id"],
            number=self.kwargs["number"],
            record=data,
            actor=self.request.user,
            reason=reason,
        )


class DisputeResolveView(GameScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]

    @changes(
        "games_hands_disputes_resolve",
        DisputeResolveInputSerializer,
        DisputeOutputSerializer,
        DISPUTE_RESOLVE_CONFLICTS,
    )
    def post(
        self, request: Request, body: dict[str, Any], game_id: int, number: int, dispute_id: int
    ) -> Response:
        get_object_or_404(Dispute, pk=dispute_id, hand__game_id=game_id, hand__number=number)
        dispute = services.resolve_dispute(dispute_id=dispute_id, actor=request.user, **body)
        return Response(DisputeOutputSerializer(dispute).data)
