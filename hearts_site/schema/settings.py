"""The OpenAPI document's settings for drf-spectacular, kept out of settings.py by size."""

from __future__ import annotations

import tomllib
from pathlib import Path

# The schema's tags and what each groups, in the documentation's order: words for integrators,
# kept in TOML as each operation's are.
API_TAGS = tomllib.loads((Path(__file__).parent / "tags.toml").read_text(encoding="utf-8"))


def openapi_settings() -> dict:
    """drf-spectacular's settings: the document's words, enums and hooks."""
    return {
        "TITLE": "Hearts scorekeeping and adjudication API",
        "DESCRIPTION": (
            "Clubs, leagues and games of Hearts, and the rules engine that checks them.\n\n"
            "Sign in with a device token (`Authorization: Token <key>`, from "
            "`POST /api/v1/auth/sign-in/` with a username and password) or the pages' session. "
            "Every error answer has one body, "
            "`ErrorBody`: a `type` and a list of `errors`, each with a stable `code`, a `detail` "
            "for people (in the language `Accept-Language` asks for: English, `zh-Hans`, `de`, "
            "`fr` or `es`) and the field (`attr`) it concerns. "
            "Writes to a game take `If-Match` with the game's ETag (a stale one is refused "
            "with 412); creates take an `Idempotency-Key` "
            "(a retry replays the first answer); reads that send `If-None-Match` get 304 when "
            "nothing changed."
        ),
        "VERSION": "1.0.0",
        "SERVE_INCLUDE_SCHEMA": False,
        "COMPONENT_SPLIT_REQUEST": True,
        "ENUM_GENERATE_CHOICE_DESCRIPTION": False,  # its values are its words: no "* `left`"
        "SCHEMA_PATH_PREFIX": r"/api/v1",
        # An id in a path is a row id: hearts_site.http.converters.IdConverter, at most 18 digits.
        "PATH_CONVERTER_OVERRIDES": {
            "id": {"type": "integer", "format": "int64", "minimum": 0, "maximum": 10**18 - 1}
        },
        # One enum per concept, named after it wherever it appears.
        "ENUM_NAME_OVERRIDES": {
            "HoldingsSourceEnum": "adjudication.serializers.HOLDINGS_SOURCES",
            "DirectionEnum": "adjudication.engine.option_values.DIRECTIONS",
            "MoonChoiceEnum": "adjudication.engine.option_values.MOON_CHOICES",
            "GameStatusEnum": "scoring.models.GameStatus",
            "LevelEnum": "scoring.models.EntryLevel",
            "DisputeStatusEnum": "scoring.models.DisputeStatus",
            "RoleEnum": "scoring.models.Role",
            "NameVisibilityEnum": "scoring.models.NameVisibility",
            "CriterionEnum": "scoring.api.serializers.leagues.CRITERION_CHOICES",
            "TieBreakEnum": "scoring.api.serializers.leagues.TIE_BREAK_CHOICES",
            "DecisionEnum": "scoring.api.serializers.disputes.DISPUTE_DECISIONS",
            "EventTypeEnum": "scoring.models.EventType",
            "DeliveryStatusEnum": "scoring.models.DeliveryStatus",
            "NightStatusEnum": "scoring.models.NightStatus",
            "RoundStatusEnum": "scoring.models.RoundStatus",
            "GameEndEnum": "scoring.models.GameEnd",
            "NightCriterionEnum": "scoring.api.serializers.nights.FORMULA_CHOICES",
            "NightResultsEnum": "scoring.selectors.night_results.STATES",
            "WaitingHandEnum": "scoring.selectors.night_results.WAITS",
            "SettleDecisionEnum": "scoring.services.nights.results.DECISIONS",
            "RuleEnum": "adjudication.serializers.PLAY_RULES",
            "ClaimRuleEnum": "adjudication.claim_serializers.CLAIM_RULES",
            "ClaimWithoutLineEnum": "adjudication.claim_serializers.UNSTATED",
            "IrregularityKindEnum": "adjudication.engine.irregularity_options.KINDS",
            "ClaimProofKindEnum": ["counter_line", "conceded_line"],
            "IrregularityLeftToTableEnum": "adjudication.irregularity_serializers.LEFT_TO_TABLE",
            "ClaimLeftToTableEnum": "adjudication.engine.claim_result.LEFT_TO_TABLE",
            "RulingKindEnum": "scoring.models.RulingKind",
            "RulingStatusEnum": "scoring.models.RulingStatus",
            "RulingDecisionEnum": "scoring.services.ruling_decisions.DECISIONS",
        },
        "TAGS": [{"name": name, "description": words} for name, words in API_TAGS.items()],
        "POSTPROCESSING_HOOKS": [
            "drf_spectacular.hooks.postprocess_schema_enums",
            "hearts_site.schema.openapi.finish",
        ],
        # The documentation pages' scripts are served from here (drf-spectacular-sidecar): they
        # work without reaching any other host.
        "SWAGGER_UI_DIST": "SIDECAR",
        "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
        "REDOC_DIST": "SIDECAR",
    }
