"""Every response carries the Content-Security-Policy and the Permissions-Policy, and the API
documentation pages load nothing from another host and nothing inline."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db

EVERY_KIND = [
    "/",  # a page
    "/api/v1/rulesets/",  # the API, JSON
    "/api/v1/clubs/999999/standings.csv",  # the API, an error
    "/no-such-page/",  # a 404
    "/healthz",
    "/api/docs/",
    "/api/redoc/",
]


@pytest.mark.parametrize("path", EVERY_KIND)
def test_every_response_has_a_strict_policy_and_no_device_features(client, path):
    response = client.get(path)
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert policy["default-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert policy["script-src"] == "'self'"  # no inline script, no nonce, no other host
    assert "unsafe-inline" not in policy["style-src"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in response["Permissions-Policy"]


def test_the_swagger_page_has_no_inline_script_or_style_and_no_other_host(client):
    page = client.get("/api/docs/").content.decode()
    assert "<style" not in page and " style=" not in page
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    assert scripts and all(body.strip() == "" for _, body in scripts)
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources and all(s.startswith("/") for s in sources), sources
    assert any("drf_spectacular_sidecar/swagger-ui-dist" in s for s in sources)
    initializer = client.get(next(s for s in sources if "script" in s and "?" in s))
    assert initializer["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle(" in initializer.content


def test_the_redoc_page_allows_its_own_nonce_for_styles_and_no_other_host(client):
    response = client.get("/api/redoc/")
    page = response.content.decode()
    nonce = re.search(r'nonce="([^"]+)"', page).group(1)
    assert f"'nonce-{nonce}'" in response["Content-Security-Policy"]
    assert "<style" not in page and "fonts.googleapis" not in page
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert all(s.startswith("/") for s in sources), sources
