"""Scorekeeping API routes, included under /api/v1/ by hearts_site.urls: one table, the
games' routes first (Django tries a URL's patterns in order, and hand entry is the busiest)."""

from django.urls import path

from scoring.api.views.accounts import (
    ClaimDecisionView,
    ClaimListView,
    MyDataView,
    MyGamesView,
    MyPlayersView,
    MyStatsView,
    PlayerClaimView,
    PlayerInvitationView,
)
from scoring.api.views.clubs import ClubDetailView, ClubListView, MemberDetailView, MemberListView
from scoring.api.views.confirmations import HandConfirmView, HandQueryView, PlayerPinView
from scoring.api.views.disputes import DisputeListView, DisputeResolveView
from scoring.api.views.erasures import ClubErasureListView, MyErasureView, PlayerErasureView
from scoring.api.views.events import EventFeedView
from scoring.api.views.games import (
    GameAbandonView,
    GameDetailView,
    GameListView,
    HistoryView,
    ScoreboardView,
)
from scoring.api.views.hand_records import (
    ClubRecordView,
    GameRecordView,
    HandRecordView,
    LeagueRecordView,
    NightRecordView,
    RecordImportView,
    RecordSchemaView,
    SheetImportView,
)
from scoring.api.views.hands import HandDetailView, HandListView, HandVoidView
from scoring.api.views.invitations import (
    InvitationAcceptView,
    InvitationDetailView,
    InvitationListView,
)
from scoring.api.views.leagues import LeagueDetailView, LeagueListView, SeasonListView
from scoring.api.views.nights import (
    CheckInManyView,
    CheckInView,
    CloseView,
    DrawView,
    EndView,
    ExtendTableView,
    FinishTableView,
    MoveView,
    NightDetailView,
    NightListView,
    PublishView,
    RedrawTableView,
    SettleView,
    StartView,
    SubstituteView,
    SwapView,
    WithdrawView,
)
from scoring.api.views.players import (
    PlayerBggPlaysView,
    PlayerBgStatsView,
    PlayerDetailView,
    PlayerListView,
    PlayerMergeView,
    PlayerRatingsView,
    PlayerStatsView,
)
from scoring.api.views.room import RoomView, WallView
from scoring.api.views.rulings import HandRulingListView, RulingDecisionView
from scoring.api.views.signup import DeviceSignUpView
from scoring.api.views.standings import (
    ClubStandingsCSVView,
    ClubStandingsView,
    LeagueHandsCSVView,
    LeagueStandingsCSVView,
    LeagueStandingsView,
)
from scoring.api.views.tokens import DeviceSignInView, DeviceTokenDetailView, DeviceTokenListView
from scoring.api.views.webhooks import (
    WebhookDeliveryListView,
    WebhookDisableView,
    WebhookEnableView,
    WebhookEndpointDetailView,
    WebhookEndpointListView,
    WebhookPingView,
    WebhookRedeliverView,
    WebhookRotateView,
)

GAME = "games/<id:game_id>/"
HAND = GAME + "hands/<id:number>/"
DISPUTE = HAND + "disputes/<id:dispute_id>/"
RULING = HAND + "rulings/<id:ruling_id>/"
LEAGUE = "leagues/<id:pk>/"
CLUB = "clubs/<id:pk>/"
MEMBER = CLUB + "members/<id:membership_id>/"
PLAYER = "players/<id:pk>/"
WEBHOOK = CLUB + "webhooks/<id:endpoint_id>/"
NIGHT = CLUB + "nights/<id:night_id>/"

urlpatterns = [
    path("games/", GameListView.as_view(), name="games"),
    path(GAME, GameDetailView.as_view(), name="game-detail"),
    path(GAME + "hands/", HandListView.as_view(), name="game-hands"),
    path(HAND, HandDetailView.as_view(), name="game-hand"),
    path(HAND + "void/", HandVoidView.as_view(), name="game-hand-void"),
    path(HAND + "confirm/", HandConfirmView.as_view(), name="game-hand-confirm"),
    path(HAND + "query/", HandQueryView.as_view(), name="game-hand-query"),
    path(HAND + "disputes/", DisputeListView.as_view(), name="game-hand-disputes"),
    path(DISPUTE + "resolve/", DisputeResolveView.as_view(), name="game-hand-dispute-resolve"),
    path(HAND + "rulings/", HandRulingListView.as_view(), name="game-hand-rulings"),
    path(RULING + "decision/", RulingDecisionView.as_view(), name="game-hand-ruling-decision"),
    path(GAME + "scoreboard/", ScoreboardView.as_view(), name="scoreboard"),
    path(GAME + "abandon/", GameAbandonView.as_view(), name="game-abandon"),
    path(GAME + "history/", HistoryView.as_view(), name="game-history"),
    path(GAME + "hand-record/", GameRecordView.as_view(), name="game-hand-record"),
    path(HAND + "hand-record/", HandRecordView.as_view(), name="game-hand-hand-record"),
    path(LEAGUE + "hand-record/", LeagueRecordView.as_view(), name="league-hand-record"),
    path(CLUB + "hand-record/", ClubRecordView.as_view(), name="club-hand-record"),
    path(CLUB + "hand-record/import/", RecordImportView.as_view(), name="club-hand-record-import"),
    path(CLUB + "hand-record/sheet/", SheetImportView.as_view(), name="club-hand-record-sheet"),
    path("hand-record.schema.json", RecordSchemaView.as_view(), name="hand-record-schema"),
    path(NIGHT + "hand-record/", NightRecordView.as_view(), name="club-night-hand-record"),
    path("leagues/", LeagueListView.as_view(), name="leagues"),
    path(LEAGUE, LeagueDetailView.as_view(), name="league-detail"),
    path(LEAGUE + "seasons/", SeasonListView.as_view(), name="league-seasons"),
    path(LEAGUE + "standings/", LeagueStandingsView.as_view(), name="league-standings"),
    path(LEAGUE + "standings.csv", LeagueStandingsCSVView.as_view(), name="league-standings-csv"),
    path(LEAGUE + "hands.csv", LeagueHandsCSVView.as_view(), name="league-hands-csv"),
    path("clubs/", ClubListView.as_view(), name="clubs"),
    path(CLUB, ClubDetailView.as_view(), name="club-detail"),
    path(CLUB + "standings/", ClubStandingsView.as_view(), name="club-standings"),
    path(CLUB + "standings.csv", ClubStandingsCSVView.as_view(), name="club-standings-csv"),
    path(CLUB + "members/", MemberListView.as_view(), name="club-members"),
    path(CLUB + "events/", EventFeedView.as_view(), name="club-events"),
    path(CLUB + "erasures/", ClubErasureListView.as_view(), name="club-erasures"),
    path(MEMBER, MemberDetailView.as_view(), name="club-member-detail"),
    path(CLUB + "invitations/", InvitationListView.as_view(), name="club-invitations"),
    path(
        CLUB + "invitations/<id:invitation_id>/",
        InvitationDetailView.as_view(),
        name="club-invitation",
    ),
    path("players/", PlayerListView.as_view(), name="players"),
    path(PLAYER, PlayerDetailView.as_view(), name="player-detail"),
    path(PLAYER + "merge/", PlayerMergeView.as_view(), name="player-merge"),
    path(PLAYER + "erase/", PlayerErasureView.as_view(), name="player-erase"),
    path(PLAYER + "stats/", PlayerStatsView.as_view(), name="player-stats"),
    path(PLAYER + "ratings/", PlayerRatingsView.as_view(), name="player-ratings"),
    path(PLAYER + "bg-stats/", PlayerBgStatsView.as_view(), name="player-bg-stats"),
    path(PLAYER + "bgg-plays/", PlayerBggPlaysView.as_view(), name="player-bgg-plays"),
    path(PLAYER + "pin/", PlayerPinView.as_view(), name="player-pin"),
    path(PLAYER + "claim/", PlayerClaimView.as_view(), name="player-claim"),
    path(PLAYER + "invitation/", PlayerInvitationView.as_view(), name="player-invitation"),
    path(CLUB + "claims/", ClaimListView.as_view(), name="club-claims"),
    path(CLUB + "claims/<id:claim_id>/decision/", ClaimDecisionView.as_view(), name="club-claim"),
    path(CLUB + "nights/", NightListView.as_view(), name="club-nights"),
    path(NIGHT, NightDetailView.as_view(), name="club-night"),
    path(NIGHT + "check-ins/", CheckInView.as_view(), name="club-night-check-in"),
    path(NIGHT + "check-ins/many/", CheckInManyView.as_view(), name="club-night-check-in-many"),
    path(NIGHT + "withdrawals/", WithdrawView.as_view(), name="club-night-withdraw"),
    path(NIGHT + "draw/", DrawView.as_view(), name="club-night-draw"),
    path(NIGHT + "publish/", PublishView.as_view(), name="club-night-publish"),
    path(NIGHT + "start/", StartView.as_view(), name="club-night-start"),
    path(NIGHT + "end/", EndView.as_view(), name="club-night-end"),
    path(NIGHT + "close/", CloseView.as_view(), name="club-night-close"),
    path(NIGHT + "settle/", SettleView.as_view(), name="club-night-settle"),
    path(NIGHT + "swap/", SwapView.as_view(), name="club-night-swap"),
    path(NIGHT + "move/", MoveView.as_view(), name="club-night-move"),
    path(NIGHT + "redraw-table/", RedrawTableView.as_view(), name="club-night-redraw-table"),
    path(NIGHT + "substitute/", SubstituteView.as_view(), name="club-night-substitute"),
    path(NIGHT + "extend-table/", ExtendTableView.as_view(), name="club-night-extend-table"),
    path(NIGHT + "finish-table/", FinishTableView.as_view(), name="club-night-finish-table"),
    path(CLUB + "room/", RoomView.as_view(), name="club-room"),
    path(CLUB + "wall/", WallView.as_view(), name="club-wall"),
    path("me/players/", MyPlayersView.as_view(), name="me-players"),
    path("me/games/", MyGamesView.as_view(), name="me-games"),
    path("me/stats/", MyStatsView.as_view(), name="me-stats"),
    path("me/data/", MyDataView.as_view(), name="me-data"),
    path("me/erase/", MyErasureView.as_view(), name="me-erase"),
    path("invitations/accept/", InvitationAcceptView.as_view(), name="invitation-accept"),
    path("auth/sign-in/", DeviceSignInView.as_view(), name="auth-sign-in"),
    path("auth/sign-up/", DeviceSignUpView.as_view(), name="auth-sign-up"),
    path("auth/tokens/", DeviceTokenListView.as_view(), name="auth-tokens"),
    path("auth/tokens/<id:pk>/", DeviceTokenDetailView.as_view(), name="auth-token"),
    path(CLUB + "webhooks/", WebhookEndpointListView.as_view(), name="club-webhooks"),
    path(WEBHOOK, WebhookEndpointDetailView.as_view(), name="club-webhook"),
    path(WEBHOOK + "enable/", WebhookEnableView.as_view(), name="club-webhook-enable"),
    path(WEBHOOK + "disable/", WebhookDisableView.as_view(), name="club-webhook-disable"),
    path(WEBHOOK + "rotate-secret/", WebhookRotateView.as_view(), name="club-webhook-rotate"),
    path(WEBHOOK + "ping/", WebhookPingView.as_view(), name="club-webhook-ping"),
    path(
        WEBHOOK + "deliveries/", WebhookDeliveryListView.as_view(), name="club-webhook-deliveries"
    ),
    path(
        WEBHOOK + "deliveries/<id:delivery_id>/redeliver/",
        WebhookRedeliverView.as_view(),
        name="club-webhook-redeliver",
    ),
]
