"""URL configuration.

The versioned API lives under ``/api/v1/``: later work adds its routes to ``api_v1_patterns``
(or to ``scoring/urls.py`` / ``adjudication/urls.py``, which are included there).
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from hearts_site import views
from hearts_site.converters import IdConverter
from scoring import web

register_converter(IdConverter, "id")

# --- API v1: extend this list -------------------------------------------------------------
api_v1_patterns = [
    path("", views.api_root, name="api-root"),
    path("", include("adjudication.urls")),
    path("", include("scoring.api.urls")),
]
# -------------------------------------------------------------------------------------------

# --- Phone pages (scoring/web.py): server-rendered, readable without JavaScript ------------
page_patterns = [
    path("", web.home, name="home"),
    path("clubs/<slug:slug>/", web.club_page, name="page-club"),
    path("leagues/<id:pk>/", web.league_page, name="page-league"),
    path("players/<id:pk>/", web.player_page, name="page-player"),
    path("games/new/", web.game_new, name="page-game-new"),
    path("games/<id:pk>/", web.game_page, name="page-game"),
    path("games/<id:pk>/enter/", web.hand_enter, name="page-hand-enter"),
    path("games/<id:pk>/hands/<id:number>/correct/", web.hand_correct, name="page-hand-correct"),
    path("adjudicate/", web.adjudicate_page, name="page-adjudicate"),
    path("account/login/", web.SignInView.as_view(), name="login"),
    path("account/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/tokens/", web.tokens_page, name="page-tokens"),
    path("account/tokens/<id:pk>/revoke/", web.token_revoke, name="page-token-revoke"),
]

# The API first: Django tries the patterns in order, and the pages' dozen came before it.
urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("ping", views.ping, name="ping"),  # bench/http_load.py's baseline
    path("api/v1/", include(api_v1_patterns)),
    *page_patterns,
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
]

handler404 = "hearts_site.views.not_found"
handler500 = "hearts_site.views.server_error"
