"""The installable web app: its manifest and its service worker (templates/offline/sw.js).

The worker is served from the site's root so that its scope covers every page, never cached by
HTTP (a browser compares its bytes to find a new version), and names the static files it keeps
by their hashed URLs, so any change to them is a new worker that drops the old caches. It holds
its page for "no connection" in every language, so its bytes are the same whichever language
fetched it, and a phone switching language does not install a new worker.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

# What a phone needs to show a kept game page and its hand form without a connection.
OFFLINE_ASSETS = (
    "css/site.css",
    "js/pages.js",
    "js/entry.js",
    "js/cards.js",
    "js/irregularities.js",
    "js/tricks.js",
    "js/claim.js",
    "js/outbox.js",
    "js/live.js",
    "js/install.js",
    "favicon.svg",
    "icons/icon-192.png",
)
ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon-maskable-512.png", "512x512", "maskable"),
)


@require_safe
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    assets = [static(name) for name in OFFLINE_ASSETS]
    # STATIC_URL, not static(""): a hashed storage has no manifest entry for "".
    # JSON is JavaScript: the file names as they are (this is a script, not an HTML page).
    context = {
        "assets": json.dumps(assets),
        "version": "VERSION",
        "static_prefix": json.dumps(settings.STATIC_URL),
        "catalog": json.dumps(reverse("javascript-catalog")),
        "offline_pages": json.dumps(offline_pages()),
        "default_language": json.dumps(settings.LANGUAGE_CODE),
    }
    with translation.override(settings.LANGUAGE_CODE):
        body = render_to_string("offline/sw.js", context)
    version = hashlib.sha256(body.encode()).hexdigest()[:12]
    body = body.replace('"VERSION"', f'"{version}"', 1)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


def offline_pages() -> dict[str, str]:
    """The page for a page not kept (templates/offline/no_connection.html), in each language."""
    pages = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            pages[code] = render_to_string("offline/no_connection.html")
    return pages


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    body = {
        "name": _("Hearts scoring"),
        "short_name": _("Hearts"),
        "description": _("Score Hearts at the table, with or without a connection."),
        "lang": get_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#b0102a",
        "icons": [
            {"src": static(src), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for src, sizes, purpose in ICONS
        ],
    }
    response = JsonResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "max-age=3600"
    return response
