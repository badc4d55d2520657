"""URL configuration.

The versioned API lives under ``/api/v1/`` (each app's routes: ``adjudication/urls.py``,
``scoring/api/urls.py``); the phone pages' routes are ``scoring/pages/urls.py``. Included by
name, so this module imports neither app.
"""

from csp.constants import NONCE
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, register_converter
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from hearts_site import views
from hearts_site.http.converters import IdConverter

register_converter(IdConverter, "id")
# Redoc's page: its styles written at run time carry this response's nonce, but for two that its
# bundle writes as it loads, before it knows the nonce (allowed by their hashes: the sidecar's
# version is pinned, and tests/pages/test_browser_csp.py fails should they change); its search
# runs in a worker it makes from a blob.
REDOC_STYLES = csp_update(
    {
        "style-src": [
            NONCE,
            "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
            "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",
        ],
        "worker-src": ["'self'", "blob:"],
    }
)

# --- API v1: extend this list -------------------------------------------------------------
api_v1_patterns = [
    path("", views.api_root, name="api-root"),
    path("", include("adjudication.urls")),
    path("", include("scoring.api.urls")),
]
# -------------------------------------------------------------------------------------------

# The API first: Django tries the patterns in order, and the pages' dozen came before it.
urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("ping", views.ping, name="ping"),  # bench/http_load.py's baseline
    path("api/v1/", include(api_v1_patterns)),
    # The words the pages' scripts write, in the page's language (their src carries it).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("", include("scoring.pages.urls")),  # the phone pages (scoring/pages/)
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Its initializer is a script of its own (?script), not inline: the page passes the CSP.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    # Redoc writes its styles at run time, with this response's nonce (its template says how).
    path("api/redoc/", REDOC_STYLES(SpectacularRedocView.as_view(url_name="schema")), name="redoc"),
]

handler404 = "hearts_site.views.not_found"
handler500 = "hearts_site.views.server_error"
