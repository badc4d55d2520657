"""Scorekeeping API routes, included under /api/v1/ by hearts_site.urls."""

from django.urls import path

from scoring import standings_views, views

urlpatterns = [
    path("clubs/", views.ClubListView.as_view(), name="clubs"),
    path("clubs/<int:pk>/", views.ClubDetailView.as_view(), name="club-detail"),
    path("clubs/<int:pk>/members/", views.MemberListView.as_view(), name="club-members"),
    path(
        "clubs/<int:pk>/members/<int:membership_id>/",
        views.MemberDetailView.as_view(),
        name="club-member-detail",
    ),
    path("players/", views.PlayerListView.as_view(), name="players"),
    path("players/<int:pk>/", views.PlayerDetailView.as_view(), name="player-detail"),
    path("players/<int:pk>/merge/", views.PlayerMergeView.as_view(), name="player-merge"),
    path("leagues/", views.LeagueListView.as_view(), name="leagues"),
    path("leagues/<int:pk>/", views.LeagueDetailView.as_view(), name="league-detail"),
    path("leagues/<int:pk>/seasons/", views.SeasonListView.as_view(), name="league-seasons"),
    path("games/", views.GameListView.as_view(), name="games"),
    path("games/<int:game_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("games/<int:game_id>/abandon/", views.GameAbandonView.as_view(), name="game-abandon"),
    path("games/<int:game_id>/scoreboard/", views.ScoreboardView.as_view(), name="scoreboard"),
    path("games/<int:game_id>/history/", views.HistoryView.as_view(), name="game-history"),
    path("games/<int:game_id>/hands/", views.HandListView.as_view(), name="game-hands"),
    path(
        "games/<int:game_id>/hands/<int:number>/",
        views.HandDetailView.as_view(),
        name="game-hand",
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/void/",
        views.HandVoidView.as_view(),
        name="game-hand-void",
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/disputes/",
        views.DisputeListView.as_view(),
        name="game-hand-disputes",
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/disputes/<int:dispute_id>/resolve/",
        views.DisputeResolveView.as_view(),
        name="game-hand-dispute-resolve",
    ),
    path("auth/tokens/", views.DeviceTokenListView.as_view(), name="auth-tokens"),
    path("auth/tokens/<int:pk>/", views.DeviceTokenDetailView.as_view(), name="auth-token"),
]

urlpatterns += [
    path(
        "leagues/<int:pk>/standings/",
        standings_views.LeagueStandingsView.as_view(),
        name="league-standings",
    ),
    path(
        "leagues/<int:pk>/hands.csv",
        standings_views.LeagueHandsCSVView.as_view(),
        name="league-hands-csv",
    ),
    path(
        "clubs/<int:pk>/standings/",
        standings_views.ClubStandingsView.as_view(),
        name="club-standings",
    ),
    path("players/<int:pk>/stats/", standings_views.PlayerStatsView.as_view(), name="player-stats"),
    path(
        "players/<int:pk>/ratings/",
        standings_views.PlayerRatingsView.as_view(),
        name="player-ratings",
    ),
]
