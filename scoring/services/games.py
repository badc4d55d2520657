"""Games: a table's game under a ruleset snapshot, from its creation to its end or abandon."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from adjudication.engine import Ruleset
from adjudication.services import ruleset_for
from hearts_site.errors import Conflict, DomainError, Forbidden, NotFoundError, PreconditionFailed
from hearts_site.text.names import refused_character
from scoring.domain.night_tables import table_ruleset
from scoring.models import (
    Club,
    EventType,
    Game,
    GameSeat,
    GameStatus,
    HistoryEntry,
    League,
    Player,
    Season,
)
from scoring.selectors.access import may_retable
from scoring.services import events

TABLE_LENGTH = Game._meta.get_field("table").max_length


def rules_of(game: Game) -> Ruleset:
    return ruleset_for(game.ruleset)


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
    table: str = "",
    sized: bool = False,
) -> Game:
    """A game snapshots its ruleset: the league's, or one given for a friendly game. A league
    game may name its league's ruleset (the same options), never another; ``sized`` (a
    night's draw): the league's ruleset at the table's size. ``table`` names where it is
    played ("" for none): no other game of the club in progress there."""
    if league is not None and league.club_id != club.pk:
        raise DomainError("league_not_in_club", _("The league belongs to another club."), "league")
    if season is not None and season.league_id != getattr(league, "pk", None):
        raise DomainError(
            "season_not_in_league", _("The season belongs to another league."), "season"
        )
    confirmations = 0
    if league is not None:
        rules, confirmations = _league_rules(league, ruleset)
        if sized and len(players) != rules.players:
            rules = table_ruleset(rules.options(), len(players))
    else:
        rules = ruleset_for("standard" if ruleset is None else ruleset)
    _check_seating(club, players, rules)
    if not 0 <= first_dealer < rules.players:
        raise DomainError("invalid_seat", _("first_dealer must be a seat."), "first_dealer")
    table = _free_table(club, table_name(table))
    try:
        with transaction.atomic():  # a savepoint: a game started meanwhile at the same table
            game = Game.objects.create(
                club=club,
                league=league,
                season=season,
                ruleset=rules.options(),
                table=table,
                first_dealer=first_dealer,
                confirmations=confirmations,
                started_at=started_at or timezone.now(),
                totals=[0] * rules.players,
                gems=[0] * rules.players if rules.gems else None,
                created_by=actor,
            )
    except IntegrityError:
        _free_table(club, table)  # names the game that took the table
        raise
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=seat, player=player) for seat, player in enumerate(players)
    )
    HistoryEntry.objects.create(
        game=game,
        action="game_created",
        actor=actor,
        after={"players": [p.pk for p in players], "ruleset": game.ruleset},
    )
    started = [p.pk for p in players]
    events.record(
        events.game_changed(EventType.GAME_STARTED, game, players=started, ruleset=game.ruleset)
    )
    return game


def table_name(raw: object) -> str:
    """A table's name as stored: its words with single spaces, at most ``TABLE_LENGTH``
    characters, nothing unprintable; "" for no table."""
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise DomainError("invalid_table", _('A table\'s name is text, e.g. "Table 3".'), "table")
    name = " ".join(raw.split())
    if refused_character(name) is not None:  # the rule of every name (hearts_site/text/names.py)
        raise DomainError(
            "invalid_table",
            _("A table's name is printable text, without control characters."),
            "table",
        )
    if len(name) > TABLE_LENGTH:
        raise DomainError(
            "invalid_table",
            _("A table's name has at most {most} characters.").format(most=TABLE_LENGTH),
            "table",
        )
    return name


def _free_table(club: Club, table: str) -> str:
    """``table``, when no game of the club is in progress there (case aside)."""
    if not table:
        return table
    taken = (
        Game.objects.filter(club=club, status=GameStatus.IN_PROGRESS, table__iexact=table)
        .values_list("pk", "table")
        .first()
    )
    if taken is not None:
        game, name = taken
        raise Conflict(
            "table_in_use",
            _(
                "Game {game} is in progress at {table}: name another table, or end that game first."
            ).format(game=game, table=name),
            "table",
        )
    return table


def _league_rules(league: League, ruleset: object) -> tuple[Ruleset, int]:
    """The league's ruleset and confirmations, read from its row locked until the game is
    stored (so that a change of the league's ruleset either sees this game or comes before
    it: update_league); ``ruleset``, when given, must be the same options."""
    locked = League.objects.select_for_update().values_list("ruleset", "confirmations")
    options, confirmations = locked.get(pk=league.pk)
    rules = ruleset_for(options)
    if ruleset is not None and ruleset_for(ruleset).options() != rules.options():
        raise DomainError(
            "ruleset_from_league",
            _(
                "A league game plays the league's ruleset: send it as the league has it, or leave "
                "ruleset out."
            ),
            "ruleset",
        )
    return rules, confirmations


def _check_seating(club: Club, players: Sequence[Player], rules: Ruleset) -> None:
    """One seat a player, every seat taken, by the club's own players, none merged away."""
    if len(players) != rules.players:
        raise DomainError(
            "wrong_number_of_players",
            ngettext(
                "This ruleset seats {players} players; {count} given.",
                "This ruleset seats {players} players; {count} given.",
                len(players),
            ).format(players=rules.players, count=len(players)),
            "players",
        )
    if len({p.pk for p in players}) != len(players):
        raise DomainError("duplicate_player", _("A player can sit in one seat only."), "players")
    for index, player in enumerate(players):
        if player.club_id != club.pk:
            raise DomainError(
                # No name: the player may belong to a private club the caller cannot see.
                "player_not_in_club",
                _("Player {player} is not in this club.").format(player=player.pk),
                f"players.{index}",
            )
        if player.merged_into_id:
            raise DomainError(
                "player_merged",
                _("{player} was merged into another record; use that one.").format(
                    player=player.name
                ),
                f"players.{index}",
            )


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
    # Only this club's leagues, seasons and players are looked up: another club's, which may
    # be private, is answered as one that does not exist.
    leagues, seasons = League.objects.filter(club=club), Season.objects.filter(league__club=club)
    league_row = leagues.filter(pk=league).first() if league is not None else None
    if league is not None and league_row is None:
        raise DomainError("unknown_league", _("No such league."), "league")
    season_row = seasons.filter(pk=season).first() if season is not None else None
    if season is not None and season_row is None:
        raise DomainError("unknown_season", _("No such season."), "season")
    found = {p.pk: p for p in Player.objects.filter(pk__in=players, club=club)}
    missing = [i for i, pid in enumerate(players) if pid not in found]
    if missing:
        raise DomainError(
            "unknown_player", _("No such player in this club."), f"players.{missing[0]}"
        )
    return create_game(
        club=club,
        league=league_row,
        season=season_row,
        players=[found[pid] for pid in players],
        actor=actor,
        **options,
    )


def locked_game(game_id: int, expected_version: int | None) -> Game:
    """The game's row, locked until the transaction ends, at the version the caller saw (any,
    when None). SQLite ignores the lock: its write transactions begin IMMEDIATE, which locks
    the database for writes instead."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise NotFoundError("game_not_found", _("No such game."), None)
    check_version(game, expected_version)
    return game


def check_version(game: Game, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != game.version:
        raise PreconditionFailed(
            "version_mismatch",
            _("The game is at version {version}, not {seen}: reload it.").format(
                version=game.version, seen=expected_version
            ),
            None,
        )


@transaction.atomic
def abandon_game(*, game_id: int, reason: str, actor, expected_version: int | None = None) -> Game:
    game = locked_game(game_id, expected_version)
    if not may_retable(actor, game):
        raise Forbidden(
            "not_director",
            _("Only a director abandons a game at a night's table."),
            None,
        )
    if game.status != GameStatus.IN_PROGRESS:
        over = {
            GameStatus.FINISHED: _("The game is already finished."),
            GameStatus.ABANDONED: _("The game is already abandoned."),
        }
        raise Conflict("game_over", over[game.status], None)
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
    events.record(events.game_changed(EventType.GAME_ABANDONED, game, reason=reason))
    return game
