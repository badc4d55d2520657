"""Erasures (issue 55, point 2): the signed-in person forgotten, a director's erasure of a
player without an account, and a club's record of them for its directors."""

from __future__ import annotations

from typing import Any

from rest_framework import generics
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors, services
from scoring.api.http import changes, lists
from scoring.api.permissions import IsClubDirector
from scoring.api.scopes import ClubScopedMixin, PlayerScopedMixin
from scoring.api.serializers.erasures import (
    ClubErasureOutputSerializer,
    ErasureOutputSerializer,
    MyErasureInputSerializer,
    PlayerErasureInputSerializer,
)

ERASURE_CONFLICTS = {
    "already_erased": "the player's name was already erased",
    "player_merged": "the record was merged into another: erase that one",
}


class MyErasureView(APIView):
    permission_classes = [IsAuthenticated]

    @changes(
        "me_erase",
        MyErasureInputSerializer,
        ErasureOutputSerializer(many=True),
        {"last_owner": "the caller is a club's only owner: make another owner first"},
    )
    def post(self, request: Request, body: dict[str, Any]) -> Response:
        erasures = services.erase_me(user=request.user, confirm=body["confirm"])
        return Response(ErasureOutputSerializer(erasures, many=True).data)


class PlayerErasureView(PlayerScopedMixin, APIView):
    permission_classes = [IsAuthenticated]

    @changes(
        "players_erase",
        PlayerErasureInputSerializer,
        ClubErasureOutputSerializer,
        ERASURE_CONFLICTS,
    )
    def post(self, request: Request, body: dict[str, Any], pk: int) -> Response:
        erasure = services.erase_player(
            player=self.get_player(), actor=request.user, confirm=body["confirm"]
        )
        return Response(ClubErasureOutputSerializer(erasure).data)


@lists("clubs_erasures_list")
class ClubErasureListView(ClubScopedMixin, generics.ListAPIView):
    serializer_class = ClubErasureOutputSerializer
    permission_classes = [IsAuthenticated & IsClubDirector]
    filter_backends: list = []

    def get_queryset(self):
        return selectors.club_erasures(self.get_club())
