"""League and club tables as JSON and CSV, with ETags for polling clients, and a league's hands
as CSV.

CSV has its own operations (``standings.csv``), so that a generated client never parses CSV as
JSON; ``?format=csv`` (or ``Accept: text/csv``) on the JSON path still answers CSV for callers
that use it, but is not in the schema."""

from __future__ import annotations

import hashlib
import json

from django.http import HttpResponseBase, StreamingHttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.api.json import FastJSONRenderer
from hearts_site.api.query import takes_query
from hearts_site.errors import DomainError, Unavailable
from hearts_site.http.kept_files import Busy
from hearts_site.http.rendering import kept_rendering
from hearts_site.text import numbers
from scoring import selectors, services
from scoring.api.http import (
    ETAG,
    IF_NONE_MATCH,
    NOT_MODIFIED,
    etag_matches,
    operation,
    response_header,
)
from scoring.api.renderers import StandingsCSVRenderer
from scoring.api.scopes import ClubScopedMixin, LeagueScopedMixin
from scoring.api.serializers.standings import StandingsOutputSerializer, StandingsQuerySerializer
from scoring.api.throttling import ExportThrottle
from scoring.models.counts import TOTALLED
from scoring.selectors import standings
from scoring.selectors.names import audience_key

DATE = OpenApiTypes.DATE
DAYS = f" A date {numbers.DAYS}, else date_out_of_range."
CLUB_PERIOD = [
    OpenApiParameter(
        "from", DATE, required=False, description="Games finished on or after it." + DAYS
    ),
    OpenApiParameter(
        "to", DATE, required=False, description="Games finished on or before it." + DAYS
    ),
    OpenApiParameter(
        "as_of", DATE, required=False, description="The table as it stood that day." + DAYS
    ),
    # ?format=csv still works, but CSV is its own operation: a generated client must not get
    # CSV from the JSON one.
    OpenApiParameter("format", str, exclude=True),
    IF_NONE_MATCH,
    ETAG,
]
LEAGUE_PERIOD = [
    OpenApiParameter(
        "season",
        {"type": "integer", "minimum": 1},
        required=False,
        description="A season of the league (its id).",
    ),
    *CLUB_PERIOD,
]
TABLE_WORDS = (
    "Players ranked by the league's declaration (the club's table: by the default one), "
    "with each one's record over the finished games of the period: games, wins, places, "
    f"points, {', '.join(count.total.replace('_', ' ') for count in TOTALLED)} and the rating "
    "(each field's meaning is in the row's schema); players below min_games are listed after, "
    "as provisional. The ETag changes with any result of the club: poll with If-None-Match "
    "and get 304 meanwhile."
)
LAST_MODIFIED = response_header("Last-Modified", [200], "When the file sent was built.")
CSV_WORDS = "The same table as CSV, one row a player, with a header row; errors are JSON."


def _table_schema(operation_id: str, summary: str, parameters, words: str, body) -> object:
    """A table's ``GET``: ``body`` as the 200 (JSON or CSV), 304 to If-None-Match."""
    return extend_schema(
        operation_id=operation_id,
        tags=["standings"],
        summary=summary,
        description=words,
        parameters=parameters,
        responses={**body, 304: NOT_MODIFIED},
    )


def json_table(operation_id: str, summary: str, parameters) -> object:
    body = {(200, "application/json"): StandingsOutputSerializer}
    return _table_schema(operation_id, summary, parameters, TABLE_WORDS, body)


def csv_table(operation_id: str, summary: str, parameters) -> object:
    body = {(200, "text/csv"): OpenApiTypes.STR}
    return _table_schema(operation_id, summary, parameters, CSV_WORDS, body)


class CSVOnly(BaseContentNegotiation):
    """The CSV operations answer CSV whatever Accept or ?format= says (never a 406): with the
    view's first renderer, or with a body of their own (hands.csv streams its rows)."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


# Periods a caller chooses freely (a season is the league's own): their tables are not kept.
AD_HOC_PERIOD = ("date_from", "date_to", "as_of")


class StandingsMixin:
    renderer_classes = [FastJSONRenderer, StandingsCSVRenderer]
    permission_classes = [AllowAny]

    def handle_exception(self, exc):
        # Errors keep the one JSON error body, even on a CSV request.
        response = super().handle_exception(exc)
        self.request.accepted_renderer = FastJSONRenderer()
        self.request.accepted_media_type = FastJSONRenderer.media_type
        return response

    def query(self, request: Request) -> dict:
        if not request.query_params:  # the table as it stands: nothing to check
            return {}
        params = StandingsQuerySerializer(data=request.query_params.dict())
        params.is_valid(raise_exception=True)
        return params.validated_data

    def period(self, params: dict, league: int | None) -> standings.Period:
        """The period the checked query parameters name (a season: a league's only)."""
        return standings.period_for(
            league=league,
            season_id=params.get("season"),
            date_from=params.get("date_from"),
            date_to=params.get("date_to"),
            as_of=params.get("as_of"),
        )

    def respond(
        self,
        request: Request,
        club_id: int,
        results_version: str,
        params: dict,
        declared: object,
        build,
    ) -> HttpResponseBase:
        """The ETag covers everything the table shows: the club's results version (new with any
        change to its finished games, and so to every rating: ratings are the club's, so a
        correction in another league moves this table's rating column), the ranking
        declaration, the table asked for (its path and checked parameters) and the
        representation (JSON or CSV, by ?format= or Accept), and which names its reader may
        see (``audience_key``: a hidden name's table is another body). A table already
        rendered for this version is sent as it was rendered, but for ad-hoc periods: any
        caller could ask for those without end."""
        asked = {k: v for k, v in params.items() if k != "format"}
        variant = json.dumps(
            [request.path, asked, request.accepted_renderer.format, declared, audience_key()],
            sort_keys=True,
            default=str,
        )
        digest = hashlib.sha256(variant.encode()).hexdigest()
        etag = f'"{results_version[:16]}-{digest[:16]}"'
        if etag_matches(request, etag):
            response = Response(status=304)
        elif any(params.get(k) for k in AD_HOC_PERIOD):
            response = Response(build())
        else:
            key = f"standings:{club_id}:{results_version}:{digest}"
            response = kept_rendering(self, request, key, build)
        response["ETag"] = etag
        patch_vary_headers(response, ["Accept"])
        return response


class LeagueStandingsView(StandingsMixin, LeagueScopedMixin, APIView):
    @json_table("leagues_standings", "Read a league's table", LEAGUE_PERIOD)
    def get(self, request: Request, pk: int) -> Response:
        params = self.query(request)
        seen = self.get_league_version()  # a kept table or a 304 needs no more of the league
        period = self.period(params, league=pk)
        return self.respond(
            request,
            seen.club_id,
            seen.results_version,
            params,
            seen.ranking,
            lambda: standings.league_table(self.get_league(), period),
        )


class ClubStandingsView(StandingsMixin, ClubScopedMixin, APIView):
    @json_table("clubs_standings", "Read a club's table", CLUB_PERIOD)
    def get(self, request: Request, pk: int) -> Response:
        params = self.query(request)
        if params.get("season"):
            raise DomainError(
                "season_not_for_club", _("Seasons belong to leagues: use from and to."), "season"
            )
        club = self.get_club()
        period = self.period(params, league=None)

        def build() -> dict:
            return standings.club_table(club, period)

        return self.respond(request, club.pk, club.results_version, params, None, build)


class CSVTableMixin:
    """A table's ``.csv`` operation: the same view as its JSON table, answering CSV only."""

    renderer_classes = [StandingsCSVRenderer]
    content_negotiation_class = CSVOnly


class LeagueStandingsCSVView(CSVTableMixin, LeagueStandingsView):
    @csv_table("leagues_standings_csv", "Read a league's table as CSV", LEAGUE_PERIOD)
    def get(self, request: Request, pk: int) -> Response:
        return super().get(request, pk)


class ClubStandingsCSVView(CSVTableMixin, ClubStandingsView):
    @csv_table("clubs_standings_csv", "Read a club's table as CSV", CLUB_PERIOD)
    def get(self, request: Request, pk: int) -> Response:
        return super().get(request, pk)


class LeagueHandsCSVView(LeagueScopedMixin, APIView):
    """Every seat of every hand of the league's finished games, streamed as CSV: built once per
    results version of the club (``services.hands_csv``), then sent from the kept copy with its
    ETag and Last-Modified, or a 503 with Retry-After while another request builds it. Callers
    who are not members of the club have an export budget of their own."""

    permission_classes = [AllowAny]
    throttle_classes = [ExportThrottle]
    # The rows are streamed as CSV for any Accept (text/csv too); the renderer is the errors'.
    renderer_classes = [FastJSONRenderer]
    content_negotiation_class = CSVOnly

    def caller_is_member(self) -> bool:
        """Whether the caller has a role in the league's club (``ExportThrottle`` asks)."""
        return selectors.role_in(self.request.user, self.get_league_version().club_id) is not None

    @extend_schema(
        **operation("leagues_hands_csv"),
        parameters=[IF_NONE_MATCH, ETAG, LAST_MODIFIED],
        responses={(200, "text/csv"): OpenApiTypes.STR, 304: NOT_MODIFIED},
    )
    @takes_query()
    def get(self, request: Request, pk: int):
        seen = self.get_league_version()  # a kept file needs no more of the league
        etag = f'"{seen.results_version[:16]}-hands{audience_key()[:16]}"'
        if etag_matches(request, etag):
            response = Response(status=304)
        else:
            found = services.hands_csv(pk, seen.results_version)
            if isinstance(found, Busy):
                raise Unavailable(
                    "export_being_built",
                    _("This file is being built for another request: retry after Retry-After."),
                    wait=found.retry_after,
                )
            response = StreamingHttpResponse(found, content_type="text/csv; charset=utf-8")
            response["Content-Disposition"] = f'attachment; filename="league-{pk}-hands.csv"'
            response["Last-Modified"] = http_date(found.built_at)
        response["ETag"] = etag
        return response
