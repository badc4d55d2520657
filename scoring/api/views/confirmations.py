"""Confirmation at the table: a seated player confirms or queries a hand awaiting it, from
their own account or by their PIN on the scorer's device; a player's PIN."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import services
from scoring.api.http import (
    IF_MATCH,
    SEEN_REQUIRED,
    changes,
    conflict,
    operation,
    response_header,
    seen_versions,
)
from scoring.api.permissions import IsClubDirector, IsThePlayer
from scoring.api.scopes import GameScopedMixin, PlayerScopedMixin
from scoring.api.serializers.confirmations import (
    ConfirmInputSerializer,
    PinInputSerializer,
    QueryInputSerializer,
)
from scoring.api.serializers.disputes import DisputeOutputSerializer
from scoring.api.serializers.hands import HandResultOutputSerializer
from scoring.api.views.hands import hand_result

# The 403 of a confirmation or a query, and the wait it names while a PIN rests.
REFUSED_AT_THE_TABLE = OpenApiResponse(
    description="Refused: own_entry, not_seated, not_scorer, not_director, or pin_refused for "
    "every PIN failure alike (wrong, none set, resting: then Retry-After says for how long)."
)
PIN_RESTING = response_header(
    "Retry-After",
    [403],
    "While the PIN rests after too many wrong ones: the seconds left.",
    OpenApiTypes.INT,
)

CONFIRM_CONFLICTS = {
    "hand_changed": "the hand changed since the revision sent: read it again",
    "hand_confirmed": "the hand is already confirmed",
    "hand_queried": "the hand was queried: a director rules on its dispute",
    "hand_void": "the hand is void",
    "game_abandoned": "the game was abandoned: its hands are frozen",
    "game_would_end_earlier": "confirmed, the hand would end the game before a later hand",
}


def who_acts(body: dict[str, Any]) -> dict[str, Any]:
    """Taken out of ``body``: the seated player who confirms or queries with their PIN on the
    scorer's device, as the services name them (both None: the caller's own player)."""
    return {"player_id": body.pop("player", None), "pin": body.pop("pin", None)}


class HandConfirmView(GameScopedMixin, APIView):
    permission_classes = [IsAuthenticated]

    @changes(
        "games_hands_confirm",
        ConfirmInputSerializer,
        HandResultOutputSerializer,
        CONFIRM_CONFLICTS,
        versioned=True,
        more={403: REFUSED_AT_THE_TABLE, 428: SEEN_REQUIRED},
        headers=[PIN_RESTING],
    )
    def post(self, request: Request, body: dict[str, Any], game_id: int, number: int) -> Response:
        self.get_game_version()  # a game the caller may not read is a 404
        seen = seen_versions(request, body.get("revision"))
        if body.get("as_director"):
            hand = services.confirm_for_table(
                game_id=game_id, number=number, actor=request.user, **seen
            )
        else:
            hand = services.confirm_hand(
                game_id=game_id, number=number, actor=request.user, **who_acts(body), **seen
            )
        return hand_result(hand, game_id)


class HandQueryView(GameScopedMixin, APIView):
    """Not retry-safe by Idempotency-Key on purpose: a kept transaction around it would roll
    back the count of a wrong PIN, and so lift the PIN's guess limit."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        **operation("games_hands_query"),
        request=QueryInputSerializer,
        responses={
            201: DisputeOutputSerializer,
            409: conflict(
                {k: v for k, v in CONFIRM_CONFLICTS.items() if k != "game_would_end_earlier"}
            ),
            403: REFUSED_AT_THE_TABLE,
            428: SEEN_REQUIRED,
        },
        parameters=[IF_MATCH, PIN_RESTING],
    )
    def post(self, request: Request, game_id: int, number: int) -> Response:
        self.get_game_version()  # a game the caller may not read is a 404
        data = QueryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        record = dict(data.validated_data)
        seen = seen_versions(request, record.pop("revision", None))
        who = who_acts(record)
        reason = record.pop("reason", "")
        dispute = services.query_hand(
            game_id=game_id,
            number=number,
            actor=request.user,
            record=record,
            reason=reason,
            **who,
            **seen,
        )
        return Response(DisputeOutputSerializer(dispute).data, status=status.HTTP_201_CREATED)


class PlayerPinView(PlayerScopedMixin, APIView):
    """The player's own account, or a director of the club, sets the PIN."""

    permission_classes = [IsAuthenticated & (IsThePlayer | IsClubDirector)]

    @extend_schema(**operation("players_pin"), request=PinInputSerializer, responses={204: None})
    def put(self, request: Request, pk: int) -> Response:
        player = self.get_player()
        data = PinInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.set_pin(player=player, pin=data.validated_data["pin"])
        return Response(status=status.HTTP_204_NO_CONTENT)
