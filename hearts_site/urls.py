"""URL configuration.

The versioned API lives under ``/api/v1/``: later work adds its routes to ``api_v1_patterns``
(or to ``scoring/urls.py`` / ``adjudication/urls.py``, which are included there).
"""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from hearts_site import views

# --- API v1: extend this list -------------------------------------------------------------
api_v1_patterns = [
    path("", views.api_root, name="api-root"),
    path("", include("scoring.urls")),
    path("", include("adjudication.urls")),
]
# -------------------------------------------------------------------------------------------

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1_patterns)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
]
