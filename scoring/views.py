"""Scorekeeping API views: parse, check who may, call a service or selector, serialize."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.errors import DomainError, NotFoundError, PreconditionFailed
from hearts_site.headers import request_header
from hearts_site.rendering import kept_rendering
from scoring import selectors, services
from scoring.idempotency import HEADER as IDEMPOTENCY_HEADER
from scoring.idempotency import idempotent
from scoring.models import (
    Club,
    DeviceToken,
    Dispute,
    Game,
    Hand,
    League,
    Membership,
    Player,
    Season,
)
from scoring.permissions import IsClubDirector, IsClubMember, IsClubOwner, IsClubScorer, ReadOnly
from scoring.serializers import (
    MAX_ID,
    ClubInputSerializer,
    ClubOutputSerializer,
    DeviceTokenCreatedOutputSerializer,
    DeviceTokenInputSerializer,
    DeviceTokenOutputSerializer,
    DisputeInputSerializer,
    DisputeOutputSerializer,
    DisputeResolveInputSerializer,
    GameAbandonInputSerializer,
    GameInputSerializer,
    GameOutputSerializer,
    HandCorrectionInputSerializer,
    HandEntryInputSerializer,
    HandOutputSerializer,
    HandResultOutputSerializer,
    HandVoidInputSerializer,
    HistoryOutputSerializer,
    LeagueInputSerializer,
    LeagueOutputSerializer,
    LeagueUpdateInputSerializer,
    MembershipInputSerializer,
    MembershipOutputSerializer,
    MembershipRoleInputSerializer,
    PlayerInputSerializer,
    PlayerMergeInputSerializer,
    PlayerMergeOutputSerializer,
    PlayerOutputSerializer,
    ScoreboardOutputSerializer,
    SeasonInputSerializer,
    SeasonOutputSerializer,
)

IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Retry-safe create: the same key and body replay the first response.",
)
IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description='The game version you saw (its ETag, e.g. "7"); a stale one gets 412.',
)
CONFLICT = OpenApiResponse(description="The request clashes with the game's state.")


def expected_version(request: Request) -> int | None:
    """The game version an ``If-Match`` header names (``*`` or absent: no precondition)."""
    header = request_header(request, "If-Match")
    if header is None or header.strip() == "*":
        return None
    value = header.strip().removeprefix("W/").strip('"')
    if not value.isdigit() or len(value) > 12:
        raise PreconditionFailed("invalid_if_match", 'If-Match must be a game ETag like "7".', None)
    return int(value)


def with_etag(response: Response, version: int) -> Response:
    response["ETag"] = f'"{version}"'
    return response


def etag_matches(request: Request, etag: str) -> bool:
    """If-None-Match names ``etag``, weak (``W/``) or not: a proxy that compresses a response
    weakens its tag, and the body is still the same."""
    header = request_header(request, "If-None-Match", "")
    return etag in [tag.strip().removeprefix("W/") for tag in header.split(",")]


def not_modified(request: Request, version: int) -> bool:
    return etag_matches(request, f'"{version}"')


class ClubScopedMixin:
    """Resolves the club a request concerns; a club the user may not read is a 404."""

    club_lookup = "pk"

    def get_club_id(self) -> int:
        """What the permissions ask: the club's id, once the user may read the club."""
        return self.get_club().pk

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            club = get_object_or_404(Club, pk=self.kwargs[self.club_lookup])
            if not selectors.can_read(self.request.user, club):
                raise NotFoundError("not_found", "No such club.", None)
            self._club = club
        return self._club


# A write's permission check (``get_club_id``) finds the game and that the user may read it,
# so the write itself needs only the game's id from the URL.
class GameScopedMixin(ClubScopedMixin):
    def get_game(self) -> Game:
        if not hasattr(self, "_game"):
            game = get_object_or_404(Game.objects.select_related("club"), pk=self.kwargs["game_id"])
            if not selectors.can_read(self.request.user, game.club):
                raise NotFoundError("not_found", "No such game.", None)
            self._game = game
            self._club = game.club
        return self._game

    def get_club(self) -> Club:
        return self.get_game().club

    def get_game_version(self) -> selectors.GameVersion:
        """The game's version row (one plain statement, not the ORM's read of the game and its
        club): all a write's permission check, a kept scoreboard or a 304 needs."""
        if not hasattr(self, "_game_version"):
            seen = selectors.game_version(self.kwargs["game_id"], self.request.user)
            if seen is None:
                raise NotFoundError("not_found", "No such game.", None)
            self._game_version = seen
        return self._game_version

    def get_club_id(self) -> int:
        # A write checks its permission on the version row; its service then reads the game it
        # locks (reading it here too was a tenth of a hand entry's time).
        if hasattr(self, "_game"):
            return self._game.club_id
        return self.get_game_version().club_id


class BodyClubMixin(ClubScopedMixin):
    """For creates that name their club in the body (players, leagues, games)."""

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            if self.request.method in ("GET", "HEAD", "OPTIONS"):
                raise NotFoundError("not_found", "No club in this request.", None)
            club_id = self.body_club_id()
            club = Club.objects.filter(pk=club_id).first() if club_id else None
            if club is None or not selectors.can_read(self.request.user, club):
                raise DomainError("unknown_club", "No such club.", "club")
            self._club = club
        return self._club

    def body_club_id(self) -> int | None:
        value = self.request.data.get("club") if isinstance(self.request.data, dict) else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None


# --- Clubs ------------------------------------------------------------------------------------


class ClubListView(generics.ListAPIView):
    serializer_class = ClubOutputSerializer
    permission_classes = [AllowAny]
    ordering_fields = ["name", "created_at"]
    filterset_fields = ["is_public", "slug"]

    def get_queryset(self):
        return selectors.visible_clubs(self.request.user).order_by("name", "id")

    @extend_schema(
        operation_id="clubs_create",
        request=ClubInputSerializer,
        responses={201: ClubOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            self.permission_denied(request)

        def create() -> Response:
            data = ClubInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            club = services.create_club(user=request.user, **data.validated_data)
            return Response(ClubOutputSerializer(club).data, status=status.HTTP_201_CREATED)

        return idempotent(request, create)


class ClubDetailView(ClubScopedMixin, APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="clubs_retrieve", responses={200: ClubOutputSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return Response(ClubOutputSerializer(self.get_club()).data)


class MemberListView(ClubScopedMixin, generics.ListAPIView):
    """Members see their club's members; owners add them."""

    queryset = Membership.objects.none()  # for the schema; get_queryset scopes it
    serializer_class = MembershipOutputSerializer
    permission_classes = [IsAuthenticated & ((ReadOnly & IsClubMember) | IsClubOwner)]

    def get_queryset(self):
        return Membership.objects.filter(club=self.get_club()).select_related("user")

    @extend_schema(
        operation_id="clubs_members_create",
        request=MembershipInputSerializer,
        responses={201: MembershipOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request, pk: int) -> Response:
        def create() -> Response:
            data = MembershipInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            user = get_user_model().objects.filter(username=data.validated_data["username"]).first()
            if user is None:
                raise DomainError("unknown_user", "No user has that username.", "username")
            membership = services.set_membership(
                club=self.get_club(), user=user, role=data.validated_data["role"]
            )
            return Response(
                MembershipOutputSerializer(membership).data, status=status.HTTP_201_CREATED
            )

        return idempotent(request, create)


class MemberDetailView(ClubScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubOwner]

    def get_membership(self) -> Membership:
        return get_object_or_404(Membership, pk=self.kwargs["membership_id"], club=self.get_club())

    @extend_schema(
        operation_id="clubs_members_update",
        request=MembershipRoleInputSerializer,
        responses={200: MembershipOutputSerializer},
    )
    def patch(self, request: Request, pk: int, membership_id: int) -> Response:
        data = MembershipRoleInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = self.get_membership()
        membership = services.set_membership(
            club=membership.club, user=membership.user, role=data.validated_data["role"]
        )
        return Response(MembershipOutputSerializer(membership).data)

    @extend_schema(operation_id="clubs_members_destroy", responses={204: None})
    def delete(self, request: Request, pk: int, membership_id: int) -> Response:
        services.remove_membership(membership=self.get_membership())
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- Players ----------------------------------------------------------------------------------


class PlayerFilter(filters.FilterSet):
    name = filters.CharFilter(lookup_expr="icontains")
    merged = filters.BooleanFilter(field_name="merged_into", lookup_expr="isnull", exclude=True)

    class Meta:
        model = Player
        fields = ["club", "name", "merged"]


class PlayerListView(BodyClubMixin, generics.ListAPIView):
    serializer_class = PlayerOutputSerializer
    permission_classes = [ReadOnly | (IsAuthenticated & IsClubScorer)]
    filterset_class = PlayerFilter
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return selectors.players_for(self.request.user).order_by("name", "id")

    @extend_schema(
        operation_id="players_create",
        request=PlayerInputSerializer,
        responses={201: PlayerOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request) -> Response:
        def create() -> Response:
            data = PlayerInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            player = services.create_player(club=self.get_club(), name=data.validated_data["name"])
            return Response(PlayerOutputSerializer(player).data, status=status.HTTP_201_CREATED)

        return idempotent(request, create)


class PlayerDetailView(ClubScopedMixin, APIView):
    permission_classes = [AllowAny]

    def get_player(self) -> Player:
        if not hasattr(self, "_player"):
            self._player = get_object_or_404(
                Player.objects.select_related("club"), pk=self.kwargs["pk"]
            )
        return self._player

    def get_club(self) -> Club:
        club = self.get_player().club
        if not selectors.can_read(self.request.user, club):
            raise NotFoundError("not_found", "No such player.", None)
        return club

    @extend_schema(operation_id="players_retrieve", responses={200: PlayerOutputSerializer})
    def get(self, request: Request, pk: int) -> Response:
        self.get_club()
        return Response(PlayerOutputSerializer(self.get_player()).data)


class PlayerMergeView(PlayerDetailView):
    http_method_names = ["post", "options"]
    permission_classes = [IsAuthenticated & IsClubDirector]

    @extend_schema(
        operation_id="players_merge",
        request=PlayerMergeInputSerializer,
        responses={200: PlayerMergeOutputSerializer, 409: CONFLICT},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = PlayerMergeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        target = Player.objects.filter(pk=data.validated_data["into"]).first()
        if target is None or target.club_id != self.get_club().pk:
            raise DomainError("unknown_player", "No such player in this club.", "into")
        merge = services.merge_players(
            source=self.get_player(),
            target=target,
            actor=request.user,
            reason=data.validated_data.get("reason", ""),
        )
        return Response(PlayerMergeOutputSerializer(merge).data)


# --- Leagues and seasons ----------------------------------------------------------------------


class LeagueListView(BodyClubMixin, generics.ListAPIView):
    serializer_class = LeagueOutputSerializer
    permission_classes = [ReadOnly | (IsAuthenticated & IsClubDirector)]
    filterset_fields = ["club"]
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return selectors.leagues_for(self.request.user).order_by("name", "id")

    @extend_schema(
        operation_id="leagues_create",
        request=LeagueInputSerializer,
        responses={201: LeagueOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request) -> Response:
        def create() -> Response:
            data = LeagueInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            fields = dict(data.validated_data)
            fields.pop("club")
            league = services.create_league(club=self.get_club(), **fields)
            return Response(LeagueOutputSerializer(league).data, status=status.HTTP_201_CREATED)

        return idempotent(request, create)


class LeagueScopedMixin(ClubScopedMixin):
    def get_league_version(self) -> selectors.LeagueVersion:
        """The league's club and its results version (one plain statement): all a kept table
        or a 304 needs."""
        if not hasattr(self, "_league_version"):
            seen = selectors.league_version(self.kwargs["pk"], self.request.user)
            if seen is None:
                raise NotFoundError("not_found", "No such league.", None)
            self._league_version = seen
        return self._league_version

    def get_league(self) -> League:
        if not hasattr(self, "_league"):
            league = get_object_or_404(League.objects.select_related("club"), pk=self.kwargs["pk"])
            if not selectors.can_read(self.request.user, league.club):
                raise NotFoundError("not_found", "No such league.", None)
            self._league = league
        return self._league

    def get_club(self) -> Club:
        return self.get_league().club


class LeagueDetailView(LeagueScopedMixin, APIView):
    permission_classes = [ReadOnly | (IsAuthenticated & IsClubDirector)]

    @extend_schema(operation_id="leagues_retrieve", responses={200: LeagueOutputSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return Response(LeagueOutputSerializer(self.get_league()).data)

    @extend_schema(
        operation_id="leagues_update",
        request=LeagueUpdateInputSerializer,
        responses={200: LeagueOutputSerializer},
    )
    def patch(self, request: Request, pk: int) -> Response:
        data = LeagueUpdateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league = services.update_league(league=self.get_league(), **data.validated_data)
        return Response(LeagueOutputSerializer(league).data)


class SeasonListView(LeagueScopedMixin, generics.ListAPIView):
    queryset = Season.objects.none()  # for the schema; get_queryset scopes it
    serializer_class = SeasonOutputSerializer
    permission_classes = [ReadOnly | (IsAuthenticated & IsClubDirector)]

    def get_queryset(self):
        return Season.objects.filter(league=self.get_league()).order_by("starts_on", "id")

    @extend_schema(
        operation_id="leagues_seasons_create",
        request=SeasonInputSerializer,
        responses={201: SeasonOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request, pk: int) -> Response:
        def create() -> Response:
            data = SeasonInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            season = services.create_season(league=self.get_league(), **data.validated_data)
            return Response(SeasonOutputSerializer(season).data, status=status.HTTP_201_CREATED)

        return idempotent(request, create)


# --- Games ------------------------------------------------------------------------------------


class GameFilter(filters.FilterSet):
    player = filters.NumberFilter(field_name="seats__player", min_value=1, max_value=MAX_ID)

    class Meta:
        model = Game
        fields = ["club", "league", "season", "status", "player"]


class GameListView(BodyClubMixin, generics.ListAPIView):
    serializer_class = GameOutputSerializer
    permission_classes = [ReadOnly | (IsAuthenticated & IsClubScorer)]
    filterset_class = GameFilter
    ordering_fields = ["started_at", "finished_at"]

    def get_queryset(self):
        return selectors.games_for(self.request.user).order_by("-started_at", "-id")

    def body_club_id(self) -> int | None:
        data = self.request.data if isinstance(self.request.data, dict) else {}
        league_id = data.get("league")
        if isinstance(league_id, int) and not isinstance(league_id, bool):
            league = League.objects.filter(pk=league_id).first()
            if league is None:
                raise DomainError("unknown_league", "No such league.", "league")
            return league.club_id
        return super().body_club_id()

    @extend_schema(
        operation_id="games_create",
        request=GameInputSerializer,
        responses={201: GameOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request) -> Response:
        def create() -> Response:
            data = GameInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            fields = dict(data.validated_data)
            fields.pop("club", None)
            game = services.start_game(club=self.get_club(), actor=request.user, **fields)
            game = selectors.games_for(request.user).get(pk=game.pk)
            return with_etag(
                Response(GameOutputSerializer(game).data, status=status.HTTP_201_CREATED),
                game.version,
            )

        return idempotent(request, create)


class GameDetailView(GameScopedMixin, APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_retrieve",
        responses={200: GameOutputSerializer, 304: OpenApiResponse(description="Not modified.")},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = self.get_game()
        if not_modified(request, game.version):
            return with_etag(Response(status=status.HTTP_304_NOT_MODIFIED), game.version)
        game = selectors.games_for(request.user).get(pk=game.pk)
        return with_etag(Response(GameOutputSerializer(game).data), game.version)


class GameAbandonView(GameScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubScorer]

    @extend_schema(
        operation_id="games_abandon",
        request=GameAbandonInputSerializer,
        responses={200: GameOutputSerializer, 409: CONFLICT},
        parameters=[IF_MATCH],
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = GameAbandonInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.abandon_game(
            game_id=game_id,
            reason=data.validated_data["reason"],
            actor=request.user,
            expected_version=expected_version(request),
        )
        game = selectors.games_for(request.user).get(pk=game.pk)
        return with_etag(Response(GameOutputSerializer(game).data), game.version)


class ScoreboardView(GameScopedMixin, APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_scoreboard",
        responses={
            200: ScoreboardOutputSerializer,
            304: OpenApiResponse(description="Not modified."),
        },
    )
    def get(self, request: Request, game_id: int) -> Response:
        seen = self.get_game_version()  # a kept board or a 304 needs no more of the game
        if not_modified(request, seen.version):
            return with_etag(Response(status=status.HTTP_304_NOT_MODIFIED), seen.version)
        # The version and the time of the last change: a restored backup reuses versions.
        key = f"scoreboard:{game_id}:{seen.version}:{seen.changed}"
        board = kept_rendering(
            self,
            request,
            key,
            lambda: selectors.scoreboard(self.get_game()),
            # Built from a later read: kept only if no write came between the two.
            keep=lambda: selectors.game_still_at(game_id, seen.version),
        )
        return with_etag(board, seen.version)


class HistoryView(GameScopedMixin, generics.ListAPIView):
    serializer_class = HistoryOutputSerializer
    permission_classes = [AllowAny]
    filter_backends: list = []

    def get_queryset(self):
        return selectors.history_of(self.get_game())


# --- Hands ------------------------------------------------------------------------------------


class HandListView(GameScopedMixin, generics.ListAPIView):
    serializer_class = HandOutputSerializer
    permission_classes = [AllowAny]
    filter_backends: list = []

    def get_queryset(self):
        return Hand.objects.filter(game=self.get_game()).order_by("number")


def hand_result(hand: Hand, game_id: int, created: bool) -> Response:
    # A hand just created carries the game as its write left it, and is the game's last hand.
    game = hand.game if created else Game.objects.get(pk=game_id)
    outcome = services.hand_outcome(game, recorded=hand.number if created else None)
    body = {"hand": HandOutputSerializer(hand).data, **outcome}
    code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
    return with_etag(Response(body, status=code), game.version)


class HandDetailView(GameScopedMixin, APIView):
    """GET a hand; PUT enters it (idempotent); PATCH corrects it with a reason."""

    def get_permissions(self):
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return [AllowAny()]
        return [(IsAuthenticated & IsClubScorer)()]

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
        return hand_result(hand, game_id, created=False)


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
        return hand_result(hand, game_id, created=False)


class DisputeListView(GameScopedMixin, generics.ListAPIView):
    serializer_class = DisputeOutputSerializer
    permission_classes = [ReadOnly | (IsAuthenticated & IsClubScorer)]
    filter_backends: list = []

    def get_queryset(self):
        return Dispute.objects.filter(
            hand__game=self.get_game(), hand__number=self.kwargs["number"]
        ).select_related("hand")

    @extend_schema(
        operation_id="games_hands_disputes_create",
        request=DisputeInputSerializer,
        responses={201: DisputeOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request, game_id: int, number: int) -> Response:
        def create() -> Response:
            data = DisputeInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            record = dict(data.validated_data)
            reason = record.pop("reason", "")
            dispute = services.open_dispute(
                game_id=game_id,
                number=number,
                record=record,
                actor=request.user,
                reason=reason,
            )
            return Response(DisputeOutputSerializer(dispute).data, status=status.HTTP_201_CREATED)

        return idempotent(request, create)


class DisputeResolveView(GameScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubDirector]

    @extend_schema(
        operation_id="games_hands_disputes_resolve",
        request=DisputeResolveInputSerializer,
        responses={200: DisputeOutputSerializer, 409: CONFLICT},
    )
    def post(self, request: Request, game_id: int, number: int, dispute_id: int) -> Response:
        data = DisputeResolveInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        get_object_or_404(Dispute, pk=dispute_id, hand__game_id=game_id, hand__number=number)
        dispute = services.resolve_dispute(
            dispute_id=dispute_id, actor=request.user, **data.validated_data
        )
        return Response(DisputeOutputSerializer(dispute).data)


# --- Device tokens ----------------------------------------------------------------------------


class DeviceTokenListView(generics.ListAPIView):
    serializer_class = DeviceTokenOutputSerializer
    permission_classes = [IsAuthenticated]
    filter_backends: list = []

    def get_queryset(self):
        return DeviceToken.objects.filter(user=self.request.user)

    @extend_schema(
        operation_id="auth_tokens_create",
        request=DeviceTokenInputSerializer,
        responses={201: DeviceTokenCreatedOutputSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    def post(self, request: Request) -> Response:
        def create() -> Response:
            data = DeviceTokenInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            token, key = services.create_device_token(
                user=request.user, name=data.validated_data["name"]
            )
            token.key = key
            return Response(
                DeviceTokenCreatedOutputSerializer(token).data, status=status.HTTP_201_CREATED
            )

        # A replay names the token but cannot show its key again: only its hash is kept.
        return idempotent(request, create, redact=lambda body: {**body, "key": None})


class DeviceTokenDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="auth_tokens_revoke", responses={200: DeviceTokenOutputSerializer})
    def delete(self, request: Request, pk: int) -> Response:
        token = get_object_or_404(DeviceToken, pk=pk, user=request.user)
        token = services.revoke_device_token(token=token)
        return Response(DeviceTokenOutputSerializer(token).data)
