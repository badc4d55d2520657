"""Hand records (docs/hand-record.md): a game's, a night's, a league's or a club's games
streamed as a record (text, or its JSON twin with ``?form=json``), the twin's JSON Schema,
and a record imported into a club by a director (with a dry run that previews it)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import StreamingHttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.api.json import FastJSONParser, FastJSONRenderer
from hearts_site.api.query import takes_query
from hearts_site.errors import DomainError, NotFoundError
from scoring import selectors
from scoring.api.http import changes, operation, reads
from scoring.api.permissions import DIRECTORS_WRITE
from scoring.api.scopes import ClubScopedMixin, GameScopedMixin, LeagueScopedMixin
from scoring.api.serializers.hand_records import (
    RecordImportInputSerializer,
    RecordImportOutputSerializer,
    SheetImportInputSerializer,
    sheet_mapping,
)
from scoring.api.throttling import ExportThrottle
from scoring.api.views.standings import CSVOnly
from scoring.record import json_schema, write_json, write_text
from scoring.selectors import hand_records
from scoring.selectors.nights import night_of
from scoring.services.hand_records import import_record
from scoring.services.score_sheets import import_sheet

FORMS = {
    "text": ("text/plain; charset=utf-8", "hrec"),
    "json": ("application/json", "json"),
}
FORM = OpenApiParameter(
    "form",
    {"type": "string", "enum": list(FORMS), "default": "text"},
    required=False,
    description="text: the record's text (default); json: its JSON twin.",
)
RECORD_RESPONSES = {
    (200, "text/plain"): OpenApiTypes.STR,
    (200, "application/json"): OpenApiTypes.OBJECT,
}


class _RecordExport(APIView):
    """A scope's games streamed as a hand record, a game a piece (memory stays flat)."""

    permission_classes = [AllowAny]
    throttle_classes = [ExportThrottle]
    renderer_classes = [FastJSONRenderer]
    content_negotiation_class = CSVOnly

    def caller_is_member(self) -> bool:
        """Whether the caller has a role in the scope's club (``ExportThrottle`` asks)."""
        return selectors.role_in(self.request.user, self.get_club().pk) is not None

    def stream(
        self, request: Request, games: QuerySet, name: str, through: int | None = None
    ) -> StreamingHttpResponse:
        form = request.query_params.get("form", "text")
        if form not in FORMS:
            raise DomainError("invalid_form", _("form is text or json."), "form")
        writer = write_json if form == "json" else write_text
        pieces = (piece.encode() for piece in writer(hand_records.record_games(games, through)))
        content_type, suffix = FORMS[form]
        response = StreamingHttpResponse(pieces, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{name}.{suffix}"'
        return response


def _exports(operation_id: str):
    return extend_schema(**operation(operation_id), parameters=[FORM], responses=RECORD_RESPONSES)


class GameRecordView(GameScopedMixin, _RecordExport):
    @_exports("games_hand_record")
    @takes_query("form")
    def get(self, request: Request, game_id: int):
        game = self.get_game()
        return self.stream(request, hand_records.one_game(game.pk), f"game-{game.pk}")


class HandRecordView(GameScopedMixin, _RecordExport):
    @_exports("games_hands_hand_record")
    @takes_query("form")
    def get(self, request: Request, game_id: int, number: int):
        game = self.get_game()
        if not hand_records.has_hand(game.pk, number):
            message = _("Game {game} has no hand {number}.").format(game=game.pk, number=number)
            raise NotFoundError("hand_not_found", message, None)
        name = f"game-{game.pk}-hand-{number}"
        return self.stream(request, hand_records.one_game(game.pk), name, through=number)


class LeagueRecordView(LeagueScopedMixin, _RecordExport):
    @_exports("leagues_hand_record")
    @takes_query("form")
    def get(self, request: Request, pk: int):
        league = self.get_league()
        return self.stream(request, hand_records.league_games(league.pk), f"league-{league.pk}")


class ClubRecordView(ClubScopedMixin, _RecordExport):
    @_exports("clubs_hand_record")
    @takes_query("form")
    def get(self, request: Request, pk: int):
        club = self.get_club()
        return self.stream(request, hand_records.club_games(club.pk), f"club-{club.slug}")


class NightRecordView(ClubScopedMixin, _RecordExport):
    @_exports("clubs_nights_hand_record")
    @takes_query("form")
    def get(self, request: Request, pk: int, night_id: int):
        night = night_of(self.get_club(), night_id)
        if night is None:
            raise NotFoundError("night_not_found", _("No such night."), None)
        return self.stream(request, hand_records.night_games(night.pk), f"night-{night.pk}")


class RecordSchemaView(APIView):
    """The JSON twin's JSON Schema, at a stable address."""

    permission_classes = [AllowAny]

    @reads("hand_record_schema", OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        return Response(json_schema())


class RecordImportView(ClubScopedMixin, APIView):
    permission_classes = DIRECTORS_WRITE
    # A file may come as multipart, past the JSON body's limit (hearts_site/uploads.py).
    parser_classes = [FastJSONParser, MultiPartParser]

    # The schema documents the JSON body; the same fields as multipart are in the description.
    @extend_schema(request={"application/json": RecordImportInputSerializer})
    @changes(
        "clubs_hand_record_import",
        RecordImportInputSerializer,
        RecordImportOutputSerializer,
        {
            "record_game_differs": "A game of the record is here with other contents.",
            "record_game_twice": "A game id is twice in the record.",
            "league_confirms": "The record's league here waits for confirmations.",
        },
    )
    def post(self, request: Request, body: dict[str, Any], pk: int) -> Response:
        outcome = import_record(
            club=self.get_club(),
            data=body["record"],
            form=body.get("form", "text"),
            actor=request.user,
            dry_run=body.get("dry_run", False),
        )
        return Response(RecordImportOutputSerializer(outcome).data)


class SheetImportView(ClubScopedMixin, APIView):
    permission_classes = DIRECTORS_WRITE
    parser_classes = [FastJSONParser, MultiPartParser]

    @extend_schema(request={"application/json": SheetImportInputSerializer})
    @changes(
        "clubs_hand_record_sheet_import",
        SheetImportInputSerializer,
        RecordImportOutputSerializer,
        {"sheet_game_differs": "A game of the sheet is here with other hands."},
    )
    def post(self, request: Request, body: dict[str, Any], pk: int) -> Response:
        outcome = import_sheet(
            club=self.get_club(),
            text=body["sheet"],
            mapping=sheet_mapping(body),
            actor=request.user,
            dry_run=body["dry_run"],
            ruleset=body.get("ruleset"),
            league_id=body.get("league"),
        )
        return Response(RecordImportOutputSerializer(outcome).data)
