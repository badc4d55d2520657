"""Rulings on a hand: the list (each as it stands, with the director's decision), and a
director's decision on one (accept, or override with a reason)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from rest_framework import generics
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import services
from scoring.api.http import changes, lists
from scoring.api.permissions import SCORERS_WRITE, IsClubDirector
from scoring.api.scopes import GameScopedMixin
from scoring.api.serializers.disputes import HandRulingOutputSerializer
from scoring.api.serializers.rulings import (
    RulingDecisionInputSerializer,
    RulingDecisionOutputSerializer,
)
from scoring.api.views.hands import CHANGE_CONFLICTS, hand_result
from scoring.models import HandRuling

RULING_CONFLICTS = {
    "ruling_decided": "the ruling was already accepted, overridden or withdrawn",
    "hand_changed": "the hand changed since the revision you read: read the ruling again",
    "ruling_leaves_score": "the ruling leaves the score to the director: override it with "
    "your own result",
    "hand_void": "the hand is void: it counts for nothing",
    **CHANGE_CONFLICTS,
}


@lists("games_hands_rulings_list")
class HandRulingListView(GameScopedMixin, generics.ListAPIView):
    serializer_class = HandRulingOutputSerializer
    permission_classes = SCORERS_WRITE
    filter_backends: list = []

    def get_queryset(self):
        return (
            HandRuling.objects.filter(
                dispute__hand__game=self.get_game(), dispute__hand__number=self.kwargs["number"]
            )
            .select_related("dispute__hand")
            .order_by("dispute__opened_at", "dispute_id", "index")
        )


class RulingDecisionView(GameScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]

    @changes(
        "games_hands_rulings_decide",
        RulingDecisionInputSerializer,
        RulingDecisionOutputSerializer,
        RULING_CONFLICTS,
    )
    def post(
        self, request: Request, body: dict[str, Any], game_id: int, number: int, ruling_id: int
    ) -> Response:
        get_object_or_404(
            HandRuling, pk=ruling_id, dispute__hand__game_id=game_id, dispute__hand__number=number
        )
        ruling = services.decide_ruling(
            ruling_id=ruling_id,
            decision=body["decision"],
            actor=request.user,
            reason=body["reason"],
            result=body.get("result"),
            moon_choice=body.get("moon_choice"),
            expected_revision=body.get("revision"),
        )
        answer = hand_result(ruling.dispute.hand, game_id)
        answer.data = {"ruling": HandRulingOutputSerializer(ruling).data, **answer.data}
        return answer
