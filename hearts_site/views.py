"""Site-level views: the health check, the baseline /ping, the API root, and the 404 and 500
answers (the API's error body under /api/, the site's page elsewhere)."""

from __future__ import annotations

import logging
from pathlib import Path

from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from hearts_site.api.query import refuse_unknown
from hearts_site.deploy_steps import (
    COLLECTSTATIC,
    COMPILEMESSAGES,
    MIGRATE,
    catalogues_missing,
    database_cache_tables,
    missing_tables,
    static_manifest_missing,
)
from hearts_site.errors import error_json
from hearts_site.schema.openapi import documented
from hearts_site.tasks import worker_health
from hearts_site.tasks.queue import QUEUES

# Each operation's tag, summary and description, as integrators read them.
operation = documented(Path(__file__).with_name("operations.toml"))

logger = logging.getLogger(__name__)


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 after one round trip to the database when nothing is missing; 503 when the database
    cannot be reached (``database: unreachable``), a deployment step was left undone
    (``missing``: the steps to run) or a task queue's worker was seen, but not lately
    (``stale_workers``: the queues, hearts_site/tasks/worker_health.py). Why the database failed is
    logged, never shown: anyone may call it.

    A plain Django view: no authentication, no DRF, never cached.
    """
    try:
        absent_tables = _database_round_trip()
    except (OperationalError, InterfaceError) as exc:
        logger.warning("healthz: database unreachable: %s: %s", type(exc).__name__, exc)
        return JsonResponse({"status": "unavailable", "database": "unreachable"}, status=503)
    missing = [COLLECTSTATIC] if static_manifest_missing() else []
    if catalogues_missing():
        missing.append(COMPILEMESSAGES)
    if absent_tables:
        missing.append(MIGRATE)
    if missing:
        logger.error(
            "healthz: deployment steps missing: %s (cache tables missing: %s)",
            ", ".join(missing),
            ", ".join(absent_tables) or "none",
        )
        return JsonResponse(
            {"status": "incomplete", "database": "ok", "missing": missing}, status=503
        )
    stale = worker_health.stale_queues(list(QUEUES))
    if stale:
        logger.error("healthz: no task worker seen lately for queue(s) %s", ", ".join(stale))
        return JsonResponse(
            {"status": "unavailable", "database": "ok", "stale_workers": stale}, status=503
        )
    return JsonResponse({"status": "ok", "database": "ok"})


def _database_round_trip() -> list[str]:
    """One query: the database cache's missing tables, or a ``SELECT 1`` when it has none."""
    if database_cache_tables():
        return missing_tables(connection)
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return []


def ping(request: HttpRequest) -> JsonResponse:
    """The benchmark's baseline (bench/http_load.py): a plain Django JSON view. No database, no DRF,
    so that an endpoint's speed can be given as a share of the least any request costs here."""
    return JsonResponse({"pong": True})


# What the API's root links to: each key of its answer and the URL name it resolves.
ROOT_LINKS = {"schema": "schema", "docs": "swagger-ui", "redoc": "redoc", "health": "healthz"}


@extend_schema(
    **operation("api_root"),
    responses=inline_serializer(
        name="ApiRoot", fields={key: serializers.URLField() for key in ROOT_LINKS}
    ),
)
@api_view(["GET"])
@permission_classes([AllowAny])
def api_root(request: Request) -> Response:
    refuse_unknown(request, ())
    return Response(
        {key: request.build_absolute_uri(reverse(name)) for key, name in ROOT_LINKS.items()}
    )


def _wants_json(request: HttpRequest) -> bool:
    return request.path.startswith("/api/") or "application/json" in request.headers.get(
        "Accept", ""
    )


def not_found(request: HttpRequest, exception: Exception | None = None):
    """404 for an unknown URL: the API's error body under /api/, the site's page elsewhere."""
    if _wants_json(request):
        return error_json(request, 404, "not_found", _("No such address."))
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def server_error(request: HttpRequest):
    """500: the API's error body under /api/ (nothing about the fault itself)."""
    if _wants_json(request):
        return error_json(request, 500, "error", _("A server error occurred."))
    from django.views.defaults import server_error as page_server_error

    return page_server_error(request)
