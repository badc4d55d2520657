"""A hand record imported into a club (docs/hand-record.md, "Import"): read strictly, each
game made and each hand entered through the services that score it under its ruleset, the
record's points and scores held to the engine's, all in one transaction or nothing. A game
the club already holds (by its ``[Game]`` id) adds nothing; the same id with other contents
is refused. ``dry_run`` does it all and rolls it back: the preview says what would be added."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from adjudication.engine import HeartsError
from hearts_site.errors import Conflict, DomainError, Forbidden
from scoring.models import Club, Game, Hand, HandRecordOrigin, League, Player
from scoring.record import Parsed, RecordError, entry_of, game_text, read_json, read_text
from scoring.selectors import DIRECTORS, role_in
from scoring.selectors.hand_records import one_record
from scoring.services.games import abandon_game, create_game
from scoring.services.hands import enter_hand, void_hand
from scoring.services.leagues import create_league
from scoring.services.players import create_player
from scoring.services.record_rulings import apply_ruled


@dataclass
class Outcome:
    """What an import added (or, in a dry run, would add)."""

    dry_run: bool
    games_added: list[str] = field(default_factory=list)
    games_present: list[str] = field(default_factory=list)
    hands_added: int = 0
    players_added: list[str] = field(default_factory=list)
    leagues_added: list[str] = field(default_factory=list)


class Rollback(Exception):
    """Ends a dry run's transaction, its outcome carried out."""

    def __init__(self, outcome: Outcome):
        self.outcome = outcome


def import_record(*, club: Club, data: bytes, form: str, actor, dry_run: bool) -> Outcome:
    """Import ``data`` (``form`` ``text`` or ``json``) into ``club``; directors only."""
    if role_in(actor, club.pk) not in DIRECTORS:
        raise Forbidden("not_director", _("A director of the club imports a hand record."), None)
    parsed = read_json(data) if form == "json" else read_text(data)
    try:
        with transaction.atomic():
            list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
            outcome = _import(club, parsed, actor, Outcome(dry_run))
            if dry_run:
                raise Rollback(outcome)
    except Rollback as done:
        return done.outcome
    return outcome


def digest(game: dict[str, Any]) -> str:
    return hashlib.sha256(game_text(game).encode()).hexdigest()


def _import(club: Club, parsed: Parsed, actor, outcome: Outcome) -> Outcome:
    held = dict(HandRecordOrigin.objects.filter(club=club).values_list("record_game", "digest"))
    players = {p.name.casefold(): p for p in Player.objects.filter(club=club, merged_into=None)}
    for index, game in enumerate(parsed.games):
        line = parsed.lines[(index, None)]
        known = held.get(game["game"]) or _own_game(club, game["game"])
        if known is not None:
            if known != digest(game):
                message = _("line {line}: game {game} is already here with other contents")
                raise Conflict(
                    "record_game_differs",
                    message.format(line=line, game=game["game"]),
                    f"record:{line}:1",
                )
            outcome.games_present.append(game["game"])
            continue
        if game["game"] in outcome.games_added:
            message = _("line {line}: game {game} is twice in the record")
            raise Conflict(
                "record_game_twice",
                message.format(line=line, game=game["game"]),
                f"record:{line}:1",
            )
        with _at_line(line):
            made = _make_game(club, game, players, actor, outcome, line)
        _enter_hands(made, game, parsed, index, actor, outcome)
        HandRecordOrigin.objects.create(
            game=made, club=club, record_game=game["game"], digest=digest(game)
        )
        outcome.games_added.append(game["game"])
    return outcome


def _own_game(club: Club, record_id: str) -> str | None:
    """A game this club exported itself (``<slug>:<id>``): the digest of its record now."""
    slug, _sep, number = record_id.rpartition(":")
    if slug != club.slug or not number.isdigit() or len(number) > 18:
        return None
    mine = Game.objects.filter(club=club, pk=int(number), record_origin__isnull=True)
    found = one_record(int(number)) if mine.exists() else None
    return digest(found) if found is not None else None


@contextmanager
def _at_line(line: int) -> Iterator[None]:
    """A refusal of the services (the engine's too) while a game or hand is made, said at the
    record's line where it stands."""
    try:
        yield
    except RecordError:
        raise
    except (HeartsError, DomainError) as refusal:
        code = refusal.code
        detail = refusal.message if isinstance(refusal, HeartsError) else refusal.detail
        plain = isinstance(refusal, DomainError) and type(refusal).__init__ is DomainError.__init__
        if detail.startswith("line ") or (isinstance(refusal, DomainError) and not plain):
            raise
        error = type(refusal) if plain else DomainError
        words = _("line {line}: {detail}").format(line=line, detail=detail)
        raise error(code, words, f"record:{line}:1") from None


def _make_game(
    club: Club, game: dict, players: dict[str, Player], actor, outcome: Outcome, line: int
) -> Game:
    longest = Player._meta.get_field("name").max_length
    for name in [*game["seats"], game["event"]]:
        if len(name) > longest or name != name.strip():
            message = _("a name is 1 to {most} characters with no space around it")
            raise DomainError("invalid_name", message.format(most=longest), "name")
    seated = []
    for name in game["seats"]:
        player = players.get(name.casefold())
        if player is None:
            player = players[name.casefold()] = create_player(club=club, name=name)
            outcome.players_added.append(name)
        seated.append(player)
    ruleset = {"preset": game["preset"], **game["options"]}
    league = _league(club, game["event"], ruleset, outcome, line) if game["event"] else None
    started = datetime.fromisoformat(game["date"]).replace(tzinfo=UTC)
    made = create_game(
        club=club,
        players=seated,
        actor=actor,
        league=league,
        ruleset=ruleset,
        first_dealer=game["first_dealer"],
        started_at=started,
        table=game["table"] if game["status"] == "in_progress" else "",
    )
    if game["status"] == "finished" and game["hands"]:
        # A game that ended before its target (a night's round) ends at its last hand here too.
        made.round_hands = game["hands"][-1]["number"]
        Game.objects.filter(pk=made.pk).update(round_hands=made.round_hands)
    return made


def _league(club: Club, name: str, ruleset: dict, outcome: Outcome, line: int) -> League:
    league = League.objects.filter(club=club, name=name).first()
    if league is None:
        outcome.leagues_added.append(name)
        return create_league(club=club, name=name, ruleset=ruleset)
    if league.confirmations:
        message = _("line {line}: league {name} waits for confirmations: import it elsewhere")
        raise Conflict("league_confirms", message.format(line=line, name=name), f"record:{line}:1")
    return league


def _enter_hands(
    game: Game, record: dict, parsed: Parsed, index: int, actor, outcome: Outcome
) -> None:
    for place, hand in enumerate(record["hands"]):
        line = parsed.lines[(index, place)]
        with _at_line(line):
            stored, _created = enter_hand(
                game_id=game.pk, number=hand["number"], entry=entry_of(hand), actor=actor
            )
            if hand["ruled"] is not None:
                stored = apply_ruled(stored, hand["ruled"], actor, line)
        _check_agrees(stored, hand, line)
        if hand["confirmed_by"] is not None:
            seat = game.seats.get(seat=hand["confirmed_by"])
            Hand.objects.filter(pk=stored.pk).update(confirmed_by=seat.player_id)
        if hand["void"]:
            void_hand(game_id=game.pk, number=hand["number"], reason="", actor=actor)
        outcome.hands_added += 1
    game.refresh_from_db()
    if record["table"] != game.table:  # a table is named only while its game is in progress
        Game.objects.filter(pk=game.pk).update(table=record["table"])
    if record["status"] == "abandoned" and game.status == "in_progress":
        abandon_game(game_id=game.pk, reason="", actor=actor)
    elif record["status"] != game.status:
        line = parsed.lines[(index, None)]
        message = _("line {line}: the record says the game is {said}; its hands make it {found}")
        raise DomainError(
            "status_disagrees",
            message.format(line=line, said=record["status"], found=game.status),
            f"record:{line}:1",
        )


def _check_agrees(stored: Hand, hand: dict, line: int) -> None:
    """The engine's score of the entry is the record's: its dealer, pass, points, moon and
    scores."""
    moon = None
    if stored.moon_shooter is not None:
        moon = {"seat": stored.moon_shooter, "choice": stored.moon_choice or "off"}
    found = {
        "leaders": _leaders(stored.adjudication, hand["tricks"]),
        "dealer": stored.dealer,
        "pass": stored.pass_direction,
        "points": list(stored.points),
        "moon": moon,
        "scores": list(stored.scores),
    }
    said = {**hand, "leaders": [trick["leader"] for trick in hand["tricks"] or ()]}
    for key, value in found.items():
        if said[key] != value:
            message = _("line {line}: hand {number}'s {what} is {said}; the rules make it {found}")
            raise DomainError(
                "hand_disagrees",
                message.format(
                    line=line, number=hand["number"], what=key, said=said[key], found=value
                ),
                f"record:{line}:1",
            )


def _leaders(ruling: dict | None, tricks: list | None) -> list[int]:
    """Who led each trick of the record, as the engine's ruling on it found (the record's own
    when the ruling kept no tricks: an irregular record's are the director's to read)."""
    kept = (ruling or {}).get("tricks") or []
    if not tricks:
        return []
    if len(kept) < len(tricks) or not all("leader" in trick for trick in kept):
        return [trick["leader"] for trick in tricks]
    return [trick["leader"] for trick in kept[: len(tricks)]]
