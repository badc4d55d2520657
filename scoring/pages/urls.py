"""The phone pages' routes, included by hearts_site.urls after the API."""

from django.contrib.auth import views as auth_views
from django.urls import path, register_converter
from django.urls.converters import StringConverter

from scoring.pages.views import (
    account,
    adjudicate,
    browse,
    club_night,
    disputes,
    erasures,
    game_actions,
    hand_records,
    language,
    members,
    name_visibility,
    nights,
    offline,
    passwords,
    score_sheets,
    scoresheet,
    setup,
    signup,
    webhooks,
)

CLUB = "clubs/<slug:slug>/"
WEBHOOK = CLUB + "webhooks/<id:pk>/"
NIGHT = CLUB + "nights/<id:pk>/"
GAME = "games/<id:pk>/"
HAND = GAME + "hands/<id:number>/"


class AtTheTableConverter(StringConverter):
    """The forms at the table (``club_night.AT_THE_TABLE``): confirm, query, confirm-for-table."""

    regex = "|".join(club_night.AT_THE_TABLE)


register_converter(AtTheTableConverter, "at_the_table")

urlpatterns = [
    path("", browse.home, name="home"),
    # The installable app: the worker at the root, so that its scope is every page.
    path("sw.js", offline.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline.manifest, name="web-manifest"),
    # Before the club's own address: "new" is no club's slug (services.clubs.RESERVED_SLUGS).
    path("clubs/new/", setup.club_new, name="page-club-new"),
    path(CLUB, browse.club_page, name="page-club"),
    path(CLUB + "room/", club_night.room_page, name="page-room"),
    path(CLUB + "wall/", club_night.wall_page, name="page-wall"),
    path(CLUB + "nights/new/", nights.night_new, name="page-night-new"),
    path(NIGHT, nights.night_page, name="page-night"),
    path(NIGHT + "act/", nights.night_act, name="page-night-act"),
    path(NIGHT + "check-in/", nights.night_check_in, name="page-night-check-in"),
    path(NIGHT + "sheet/", nights.night_sheet, name="page-night-sheet"),
    path(CLUB + "claims/", club_night.claims_page, name="page-claims"),
    path(CLUB + "invite/", members.club_invite, name="page-club-invite"),
    path(CLUB + "members/", members.club_members, name="page-members"),
    path(CLUB + "erasures/", erasures.club_erasures, name="page-erasures"),
    path(CLUB + "members/role/", members.member_role, name="page-member-role"),
    path(CLUB + "members/remove/", members.member_remove, name="page-member-remove"),
    path(
        CLUB + "invitations/<id:pk>/revoke/",
        members.invitation_revoke,
        name="page-invitation-revoke",
    ),
    path(CLUB + "leagues/new/", setup.league_new, name="page-league-new"),
    path(CLUB + "players/new/", setup.players_new, name="page-players-new"),
    path(CLUB + "hand-record/import/", hand_records.record_import, name="page-record-import"),
    path(CLUB + "hand-record/sheet/", score_sheets.sheet_import, name="page-sheet-import"),
    path(CLUB + "webhooks/", webhooks.webhooks_page, name="page-webhooks"),
    path(WEBHOOK, webhooks.webhook_page, name="page-webhook"),
    path(WEBHOOK + "rotate/", webhooks.webhook_rotate, name="page-webhook-rotate"),
    path(
        WEBHOOK + "enable/", webhooks.webhook_switch, {"enabled": True}, name="page-webhook-enable"
    ),
    path(
        WEBHOOK + "disable/",
        webhooks.webhook_switch,
        {"enabled": False},
        name="page-webhook-disable",
    ),
    path("invitations/<str:token>/", members.invitation_page, name="page-invitation"),
    path("leagues/<id:pk>/", browse.league_page, name="page-league"),
    path("leagues/<id:pk>/edit/", setup.league_edit, name="page-league-edit"),
    path("players/<id:pk>/", browse.player_page, name="page-player"),
    path("players/<id:pk>/claim/", club_night.player_claim, name="page-player-claim"),
    path("players/<id:pk>/invite/", club_night.player_invite, name="page-player-invite"),
    path("players/<id:pk>/pin/", club_night.player_pin, name="page-player-pin"),
    path(
        "players/<id:pk>/name/",
        name_visibility.player_name_visibility,
        name="page-player-name-visibility",
    ),
    path("players/<id:pk>/forget/", erasures.forget_player, name="page-player-forget"),
    path("games/new/", scoresheet.game_new, name="page-game-new"),
    path(GAME, browse.game_page, name="page-game"),
    path(GAME + "enter/", scoresheet.hand_enter, name="page-hand-enter"),
    path(GAME + "enter/check/", adjudicate.hand_record_check, name="page-hand-check"),
    path(GAME + "void/", game_actions.hand_void, name="page-hand-void"),
    path(GAME + "abandon/", game_actions.game_abandon, name="page-game-abandon"),
    path(GAME + "dispute/", game_actions.hand_dispute, name="page-hand-dispute"),
    path(GAME + "again/", game_actions.same_table_again, name="page-game-again"),
    path(HAND + "<at_the_table:action>/", club_night.hand_at_the_table, name="page-hand-at-table"),
    path(HAND + "correct/", scoresheet.hand_correct, name="page-hand-correct"),
    path(HAND + "rule/", adjudicate.game_hand_adjudicate, name="page-hand-adjudicate"),
    path(HAND + "disputes/<id:dispute_id>/", disputes.dispute_page, name="page-dispute"),
    path("adjudicate/", adjudicate.adjudicate_page, name="page-adjudicate"),
    path("account/language/", language.choose_language, name="page-language"),
    path("account/login/", account.SignInView.as_view(), name="login"),
    path("account/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/signup/", signup.signup_page, name="page-signup"),
    path("account/me/", club_night.my_page, name="page-me"),
    path("account/tokens/", account.tokens_page, name="page-tokens"),
    path("account/data/", account.my_data, name="page-my-data"),
    path("account/forget/", erasures.forget_me, name="page-forget-me"),
    path("account/tokens/<id:pk>/revoke/", account.token_revoke, name="page-token-revoke"),
    path("account/password/", passwords.password_change, name="page-password-change"),
    path("account/reset/<str:key>/", passwords.password_reset, name="page-password-reset"),
    path(CLUB + "passwords/", passwords.reset_links, name="page-reset-links"),
]
