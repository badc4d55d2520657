"""A paper score sheet or a spreadsheet imported into a club (docs/hand-record.md, "From paper
or a spreadsheet"), on the hand record's path: read under the director's mapping, each game
made and each row entered at the points level through the services that score it under the
chosen ruleset (or league), all in one transaction or nothing. The same game again (its day,
game id and players, with the same rows) adds nothing; with other rows it is refused.
``dry_run`` does it all and rolls it back: the preview."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, time

from django.db import transaction
from django.utils.translation import gettext as _

from adjudication.engine import HeartsError
from adjudication.services import ruleset_for
from hearts_site.errors import Conflict, DomainError, Forbidden, NotFoundError
from scoring.domain.sheet_entries import sheet_entry
from scoring.models import Club, Game, HandRecordOrigin, League, Player
from scoring.record.sheet import SheetError, SheetGame, SheetMapping, read_sheet
from scoring.selectors import DIRECTORS, role_in
from scoring.services.games import create_game, rules_of
from scoring.services.hand_records import Outcome, Rollback
from scoring.services.hands import enter_hand
from scoring.services.players import create_player


def import_sheet(
    *,
    club: Club,
    text: str,
    mapping: SheetMapping,
    actor,
    dry_run: bool,
    ruleset: object = None,
    league_id: int | None = None,
) -> Outcome:
    """Import the CSV ``text`` into ``club`` under ``mapping``; directors only. A league's games
    are played under its ruleset (no other may be given), else under ``ruleset`` (a preset or
    options; the standard preset when None)."""
    if role_in(actor, club.pk) not in DIRECTORS:
        raise Forbidden("not_director", _("A director of the club imports a score sheet."), None)
    games = read_sheet(text, mapping)
    league = None
    if league_id is not None:
        league = League.objects.filter(club=club, pk=league_id).first()
        if league is None:
            raise NotFoundError("league_not_found", _("No such league in this club."), "league")
        if ruleset is not None:
            message = _("A league's games play its ruleset: give the league or a ruleset.")
            raise DomainError("ruleset_from_league", message, "ruleset")
    else:
        ruleset = "standard" if ruleset is None else ruleset
        ruleset_for(ruleset)
    try:
        with transaction.atomic():
            list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
            outcome = _import(club, games, league, ruleset, actor, Outcome(dry_run))
            if dry_run:
                raise Rollback(outcome)
    except Rollback as done:
        return done.outcome
    return outcome


def _import(club, games: list[SheetGame], league, ruleset, actor, outcome: Outcome) -> Outcome:
    held = dict(HandRecordOrigin.objects.filter(club=club).values_list("record_game", "digest"))
    players = {p.name.casefold(): p for p in Player.objects.filter(club=club, merged_into=None)}
    for game in games:
        known = held.get(game.key)
        if known is not None:
            if known != game.digest:
                message = _("row {row}: game {game} is already here with other hands")
                words = message.format(row=game.row, game=game.label or game.day.isoformat())
                raise Conflict("sheet_game_differs", words, f"sheet:{game.row}")
            outcome.games_present.append(game.key)
            continue
        with _at_row(game.row):
            made = _make_game(club, game, players, league, ruleset, actor, outcome)
        _enter_rows(made, game, actor, outcome)
        HandRecordOrigin.objects.create(
            game=made, club=club, record_game=game.key, digest=game.digest
        )
        held[game.key] = game.digest
        outcome.games_added.append(game.key)
    return outcome


def _make_game(club, game: SheetGame, players, league, ruleset, actor, outcome) -> Game:
    seated = []
    for name in game.players:
        player = players.get(name.casefold())
        if player is None:
            player = players[name.casefold()] = create_player(club=club, name=name)
            outcome.players_added.append(name)
        seated.append(player)
    started = datetime.combine(game.day, time(0), tzinfo=UTC)
    return create_game(
        club=club,
        players=seated,
        actor=actor,
        league=league,
        ruleset=None if league is not None else ruleset,
        started_at=started,
    )


def _enter_rows(game: Game, sheet: SheetGame, actor, outcome: Outcome) -> None:
    rules = rules_of(game)
    totals = [0] * rules.players
    for number, (row, scores) in enumerate(sheet.hands, start=1):
        game.refresh_from_db(fields=["status"])
        if game.status != "in_progress":
            message = _("row {row}: the game ended at hand {last}, as its ruleset says")
            words = message.format(row=row, last=number - 1)
            raise DomainError("sheet_game_over", words, f"sheet:{row}")
        dealer = (game.first_dealer + number - 1) % rules.players
        with _at_row(row):
            entry = sheet_entry(rules, scores, dealer=dealer, totals_before=totals)
        with _at_row(row):
            stored, _created = enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor)
        totals = [a + b for a, b in zip(totals, stored.scores, strict=True)]
        outcome.hands_added += 1


@contextmanager
def _at_row(row: int) -> Iterator[None]:
    """A refusal of the services (the engine's too) while a row is entered, said at its row."""
    try:
        yield
    except SheetError:
        raise
    except (HeartsError, DomainError) as refusal:
        detail = refusal.message if isinstance(refusal, HeartsError) else refusal.detail
        plain = isinstance(refusal, DomainError) and type(refusal).__init__ is DomainError.__init__
        error = type(refusal) if plain else DomainError
        words = _("row {row}: {detail}").format(row=row, detail=detail)
        raise error(refusal.code, words, f"sheet:{row}") from None
