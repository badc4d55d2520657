"""Adjudication API views: parse, call the engine through the service, present."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from adjudication.engine import PRESETS, RULE_CODES, describe_rule
from adjudication.engine.claim_words import CLAIM_CODES
from adjudication.examples import adjudication_examples
from adjudication.selectors import describe_preset
from adjudication.serializers import (
    AdjudicationInputSerializer,
    AdjudicationOutputSerializer,
    PresetSerializer,
    RuleCodeSerializer,
    usual_adjudication,
)
from adjudication.services import present_ruling, rule_on_hand
from hearts_site.api.query import takes_query
from hearts_site.api.shortcut import UsualCallShortcut
from hearts_site.api.throttling import ComputeRateThrottle
from hearts_site.errors import NotFoundError
from hearts_site.schema.openapi import documented

# Each operation's tag, summary and description, as integrators read them.
operation = documented(Path(__file__).with_name("operations.toml"))

T = TypeVar("T")


class AdjudicationView(UsualCallShortcut):
    """Rule on a hand's record. Stores nothing, so anyone may ask."""

    permission_classes = [AllowAny]
    throttle_classes = [ComputeRateThrottle]

    @extend_schema(
        **operation("adjudicate"),
        request=AdjudicationInputSerializer,
        responses={200: AdjudicationOutputSerializer},
        examples=adjudication_examples(),
    )
    def post(self, request: Request) -> Response:
        serializer = AdjudicationInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        ruling = rule_on_hand(serializer.validated_data)
        return Response(present_ruling(ruling))

    def usual_answer(self, data: Any) -> Any | None:
        """``post``'s answer to an anonymous JSON call (hearts_site/api/shortcut.py) whose body the
        input serializer's one-pass check takes; None for any other."""
        checked = usual_adjudication(data)
        return None if checked is None else present_ruling(rule_on_hand(checked))


PLAYERS = OpenApiParameter(
    "players", int, description="Show the player-count defaults for 3 to 6 players.", required=False
)


def preset_read(
    operation_id: str,
    summary: str,
    description: str,
    response: type[Serializer] | Serializer,
    *parameters: OpenApiParameter,
) -> Callable[[T], T]:
    """The schema of a read of the presets, which ``?players=`` may ask about."""
    return extend_schema(
        operation_id=operation_id,
        tags=["adjudication"],
        summary=summary,
        description=description,
        parameters=[PLAYERS, *parameters],
        responses={200: response},
    )


class RulesetListView(APIView):
    permission_classes = [AllowAny]

    @preset_read(
        "rulesets_list",
        "Every preset with every option and its source text",
        "The presets a ruleset can start from, each with every option spelled out, what it "
        "sets otherwise than standard, and the published rules it follows.",
        PresetSerializer(many=True),
    )
    @takes_query("players")
    def get(self, request: Request) -> Response:
        players = request.query_params.get("players")
        return Response([describe_preset(name, players) for name in PRESETS])


class RulesetDetailView(APIView):
    permission_classes = [AllowAny]

    @preset_read(
        "rulesets_retrieve",
        "One preset with every option and its source text",
        "One preset (standard, omnibus, …: an unknown name is a 404), every option spelled out.",
        PresetSerializer,
        OpenApiParameter("preset", str, OpenApiParameter.PATH, enum=list(PRESETS)),
    )
    @takes_query("players")
    def get(self, request: Request, preset: str) -> Response:
        if preset not in PRESETS:
            message = _("There is no preset {preset}.").format(preset=repr(preset[:40]))
            raise NotFoundError("unknown_preset", message, "preset")
        return Response(describe_preset(preset, request.query_params.get("players")))


class RuleCodeListView(APIView):
    permission_classes = [AllowAny]
    pagination_class = None

    @extend_schema(
        **operation("rule_codes_list"),
        responses={200: RuleCodeSerializer(many=True)},
    )
    @takes_query()
    def get(self, request: Request) -> Response:
        plays = [{"rule": code, "description": describe_rule(code)} for code in RULE_CODES]
        claims = [{"rule": code, "description": _(text)} for code, text in CLAIM_CODES.items()]
        return Response(plays + claims)
