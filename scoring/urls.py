"""Scorekeeping API routes, included under /api/v1/ by hearts_site.urls.

Grouped by their first segment: Django tries a URL's patterns one by one, and a flat list of
thirty made a scoreboard or a table try twenty others first.
"""

from django.urls import include, path

from scoring import standings_views, views

clubs = [
    path("", views.ClubListView.as_view(), name="clubs"),
    path("<id:pk>/", views.ClubDetailView.as_view(), name="club-detail"),
    path("<id:pk>/standings/", standings_views.ClubStandingsView.as_view(), name="club-standings"),
    path("<id:pk>/members/", views.MemberListView.as_view(), name="club-members"),
    path(
        "<id:pk>/members/<id:membership_id>/",
        views.MemberDetailView.as_view(),
        name="club-member-detail",
    ),
]

players = [
    path("", views.PlayerListView.as_view(), name="players"),
    path("<id:pk>/", views.PlayerDetailView.as_view(), name="player-detail"),
    path("<id:pk>/merge/", views.PlayerMergeView.as_view(), name="player-merge"),
    path("<id:pk>/stats/", standings_views.PlayerStatsView.as_view(), name="player-stats"),
    path("<id:pk>/ratings/", standings_views.PlayerRatingsView.as_view(), name="player-ratings"),
]

leagues = [
    path("", views.LeagueListView.as_view(), name="leagues"),
    path(
        "<id:pk>/standings/",
        standings_views.LeagueStandingsView.as_view(),
        name="league-standings",
    ),
    path("<id:pk>/", views.LeagueDetailView.as_view(), name="league-detail"),
    path("<id:pk>/seasons/", views.SeasonListView.as_view(), name="league-seasons"),
    path(
        "<id:pk>/hands.csv",
        standings_views.LeagueHandsCSVView.as_view(),
        name="league-hands-csv",
    ),
]

hands = [
    path("", views.HandListView.as_view(), name="game-hands"),
    path("<id:number>/", views.HandDetailView.as_view(), name="game-hand"),
    path("<id:number>/void/", views.HandVoidView.as_view(), name="game-hand-void"),
    path(
        "<id:number>/disputes/",
        views.DisputeListView.as_view(),
        name="game-hand-disputes",
    ),
    path(
        "<id:number>/disputes/<id:dispute_id>/resolve/",
        views.DisputeResolveView.as_view(),
        name="game-hand-dispute-resolve",
    ),
]

games = [
    path("", views.GameListView.as_view(), name="games"),
    path("<id:game_id>/scoreboard/", views.ScoreboardView.as_view(), name="scoreboard"),
    path("<id:game_id>/hands/", include(hands)),
    path("<id:game_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("<id:game_id>/abandon/", views.GameAbandonView.as_view(), name="game-abandon"),
    path("<id:game_id>/history/", views.HistoryView.as_view(), name="game-history"),
]

urlpatterns = [
    path("games/", include(games)),
    path("leagues/", include(leagues)),
    path("clubs/", include(clubs)),
    path("players/", include(players)),
    path("auth/tokens/", views.DeviceTokenListView.as_view(), name="auth-tokens"),
    path("auth/tokens/<id:pk>/", views.DeviceTokenDetailView.as_view(), name="auth-token"),
]
