"""The room of a club evening, for conditional polling: the director's room view, and the
wall that anyone who may read the club sees."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.text import numbers
from scoring import selectors
from scoring.api.http import ETAG, IF_NONE_MATCH, NOT_MODIFIED, not_modified, operation, with_etag
from scoring.api.permissions import IsClubDirector
from scoring.api.scopes import ClubScopedMixin
from scoring.api.serializers.room import RoomOutputSerializer, RoomQuerySerializer


def _room_schema(operation_id: str):
    return extend_schema(
        **operation(operation_id),
        parameters=[
            OpenApiParameter(
                "date",
                OpenApiTypes.DATE,
                required=False,
                description=f"The evening; left out: today. A date {numbers.DAYS}.",
            ),
            IF_NONE_MATCH,
            ETAG,
        ],
        responses={200: RoomOutputSerializer, 304: NOT_MODIFIED},
    )


class RoomView(ClubScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]
    # The room's ETag: its games' versions (the wall's follows its night too).
    version_of = staticmethod(selectors.room_version)

    @_room_schema("clubs_room")
    def get(self, request: Request, pk: int) -> Response:
        query = RoomQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        day = query.validated_data.get("date") or timezone.localdate()
        club = self.get_club()
        version = self.version_of(club, day)
        unchanged = not_modified(request, version)
        if unchanged is not None:
            return unchanged
        body = RoomOutputSerializer(selectors.room(club, day)).data
        return with_etag(Response(body), version)


class WallView(RoomView):
    """The same room for anyone who may read the club (a private club's: its members; a 404
    for others): the wall screen polls it. Its ETag changes with the evening's night too (a
    check-in, a draw, a round started or over, the close), so the wall shows each at once."""

    permission_classes = [AllowAny]
    version_of = staticmethod(selectors.wall_version)

    @_room_schema("clubs_wall")
    def get(self, request: Request, pk: int) -> Response:
        return super().get(request, pk)
