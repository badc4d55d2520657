"""Invitations into a club: an owner makes one for a role (its token shown once) and may revoke
it until it is accepted; a signed-in person who holds the token accepts it and becomes a member
(a new person signs up with it: views/signup.py)."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import services
from scoring.api.http import CreateView, conflict, creates, lists, operation
from scoring.api.permissions import IsClubOwner
from scoring.api.scopes import ClubScopedMixin
from scoring.api.serializers.clubs import (
    InvitationAcceptInputSerializer,
    InvitationCreatedOutputSerializer,
    InvitationInputSerializer,
    InvitationOutputSerializer,
    MembershipOutputSerializer,
)
from scoring.models import Invitation


def shown_once(invitation: Invitation, token: str) -> Invitation:
    """A new invitation as its creator's answer shows it: with its token and the page link
    that carries it (shown in that answer only)."""
    invitation.token = token
    invitation.link = reverse("page-invitation", args=[token])
    return invitation


def redact_token(body: dict) -> dict:
    """A replay cannot show the token again: only its hash is kept."""
    return {**body, "token": None, "link": None}


@lists("clubs_invitations_list")
@creates(
    "clubs_invitations_create",
    InvitationInputSerializer,
    InvitationCreatedOutputSerializer,
)
class InvitationListView(ClubScopedMixin, CreateView, generics.ListAPIView):
    queryset = Invitation.objects.none()  # for the schema; get_queryset scopes it
    serializer_class = InvitationOutputSerializer
    permission_classes = [IsAuthenticated & IsClubOwner]
    filter_backends: list = []

    def get_queryset(self):
        return Invitation.objects.filter(club=self.get_club())

    def perform(self, data: dict) -> Invitation:
        invitation, token = services.create_invitation(
            club=self.get_club(), role=data["role"], actor=self.request.user
        )
        return shown_once(invitation, token)

    redact = staticmethod(redact_token)


class InvitationDetailView(ClubScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubOwner]

    @extend_schema(
        **operation("clubs_invitations_revoke"),
        responses={
            200: InvitationOutputSerializer,
            409: conflict({"invitation_used": "it was accepted already: remove the member"}),
        },
    )
    def delete(self, request: Request, pk: int, invitation_id: int) -> Response:
        invitation = services.revoke_invitation(club=self.get_club(), invitation_id=invitation_id)
        return Response(InvitationOutputSerializer(invitation).data)


class InvitationAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        **operation("invitations_accept"),
        request=InvitationAcceptInputSerializer,
        responses={
            200: MembershipOutputSerializer,
            400: OpenApiResponse(
                description="unknown_invitation: unknown, already used, revoked or expired; "
                "or the body."
            ),
            409: conflict(
                {
                    "role_unchanged": "the caller holds this role or a higher one (and is the "
                    "player it names): the invitation would change nothing and stays unused",
                    "player_merged": "the player it names was merged into another record",
                    "player_linked": "another account is linked to the player it names",
                    "already_linked": "the caller is linked to another player of this club",
                }
            ),
        },
    )
    def post(self, request: Request) -> Response:
        data = InvitationAcceptInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.accept_invitation(
            token=data.validated_data["token"], user=request.user
        )
        return Response(MembershipOutputSerializer(membership, context={"request": request}).data)
