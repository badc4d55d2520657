"""hearts_site.http.security_headers.CSPMiddleware writes byte for byte the headers django-csp's own
middleware writes, for every kind of response; it builds the shared policy once."""

from __future__ import annotations

import re

import pytest
from csp.decorators import csp_exempt, csp_replace, csp_update
from csp.exceptions import CSPNonceError
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from csp.utils import build_policy
from django.http import HttpResponse, HttpResponseNotFound
from django.test import RequestFactory, override_settings

from hearts_site.http import security_headers
from hearts_site.http.security_headers import CSPMiddleware

HEADERS = ("Content-Security-Policy", "Content-Security-Policy-Report-Only")
REPORT_ONLY = {
    "DIRECTIVES": {"default-src": ["'none'"], "report-uri": "/csp-reports/"},
    "EXCLUDE_URL_PREFIXES": ["/quiet/"],
}
EXCLUDING = {"DIRECTIVES": {"default-src": ["'self'"]}, "EXCLUDE_URL_PREFIXES": ["/quiet/"]}


def plain(request):
    return HttpResponse("plain")


def with_nonce(request):
    return HttpResponse(f'<script nonce="{request.csp_nonce}"></script>')


def header_already_set(request):
    response = HttpResponse("own policy")
    response["Content-Security-Policy"] = "default-src 'none'"
    return response


def not_found(request):
    return HttpResponseNotFound("missing")


VIEWS = {
    "plain": plain,
    "nonce": with_nonce,
    "updated, with a nonce": csp_update({"style-src": ["'nonce'", "blob:"]})(with_nonce),
    "updated": csp_update({"worker-src": ["blob:"]})(plain),
    "replaced": csp_replace({"img-src": ["'self'"]})(plain),
    "report-only updated": csp_update({"img-src": ["data:"]}, REPORT_ONLY=True)(plain),
    "exempt": csp_exempt()(plain),
    "header already set": header_already_set,
    "not found": not_found,
}


def headers_written(middleware_class, view, path: str = "/") -> dict[str, str]:
    request = RequestFactory().get(path)
    response = middleware_class(view)(request)
    return {name: response[name] for name in HEADERS if name in response}


@pytest.fixture(autouse=True)
def _one_nonce(monkeypatch):
    """Both middlewares draw the same nonce, so their headers can be compared."""
    monkeypatch.setattr("csp.middleware.os.urandom", lambda size: b"n" * size)


@pytest.mark.parametrize("view", VIEWS.values(), ids=VIEWS.keys())
@pytest.mark.parametrize(
    "settings_changed",
    [
        {},
        {"CONTENT_SECURITY_POLICY_REPORT_ONLY": REPORT_ONLY},
        {"CONTENT_SECURITY_POLICY": EXCLUDING},
        {"DEBUG": True},
    ],
    ids=["the site's policy", "with a report-only policy", "excluding a prefix", "DEBUG"],
)
@pytest.mark.parametrize("path", ["/", "/quiet/page"])
def test_the_headers_are_django_csps_own(view, settings_changed, path):
    with override_settings(**settings_changed):
        ours = headers_written(CSPMiddleware, view, path)
        theirs = headers_written(LibraryCSPMiddleware, view, path)
    assert ours == theirs


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/api/v1/rulesets/", "/no-such-page/", "/api/docs/"])
def test_the_sites_responses_carry_the_policy_django_csp_builds(client, path):
    assert client.get(path)["Content-Security-Policy"] == build_policy()


@pytest.mark.django_db
def test_redocs_page_gets_its_nonce_and_its_additions(client):
    response = client.get("/api/redoc/")
    nonce = re.search(r'nonce="([^"]+)"', response.content.decode()).group(1)
    from hearts_site.urls import REDOC_STYLES

    updated = REDOC_STYLES(plain)(RequestFactory().get("/"))
    assert response["Content-Security-Policy"] == build_policy(
        update=updated._csp_update, nonce=nonce
    )


def test_the_shared_policy_is_built_once_and_again_when_the_setting_changes(monkeypatch):
    built = []
    monkeypatch.setattr(
        security_headers,
        "build_policy",
        lambda **kwargs: built.append(kwargs) or build_policy(**kwargs),
    )
    middleware = CSPMiddleware(plain)
    for _ in range(3):
        middleware(RequestFactory().get("/"))
    assert len(built) == 2  # the policy and the report-only one
    with override_settings(CONTENT_SECURITY_POLICY=EXCLUDING):
        response = middleware(RequestFactory().get("/"))
    assert len(built) == 4
    assert response["Content-Security-Policy"] == "default-src 'self'"


def test_a_nonce_asked_for_after_the_header_is_written_is_refused_every_time():
    middleware = CSPMiddleware(plain)
    for _ in range(2):
        request = RequestFactory().get("/")
        middleware(request)
        for _ in range(2):
            with pytest.raises(CSPNonceError):
                str(request.csp_nonce)
