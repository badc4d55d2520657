"""``export_club``: a club's whole record as a JSON-ready dict; ``summary``: what it holds."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from scoring.backup.format import FORMAT, VERSION
from scoring.models import (
    Club,
    Dispute,
    Game,
    GameSeat,
    Hand,
    HistoryEntry,
    League,
    Membership,
    Player,
    PlayerMerge,
    Season,
)


def _time(value: datetime | date | None) -> str | None:
    return value.isoformat() if value is not None else None


def export_club(club: Club) -> dict[str, Any]:
    """The club's whole record as a JSON-ready dict (format ``hearts-club-backup``, version 1).

    Ids are the source database's primary keys: they only tie the document together.
    """
    games = list(Game.objects.filter(club=club).order_by("id"))
    game_ids = [g.pk for g in games]
    seats = list(GameSeat.objects.filter(game__club=club).order_by("game_id", "seat"))
    hands = list(Hand.objects.filter(game__club=club).order_by("game_id", "number"))
    disputes = list(
        Dispute.objects.filter(hand__game__club=club)
        .select_related("hand")
        .order_by("hand__game_id", "opened_at", "id")
    )
    history = list(HistoryEntry.objects.filter(game__club=club).order_by("game_id", "at", "id"))
    players = list(Player.objects.filter(club=club).order_by("id"))
    leagues = list(League.objects.filter(club=club).order_by("id"))
    seasons = list(Season.objects.filter(league__club=club).order_by("league_id", "id"))
    merges = list(PlayerMerge.objects.filter(club=club).order_by("at", "id"))
    members = list(Membership.objects.filter(club=club).order_by("created_at", "id"))

    user_ids: set[int] = {m.user_id for m in members}
    user_ids |= {p.user_id for p in players} | {g.created_by_id for g in games}
    user_ids |= {h.entered_by_id for h in hands} | {e.actor_id for e in history}
    user_ids |= {d.opened_by_id for d in disputes} | {d.resolved_by_id for d in disputes}
    user_ids |= {m.actor_id for m in merges}
    user_ids.discard(None)
    user_model = get_user_model()
    names = dict(
        user_model.objects.filter(pk__in=user_ids).values_list("pk", user_model.USERNAME_FIELD)
    )

    def username(user_id: int | None) -> str | None:
        return names.get(user_id) if user_id is not None else None

    by_game: dict[int, dict[str, list]] = {
        pk: {"seats": [], "hands": [], "disputes": [], "history": []} for pk in game_ids
    }
    for seat in seats:
        by_game[seat.game_id]["seats"].append(
            {
                "id": seat.pk,
                "seat": seat.seat,
                "player": seat.player_id,
                "total": seat.total,
                "place": seat.place,
                "is_winner": seat.is_winner,
                "hands_played": seat.hands_played,
                "points_taken": seat.points_taken,
                "moons": seat.moons,
                "queens": seat.queens,
                "clean_hands": seat.clean_hands,
                "gems": seat.gems,
            }
        )
    for hand in hands:
        by_game[hand.game_id]["hands"].append(
            {
                "number": hand.number,
                "dealer": hand.dealer,
                "pass_direction": hand.pass_direction,
                "level": hand.level,
                "entry": hand.entry,
                "points": hand.points,
                "scores": hand.scores,
                "moon_shooter": hand.moon_shooter,
                "moon_choice": hand.moon_choice,
                "jack_of_diamonds": hand.jack_of_diamonds,
                "queen_by": hand.queen_by,
                "gems": hand.gems,
                "adjudication": hand.adjudication,
                "renege_by": hand.renege_by,
                "is_void": hand.is_void,
                "entered_by": username(hand.entered_by_id),
                "created_at": _time(hand.created_at),
                "updated_at": _time(hand.updated_at),
            }
        )
    for dispute in disputes:
        by_game[dispute.hand.game_id]["disputes"].append(
            {
                "id": dispute.pk,
                "hand": dispute.hand.number,
                "record": dispute.record,
                "ruling": dispute.ruling,
                "status": dispute.status,
                "opened_by": username(dispute.opened_by_id),
                "opened_at": _time(dispute.opened_at),
                "resolved_by": username(dispute.resolved_by_id),
                "resolved_at": _time(dispute.resolved_at),
                "note": dispute.note,
            }
        )
    for entry in history:
        by_game[entry.game_id]["history"].append(
            {
                "hand_number": entry.hand_number,
                "action": entry.action,
                "actor": username(entry.actor_id),
                "at": _time(entry.at),
                "before": entry.before,
                "after": entry.after,
                "reason": entry.reason,
            }
        )

    seasons_of: dict[int, list[dict[str, Any]]] = {league.pk: [] for league in leagues}
    for season in seasons:
        seasons_of[season.league_id].append(
            {
                "id": season.pk,
                "name": season.name,
                "starts_on": _time(season.starts_on),
                "ends_on": _time(season.ends_on),
            }
        )

    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _time(timezone.now()),
        "club": {
            "id": club.pk,
            "name": club.name,
            "slug": club.slug,
            "is_public": club.is_public,
            "created_at": _time(club.created_at),
        },
        "members": [
            {"username": username(m.user_id), "role": m.role, "created_at": _time(m.created_at)}
            for m in members
        ],
        "players": [
            {
                "id": p.pk,
                "name": p.name,
                "user": username(p.user_id),
                "merged_into": p.merged_into_id,
                "created_at": _time(p.created_at),
            }
            for p in players
        ],
        "leagues": [
            {
                "id": league.pk,
                "name": league.name,
                "ruleset": league.ruleset,
                "ranking": league.ranking,
                "created_at": _time(league.created_at),
                "seasons": seasons_of[league.pk],
            }
            for league in leagues
        ],
        "games": [
            {
                "id": game.pk,
                "league": game.league_id,
                "season": game.season_id,
                "ruleset": game.ruleset,
                "first_dealer": game.first_dealer,
                "status": game.status,
                "started_at": _time(game.started_at),
                "finished_at": _time(game.finished_at),
                "updated_at": _time(game.updated_at),
                "version": game.version,
                "totals": game.totals,
                "gems": game.gems,
                "hands_played": game.hands_played,
                "winners": game.winners,
                "created_by": username(game.created_by_id),
                **by_game[game.pk],
            }
            for game in games
        ],
        "player_merges": [
            {
                "id": merge.pk,
                "source": merge.source_id,
                "target": merge.target_id,
                "seats_moved": merge.seats_moved,
                "actor": username(merge.actor_id),
                "at": _time(merge.at),
                "reason": merge.reason,
            }
            for merge in merges
        ],
    }


def summary(club: Club) -> str:
    """What a club holds, in words, for the commands' messages."""
    counts = {
        "players": Player.objects.filter(club=club).count(),
        "leagues": League.objects.filter(club=club).count(),
        "games": Game.objects.filter(club=club).count(),
        "hands": Hand.objects.filter(game__club=club).count(),
        "history entries": HistoryEntry.objects.filter(game__club=club).count(),
    }
    return ", ".join(f"{count} {name}" for name, count in counts.items())
