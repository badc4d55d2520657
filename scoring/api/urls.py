"""Scorekeeping API routes, included under /api/v1/ by hearts_site.urls, grouped by their first
segment (Django tries a URL's patterns one by one)."""

from django.urls import include, path

from scoring.api.views import (
    clubs,
    disputes,
    events,
    games,
    hands,
    invitations,
    leagues,
    players,
    standings,
    tokens,
)

clubs = [
    path("", clubs.ClubListView.as_view(), name="clubs"),
    path("<id:pk>/", clubs.ClubDetailView.as_view(), name="club-detail"),
    path("<id:pk>/standings/", standings.ClubStandingsView.as_view(), name="club-standings"),
    path(
        "<id:pk>/standings.csv",
        standings.ClubStandingsCSVView.as_view(),
        name="club-standings-csv",
    ),
    path("<id:pk>/members/", clubs.MemberListView.as_view(), name="club-members"),
    path("<id:pk>/events/", events.EventFeedView.as_view(), name="club-events"),
    path(
        "<id:pk>/invitations/",
        invitations.InvitationListView.as_view(),
        name="club-invitations",
    ),
    path(
        "<id:pk>/members/<id:membership_id>/",
        clubs.MemberDetailView.as_view(),
        name="club-member-detail",
    ),
]

players = [
    path("", players.PlayerListView.as_view(), name="players"),
    path("<id:pk>/", players.PlayerDetailView.as_view(), name="player-detail"),
    path("<id:pk>/merge/", players.PlayerMergeView.as_view(), name="player-merge"),
    path("<id:pk>/stats/", players.PlayerStatsView.as_view(), name="player-stats"),
    path("<id:pk>/ratings/", players.PlayerRatingsView.as_view(), name="player-ratings"),
]

leagues = [
    path("", leagues.LeagueListView.as_view(), name="leagues"),
    path(
        "<id:pk>/standings/",
        standings.LeagueStandingsView.as_view(),
        name="league-standings",
    ),
    path(
        "<id:pk>/standings.csv",
        standings.LeagueStandingsCSVView.as_view(),
        name="league-standings-csv",
    ),
    path("<id:pk>/", leagues.LeagueDetailView.as_view(), name="league-detail"),
    path("<id:pk>/seasons/", leagues.SeasonListView.as_view(), name="league-seasons"),
    path(
        "<id:pk>/hands.csv",
        standings.LeagueHandsCSVView.as_view(),
        name="league-hands-csv",
    ),
]

hands = [
    path("", hands.HandListView.as_view(), name="game-hands"),
    path("<id:number>/", hands.HandDetailView.as_view(), name="game-hand"),
    path("<id:number>/void/", hands.HandVoidView.as_view(), name="game-hand-void"),
    path(
        "<id:number>/disputes/",
        disputes.DisputeListView.as_view(),
        name="game-hand-disputes",
    ),
    path(
        "<id:number>/disputes/<id:dispute_id>/resolve/",
        disputes.DisputeResolveView.as_view(),
        name="game-hand-dispute-resolve",
    ),
]

games = [
    path("", games.GameListView.as_view(), name="games"),
    path("<id:game_id>/scoreboard/", games.ScoreboardView.as_view(), name="scoreboard"),
    path("<id:game_id>/hands/", include(hands)),
    path("<id:game_id>/", games.GameDetailView.as_view(), name="game-detail"),
    path("<id:game_id>/abandon/", games.GameAbandonView.as_view(), name="game-abandon"),
    path("<id:game_id>/history/", games.HistoryView.as_view(), name="game-history"),
]

urlpatterns = [
    path("games/", include(games)),
    path("leagues/", include(leagues)),
    path("clubs/", include(clubs)),
    path("players/", include(players)),
    path(
        "invitations/accept/", invitations.InvitationAcceptView.as_view(), name="invitation-accept"
    ),
    path("auth/sign-in/", tokens.DeviceSignInView.as_view(), name="auth-sign-in"),
    path("auth/tokens/", tokens.DeviceTokenListView.as_view(), name="auth-tokens"),
    path("auth/tokens/<id:pk>/", tokens.DeviceTokenDetailView.as_view(), name="auth-token"),
]
