"""A club's event feed: every change, in order, after a cursor."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors
from scoring.api.http import operation
from scoring.api.scopes import ClubScopedMixin
from scoring.api.serializers.events import EventFeedQuerySerializer, EventPageOutputSerializer


class EventFeedView(ClubScopedMixin, APIView):
    """Whoever may read the club (a private club is a 404 to others)."""

    permission_classes = [AllowAny]

    @extend_schema(
        **operation("clubs_events_list"),
        parameters=[EventFeedQuerySerializer],
        responses={200: EventPageOutputSerializer},
    )
    def get(self, request: Request, pk: int) -> Response:
        asked = request.query_params
        data = asked.dict() | ({"type": asked.getlist("type")} if "type" in asked else {})
        query = EventFeedQuerySerializer(data=data)
        query.is_valid(raise_exception=True)
        after, limit = query.validated_data["after"], query.validated_data["limit"]
        types = query.validated_data.get("type", ())
        events, more = selectors.events_after(self.get_club().pk, after, limit, types)
        cursor = events[-1]["sequence"] if events else after
        return Response({"results": events, "after": cursor, "has_more": more})
