"""The director's room view of a club evening, for conditional polling."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site import numbers
from scoring import selectors
from scoring.api.http import ETAG, IF_NONE_MATCH, NOT_MODIFIED, not_modified, operation, with_etag
from scoring.api.permissions import IsClubDirector
from scoring.api.scopes import ClubScopedMixin
from scoring.api.serializers.room import RoomOutputSerializer, RoomQuerySerializer


class RoomView(ClubScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]

    @extend_schema(
        **operation("clubs_room"),
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
    def get(self, request: Request, pk: int) -> Response:
        query = RoomQuerySerializer(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        day = query.validated_data.get("date") or timezone.localdate()
        club = self.get_club()
        version = selectors.room_version(club, day)
        unchanged = not_modified(request, version)
        if unchanged is not None:
            return unchanged
        body = RoomOutputSerializer(selectors.room(club, day)).data
        return with_etag(Response(body), version)
