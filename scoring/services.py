"""Writes: every change to clubs, players, leagues, games and hands goes through here.

Each write to a game checks the caller's expected version, changes the hands, recomputes the
totals and game end from the engine, bumps the version and appends to the history — all in one
transaction, so a failure leaves nothing half-written. Corrections, voids and the rest lock the
game's row first (``select_for_update``; on SQLite the IMMEDIATE transaction serialises
writers). A hand entry, the one frequent write, locks nothing while it reads and scores: its
transaction changes the game only if it is still at the version read (``enter_hand``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from adjudication.engine import (
    GameResult,
    Ruleset,
    adjudicate,
    dealer_of_hand,
    game_result,
    pass_direction,
)
from adjudication.engine.legality import MUST_FOLLOW_SUIT
from adjudication.services import present_ruling, ruleset_for
from hearts_site import rows
from hearts_site.errors import Conflict, DomainError, NotFoundError, PreconditionFailed
from scoring import ratings
from scoring.models import (
    Club,
    DeviceToken,
    Dispute,
    DisputeStatus,
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
    new_results_version,
)
from scoring.scorekeeping import score_entry


def results_changed(club_id: int, since: datetime | None = None) -> None:
    """What the club's tables show changed: re-rate its games from ``since`` (all when None)
    and give the club a new results version, so cached tables and their ETags are dropped."""
    ratings.recompute(club_id, since=since)
    tables_changed(club_id)


def games_changed(games: QuerySet[Game]) -> None:
    """These games changed other than through a write here (an edit in the admin): a new
    version each, so kept scoreboards and their ETags follow."""
    games.update(version=F("version") + 1, updated_at=timezone.now())


def tables_changed(club_id: int) -> None:
    """Something the club's tables show changed: a new results version drops their cached
    copies and changes their ETags."""
    Club.objects.filter(pk=club_id).update(results_version=new_results_version())


def rules_of(game: Game) -> Ruleset:
    return ruleset_for(game.ruleset)


def canonical(entry: Mapping[str, Any]) -> str:
    return json.dumps(entry, sort_keys=True, separators=(",", ":"))


# --- Clubs, members, players, leagues ---------------------------------------------------------


@transaction.atomic
def create_club(*, user, name: str, slug: str, is_public: bool = True) -> Club:
    taken = Conflict("slug_taken", f"A club already uses the slug {slug!r}.", "slug")
    if Club.objects.filter(slug=slug).exists():
        raise taken
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, slug=slug, is_public=is_public)
    except IntegrityError:  # a concurrent create took the slug after the check
        raise taken from None
    Membership.objects.create(user=user, club=club, role=Role.OWNER)
    return club


@transaction.atomic
def set_membership(*, club: Club, user, role: str) -> Membership:
    membership, _ = Membership.objects.update_or_create(
        club=club, user=user, defaults={"role": role}
    )
    if not club.memberships.filter(role=Role.OWNER).exists():
        raise Conflict("last_owner", "A club keeps at least one owner.", "role")
    return membership


@transaction.atomic
def remove_membership(*, membership: Membership) -> None:
    club = membership.club
    membership.delete()
    if not club.memberships.filter(role=Role.OWNER).exists():
        raise Conflict("last_owner", "A club keeps at least one owner.", "user")


def create_player(*, club: Club, name: str, user=None) -> Player:
    return Player.objects.create(club=club, name=name, user=user)


@transaction.atomic
def merge_players(*, source: Player, target: Player, actor, reason: str = "") -> PlayerMerge:
    """Two records of one person become one: the source's seats move to the target."""
    if source.pk == target.pk:
        raise Conflict("same_player", "A player cannot be merged into itself.", "into")
    # Lock both in id order: A-into-B racing B-into-A must queue, not deadlock.
    pair = Player.objects.select_for_update().filter(pk__in=[source.pk, target.pk])
    locked = {player.pk: player for player in pair.order_by("pk")}
    source, target = locked[source.pk], locked[target.pk]
    if source.club_id != target.club_id:
        raise Conflict("different_clubs", "Both players must belong to one club.", "into")
    if source.merged_into_id or target.merged_into_id:
        raise Conflict("already_merged", "One of these players was already merged.", "into")
    game_ids = list(
        GameSeat.objects.filter(player=source).values_list("game_id", flat=True).order_by("game_id")
    )
    # Lock the games in id order, as hand entry does, so the two never deadlock.
    games = list(Game.objects.select_for_update().filter(pk__in=game_ids).order_by("pk"))
    shared = GameSeat.objects.filter(player=target, game_id__in=game_ids).values_list(
        "game_id", flat=True
    )
    if shared:
        raise Conflict(
            "players_share_a_game",
            f"Both players sat in game {shared[0]}: they are two people.",
            "into",
        )
    seats = list(GameSeat.objects.filter(player=source).values_list("pk", flat=True))
    GameSeat.objects.filter(pk__in=seats).update(player=target)
    source.merged_into = target
    source.save(update_fields=["merged_into"])
    merge = PlayerMerge.objects.create(
        club_id=source.club_id,
        source=source,
        target=target,
        seats_moved=seats,
        actor=actor,
        reason=reason,
    )
    finished = [g.finished_at for g in games if g.status == GameStatus.FINISHED]
    if finished:
        results_changed(source.club_id, since=min(finished))
    for game in games:
        game.version += 1
        game.save(update_fields=["version", "updated_at"])
        HistoryEntry.objects.create(
            game=game,
            action="players_merged",
            actor=actor,
            before={"player": source.pk},
            after={"player": target.pk},
            reason=reason,
        )
    return merge


def create_league(*, club: Club, name: str, ruleset: object, ranking: dict | None = None) -> League:
    """A league stores its full ruleset and its ranking declaration, both checked here."""
    rules = ruleset_for(ruleset)
    return League.objects.create(
        club=club, name=name, ruleset=rules.options(), ranking=_checked_ranking(ranking)
    )


def _checked_ranking(ranking: object) -> dict:
    from scoring.standings import ranking_of

    if ranking is None:
        return {}
    ranking_of(ranking)  # raises invalid_ranking naming the key
    unknown = sorted(set(ranking) - {"criterion", "tie_breaks", "min_games"})
    if unknown:
        raise DomainError(
            "invalid_ranking", f"unknown ranking key {unknown[0]!r}", f"ranking.{unknown[0]}"
        )
    return dict(ranking)


def update_league(*, league: League, **changes: Any) -> League:
    """A league's ruleset may change; games already started keep their own snapshot."""
    if "ruleset" in changes:
        changes["ruleset"] = ruleset_for(changes["ruleset"]).options()
    if "ranking" in changes:
        changes["ranking"] = _checked_ranking(changes["ranking"])
    for field, value in changes.items():
        setattr(league, field, value)
    league.save()
    tables_changed(league.club_id)
    return league


def create_season(*, league: League, name: str, starts_on, ends_on) -> Season:
    if ends_on < starts_on:
        raise DomainError("season_dates", "A season ends on or after its start.", "ends_on")
    return Season.objects.create(league=league, name=name, starts_on=starts_on, ends_on=ends_on)


# --- Games ------------------------------------------------------------------------------------


@transaction.atomic
def create_game(
    *,
    club: Club,
    players: Sequence[Player],
    actor,
    league: League | None = None,
    season: Season | None = None,
    ruleset: object = None,
    first_dealer: int = 0,
    started_at=None,
) -> Game:
    """A game snapshots its ruleset: the league's, or one given for a friendly game."""
    if league is not None and league.club_id != club.pk:
        raise DomainError("league_not_in_club", "The league belongs to another club.", "league")
    if season is not None and season.league_id != getattr(league, "pk", None):
        raise DomainError("season_not_in_league", "The season belongs to another league.", "season")
    if ruleset is None:
        ruleset = league.ruleset if league is not None else "standard"
    rules = ruleset_for(ruleset)
    if len(players) != rules.players:
        raise DomainError(
            "wrong_number_of_players",
            f"This ruleset seats {rules.players} players; {len(players)} given.",
            "players",
        )
    if len({p.pk for p in players}) != len(players):
        raise DomainError("duplicate_player", "A player can sit in one seat only.", "players")
    for index, player in enumerate(players):
        if player.club_id != club.pk:
            raise DomainError(
                # No name: the player may belong to a private club the caller cannot see.
                "player_not_in_club",
                f"Player {player.pk} is not in this club.",
                f"players.{index}",
            )
        if player.merged_into_id:
            raise DomainError(
                "player_merged",
                f"{player.name} was merged into another record; use that one.",
                f"players.{index}",
            )
    if not 0 <= first_dealer < rules.players:
        raise DomainError("invalid_seat", "first_dealer must be a seat.", "first_dealer")
    game = Game.objects.create(
        club=club,
        league=league,
        season=season,
        ruleset=rules.options(),
        first_dealer=first_dealer,
        started_at=started_at or timezone.now(),
        totals=[0] * rules.players,
        gems=[0] * rules.players if rules.gems else None,
        created_by=actor,
    )
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player=player) for seat, player in enumerate(players)
    )
    HistoryEntry.objects.create(
        game=game,
        action="game_created",
        actor=actor,
        after={"players": [p.pk for p in players], "ruleset": game.ruleset},
    )
    return game


def start_game(
    *,
    club: Club,
    actor,
    players: Sequence[int],
    league: int | None = None,
    season: int | None = None,
    **options: Any,
) -> Game:
    """A game from the ids an API request names: each unknown id is refused on its field."""
    league_row = League.objects.filter(pk=league).first() if league is not None else None
    if league is not None and league_row is None:
        raise DomainError("unknown_league", "No such league.", "league")
    season_row = Season.objects.filter(pk=season).first() if season is not None else None
    if season is not None and season_row is None:
        raise DomainError("unknown_season", "No such season.", "season")
    found = {p.pk: p for p in Player.objects.filter(pk__in=players)}
    missing = [i for i, pid in enumerate(players) if pid not in found]
    if missing:
        raise DomainError("unknown_player", "No such player.", f"players.{missing[0]}")
    if league_row is not None and "ruleset" in options:
        raise DomainError(
            "ruleset_from_league", "A league game plays the league's ruleset.", "ruleset"
        )
    return create_game(
        club=club,
        league=league_row,
        season=season_row,
        players=[found[pid] for pid in players],
        actor=actor,
        **options,
    )


def _locked_game(game_id: int, expected_version: int | None) -> Game:
    found = rows.fetch(Game, _locked_game_sql(), [game_id])
    if not found:
        raise NotFoundError("game_not_found", "No such game.", None)
    game = found[0]
    if expected_version is not None and expected_version != game.version:
        raise PreconditionFailed(
            "version_mismatch",
            f"The game is at version {game.version}, not {expected_version}: reload it.",
            None,
        )
    return game


@cache
def _locked_game_sql() -> str:
    """The game's row, locked until the transaction ends (SQLite has no FOR UPDATE: its
    transactions here begin IMMEDIATE, which locks the database for writes).

    Read through hearts_site/rows.py (Django converts its columns as for any query): every
    write to a game starts with it, and the ORM took 0.3 ms to build it."""
    quote = connection.ops.quote_name
    sql = f"SELECT * FROM {quote(Game._meta.db_table)} WHERE {quote(Game._meta.pk.column)} = %s"
    return sql + (" FOR UPDATE" if connection.features.has_select_for_update else "")


def _hand_snapshot(hand: Hand) -> dict[str, Any]:
    return {
        "entry": hand.entry,
        "points": hand.points,
        "scores": hand.scores,
        "is_void": hand.is_void,
        "renege_by": hand.renege_by,
    }


def _apply(hand: Hand, scored) -> None:
    hand.level = scored.level
    hand.points = scored.points
    hand.scores = scored.scores
    hand.moon_shooter = scored.moon_shooter
    hand.moon_choice = scored.moon_choice
    hand.jack_of_diamonds = scored.jack_of_diamonds
    hand.queen_by = scored.queen_by
    hand.gems = scored.gems
    hand.adjudication = scored.adjudication


def _settle(
    game: Game,
    rules: Ruleset,
    totals: list[int],
    gems: list[int] | None,
    played: int,
) -> None:
    """Store totals, the game's end and each seat's results; re-rate when a result changed."""
    settled = _settled(game, rules, totals, gems, played)
    rows.update(game, SETTLED_FIELDS)
    _settle_results(game, totals, settled)


def _settled(
    game: Game,
    rules: Ruleset,
    totals: list[int],
    gems: list[int] | None,
    played: int,
) -> tuple[GameResult, datetime | None]:
    """The game (in memory) as these totals leave it: its end, winners and next version.
    Returns the result and when the game was finished before, for ``_settle_results``."""
    result = game_result(rules, totals, played)
    rated_at = game.finished_at if game.status == GameStatus.FINISHED else None
    game.totals = totals
    game.gems = gems
    game.hands_played = played
    if game.status != GameStatus.ABANDONED:
        game.status = GameStatus.FINISHED if result.over else GameStatus.IN_PROGRESS
    game.winners = list(result.winners)
    if result.over and rated_at is None:
        game.finished_at = timezone.now()
    elif not result.over:
        game.finished_at = None
    game.version += 1
    return result, rated_at


def _settle_results(
    game: Game,
    totals: list[int],
    settled: tuple[GameResult, datetime | None],
    added: Hand | None = None,
) -> None:
    """Each seat's results, and a re-rating when the game's result changed, after its row was
    stored. ``added``: the one change was this hand, appended (see ``_settle_seats``)."""
    result, rated_at = settled
    _settle_seats(game, totals, result, added)
    if game.status == GameStatus.FINISHED or rated_at is not None:
        since = min(t for t in (rated_at, game.finished_at) if t is not None)
        results_changed(game.club_id, since=since)


# What _settle changes: a save of these alone, not of the ruleset and the rest unchanged.
SETTLED_FIELDS = [
    "totals",
    "gems",
    "hands_played",
    "status",
    "winners",
    "finished_at",
    "version",
    "updated_at",
]

SEAT_RESULT_FIELDS = [
    "total",
    "place",
    "is_winner",
    "hands_played",
    "points_taken",
    "moons",
    "queens",
    "clean_hands",
    "gems",
]


def _settle_seats(game: Game, totals: list[int], result, added: Hand | None = None) -> None:
    """Each seat's total, place and per-game counts, kept for the league tables.

    A hand appended to a game still in progress moves each count by that hand alone; any other
    change, and the hand that ends the game, counts them again from every hand. (Counting from
    every hand on each entry made the n-th hand of a game cost O(n): 60% of a hand entry's time
    by the 200th hand, in cProfile.)"""
    if added is not None and not result.over:
        _add_to_seats(game, totals, result, added)
        return
    # Otherwise (and so once more when the game ends: the tables read finished games only)
    # count everything again, so no count kept hand by hand can stay wrong in a table.
    seats = list(GameSeat.objects.filter(game=game).order_by("seat"))
    hands = list(
        Hand.objects.filter(game=game, is_void=False).values_list(
            "points", "moon_shooter", "queen_by", "gems"
        )
    )
    for seat in seats:
        index = seat.seat
        seat.total = totals[index]
        seat.place = result.places[index]
        seat.is_winner = index in result.winners
        seat.hands_played = len(hands)
        seat.points_taken = sum(points[index] for points, *_ in hands)
        seat.moons = sum(1 for _, shooter, *_ in hands if shooter == index)
        seat.queens = sum(1 for _, _, queen, _ in hands if queen == index)
        seat.clean_hands = sum(1 for points, *_ in hands if points[index] == 0)
        seat.gems = sum(g[index] for *_, g in hands if g) if game.gems is not None else None
    # One plain UPDATE per seat: bulk_update builds a CASE per field and seat, which took ten
    # times as long as these few statements (a third of a hand entry's time, in cProfile).
    for seat in seats:
        seat.save(update_fields=SEAT_RESULT_FIELDS)


def _add_to_seats(game: Game, totals: list[int], result, hand: Hand) -> None:
    """The counts of ``_settle_seats`` moved by one appended hand (each was right before it:
    every write keeps them so), nothing read.

    One statement run for the seats with ``executemany``: the ORM built four UPDATEs of eight
    F() expressions in 1.7 ms, where the database ran them in 0.03 ms (cProfile, SQLite)."""
    seats = [
        (
            totals[index],
            result.places[index],
            index in result.winners,
            1,
            points,
            int(hand.moon_shooter == index),
            int(hand.queen_by == index),
            int(points == 0),
            game.gems is not None,
            hand.gems[index] if hand.gems else 0,
            game.pk,
            index,
        )
        for index, points in enumerate(hand.points)
    ]
    with connection.cursor() as cursor:
        cursor.executemany(_add_to_seats_sql(), seats)


@cache
def _add_to_seats_sql() -> str:
    table = GameSeat._meta.db_table
    column = {f.name: connection.ops.quote_name(f.column) for f in GameSeat._meta.concrete_fields}
    add = ", ".join(
        f"{column[name]} = {column[name]} + %s"
        for name in ("hands_played", "points_taken", "moons", "queens", "clean_hands")
    )
    gems = column["gems"]
    return (
        f"UPDATE {connection.ops.quote_name(table)} SET {column['total']} = %s, "
        f"{column['place']} = %s, {column['is_winner']} = %s, {add}, "
        f"{gems} = CASE WHEN %s THEN COALESCE({gems}, 0) + %s ELSE NULL END "
        f"WHERE {column['game']} = %s AND {column['seat']} = %s"
    )


def _recompute(game: Game, rules: Ruleset) -> None:
    """Rescore every hand in order (a later moon may depend on earlier totals); refuse a
    correction that would end the game before hands already played."""
    totals = [0] * rules.players
    gems = [0] * rules.players if rules.gems else None
    played = 0
    hands = list(game.hands.order_by("number"))
    for hand in hands:
        if hand.is_void:
            continue
        if game_result(rules, totals, played).over:
            raise Conflict(
                "game_would_end_earlier",
                f"With this change the game ends before hand {hand.number}: "
                "void the later hands first.",
                None,
            )
        scored = score_entry(
            rules,
            hand.entry,
            dealer=hand.dealer,
            totals_before=totals,
            renege_by=hand.renege_by,
        )
        if scored.scores != hand.scores or scored.points != hand.points:
            _apply(hand, scored)
            hand.save()
        totals = [t + s for t, s in zip(totals, hand.scores, strict=True)]
        if gems is not None and hand.gems is not None:
            gems = [g + h for g, h in zip(gems, hand.gems, strict=True)]
        played += 1
    _settle(game, rules, totals, gems, played)


def hand_outcome(game: Game, recorded: int | None = None) -> dict[str, Any]:
    """What the table needs after a write: totals, status, next dealer and pass.
    ``recorded``: how many hands the game has, when the caller knows (it just added the last)."""
    rules = rules_of(game)
    over = game.status != GameStatus.IN_PROGRESS
    number = (game.hands.count() if recorded is None else recorded) + 1
    return {
        "totals": game.totals,
        "status": game.status,
        "winners": game.winners,
        "game_version": game.version,
        "next_hand": None if over else number,
        "next_dealer": None if over else dealer_of_hand(rules.players, game.first_dealer, number),
        "next_pass": None if over else pass_direction(rules, number),
    }


# How many times a hand entry reads the game again when another write moved it between the
# read and the write, before it gives up with a 409: each retry sees that write, so a second
# attempt almost always ends it (as a replay, a conflict or a stored hand).
ENTRY_ATTEMPTS = 5


def enter_hand(
    *,
    game_id: int,
    number: int,
    entry: Mapping[str, Any],
    actor,
    expected_version: int | None = None,
) -> tuple[Hand, bool]:
    """Record hand ``number``. The same entry again returns the stored hand (created False).

    Optimistic: the game is read and the hand scored with no lock held; the write then changes
    the game only if it is still at the version read (a guarded UPDATE, the write's first
    statement), else nothing is written and the entry starts again from a fresh read. On
    SQLite the one writer lock is so held for four statements, not for the whole entry; on
    PostgreSQL no row stays locked while Python scores."""
    for _ in range(ENTRY_ATTEMPTS):
        stored = _try_enter_hand(game_id, number, entry, actor, expected_version)
        if stored is not None:
            return stored
    raise Conflict(
        "game_busy", f"Game {game_id} kept changing while hand {number} was entered: retry.", None
    )


def _try_enter_hand(
    game_id: int,
    number: int,
    entry: Mapping[str, Any],
    actor,
    expected_version: int | None,
) -> tuple[Hand, bool] | None:
    """One attempt of ``enter_hand``: None when another write moved the game meanwhile."""
    found = rows.fetch(Game, _game_and_last_hand_sql(), [game_id])
    if not found:
        raise NotFoundError("game_not_found", "No such game.", None)
    game = found[0]
    # Hands are numbered 1, 2, … with no gap (a void keeps its number): the last number says
    # whether hand ``number`` exists and whether it comes next.
    last = game.last_hand or 0
    existing = rows.fetch(Hand, _one_hand_sql(), [game.pk, number]) if 1 <= number <= last else []
    if existing:
        if canonical(existing[0].entry) == canonical(entry) and not existing[0].is_void:
            return existing[0], False
        raise Conflict(
            "hand_exists",
            f"Hand {number} is already recorded differently: correct it with PATCH "
            f"/api/v1/games/{game.pk}/hands/{number}/ and a reason.",
            None,
        )
    if expected_version is not None and expected_version != game.version:
        raise PreconditionFailed(
            "version_mismatch",
            f"The game is at version {game.version}, not {expected_version}: reload it.",
            None,
        )
    if game.status != GameStatus.IN_PROGRESS:
        raise Conflict("game_over", f"The game is {game.status}: no more hands.", None)
    if number != last + 1:
        raise Conflict("hand_out_of_order", f"Hand {last + 1} comes next, not hand {number}.", None)
    rules = rules_of(game)
    dealer = dealer_of_hand(rules.players, game.first_dealer, number)
    scored = score_entry(rules, entry, dealer=dealer, totals_before=game.totals)
    hand = Hand(
        game=game,
        number=number,
        dealer=dealer,
        pass_direction=pass_direction(rules, number),
        entry=dict(entry),
        entered_by=actor,
    )
    _apply(hand, scored)
    totals = [t + s for t, s in zip(game.totals, hand.scores, strict=True)]
    gems = game.gems
    if gems is not None and hand.gems is not None:
        gems = [g + h for g, h in zip(gems, hand.gems, strict=True)]
    read_version = game.version
    settled = _settled(game, rules, totals, gems, game.hands_played + 1)
    with transaction.atomic():
        if not rows.update(game, SETTLED_FIELDS, where={"version": read_version}):
            return None
        try:
            # No savepoint: the error ends this transaction anyway, rolled back as the Conflict
            # leaves it.
            rows.insert(hand)
        except IntegrityError:  # only a write that left the version alone could: none does
            raise Conflict("hand_exists", f"Hand {number} was just recorded.", None) from None
        _settle_results(game, totals, settled, added=hand)
        rows.insert(
            HistoryEntry(
                game=game,
                hand_number=number,
                action="hand_entered",
                actor=actor,
                after=_hand_snapshot(hand),
            )
        )
    return hand, True


@cache
def _game_and_last_hand_sql() -> str:
    """The game's row, unlocked, and the number of its last hand as ``last_hand`` (from the
    (game, number) index). Read through hearts_site/rows.py, as ``_locked_game_sql``."""
    quote = connection.ops.quote_name
    game_table, hand_table = quote(Game._meta.db_table), quote(Hand._meta.db_table)
    game_id, number = (quote(Hand._meta.get_field(name).column) for name in ("game", "number"))
    pk = quote(Game._meta.pk.column)
    return (
        f"SELECT g.*, (SELECT MAX(h.{number}) FROM {hand_table} h WHERE h.{game_id} = g.{pk}) "
        f"AS last_hand FROM {game_table} g WHERE g.{pk} = %s"
    )


@cache
def _one_hand_sql() -> str:
    """A game's hand by number (raw, as ``_locked_game_sql``)."""
    quote = connection.ops.quote_name
    game, number = (quote(Hand._meta.get_field(name).column) for name in ("game", "number"))
    return f"SELECT * FROM {quote(Hand._meta.db_table)} WHERE {game} = %s AND {number} = %s"


def _locked_hand(game: Game, number: int) -> Hand:
    hand = Hand.objects.select_for_update().filter(game=game, number=number).first()
    if hand is None:
        raise NotFoundError("hand_not_found", f"Game {game.pk} has no hand {number}.", None)
    return hand


@transaction.atomic
def correct_hand(
    *,
    game_id: int,
    number: int,
    entry: Mapping[str, Any],
    reason: str,
    actor,
    expected_version: int | None = None,
) -> Hand:
    """Replace a hand's entry; every later total, the game end and the winners follow."""
    game = _locked_game(game_id, expected_version)
    if game.status == GameStatus.ABANDONED:
        raise Conflict("game_abandoned", "The game was abandoned.", None)
    hand = _locked_hand(game, number)
    if hand.is_void:
        raise Conflict("hand_void", f"Hand {number} is void.", None)
    before = _hand_snapshot(hand)
    hand.entry = dict(entry)
    hand.renege_by = None  # a new record needs a new ruling
    hand.save()
    rules = rules_of(game)
    _recompute(game, rules)
    hand.refresh_from_db()
    HistoryEntry.objects.create(
        game=game,
        hand_number=number,
        action="hand_corrected",
        actor=actor,
        before=before,
        after=_hand_snapshot(hand),
        reason=reason,
    )
    return hand


@transaction.atomic
def void_hand(
    *, game_id: int, number: int, reason: str, actor, expected_version: int | None = None
) -> Hand:
    game = _locked_game(game_id, expected_version)
    if game.status == GameStatus.ABANDONED:  # as for corrections: an abandoned game is frozen
        raise Conflict("game_abandoned", "The game was abandoned.", None)
    hand = _locked_hand(game, number)
    if hand.is_void:
        return hand
    before = _hand_snapshot(hand)
    hand.is_void = True
    hand.save()
    _recompute(game, rules_of(game))
    HistoryEntry.objects.create(
        game=game,
        hand_number=number,
        action="hand_voided",
        actor=actor,
        before=before,
        after=_hand_snapshot(hand),
        reason=reason,
    )
    return hand


@transaction.atomic
def abandon_game(*, game_id: int, reason: str, actor, expected_version: int | None = None) -> Game:
    game = _locked_game(game_id, expected_version)
    if game.status != GameStatus.IN_PROGRESS:
        raise Conflict("game_over", f"The game is already {game.status}.", None)
    game.status = GameStatus.ABANDONED
    game.finished_at = timezone.now()
    game.version += 1
    game.save()
    HistoryEntry.objects.create(
        game=game,
        action="game_abandoned",
        actor=actor,
        after={"status": game.status},
        reason=reason,
    )
    return game


# --- Disputes ---------------------------------------------------------------------------------


@transaction.atomic
def open_dispute(
    *, game_id: int, number: int, record: Mapping[str, Any], actor, reason: str = ""
) -> Dispute:
    """Adjudicate a trick record for a hand and keep it with its ruling."""
    game = _locked_game(game_id, None)
    hand = _locked_hand(game, number)
    record = dict(record)
    if "plays" not in record:
        if hand.level != "plays":
            raise DomainError(
                "record_required", "This hand has no trick record: send the plays.", "plays"
            )
        record = {k: v for k, v in hand.entry.items() if k in ("plays", "hands", "first_leader")}
    rules = rules_of(game)
    ruling = adjudicate(
        rules,
        record["plays"],
        hands=record.get("hands"),
        first_leader=record.get("first_leader"),
        dealer=hand.dealer,
    )
    dispute = Dispute.objects.create(
        hand=hand, record=record, ruling=present_ruling(ruling), opened_by=actor, note=reason
    )
    game.version += 1
    game.save(update_fields=["version"])
    HistoryEntry.objects.create(
        game=game,
        hand_number=number,
        action="dispute_opened",
        actor=actor,
        after={"dispute": dispute.pk, "violations": len(ruling.violations)},
        reason=reason,
    )
    return dispute


@transaction.atomic
def resolve_dispute(*, dispute_id: int, decision: str, note: str, actor) -> Dispute:
    """Accept (the hand is rescored with the ruleset's renege penalty) or dismiss."""
    dispute = Dispute.objects.select_related("hand").get(pk=dispute_id)
    game = _locked_game(dispute.hand.game_id, None)
    dispute = Dispute.objects.select_for_update().get(pk=dispute_id)
    if dispute.status != DisputeStatus.OPEN:
        raise Conflict("dispute_closed", f"The dispute was already {dispute.status}.", None)
    hand = _locked_hand(game, dispute.hand.number)
    before = _hand_snapshot(hand)
    rescored = False
    if decision == "accept":
        offender = next(
            (v["seat"] for v in dispute.ruling["violations"] if v["rule"] == MUST_FOLLOW_SUIT),
            None,
        )
        if offender is not None and not hand.is_void:
            hand.renege_by = offender
            hand.save()
            _recompute(game, rules_of(game))  # bumps the version
            hand.refresh_from_db()
            rescored = True
        dispute.status = DisputeStatus.ACCEPTED
    else:
        dispute.status = DisputeStatus.DISMISSED
    dispute.resolved_by = actor
    dispute.resolved_at = timezone.now()
    dispute.note = note or dispute.note
    dispute.save()
    if not rescored:
        game.version += 1
        game.save(update_fields=["version"])
    HistoryEntry.objects.create(
        game=game,
        hand_number=hand.number,
        action=f"dispute_{dispute.status}",
        actor=actor,
        before=before,
        after={**_hand_snapshot(hand), "dispute": dispute.pk},
        reason=note,
    )
    return dispute


# --- Device tokens ----------------------------------------------------------------------------


def create_device_token(*, user, name: str) -> tuple[DeviceToken, str]:
    """A new token; the key is returned once and only its hash is kept."""
    key = DeviceToken.new_key()
    token = DeviceToken.objects.create(
        user=user, name=name, key_hash=DeviceToken.hash_key(key), prefix=key[:8]
    )
    return token, key


def revoke_device_token(*, token: DeviceToken) -> DeviceToken:
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token
