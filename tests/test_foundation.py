"""The foundation: settings from the environment, health, schema, and the error format."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import OperationalError
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import path
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from hearts_site import errors
from hearts_site.database.config import database_config

ROOT = Path(__file__).resolve().parent.parent
MANAGE = str(ROOT / "manage.py")


def run_python(args: list[str], env_overrides: dict[str, str], **kwargs):
    """Run python (manage.py or -c) in a child process with a controlled environment."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DJANGO_"))}
    env.update({"DJANGO_SECRET_KEY": "test-only-key-" + "x" * 40, **env_overrides})
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,
    )


# --- Throwaway views for the error mapping (used through @pytest.mark.urls) ----------------


@api_view(["GET"])
@permission_classes([AllowAny])
def raise_domain_error(request, kind):
    raise {
        "bad": errors.DomainError("bad_seat", "Seat must be N, E, S or W.", attr="seat"),
        "plain": errors.DomainError("bad_request", "Something is off."),
        "conflict": errors.Conflict("game_finished", "The game is already finished."),
        "stale": errors.PreconditionFailed("stale_version", "Version 3 is not current."),
        "unprocessable": errors.Unprocessable("hand_incomplete", "13 tricks needed.", "tricks"),
        "missing": errors.NotFoundError("no_such_game", "No game 42."),
        "db": OperationalError("connection refused"),
    }[kind]


@api_view(["GET"])
@permission_classes([AllowAny])
def raise_engine_error(request):
    from adjudication.engine.errors import HeartsError

    raise HeartsError("not_following_suit", "You must follow suit.", field="card")


@api_view(["POST"])
@permission_classes([AllowAny])
def echo_size(request):
    return Response({"keys": len(request.data)})


def plain_view_db_down(request):
    raise OperationalError("server closed the connection unexpectedly")


def plain_view_ok(request):
    return HttpResponse("fine")


urlpatterns = [
    path("boom/<str:kind>", raise_domain_error),
    path("engine", raise_engine_error),
    path("echo", echo_size),
    path("plain/down", plain_view_db_down),
    path("plain/ok", plain_view_ok),
]
THIS_URLCONF = __name__


# --- Schema and docs ---------------------------------------------------------------------


def test_it_serves_an_openapi_3_schema(client):
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3")
    assert schema["info"]["title"] == "Hearts scorekeeping and adjudication API"
    assert schema["info"]["version"] == "1.0.0"


def test_the_schema_offers_both_ways_to_sign_in_on_a_write(client):
    schema = json.loads(client.get("/api/schema/?format=json").content)
    schemes = schema["components"]["securitySchemes"]
    assert schemes["cookieAuth"] == {"type": "apiKey", "in": "cookie", "name": "sessionid"}
    assert schemes["tokenAuth"]["in"] == "header"
    enter = schema["paths"]["/api/v1/games/{game_id}/hands/{number}/"]["put"]
    assert {name for option in enter["security"] for name in option} == {"cookieAuth", "tokenAuth"}


def test_it_serves_the_schema_by_accept_header(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert json.loads(response.content)["openapi"].startswith("3")


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_the_api_documentation_pages_answer(client, url):
    response = client.get(url)
    assert response.status_code == 200
    if url == "/api/docs/":  # Swagger UI's initializer is a script of its own (the CSP)
        response = client.get(re.search(r'src="(/api/docs/\?script=?)"', response.text)[1])
        assert response["Content-Type"].startswith("application/javascript")
    assert b"/api/schema/" in response.content


def test_the_api_documentation_pages_work_offline(tmp_path):
    """Swagger UI and Redoc come from drf-spectacular-sidecar, collected as `make run` collects
    them (hashed names, the manifest) and served by WhiteNoise, beside the pages' own style and
    initializers: the pages name no other host, and every script, style and icon they name is
    served."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
        client = Client()  # a new handler: WhiteNoise reads the collected files
        for url in ("/api/docs/", "/api/redoc/"):
            html = client.get(url).content.decode()
            assert not re.search(r"https?:|//[\w.-]+\.[a-z]{2,}/", html), url
            assets = re.findall(r'(?:src|href)="([^"]+)"', html)
            assert len(assets) >= (4 if url == "/api/docs/" else 1), html
            assert any(a.startswith("/static/drf_spectacular_sidecar/") for a in assets), html
            for asset in assets:
                assert asset.startswith(("/static/", "/api/docs/?script")), asset
                served = client.get(asset)
                assert served.status_code == 200, asset
                body = served.streaming_content if served.streaming else [served.content]
                assert b"".join(body), asset


def test_the_api_root_links_to_schema_docs_and_health(client):
    response = client.get("/api/v1/")
    assert response.status_code == 200
    body = response.json()
    assert body["schema"].endswith("/api/schema/")
    assert body["health"].endswith("/healthz")


def test_the_home_page_is_mobile_first(client, db):
    response = client.get("/")
    assert response.status_code == 200
    assert b'name="viewport"' in response.content
    assert b"width=device-width" in response.content
    assert b"/static/css/site.css" in response.content


# --- Health ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_healthz_reports_ok_after_a_real_database_round_trip(client, django_assert_num_queries):
    # One round trip, and the workers' heartbeats read from the shared cache: one more query
    # where that cache is a table of the database (the default), none where it is Redis.
    from django.core.cache import caches
    from django.core.cache.backends.db import DatabaseCache

    heartbeats = 1 if isinstance(caches["default"], DatabaseCache) else 0
    with django_assert_num_queries(1 + heartbeats):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_healthz_answers_503_when_the_database_is_unreachable():
    # A real connection attempt to a port where nothing listens (connection refused).
    script = (
        "import django, json; django.setup();"
        "from django.test import Client;"
        "r = Client().get('/healthz');"
        "print(json.dumps({'status': r.status_code, 'body': r.json(),"
        " 'cache': r.get('Cache-Control', '')}))"
    )
    result = run_python(
        ["-c", script],
        {
            "DJANGO_SETTINGS_MODULE": "hearts_site.settings",
            "DATABASE_URL": "postgres://postgres@127.0.0.1:1/nowhere",
        },
    )
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["status"] == 503
    # The driver's words (hosts, ports, users) are logged, never shown to any caller.
    assert outcome["body"] == {"status": "unavailable", "database": "unreachable"}
    assert "OperationalError" in result.stderr
    assert "no-cache" in outcome["cache"]


# --- DATABASE_URL ---------------------------------------------------------------------------


def test_database_config_reads_a_sqlite_file_url_with_wal_and_immediate_transactions():
    config = database_config("sqlite:////srv/hearts/db.sqlite3", environ={})
    # Django's, with a health check
    assert config["ENGINE"] == "hearts_site.database.sqlite_backend"
    assert config["CONN_MAX_AGE"] > 0 and config["CONN_HEALTH_CHECKS"] is True
    assert config["NAME"] == "/srv/hearts/db.sqlite3"
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert config["OPTIONS"]["timeout"] == 3  # seconds a writer waits for the writer lock
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    assert "synchronous=NORMAL" in config["OPTIONS"]["init_command"]


def test_database_config_reads_a_postgres_url_without_a_pool_by_default():
    config = database_config("postgres://hearts:s3cret@db.internal:6543/hearts", environ={})
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "hearts"
    assert config["HOST"] == "db.internal"
    assert int(config["PORT"]) == 6543
    assert config["USER"] == "hearts"
    assert config["PASSWORD"] == "s3cret"
    assert config["CONN_MAX_AGE"] == 0
    assert "pool" not in config.get("OPTIONS", {})


def test_database_config_bounds_every_wait_for_postgres_and_takes_them_from_the_environment():
    url = "postgres://postgres@127.0.0.1:5432/test"
    defaults = database_config(url, environ={"DATABASE_POOL_MAX_SIZE": "2"})["OPTIONS"]
    assert defaults["connect_timeout"] == 3
    assert defaults["pool"]["timeout"] == 3
    assert defaults["options"] == "-c statement_timeout=5000"
    environ = {"DATABASE_WAIT_TIMEOUT": "2", "DATABASE_STATEMENT_TIMEOUT": "0.5"}
    options = database_config(url, environ=environ)["OPTIONS"]
    assert (options["connect_timeout"], options["options"]) == (2, "-c statement_timeout=500")
    assert (
        "options"
        not in database_config(url, environ={"DATABASE_STATEMENT_TIMEOUT": "0"})["OPTIONS"]
    )
    with pytest.raises(ImproperlyConfigured, match="DATABASE_WAIT_TIMEOUT"):
        database_config(url, environ={"DATABASE_WAIT_TIMEOUT": "soon"})


def test_database_config_opts_in_to_the_psycopg_pool_with_database_pool_max_size():
    config = database_config(
        "postgresql://postgres@127.0.0.1:5432/test", environ={"DATABASE_POOL_MAX_SIZE": "8"}
    )
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 8, "timeout": 3}
    assert config["CONN_MAX_AGE"] == 0


@pytest.mark.parametrize("size", ["0", "-2", "many"])
def test_database_config_refuses_a_bad_pool_size(size):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL_MAX_SIZE"):
        database_config("postgres://postgres@h/db", environ={"DATABASE_POOL_MAX_SIZE": size})


@pytest.mark.parametrize(
    "url", ["nonsense://x", "garbage", "", "mysql://u@h/db", "postgres://h:5432", "http://x/y"]
)
def test_database_config_refuses_unusable_urls_naming_the_accepted_schemes(url):
    with pytest.raises(ImproperlyConfigured) as caught:
        database_config(url, environ={})
    message = str(caught.value)
    assert "DATABASE_URL" in message
    for scheme in ("sqlite://", "postgres://", "postgresql://"):
        assert scheme in message


def test_database_config_keeps_the_password_out_of_its_error_message():
    with pytest.raises(ImproperlyConfigured) as caught:
        database_config("mysql://user:hunter2@h/db", environ={})
    assert "hunter2" not in str(caught.value)


def test_a_bad_database_url_stops_manage_py_at_start_with_a_clear_message():
    result = run_python([MANAGE, "check"], {"DATABASE_URL": "nonsense://x"})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DATABASE_URL='nonsense://x'" in result.stderr
    assert "sqlite://, postgres://, postgresql://" in result.stderr


def test_a_sqlite_file_database_really_runs_in_wal_mode(tmp_path, migrated_template):
    """A file ``manage.py migrate`` made, in a child process: on SQLite, a copy of the suite's
    migrated template (tests/migrated.py: made so, once a worker); else migrated here."""
    db_file = tmp_path / "hearts.sqlite3"
    env = {"DATABASE_URL": f"sqlite:///{db_file}"}
    if migrated_template.postgres:
        migrate = run_python([MANAGE, "migrate", "--noinput", "-v", "0"], env)
        assert migrate.returncode == 0, migrate.stderr
    else:
        migrated_template.copy(tmp_path, db_file.name)
    script = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "c = connection.cursor()\n"
        "print(c.execute('PRAGMA journal_mode').fetchone()[0],"
        " c.execute('PRAGMA synchronous').fetchone()[0])"
    )
    probe = run_python(["-c", script], {**env, "DJANGO_SETTINGS_MODULE": "hearts_site.settings"})
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.split() == ["wal", "1"]  # synchronous=NORMAL is 1
    # WAL is a property of the file: a connection that sets nothing sees it too.
    with sqlite3.connect(db_file) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# --- Error mapping ----------------------------------------------------------------------------


@pytest.mark.urls(THIS_URLCONF)
@pytest.mark.parametrize(
    ("kind", "status", "error_type", "code", "attr"),
    [
        ("bad", 400, "validation_error", "bad_seat", "seat"),
        ("plain", 400, "validation_error", "bad_request", None),
        ("conflict", 409, "client_error", "game_finished", None),
        ("stale", 412, "client_error", "stale_version", None),
        ("unprocessable", 422, "client_error", "hand_incomplete", "tricks"),
        ("missing", 404, "client_error", "no_such_game", None),
    ],
)
def test_a_domain_error_maps_to_the_standard_error_body(
    client, kind, status, error_type, code, attr
):
    response = client.get(f"/boom/{kind}")
    assert response.status_code == status
    body = response.json()
    assert body["type"] == error_type
    assert len(body["errors"]) == 1
    error = body["errors"][0]
    assert error["code"] == code
    assert error["attr"] == attr
    assert error["detail"]


@pytest.mark.urls(THIS_URLCONF)
def test_an_engine_error_maps_to_a_400_on_its_field(client):
    response = client.get("/engine")
    assert response.status_code == 400
    assert response.json() == {
        "type": "validation_error",
        "errors": [
            {"code": "not_following_suit", "detail": "You must follow suit.", "attr": "card"}
        ],
        "request_id": response["X-Request-ID"],
    }


@pytest.mark.urls(THIS_URLCONF)
def test_a_database_outage_in_an_api_view_is_a_503(client):
    client.raise_request_exception = False  # a 5xx is also signalled, as Django does
    response = client.get("/boom/db")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json() == {
        "type": "server_error",
        "errors": [
            {
                "code": "database_unavailable",
                "detail": errors.DATABASE_UNAVAILABLE_DETAIL,
                "attr": None,
            }
        ],
        "request_id": response["X-Request-ID"],
    }


@pytest.mark.urls(THIS_URLCONF)
def test_a_database_outage_in_a_plain_view_is_a_503_json_body(client):
    response = client.get("/plain/down")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json()["type"] == "server_error"
    assert response.json()["errors"][0]["code"] == "database_unavailable"
    assert response.json()["errors"][0]["attr"] is None
    assert client.get("/plain/ok").status_code == 200


@pytest.mark.urls(THIS_URLCONF)
def test_a_body_over_256_kib_is_refused_with_413(client, db):
    small = client.post("/echo", data={"a": "x" * 1000}, content_type="application/json")
    assert small.status_code == 200
    big = client.post("/echo", data={"a": "x" * 300_000}, content_type="application/json")
    assert big.status_code == 413
    assert big.json()["type"] == "client_error"
    assert big.json()["errors"][0]["code"] == "request_too_large"


def test_drf_errors_use_the_same_standard_body(client, db):
    response = client.post("/api/v1/", data="{}", content_type="application/json")
    assert response.status_code == 405
    assert response.json() == {
        "type": "client_error",
        "errors": [
            {
                "code": "method_not_allowed",
                "detail": 'Method "POST" not allowed.',
                "attr": None,
            }
        ],
        "request_id": response["X-Request-ID"],
    }
