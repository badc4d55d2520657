"""``import_club``: a checked document written as a new club, in one transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, connection, transaction
from django.db.models import Model
from django.utils.dateparse import parse_date, parse_datetime

from scoring import services
from scoring.backup.format import HAND, SEAT, BackupError, validate
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
    Role,
    Season,
)

BATCH = 500


def _dt(value: str | None) -> datetime | None:
    return parse_datetime(value) if value is not None else None


def _insert(model: type[Model], rows: list[Model], times: list[dict[str, Any]]) -> list[Model]:
    """Insert ``rows`` (ids come back, in order), then set the times ``auto_now`` overwrote."""
    if connection.features.can_return_rows_from_bulk_insert:
        model.objects.bulk_create(rows, batch_size=BATCH)
    else:  # pragma: no cover - every supported database returns ids
        for row in rows:
            row.save(force_insert=True)
    if rows and times and times[0]:
        for row, stamp in zip(rows, times, strict=True):
            for field, value in stamp.items():
                setattr(row, field, value)
        # bulk_update writes the attributes as they are: no auto_now here.
        model.objects.bulk_update(rows, list(times[0]), batch_size=BATCH)
    return rows


def _users(data: dict[str, Any], owner) -> tuple[dict[str, Any], list[str]]:
    """Every username the document names, found or created inactive with no password."""
    wanted: set[str] = {m["username"] for m in data["members"]}
    wanted |= {p["user"] for p in data["players"]}
    wanted |= {m["actor"] for m in data["player_merges"]}
    for game in data["games"]:
        wanted.add(game["created_by"])
        wanted |= {h["entered_by"] for h in game["hands"]}
        wanted |= {e["actor"] for e in game["history"]}
        wanted |= {d["opened_by"] for d in game["disputes"]}
        wanted |= {d["resolved_by"] for d in game["disputes"]}
    wanted.discard(None)
    user_model = get_user_model()
    field = user_model.USERNAME_FIELD
    found = {getattr(u, field): u for u in user_model.objects.filter(**{f"{field}__in": wanted})}
    created = sorted(wanted - set(found))
    for name in created:
        user = user_model(**{field: name, "is_active": False})
        user.set_unusable_password()
        try:
            user.full_clean(exclude=["password"], validate_unique=False)
        except ValidationError as exc:
            raise BackupError(f"User {name!r} cannot be created: {exc}") from None
        user.save()
        found[name] = user
    if owner is not None:
        found.setdefault(getattr(owner, field), owner)
    return found, created


def _remap_refs(value: Any, players: dict[int, int], disputes: dict[int, int]) -> Any:
    """History before/after name players and disputes by id: point them at the new rows."""
    if not isinstance(value, dict):
        return value
    value = dict(value)
    if isinstance(value.get("player"), int):
        value["player"] = players.get(value["player"], value["player"])
    if isinstance(value.get("players"), list):
        value["players"] = [
            players.get(p, p) if isinstance(p, int) else p for p in value["players"]
        ]
    if isinstance(value.get("dispute"), int):
        value["dispute"] = disputes.get(value["dispute"], value["dispute"])
    return value


def import_club(data: Any, *, owner=None, slug: str | None = None) -> Club:
    """Write a ``hearts-club-backup`` document as a new club and return it.

    Refuses (``BackupError``, nothing written) a document of another format or version, one
    that does not check out, or a club slug already in use. ``slug`` imports under another
    slug; ``owner`` (a user) is made an owner of the new club as well. Users named in the
    document are matched by username, and created inactive with no usable password when
    missing (``club.created_users`` lists them). Ratings are recomputed afterwards.
    """
    validate(data)
    slug = slug or data["club"]["slug"]
    try:
        with transaction.atomic():
            club, created_users = _write(data, owner=owner, slug=slug)
    except (IntegrityError, DataError) as exc:
        raise BackupError(f"The document clashes with the database: {exc}") from None
    club.created_users = created_users
    return club


def _write(data: dict[str, Any], *, owner, slug: str) -> tuple[Club, list[str]]:
    if Club.objects.filter(slug=slug).exists():
        raise BackupError(
            f"A club with the slug {slug!r} already exists: import under another slug "
            "(import_club --slug NEW) or into a database without it."
        )
    users, created_users = _users(data, owner)

    def user(name: str | None):
        return users[name] if name is not None else None

    source = data["club"]
    club = Club(name=source["name"], slug=slug, is_public=source["is_public"])
    _insert(Club, [club], [{"created_at": _dt(source["created_at"])}])

    members = data["members"]
    _insert(
        Membership,
        [Membership(club=club, user=user(m["username"]), role=m["role"]) for m in members],
        [{"created_at": _dt(m["created_at"])} for m in members],
    )
    if owner is not None:
        Membership.objects.update_or_create(club=club, user=owner, defaults={"role": Role.OWNER})

    # Players in the export's id order, so ids keep their relative order (ties sort by id).
    sources = sorted(data["players"], key=lambda p: p["id"])
    players = [Player(club=club, name=p["name"], user=user(p["user"])) for p in sources]
    _insert(Player, players, [{"created_at": _dt(p["created_at"])} for p in sources])
    player_ids = {p["id"]: row.pk for p, row in zip(sources, players, strict=True)}
    merged = []
    for p, row in zip(sources, players, strict=True):
        if p["merged_into"] is not None:
            row.merged_into_id = player_ids[p["merged_into"]]
            merged.append(row)
    Player.objects.bulk_update(merged, ["merged_into"], batch_size=BATCH)

    sources = sorted(data["leagues"], key=lambda league: league["id"])
    leagues = [
        League(club=club, name=x["name"], ruleset=x["ruleset"], ranking=x["ranking"])
        for x in sources
    ]
    _insert(League, leagues, [{"created_at": _dt(x["created_at"])} for x in sources])
    league_ids = {x["id"]: row.pk for x, row in zip(sources, leagues, strict=True)}
    season_sources = sorted(
        (dict(s, league=x["id"]) for x in sources for s in x["seasons"]), key=lambda s: s["id"]
    )
    seasons = [
        Season(
            league_id=league_ids[s["league"]],
            name=s["name"],
            starts_on=parse_date(s["starts_on"]),
            ends_on=parse_date(s["ends_on"]),
        )
        for s in season_sources
    ]
    _insert(Season, seasons, [])
    season_ids = {s["id"]: row.pk for s, row in zip(season_sources, seasons, strict=True)}

    sources = sorted(data["games"], key=lambda g: g["id"])
    games = [
        Game(
            club=club,
            league_id=league_ids.get(g["league"]),
            season_id=season_ids.get(g["season"]),
            ruleset=g["ruleset"],
            first_dealer=g["first_dealer"],
            status=g["status"],
            started_at=_dt(g["started_at"]),
            finished_at=_dt(g["finished_at"]),
            version=g["version"],
            totals=g["totals"],
            gems=g["gems"],
            hands_played=g["hands_played"],
            winners=g["winners"],
            created_by=user(g["created_by"]),
        )
        for g in sources
    ]
    _insert(Game, games, [{"updated_at": _dt(g["updated_at"])} for g in sources])
    game_ids = {g["id"]: row.pk for g, row in zip(sources, games, strict=True)}

    seat_sources = [(g, s) for g in sources for s in sorted(g["seats"], key=lambda s: s["id"])]
    seat_rows = [
        GameSeat(
            game_id=game_ids[g["id"]],
            player_id=player_ids[s["player"]],
            **{k: s[k] for k in SEAT if k not in ("id", "player")},
        )
        for g, s in seat_sources
    ]
    _insert(GameSeat, seat_rows, [])
    seat_ids = {s["id"]: row.pk for (_, s), row in zip(seat_sources, seat_rows, strict=True)}

    hand_sources = [(g, h) for g in sources for h in sorted(g["hands"], key=lambda h: h["number"])]
    plain = [k for k in HAND if k not in ("entered_by", "created_at", "updated_at")]
    hand_rows = [
        Hand(
            game_id=game_ids[g["id"]], entered_by=user(h["entered_by"]), **{k: h[k] for k in plain}
        )
        for g, h in hand_sources
    ]
    _insert(
        Hand,
        hand_rows,
        [
            {"created_at": _dt(h["created_at"]), "updated_at": _dt(h["updated_at"])}
            for _, h in hand_sources
        ],
    )
    hand_ids = {
        (g["id"], h["number"]): row.pk for (g, h), row in zip(hand_sources, hand_rows, strict=True)
    }

    dispute_sources = sorted(
        ((g, d) for g in sources for d in g["disputes"]), key=lambda pair: pair[1]["id"]
    )
    disputes = [
        Dispute(
            hand_id=hand_ids[(g["id"], d["hand"])],
            record=d["record"],
            ruling=d["ruling"],
            status=d["status"],
            opened_by=user(d["opened_by"]),
            resolved_by=user(d["resolved_by"]),
            resolved_at=_dt(d["resolved_at"]),
            note=d["note"],
        )
        for g, d in dispute_sources
    ]
    _insert(Dispute, disputes, [{"opened_at": _dt(d["opened_at"])} for _, d in dispute_sources])
    dispute_ids = {d["id"]: row.pk for (_, d), row in zip(dispute_sources, disputes, strict=True)}

    # History in each game's order as exported (at, then id), so new ids keep that order.
    history_sources = [(g, e) for g in sources for e in g["history"]]
    history = [
        HistoryEntry(
            game_id=game_ids[g["id"]],
            hand_number=e["hand_number"],
            action=e["action"],
            actor=user(e["actor"]),
            before=_remap_refs(e["before"], player_ids, dispute_ids),
            after=_remap_refs(e["after"], player_ids, dispute_ids),
            reason=e["reason"],
        )
        for g, e in history_sources
    ]
    _insert(HistoryEntry, history, [{"at": _dt(e["at"])} for _, e in history_sources])

    merge_sources = sorted(data["player_merges"], key=lambda m: m["id"])
    merges = [
        PlayerMerge(
            club=club,
            source_id=player_ids[m["source"]],
            target_id=player_ids[m["target"]],
            seats_moved=[seat_ids[s] for s in m["seats_moved"]],
            actor=user(m["actor"]),
            reason=m["reason"],
        )
        for m in merge_sources
    ]
    _insert(PlayerMerge, merges, [{"at": _dt(m["at"])} for m in merge_sources])

    services.results_changed(club.pk)
    return club, created_users
