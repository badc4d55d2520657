"""URL configuration.

The versioned API lives under ``/api/v1/`` (each app's routes: ``adjudication/urls.py``,
``scoring/api/urls.py``); the phone pages' routes are ``scoring/pages/urls.py``. Included by
name, so this module imports neither app.
"""

from django.contrib import admin
from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from hearts_site import views
from hearts_site.converters import IdConverter

register_converter(IdConverter, "id")

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
    path("", include("scoring.pages.urls")),  # the phone pages (scoring/pages/)
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
]

handler404 = "hearts_site.views.not_found"
handler500 = "hearts_site.views.server_error"
