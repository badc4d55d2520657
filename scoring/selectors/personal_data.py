"""A person's own data (issue 55, point 3): everything the service keeps about one signed-in
user, as one JSON document (``personal_data``), for the account page's download and
``GET /api/v1/me/data/``.

Only the user's own rows go in: their account, memberships, the players linked to them with
each game they sat in (its hands, every seat's points and scores, by seat number, never
another player's name), their ratings, the confirmations and disputes they made, their device
tokens, the sign-in records for their username (times and IP addresses), the invitations they
made or accepted and the password reset links made for them. No key, token or PIN hash ever
goes in. A fixed number of queries, whatever the number of games and hands."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.db.models import OuterRef, Q
from django.utils import timezone

from scoring.models import (
    AccountLanguage,
    DeviceToken,
    Dispute,
    GameSeat,
    Hand,
    HistoryEntry,
    Invitation,
    Membership,
    PasswordResetLink,
    Player,
    PlayerClaim,
    RatingEvent,
    SignInCount,
    shown_generation,
)

FORMAT = "hearts-personal-data"
HAND_FIELDS = ("game_id", "number", "points", "scores", "is_void", "confirmation", "recorded_at")
VERSION = 1


def _time(value: datetime | None) -> str | None:
    """A time as ISO 8601 text (UTC as stored), or None."""
    return value.isoformat() if value is not None else None


def _club(club) -> dict[str, Any]:
    return {"id": club.pk, "name": club.name, "slug": club.slug}


def personal_data_file_name(user) -> str:
    """What the download is called, on the page and from the API."""
    return f"hearts-data-{user.get_username()}.json"


def personal_data(user) -> dict[str, Any]:
    """Everything kept about ``user``, as a JSON-safe document (docs/architecture.md lists
    its keys). Read in a fixed number of queries."""
    players = list(Player.objects.filter(user=user).select_related("club").order_by("id"))
    return {
        "format": FORMAT,
        "version": VERSION,
        "generated_at": _time(timezone.now()),
        "account": _account(user),
        "memberships": _memberships(user),
        "players": _players(players),
        "claims": _claims(user),
        "confirmations": _confirmations(user, players),
        "disputes": _disputes(user),
        "devices": _devices(user),
        "sign_ins": _sign_ins(user.get_username()),
        "invitations": _invitations(user),
        "reset_links": _reset_links(user),
    }


def _account(user) -> dict[str, Any]:
    language = AccountLanguage.objects.filter(user=user).values_list("language", flat=True)
    return {
        "id": user.pk,
        "username": user.get_username(),
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "date_joined": _time(user.date_joined),
        "last_login": _time(user.last_login),
        "is_active": user.is_active,
        "language": next(iter(language), None),
    }


def _memberships(user) -> list[dict[str, Any]]:
    rows = Membership.objects.filter(user=user).select_related("club").order_by("created_at", "id")
    return [{"club": _club(m.club), "role": m.role, "since": _time(m.created_at)} for m in rows]


def _players(players: list[Player]) -> list[dict[str, Any]]:
    """Each player the user is, with the games it sat in (and their hands) and its ratings."""
    seats = (
        GameSeat.objects.filter(player__in=players)
        .select_related("game__league", "game__season")
        .order_by("game__started_at", "game_id")
    )
    seats_of: dict[int, list[GameSeat]] = defaultdict(list)
    for seat in seats:
        seats_of[seat.player_id].append(seat)
    game_ids = {seat.game_id for rows in seats_of.values() for seat in rows}
    hands_of: dict[int, list[Hand]] = defaultdict(list)
    hands = Hand.objects.filter(game_id__in=game_ids).only(*HAND_FIELDS)
    for hand in hands.order_by("game_id", "number"):
        hands_of[hand.game_id].append(hand)
    ratings_of = _ratings([p.pk for p in players])
    return [
        {
            "id": player.pk,
            "name": player.name,
            "club": _club(player.club),
            "created_at": _time(player.created_at),
            "merged_into": player.merged_into_id,
            "has_pin": bool(player.pin_hash),
            "games": [_game(seat, hands_of[seat.game_id]) for seat in seats_of[player.pk]],
            "ratings": ratings_of[player.pk],
        }
        for player in players
    ]


def _game(seat: GameSeat, hands: list[Hand]) -> dict[str, Any]:
    game = seat.game
    return {
        "id": game.pk,
        "league": {"id": game.league_id, "name": game.league.name} if game.league else None,
        "season": {"id": game.season_id, "name": game.season.name} if game.season else None,
        "table": game.table,
        "status": game.status,
        "end_reason": game.end_reason,
        "started_at": _time(game.started_at),
        "finished_at": _time(game.finished_at),
        "seat": seat.seat,
        "total": seat.total,
        "place": seat.place,
        "is_winner": seat.is_winner,
        "hands": [
            {
                "number": hand.number,
                "points": hand.points,
                "scores": hand.scores,
                "is_void": hand.is_void,
                "confirmation": hand.confirmation,
                "recorded_at": _time(hand.recorded_at),
            }
            for hand in hands
        ],
    }


def _ratings(player_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Each player's shown rating events, in date order: one query for every club."""
    events = RatingEvent.objects.filter(
        player_id__in=player_ids, generation=shown_generation(OuterRef("club_id"))
    ).order_by("at", "game_id")
    ratings: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for event in events:
        ratings[event.player_id].append(
            {
                "game": event.game_id,
                "at": _time(event.at),
                "mu": event.mu,
                "sigma": event.sigma,
                "ordinal": event.ordinal,
                "change": event.change,
            }
        )
    return ratings


def _claims(user) -> list[dict[str, Any]]:
    rows = PlayerClaim.objects.filter(user=user).order_by("created_at", "id")
    return [
        {
            "player": claim.player_id,
            "status": claim.status,
            "created_at": _time(claim.created_at),
            "decided_at": _time(claim.decided_at),
        }
        for claim in rows
    ]


def _confirmations(user, players: list[Player]) -> list[dict[str, Any]]:
    """The hands the user confirmed (signed in, or as a director for the table), and those
    one of their players confirmed on another's device (by PIN)."""
    by_account = HistoryEntry.objects.filter(action="hand_confirmed", actor=user).order_by(
        "at", "id"
    )
    found: dict[tuple[int, int], dict[str, Any]] = {}
    for entry in by_account:
        found[(entry.game_id, entry.hand_number)] = {
            "game": entry.game_id,
            "hand": entry.hand_number,
            "player": None,
            "at": _time(entry.at),
        }
    by_player = Hand.objects.filter(confirmed_by__in=players).values_list(
        "game_id", "number", "confirmed_by_id"
    )
    for game_id, number, player_id in by_player:
        row = found.setdefault(
            (game_id, number), {"game": game_id, "hand": number, "player": None, "at": None}
        )
        row["player"] = player_id
    return sorted(found.values(), key=lambda row: (row["game"], row["hand"]))


def _disputes(user) -> list[dict[str, Any]]:
    rows = Dispute.objects.filter(opened_by=user).select_related("hand").order_by("opened_at")
    return [
        {
            "id": dispute.pk,
            "game": dispute.hand.game_id,
            "hand": dispute.hand.number,
            "status": dispute.status,
            "reason": dispute.reason,
            "record": dispute.record,
            "opened_at": _time(dispute.opened_at),
            "resolved_at": _time(dispute.resolved_at),
            "resolution_note": dispute.resolution_note,
        }
        for dispute in rows
    ]


def _devices(user) -> list[dict[str, Any]]:
    rows = DeviceToken.objects.filter(user=user).order_by("created_at", "id")
    return [
        {
            "name": token.name,
            "prefix": token.prefix,
            "created_at": _time(token.created_at),
            "last_used_at": _time(token.last_used_at),
            "revoked_at": _time(token.revoked_at),
        }
        for token in rows
    ]


def _sign_ins(username: str) -> dict[str, list[dict[str, Any]]]:
    """The sign-in records kept for the username: successful sign-ins, failed attempts (never
    what was posted), the failures' log and the lockout's counts."""
    signed_in = AccessLog.objects.filter(username=username).order_by("attempt_time")
    attempts = AccessAttempt.objects.filter(username=username).order_by("attempt_time")
    failures = AccessFailureLog.objects.filter(username=username).order_by("attempt_time")
    counts = SignInCount.objects.filter(username=username).order_by("address")

    def base(row) -> dict[str, Any]:
        return {
            "at": _time(row.attempt_time),
            "ip_address": row.ip_address,
            "user_agent": row.user_agent,
            "path": row.path_info,
        }

    return {
        "sign_ins": [{**base(r), "logout_at": _time(r.logout_time)} for r in signed_in],
        "failed_attempts": [{**base(r), "failures": r.failures_since_start} for r in attempts],
        "failures": [{**base(r), "locked_out": r.locked_out} for r in failures],
        "lockout_counts": [
            {"address": c.address, "failures": c.failures, "latest": _time(c.latest)}
            for c in counts
        ],
    }


def _invitations(user) -> list[dict[str, Any]]:
    rows = (
        Invitation.objects.filter(Q(created_by=user) | Q(accepted_by=user))
        .select_related("club")
        .order_by("created_at", "id")
    )
    return [
        {
            "club": _club(invitation.club),
            "role": invitation.role,
            "player": invitation.player_id,
            "made_by_me": invitation.created_by_id == user.pk,
            "accepted_by_me": invitation.accepted_by_id == user.pk,
            "created_at": _time(invitation.created_at),
            "expires_at": _time(invitation.expires_at),
            "accepted_at": _time(invitation.accepted_at),
            "revoked_at": _time(invitation.revoked_at),
        }
        for invitation in rows
    ]


def _reset_links(user) -> list[dict[str, Any]]:
    rows = PasswordResetLink.objects.filter(user=user).order_by("created_at", "id")
    return [
        {
            "created_at": _time(link.created_at),
            "expires_at": _time(link.expires_at),
            "used_at": _time(link.used_at),
            "voided_at": _time(link.voided_at),
        }
        for link in rows
    ]
