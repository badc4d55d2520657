"""Writes: every change to clubs, players, leagues, games and hands goes through a function
here, one module a subject. Each write to a game checks the version the caller saw, changes
the hands, rescores the game (settlement), bumps its version and appends to its history, all
in one transaction, so a failure leaves nothing half-written.

Callers use ``from scoring import services`` and ``services.enter_hand(...)``: the names below
are the services' whole public surface.
"""

from scoring.services.accounts import (
    PLAYER_INVITATION_ROLES,
    choose_language,
    claim_player,
    decide_claim,
    invite_player,
)
from scoring.services.clubs import (
    change_role,
    create_club,
    remove_membership,
    set_membership,
    slug_from_name,
)
from scoring.services.confirmations import confirm_for_table, confirm_hand, query_hand
from scoring.services.disputes import open_dispute, resolve_dispute
from scoring.services.erasure import erase_me, erase_player
from scoring.services.exports import hands_csv
from scoring.services.games import abandon_game, create_game, rules_of, start_game
from scoring.services.hands import ENTRY_ATTEMPTS, correct_hand, enter_hand, void_hand
from scoring.services.invitations import (
    accept_invitation,
    create_invitation,
    open_invitation,
    revoke_invitation,
)
from scoring.services.leagues import create_league, create_season, update_league
from scoring.services.name_visibility import may_choose_visibility, set_name_visibility
from scoring.services.nights import (
    check_in,
    check_in_many,
    close_night,
    draw_round,
    end_round,
    extend_table,
    finalize_nights,
    finish_table,
    move_player,
    open_night,
    open_night_for_league_id,
    publish_round,
    redraw_table,
    settle_hand,
    start_round,
    substitute,
    swap_seats,
    withdraw,
)
from scoring.services.passwords import (
    change_password,
    check_current_password,
    make_reset_link,
    open_reset_link,
    reset_password,
)
from scoring.services.pins import set_pin
from scoring.services.players import add_players, create_player, merge_players
from scoring.services.ruling_decisions import decide_ruling
from scoring.services.signin import password_checked, sign_in, signed_in
from scoring.services.signup import NewAccount, sign_up
from scoring.services.tokens import (
    create_device_token,
    make_device_token,
    may_make_tokens,
    revoke_device_token,
    revoke_device_tokens,
)
from scoring.services.totals import rebuild as rebuild_totals
from scoring.services.versions import games_changed, results_changed, tables_changed
from scoring.services.webhooks import (
    create_endpoint,
    delete_endpoint,
    ping_endpoint,
    redeliver,
    rotate_secret,
    set_endpoint_enabled,
    update_endpoint,
)

__all__ = [
    "ENTRY_ATTEMPTS",
    "PLAYER_INVITATION_ROLES",
    "NewAccount",
    "abandon_game",
    "accept_invitation",
    "add_players",
    "change_password",
    "change_role",
    "check_current_password",
    "check_in",
    "check_in_many",
    "choose_language",
    "claim_player",
    "close_night",
    "confirm_for_table",
    "confirm_hand",
    "correct_hand",
    "create_club",
    "create_device_token",
    "create_endpoint",
    "create_game",
    "create_invitation",
    "create_league",
    "create_player",
    "create_season",
    "decide_claim",
    "decide_ruling",
    "delete_endpoint",
    "draw_round",
    "end_round",
    "enter_hand",
    "erase_me",
    "erase_player",
    "extend_table",
    "finalize_nights",
    "finish_table",
    "games_changed",
    "hands_csv",
    "invite_player",
    "make_device_token",
    "make_reset_link",
    "may_choose_visibility",
    "may_make_tokens",
    "merge_players",
    "move_player",
    "open_dispute",
    "open_invitation",
    "open_night",
    "open_night_for_league_id",
    "open_reset_link",
    "password_checked",
    "ping_endpoint",
    "publish_round",
    "query_hand",
    "rebuild_totals",
    "redeliver",
    "redraw_table",
    "remove_membership",
    "reset_password",
    "resolve_dispute",
    "results_changed",
    "revoke_device_token",
    "revoke_device_tokens",
    "revoke_invitation",
    "rotate_secret",
    "rules_of",
    "set_endpoint_enabled",
    "set_membership",
    "set_name_visibility",
    "set_pin",
    "settle_hand",
    "sign_in",
    "sign_up",
    "signed_in",
    "slug_from_name",
    "start_game",
    "start_round",
    "substitute",
    "swap_seats",
    "tables_changed",
    "update_endpoint",
    "update_league",
    "void_hand",
    "withdraw",
]
