"""Scorekeeping API routes, included under /api/v1/ by hearts_site.urls."""

from django.urls import path

from scoring import standings_views, views

urlpatterns = [
    path("clubs/", views.ClubListView.as_view(), name="clubs"),
    path("clubs/<id:pk>/", views.ClubDetailView.as_view(), name="club-detail"),
    path("clubs/<id:pk>/members/", views.MemberListView.as_view(), name="club-members"),
    path(
        "clubs/<id:pk>/members/<id:membership_id>/",
        views.MemberDetailView.as_view(),
        name="club-member-detail",
    ),
    path("players/", views.PlayerListView.as_view(), name="players"),
    path("players/<id:pk>/", views.PlayerDetailView.as_view(), name="player-detail"),
    path("players/<id:pk>/merge/", views.PlayerMergeView.as_view(), name="player-merge"),
    path("leagues/", views.LeagueListView.as_view(), name="leagues"),
    path("leagues/<id:pk>/", views.LeagueDetailView.as_view(), name="league-detail"),
    path("leagues/<id:pk>/seasons/", views.SeasonListView.as_view(), name="league-seasons"),
    path("games/", views.GameListView.as_view(), name="games"),
    path("games/<id:game_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("games/<id:game_id>/abandon/", views.GameAbandonView.as_view(), name="game-abandon"),
    path("games/<id:game_id>/scoreboard/", views.ScoreboardView.as_view(), name="scoreboard"),
    path("games/<id:game_id>/history/", views.HistoryView.as_view(), name="game-history"),
    path("games/<id:game_id>/hands/", views.HandListView.as_view(), name="game-hands"),
    path(
        "games/<id:game_id>/hands/<id:number>/",
        views.HandDetailView.as_view(),
        name="game-hand",
    ),
    path(
        "games/<id:game_id>/hands/<id:number>/void/",
        views.HandVoidView.as_view(),
        name="game-hand-void",
    ),
    path(
        "games/<id:game_id>/hands/<id:number>/disputes/",
        views.DisputeListView.as_view(),
        name="game-hand-disputes",
    ),
    path(
        "games/<id:game_id>/hands/<id:number>/disputes/<id:dispute_id>/resolve/",
        views.DisputeResolveView.as_view(),
        name="game-hand-dispute-resolve",
    ),
    path("auth/tokens/", views.DeviceTokenListView.as_view(), name="auth-tokens"),
    path("auth/tokens/<id:pk>/", views.DeviceTokenDetailView.as_view(), name="auth-token"),
]

urlpatterns += [
    path(
        "leagues/<id:pk>/standings/",
        standings_views.LeagueStandingsView.as_view(),
        name="league-standings",
    ),
    path(
        "leagues/<id:pk>/hands.csv",
        standings_views.LeagueHandsCSVView.as_view(),
        name="league-hands-csv",
    ),
    path(
        "clubs/<id:pk>/standings/",
        standings_views.ClubStandingsView.as_view(),
        name="club-standings",
    ),
    path("players/<id:pk>/stats/", standings_views.PlayerStatsView.as_view(), name="player-stats"),
    path(
        "players/<id:pk>/ratings/",
        standings_views.PlayerRatingsView.as_view(),
        name="player-ratings",
    ),
]
