"""Clubs and their members."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import selectors, services
from scoring.api.http import CreateView, conflict, creates, lists, operation, reads
from scoring.api.permissions import IsClubMember, IsClubOwner, ReadOnly
from scoring.api.scopes import ClubScopedMixin
from scoring.api.serializers.clubs import (
    ClubInputSerializer,
    ClubOutputSerializer,
    MembershipOutputSerializer,
    MembershipRoleInputSerializer,
)
from scoring.models import Club, Membership

LAST_OWNER = {"last_owner": "the change would leave the club without an owner"}


@lists("clubs_list")
@creates(
    "clubs_create",
    ClubInputSerializer,
    ClubOutputSerializer,
    conflicts={
        "slug_taken": "another club uses this slug",
        "too_many_clubs": "the user owns as many clubs as HEARTS_MAX_CLUBS_PER_USER allows",
    },
)
class ClubListView(CreateView, generics.ListAPIView):
    serializer_class = ClubOutputSerializer
    permission_classes = [ReadOnly | IsAuthenticated]
    ordering_fields = ["name", "created_at"]
    filterset_fields = ["is_public", "slug"]

    def get_queryset(self):
        return selectors.visible_clubs(self.request.user).order_by("name", "id")

    def perform(self, data: dict) -> Club:
        return services.create_club(user=self.request.user, **data)


class ClubDetailView(ClubScopedMixin, APIView):
    permission_classes = [AllowAny]

    @reads("clubs_retrieve", ClubOutputSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(ClubOutputSerializer(self.get_club()).data)


@lists("clubs_members_list")
class MemberListView(ClubScopedMixin, generics.ListAPIView):
    """Members see their club's members; owners invite new ones (invitations.py)."""

    queryset = Membership.objects.none()  # for the schema; get_queryset scopes it
    serializer_class = MembershipOutputSerializer
    permission_classes = [IsAuthenticated & IsClubMember]

    def get_queryset(self):
        return selectors.memberships_of(self.get_club())


class MemberDetailView(ClubScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubOwner]

    def get_membership(self) -> Membership:
        return get_object_or_404(Membership, pk=self.kwargs["membership_id"], club=self.get_club())

    @extend_schema(
        **operation("clubs_members_update"),
        request=MembershipRoleInputSerializer,
        responses={200: MembershipOutputSerializer, 409: conflict(LAST_OWNER)},
    )
    def patch(self, request: Request, pk: int, membership_id: int) -> Response:
        data = MembershipRoleInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.change_role(
            membership=self.get_membership(), role=data.validated_data["role"]
        )
        return Response(MembershipOutputSerializer(membership, context={"request": request}).data)

    @extend_schema(
        **operation("clubs_members_destroy"),
        responses={204: None, 409: conflict(LAST_OWNER)},
    )
    def delete(self, request: Request, pk: int, membership_id: int) -> Response:
        services.remove_membership(membership=self.get_membership())
        return Response(status=status.HTTP_204_NO_CONTENT)
