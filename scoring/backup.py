"""A club's whole record as one JSON document, and back (docs/backup-format.md).

``export_club`` writes every league, season, player, game, seat, hand, dispute, history entry
and player merge of one club, with users named by username. ``import_club`` checks the whole
document first, then writes it in one transaction under the export's own times, versions and
history (rows are written directly, not replayed through the services), remaps every reference
to the new ids, and recomputes the ratings. Nothing secret is exported: no passwords, device
tokens or idempotency records.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, connection, transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from adjudication.engine import HeartsError
from adjudication.services import ruleset_for
from scoring import services
from scoring.models import (
    Club,
    Dispute,
    DisputeStatus,
    EntryLevel,
    Game,
    GameSeat,
    GameStatus,
    Hand,
    HistoryEntry,
    League,
    Membership,
    Player,
    PlayerMerge,
    Role,
    Season,
)

FORMAT = "hearts-club-backup"
VERSION = 1
BATCH = 500


class BackupError(Exception):
    """A document that cannot be imported; the message says what is wrong and where."""


# --- Export -------------------------------------------------------------------------------------


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


# --- Checking a document ------------------------------------------------------------------------

# What each object holds: key -> kind. A "?" suffix allows null. "json" is anything.
_ANY = "json"
CLUB = {"id": "int", "name": "str", "slug": "str", "is_public": "bool", "created_at": "datetime"}
MEMBER = {"username": "str", "role": "str", "created_at": "datetime"}
PLAYER = {
    "id": "int",
    "name": "str",
    "user": "str?",
    "merged_into": "int?",
    "created_at": "datetime",
}
LEAGUE = {
    "id": "int",
    "name": "str",
    "ruleset": "dict",
    "ranking": "dict",
    "created_at": "datetime",
    "seasons": "list",
}
SEASON = {"id": "int", "name": "str", "starts_on": "date", "ends_on": "date"}
GAME = {
    "id": "int",
    "league": "int?",
    "season": "int?",
    "ruleset": "dict",
    "first_dealer": "int",
    "status": "str",
    "started_at": "datetime",
    "finished_at": "datetime?",
    "updated_at": "datetime",
    "version": "int",
    "totals": "list",
    "gems": "list?",
    "hands_played": "int",
    "winners": "list",
    "created_by": "str?",
    "seats": "list",
    "hands": "list",
    "disputes": "list",
    "history": "list",
}
SEAT = {
    "id": "int",
    "seat": "int",
    "player": "int",
    "total": "int",
    "place": "int?",
    "is_winner": "bool",
    "hands_played": "int",
    "points_taken": "int",
    "moons": "int",
    "queens": "int",
    "clean_hands": "int",
    "gems": "int?",
}
HAND = {
    "number": "int",
    "dealer": "int",
    "pass_direction": "str",
    "level": "str",
    "entry": "dict",
    "points": "list",
    "scores": "list",
    "moon_shooter": "int?",
    "moon_choice": "str",
    "jack_of_diamonds": "int?",
    "queen_by": "int?",
    "gems": "list?",
    "adjudication": "dict?",
    "renege_by": "int?",
    "is_void": "bool",
    "entered_by": "str?",
    "created_at": "datetime",
    "updated_at": "datetime",
}
DISPUTE = {
    "id": "int",
    "hand": "int",
    "record": "dict",
    "ruling": "dict",
    "status": "str",
    "opened_by": "str?",
    "opened_at": "datetime",
    "resolved_by": "str?",
    "resolved_at": "datetime?",
    "note": "str",
}
HISTORY = {
    "hand_number": "int?",
    "action": "str",
    "actor": "str?",
    "at": "datetime",
    "before": _ANY,
    "after": _ANY,
    "reason": "str",
}
MERGE = {
    "id": "int",
    "source": "int",
    "target": "int",
    "seats_moved": "list",
    "actor": "str?",
    "at": "datetime",
    "reason": "str",
}
TOP = {
    "format": "str",
    "version": "int",
    "exported_at": "datetime",
    "club": "dict",
    "members": "list",
    "players": "list",
    "leagues": "list",
    "games": "list",
    "player_merges": "list",
}


def _kind_ok(value: Any, kind: str) -> bool:
    if kind.endswith("?"):
        if value is None:
            return True
        kind = kind[:-1]
    if kind == _ANY:
        return True
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "dict":
        return isinstance(value, dict)
    if kind == "list":
        return isinstance(value, list)
    if kind == "datetime":
        if not isinstance(value, str):
            return False
        try:
            parsed = parse_datetime(value)
        except ValueError:
            return False
        return parsed is not None and parsed.tzinfo is not None
    if kind == "date":
        try:
            return isinstance(value, str) and parse_date(value) is not None
        except ValueError:
            return False
    raise AssertionError(kind)


def _check(obj: Any, spec: Mapping[str, str], where: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise BackupError(f"{where}: expected an object, found {type(obj).__name__}.")
    missing = [key for key in spec if key not in obj]
    if missing:
        raise BackupError(f"{where}: missing key(s) {', '.join(map(repr, missing))}.")
    unknown = sorted(set(obj) - set(spec))
    if unknown:
        raise BackupError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}.")
    for key, kind in spec.items():
        if not _kind_ok(obj[key], kind):
            wanted = kind.rstrip("?") + (" or null" if kind.endswith("?") else "")
            raise BackupError(f"{where}.{key}: expected {wanted}, found {obj[key]!r:.60}.")
    return obj


def _unique(ids: Iterable[int], where: str) -> set[int]:
    seen: set[int] = set()
    for value in ids:
        if value in seen:
            raise BackupError(f"{where}: id {value} appears twice.")
        seen.add(value)
    return seen


def _refers(value: int | None, known: Iterable[int], where: str, what: str) -> None:
    if value is not None and value not in known:
        raise BackupError(f"{where}: no {what} with id {value} in this document.")


def _choice(value: str, choices: Iterable[str], where: str) -> None:
    allowed = list(choices)
    if value not in allowed:
        raise BackupError(f"{where}: {value!r} is not one of {', '.join(allowed)}.")


def validate(data: Any) -> dict[str, Any]:
    """Check a whole document before anything is written; raises ``BackupError``."""
    if not isinstance(data, dict):
        raise BackupError(f"Not a {FORMAT} document: expected a JSON object.")
    if data.get("format") != FORMAT:
        raise BackupError(
            f"Not a {FORMAT} document: format is {data.get('format')!r}, expected {FORMAT!r}."
        )
    if data.get("version") != VERSION:
        raise BackupError(
            f"Unsupported {FORMAT} version {data.get('version')!r}: this server reads version "
            f"{VERSION} only."
        )
    _check(data, TOP, "document")
    club = _check(data["club"], CLUB, "club")
    if not club["slug"] or len(club["slug"]) > Club._meta.get_field("slug").max_length:
        raise BackupError("club.slug: must be 1 to 60 characters.")

    usernames = []
    for i, member in enumerate(data["members"]):
        _check(member, MEMBER, f"members[{i}]")
        _choice(member["role"], Role.values, f"members[{i}].role")
        usernames.append(member["username"])
    if len(set(usernames)) != len(usernames):
        raise BackupError("members: a username appears twice.")

    for i, player in enumerate(data["players"]):
        _check(player, PLAYER, f"players[{i}]")
    players = _unique((p["id"] for p in data["players"]), "players")
    for i, player in enumerate(data["players"]):
        _refers(player["merged_into"], players, f"players[{i}].merged_into", "player")

    season_league: dict[int, int] = {}
    for i, league in enumerate(data["leagues"]):
        _check(league, LEAGUE, f"leagues[{i}]")
        _ruleset(league["ruleset"], f"leagues[{i}].ruleset")
        for j, season in enumerate(league["seasons"]):
            where = f"leagues[{i}].seasons[{j}]"
            _check(season, SEASON, where)
            if parse_date(season["ends_on"]) < parse_date(season["starts_on"]):
                raise BackupError(f"{where}: ends_on is before starts_on.")
            if season["id"] in season_league:
                raise BackupError(f"{where}: season id {season['id']} appears twice.")
            season_league[season["id"]] = league["id"]
    leagues = _unique((league["id"] for league in data["leagues"]), "leagues")

    seat_ids: list[int] = []
    dispute_ids: list[int] = []
    for i, game in enumerate(data["games"]):
        where = f"games[{i}]"
        _check(game, GAME, where)
        _choice(game["status"], GameStatus.values, f"{where}.status")
        _refers(game["league"], leagues, f"{where}.league", "league")
        _refers(game["season"], season_league, f"{where}.season", "season")
        if game["season"] is not None and season_league[game["season"]] != game["league"]:
            raise BackupError(f"{where}.season: the season belongs to another league.")
        rules = _ruleset(game["ruleset"], f"{where}.ruleset")
        if len(game["seats"]) != rules.players:
            raise BackupError(f"{where}.seats: the ruleset seats {rules.players} players.")
        for j, seat in enumerate(game["seats"]):
            _check(seat, SEAT, f"{where}.seats[{j}]")
            _refers(seat["player"], players, f"{where}.seats[{j}].player", "player")
            seat_ids.append(seat["id"])
        numbers = set()
        for j, hand in enumerate(game["hands"]):
            _check(hand, HAND, f"{where}.hands[{j}]")
            _choice(hand["level"], EntryLevel.values, f"{where}.hands[{j}].level")
            if len(hand["scores"]) != rules.players or len(hand["points"]) != rules.players:
                raise BackupError(f"{where}.hands[{j}]: points and scores need one per seat.")
            numbers.add(hand["number"])
        for j, dispute in enumerate(game["disputes"]):
            _check(dispute, DISPUTE, f"{where}.disputes[{j}]")
            _choice(dispute["status"], DisputeStatus.values, f"{where}.disputes[{j}].status")
            if dispute["hand"] not in numbers:
                raise BackupError(f"{where}.disputes[{j}].hand: the game has no hand that number.")
            dispute_ids.append(dispute["id"])
        for j, entry in enumerate(game["history"]):
            _check(entry, HISTORY, f"{where}.history[{j}]")
    _unique((g["id"] for g in data["games"]), "games")
    seats = _unique(seat_ids, "games[].seats")
    _unique(dispute_ids, "games[].disputes")

    for i, merge in enumerate(data["player_merges"]):
        where = f"player_merges[{i}]"
        _check(merge, MERGE, where)
        _refers(merge["source"], players, f"{where}.source", "player")
        _refers(merge["target"], players, f"{where}.target", "player")
        for seat in merge["seats_moved"]:
            _refers(seat, seats, f"{where}.seats_moved", "seat")
    _unique((m["id"] for m in data["player_merges"]), "player_merges")
    return data


def _ruleset(options: dict, where: str):
    try:
        return ruleset_for(options)
    except HeartsError as exc:
        raise BackupError(f"{where}: {exc}") from None


# --- Import -------------------------------------------------------------------------------------


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
