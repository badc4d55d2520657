"""Games: the list and a new game, one game, its abandon, its scoreboard and its history."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django_filters import rest_framework as filters
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.errors import DomainError
from hearts_site.http.rendering import kept_rendering
from scoring import selectors, services
from scoring.api.filters import IdFilter
from scoring.api.http import (
    changes,
    expected_version,
    lists,
    not_modified,
    reads,
    with_etag,
)
from scoring.api.permissions import SCORERS_WRITE, IsClubScorer
from scoring.api.scopes import ClubRowsView, GameRowsView, GameScopedMixin, body_id, club_rows
from scoring.api.serializers.games import (
    GameAbandonInputSerializer,
    GameInputSerializer,
    GameOutputSerializer,
    HistoryOutputSerializer,
    ScoreboardOutputSerializer,
)
from scoring.models import Game, League

GAMES_ABANDON_CONFLICTS = {"game_over": "the game is already finished or abandoned"}
GAMES_CREATE_CONFLICTS = {"table_in_use": "another game of the club is in progress at the table"}


class GameFilter(filters.FilterSet):
    club = IdFilter(help_text="A club's games.")
    league = IdFilter(help_text="A league's games.")
    season = IdFilter(help_text="A season's games.")
    player = IdFilter(field_name="seats__player", help_text="A player's games.")

    class Meta:
        model = Game
        fields = ["club", "league", "season", "status", "player"]


@club_rows(
    "games",
    selectors.games_for,
    GameInputSerializer,
    GameOutputSerializer,
    conflicts=GAMES_CREATE_CONFLICTS,
    versioned=True,
)
class GameListView(ClubRowsView):
    permission_classes = SCORERS_WRITE
    filterset_class = GameFilter
    ordering_fields = ["started_at", "finished_at"]

    def body_club_id(self) -> int | None:
        """A league game's club is its league's; a league the user may not read is no league
        (what the club's privacy hides, the answer must not tell: not ``unknown_club``)."""
        league_id = body_id(self.request, "league")
        if league_id is None:
            return super().body_club_id()
        league = League.objects.select_related("club").filter(pk=league_id).first()
        if league is None or not selectors.can_read(self.request.user, league.club):
            raise DomainError("unknown_league", _("No such league."), "league")
        return league.club_id

    def perform(self, data: dict) -> Game:
        data.pop("club", None)
        game = services.start_game(club=self.get_club(), actor=self.request.user, **data)
        return selectors.games_for(self.request.user).get(pk=game.pk)

    def created(self, instance: Game) -> Response:
        return with_etag(super().created(instance), instance.version)


def _game_response(game: Game, user, code: int = status.HTTP_200_OK) -> Response:
    """The game as the list shows it (seats, players), with its version as the ETag."""
    game = selectors.games_for(user).get(pk=game.pk)
    return with_etag(Response(GameOutputSerializer(game).data, status=code), game.version)


class GameDetailView(GameScopedMixin, APIView):
    permission_classes = [AllowAny]

    @reads("games_retrieve", GameOutputSerializer, versioned=True)
    def get(self, request: Request, game_id: int) -> Response:
        game = self.get_game()
        return not_modified(request, game.version) or _game_response(game, request.user)


class GameAbandonView(GameScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubScorer]

    @changes(
        "games_abandon",
        GameAbandonInputSerializer,
        GameOutputSerializer,
        GAMES_ABANDON_CONFLICTS,
        versioned=True,
    )
    def post(self, request: Request, body: dict[str, Any], game_id: int) -> Response:
        game = services.abandon_game(
            game_id=game_id,
            reason=body["reason"],
            actor=request.user,
            expected_version=expected_version(request),
        )
        return _game_response(game, request.user)


class ScoreboardView(GameScopedMixin, APIView):
    permission_classes = [AllowAny]

    @reads("games_scoreboard", ScoreboardOutputSerializer, versioned=True)
    def get(self, request: Request, game_id: int) -> Response:
        seen = self.get_game_version()  # a kept board or a 304 needs no more of the game
        unchanged = not_modified(request, seen.version)
        if unchanged:
            return unchanged
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


@lists("games_history_list")
class HistoryView(GameRowsView):
    serializer_class = HistoryOutputSerializer
    rows_of = staticmethod(selectors.history_of)
