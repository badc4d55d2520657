"""Hands: the list, one hand, its entry (PUT, idempotent), correction (PATCH) and void."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors, services
from scoring.api.http import CONFLICT, IF_MATCH, expected_version, with_etag
from scoring.api.permissions import IsClubScorer, ReadOnly
from scoring.api.scopes import GameScopedMixin
from scoring.api.serializers.hands import (
    HandCorrectionInputSerializer,
    HandEntryInputSerializer,
    HandOutputSerializer,
    HandResultOutputSerializer,
    HandVoidInputSerializer,
)
from scoring.models import Game, Hand


class HandListView(GameScopedMixin, generics.ListAPIView):
    serializer_class = HandOutputSerializer
    permission_classes = [AllowAny]
    filter_backends: list = []

    def get_queryset(self):
        return Hand.objects.filter(game=self.get_game()).order_by("number")


def hand_result(hand: Hand, game_id: int, created: bool = False) -> Response:
    """The hand, the game as the write left it and what comes next, with the game's ETag."""
    # A hand just created carries the game as its write left it, and is the game's last hand.
    game = hand.game if created else Game.objects.get(pk=game_id)
    outcome = selectors.hand_outcome(game, recorded=hand.number if created else None)
    body = {"hand": HandOutputSerializer(hand).data, **outcome}
    code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
    return with_etag(Response(body, status=code), game.version)


class HandDetailView(GameScopedMixin, APIView):
    """GET a hand; PUT enters it (idempotent); PATCH corrects it with a reason."""

    permission_classes = [ReadOnly | (IsAuthenticated & IsClubScorer)]

    @extend_schema(operation_id="games_hands_retrieve", responses={200: HandOutputSerializer})
    def get(self, request: Request, game_id: int, number: int) -> Response:
        hand = get_object_or_404(Hand, game=self.get_game(), number=number)
        return Response(HandOutputSerializer(hand).data)

    @extend_schema(
        operation_id="games_hands_enter",
        request=HandEntryInputSerializer,
        responses={200: HandResultOutputSerializer, 201: HandResultOutputSerializer, 409: CONFLICT},
        parameters=[IF_MATCH],
    )
    def put(self, request: Request, game_id: int, number: int) -> Response:
        data = HandEntryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hand, created = services.enter_hand(
            game_id=game_id,
            number=number,
            entry=data.validated_data,
            actor=request.user,
            expected_version=expected_version(request),
        )
        return hand_result(hand, game_id, created)

    @extend_schema(
        operation_id="games_hands_correct",
        request=HandCorrectionInputSerializer,
        responses={200: HandResultOutputSerializer, 409: CONFLICT},
        parameters=[IF_MATCH],
    )
    def patch(self, request: Request, game_id: int, number: int) -> Response:
        data = HandCorrectionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = dict(data.validated_data)
        reason = entry.pop("reason")
        hand = services.correct_hand(
            game_id=game_id,
            number=number,
            entry=entry,
            reason=reason,
            actor=request.user,
            expected_version=expected_version(request),
        )
        return hand_result(hand, game_id)


class HandVoidView(GameScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubScorer]

    @extend_schema(
        operation_id="games_hands_void",
        request=HandVoidInputSerializer,
        responses={200: HandResultOutputSerializer, 409: CONFLICT},
        parameters=[IF_MATCH],
    )
    def post(self, request: Request, game_id: int, number: int) -> Response:
        data = HandVoidInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hand = services.void_hand(
            game_id=game_id,
            number=number,
            reason=data.validated_data["reason"],
            actor=request.user,
            expected_version=expected_version(request),
        )
        return hand_result(hand, game_id)
