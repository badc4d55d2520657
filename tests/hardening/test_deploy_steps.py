"""Forgotten deployment steps are found and named, never taken for a database outage:
`migrate` alone makes the cache tables; `check --deploy` and /healthz name a missing
`collectstatic`, cache table or compiled catalogue; a missing table is a 503
`setup_incomplete`."""

from __future__ import annotations

import gettext
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from django.core import checks
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.http import JsonResponse
from django.test import override_settings
from django.urls import path
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from tests.test_foundation import run_python

MANIFEST_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
DATABASE_CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "hearts_cache",
    },
    "kept": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "hearts_kept"},
    "rendered": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
}


@api_view(["GET"])
@permission_classes([AllowAny])
def api_reads_the_cache(request):
    return Response({"count": caches["default"].get("count")})


def plain_reads_the_cache(request):
    return JsonResponse({"count": caches["default"].get("count")})


urlpatterns = [
    path("api-cache", api_reads_the_cache),
    path("plain-cache", plain_reads_the_cache),
]


@pytest.fixture
def no_static_manifest(tmp_path):
    with override_settings(STORAGES=MANIFEST_STORAGES, STATIC_ROOT=tmp_path):
        yield tmp_path


@pytest.fixture
def no_cache_table(db):
    """The database cache, its first table dropped (the test's transaction brings it back)."""
    with override_settings(CACHES=DATABASE_CACHES):
        with connection.cursor() as cursor:
            cursor.execute("DROP TABLE hearts_cache")
        yield


def test_migrate_alone_makes_the_database_cache_tables(tmp_path):
    database = tmp_path / "fresh.sqlite3"
    env = {"DATABASE_URL": f"sqlite:///{database}", "CACHE_URL": ""}
    migrated = run_python(["manage.py", "migrate", "--noinput"], env)
    assert migrated.returncode == 0, migrated.stderr
    with sqlite3.connect(database) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert {"hearts_cache", "hearts_kept"} <= tables
    checked = run_python(["manage.py", "check", "--database", "default"], env)
    assert checked.returncode == 0, checked.stderr


def test_check_deploy_names_collectstatic_when_the_static_manifest_is_missing(
    no_static_manifest,
):
    found = checks.run_checks(include_deployment_checks=True, tags=[checks.Tags.staticfiles])
    assert [m.id for m in found if m.id == "hearts.E002"] == ["hearts.E002"]
    assert "collectstatic" in next(m.hint for m in found if m.id == "hearts.E002")
    (no_static_manifest / "staticfiles.json").write_text('{"paths": {}, "version": "1.1"}')
    found = checks.run_checks(include_deployment_checks=True, tags=[checks.Tags.staticfiles])
    assert "hearts.E002" not in [m.id for m in found]


@pytest.mark.django_db
def test_check_deploy_names_migrate_when_a_cache_table_is_missing(no_cache_table):
    found = checks.run_checks(
        include_deployment_checks=True, tags=[checks.Tags.database], databases=["default"]
    )
    errors = [m for m in found if m.id == "hearts.E003"]
    assert len(errors) == 1 and "hearts_cache" in errors[0].msg
    assert "migrate" in errors[0].hint


@pytest.mark.django_db
def test_healthz_answers_503_naming_collectstatic_when_the_manifest_is_missing(
    client, no_static_manifest
):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "incomplete",
        "database": "ok",
        "missing": ["collectstatic"],
    }


def test_healthz_answers_503_naming_migrate_when_a_cache_table_is_missing(client, no_cache_table):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "incomplete", "database": "ok", "missing": ["migrate"]}


@pytest.mark.urls(__name__)
@pytest.mark.parametrize("where", ["/api-cache", "/plain-cache"])
def test_a_missing_cache_table_is_setup_incomplete_never_an_unreachable_database(
    client, no_cache_table, where, caplog
):
    client.raise_request_exception = False
    response = client.get(where)
    assert response.status_code == 503
    error = response.json()["errors"][0]
    assert error["code"] == "setup_incomplete"
    assert "hearts_cache" not in error["detail"]  # the driver's text goes to the log only
    assert any(
        "hearts_cache" in r.getMessage() and "migrate" in r.getMessage() for r in caplog.records
    )


@pytest.fixture
def uncompiled_catalogues(tmp_path, monkeypatch):
    """The project's .po files alone in a checkout of their own (no .mo): a server after
    `pip install`, before `compilemessages`."""
    root = Path(__file__).resolve().parents[2] / "locale"
    locale = tmp_path / "locale"
    for source in root.glob("*/LC_MESSAGES/*.po"):
        target = locale / source.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    monkeypatch.chdir(tmp_path)  # compilemessages looks for locale/ from where it runs
    with override_settings(LOCALE_PATHS=[locale]):
        yield locale


@pytest.mark.django_db
def test_healthz_and_check_deploy_name_compilemessages_until_it_runs(client, uncompiled_catalogues):
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json()["missing"] == ["compilemessages"]
    found = checks.run_checks(include_deployment_checks=True, tags=[checks.Tags.translation])
    (error,) = [m for m in found if m.id == "hearts.E004"]
    assert "de/LC_MESSAGES/django.mo" in error.msg and "compilemessages" in error.hint
    call_command("compilemessages", verbosity=0)
    assert client.get("/healthz").status_code == 200
    german = gettext.translation("django", uncompiled_catalogues, ["de"])
    assert german.gettext("Check in") == "Einchecken"
    source = uncompiled_catalogues / "fr" / "LC_MESSAGES" / "django.po"
    later = source.with_suffix(".mo").stat().st_mtime + 10
    os.utime(source, (later, later))  # an update pulled a newer .po
    assert client.get("/healthz").json()["missing"] == ["compilemessages"]
