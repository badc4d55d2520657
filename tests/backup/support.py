"""A club with every kind of record, built through scoring.services, and ways to compare two.

``build_club`` makes two leagues (one with a season), eight players (one linked to a user, one
merged into another), finished, in-progress and abandoned games, a corrected hand, a voided
hand, a renege dispute accepted with the ruleset's penalty, an open and a dismissed dispute, an
open dispute of a claimed count, and the ratings the finished games give.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.utils import timezone

from adjudication.engine import adjudicate, names
from adjudication.engine.legality import MUST_FOLLOW_SUIT
from adjudication.engine.simulate import deal, opening_leader, play_randomly, random_passes
from adjudication.services import ruleset_for
from scoring import selectors, services
from scoring.backup import schema
from scoring.models import (
    Club,
    Dispute,
    Game,
    GameSeat,
    GameStatus,
    HandRuling,
    HistoryEntry,
    League,
    Player,
    PlayerMerge,
    RatingEvent,
    Season,
)
from scoring.sample.demo import random_entry
from scoring.selectors import standings

PASSWORD = "a long test password"
NAMES = ["Ada", "Ben", "Cleo", "Dev", "Edie", "Finn"]
RANKING = {"criterion": "win_rate", "tie_breaks": ["head_to_head", "games", "shared"]}


def make_user(username: str):
    return get_user_model().objects.create_user(username, password=PASSWORD)


@dataclass
class Cast:
    owner: Any
    director: Any
    scorer: Any


def play(game: Game, actor, rng: random.Random, hands: int | None = None) -> Game:
    """Enter random legal hands (points level) until the game ends or ``hands`` more."""
    rules = services.rules_of(game)
    entered = 0
    while hands is None or entered < hands:
        game.refresh_from_db()
        if game.status != GameStatus.IN_PROGRESS:
            break
        number = game.hands.count() + 1
        entry = random_entry(rules, number, game.first_dealer, rng)
        services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor)
        entered += 1
    game.refresh_from_db()
    return game


def renege_record(rules) -> tuple[dict[str, Any], int]:
    """A trick record for hand 1 with exactly one illegal play (a renege) and no moon."""
    for seed in range(500):
        at = 5 + seed % 40
        if at % rules.players == 0:
            continue
        rng = random.Random(seed)
        _, holdings = random_passes(rules, deal(rules, rng), 1, rng)
        leader = opening_leader(rules, holdings, 0)
        plays = names(play_randomly(rules, holdings, leader, rng, deviate_at=at))
        ruling = adjudicate(rules, plays, first_leader=leader)
        rules_broken = [v.rule for v in ruling.violations]
        if rules_broken == [MUST_FOLLOW_SUIT] and max(ruling.points_taken) < 26:
            return {"plays": plays, "first_leader": leader}, ruling.violations[0].seat
    raise AssertionError("no seed gives a single renege")


@dataclass
class People:
    """The club's players: six, a second record of Ada's (merged into hers), and Sam the scorer."""

    ada: Player
    ben: Player
    cleo: Player
    dev: Player
    edie: Player
    finn: Player
    twin: Player
    sam: Player


def build_club(cast: Cast, slug: str = "riverside") -> Club:
    rng = random.Random(7)
    club = services.create_club(user=cast.owner, name="Riverside Hearts", slug=slug)
    services.set_membership(club=club, user=cast.director, role="director")
    services.set_membership(club=club, user=cast.scorer, role="scorer")
    # One after another in this order: the ids, and so the tables' ties, follow it.
    six = [services.create_player(club=club, name=n) for n in NAMES]
    twin = services.create_player(club=club, name="A. Lovelace")
    people = People(*six, twin, services.create_player(club=club, name="Sam", user=cast.scorer))
    thursday = services.create_league(
        club=club, name="Thursday", ruleset="standard", ranking=RANKING
    )
    sunday = services.create_league(
        club=club,
        name="Sunday",
        ruleset={"preset": "standard", "renege_penalty": "takes_all"},
    )
    today = timezone.localdate()
    season = services.create_season(
        league=thursday,
        name="Autumn",
        starts_on=today - timedelta(days=30),
        ends_on=today + timedelta(days=30),
    )
    _thursday_games(club, thursday, season, people, cast, rng)
    _sunday_games(club, sunday, people, cast, rng)
    return club


def _thursday_games(club, thursday, season, p: People, cast: Cast, rng) -> None:
    """Finished games in the season (a hand corrected, one voided, a player merged), outside it,
    and a friendly game."""
    owner, director, scorer = cast.owner, cast.director, cast.scorer
    started = timezone.now() - timedelta(days=3)
    g1 = services.create_game(
        club=club,
        league=thursday,
        season=season,
        players=[p.ada, p.ben, p.cleo, p.dev],
        actor=scorer,
        started_at=started,
        table="Table 2",
    )
    play(g1, scorer, rng, hands=3)
    services.correct_hand(
        game_id=g1.pk,
        number=2,
        entry={"points": [0, 13, 13, 0]},
        reason="B and C swapped",
        actor=director,
    )
    services.void_hand(game_id=g1.pk, number=3, reason="misdeal", actor=director)
    play(g1, scorer, rng)
    # Finished by the twin record, which is then merged into Ada.
    g2 = services.create_game(
        club=club,
        league=thursday,
        season=season,
        players=[p.twin, p.edie, p.finn, p.ben],
        actor=scorer,
        first_dealer=1,
        started_at=started + timedelta(hours=1),
    )
    play(g2, scorer, rng)
    services.merge_players(source=p.twin, target=p.ada, actor=director, reason="same person")
    # Finished in the league, outside any season; and a friendly game.
    g3 = services.create_game(
        club=club,
        league=thursday,
        players=[p.ada, p.cleo, p.edie, p.sam],
        actor=owner,
        first_dealer=2,
    )
    play(g3, owner, rng)
    g4 = services.create_game(club=club, players=[p.dev, p.finn, p.sam, p.ben], actor=owner)
    play(g4, owner, rng)


def _sunday_games(club, sunday, p: People, cast: Cast, rng) -> None:
    """In progress with a renege ruled on (the penalty applied), finished, and abandoned."""
    owner, director, scorer = cast.owner, cast.director, cast.scorer
    g5 = services.create_game(
        club=club,
        league=sunday,
        players=[p.ada, p.ben, p.cleo, p.dev],
        actor=scorer,
        table="Table 2",
    )
    record, _ = renege_record(ruleset_for(g5.ruleset))
    services.enter_hand(game_id=g5.pk, number=1, entry=record, actor=scorer)
    play(g5, scorer, rng, hands=2)
    accepted = services.open_dispute(
        game_id=g5.pk, number=1, record={}, actor=scorer, reason="showed a club later"
    )
    services.resolve_dispute(
        dispute_id=accepted.pk, decision="accept", note="renege", actor=director
    )
    dismissed = services.open_dispute(
        game_id=g5.pk, number=1, record=record, actor=scorer, reason="again?"
    )
    services.resolve_dispute(
        dispute_id=dismissed.pk, decision="dismiss", note="already ruled", actor=director
    )
    services.open_dispute(game_id=g5.pk, number=1, record={}, actor=scorer, reason="still open")
    services.open_dispute(
        game_id=g5.pk,
        number=2,
        record={"points": [14, 6, 5, 1]},
        actor=scorer,
        reason="I took the 9♥, not her",
    )

    _ruled_game(club, sunday, p, cast)

    g7 = services.create_game(
        club=club, league=sunday, players=[p.cleo, p.edie, p.finn, p.sam], actor=owner
    )
    play(g7, owner, rng)
    # Abandoned after two hands.
    g6 = services.create_game(
        club=club, league=sunday, players=[p.edie, p.finn, p.sam, p.dev], actor=scorer
    )
    play(g6, scorer, rng, hands=2)
    services.abandon_game(game_id=g6.pk, reason="closing time", actor=director)


def _ruled_game(club, sunday, p: People, cast: Cast) -> None:
    """Three hands stating a late revoke: its ruling accepted, overridden with the director's
    own count, and still awaiting."""
    game = services.create_game(
        club=club, league=sunday, players=[p.ben, p.dev, p.edie, p.finn], actor=cast.scorer
    )
    rules = ruleset_for(game.ruleset)
    record, offender = renege_record(rules)
    trick = adjudicate(rules, record["plays"], first_leader=record["first_leader"])
    revoke = {"kind": "revoke", "trick": trick.violations[0].trick, "seat": offender}
    entry = {**record, "irregularities": [revoke]}
    decisions = [("accept", None), ("override", {"points": [16, 4, 3, 3]}), None]
    for number, decided in enumerate(decisions, start=1):
        services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=cast.scorer)
        if decided is None:
            continue
        ruling = HandRuling.objects.get(dispute__hand__game=game, dispute__hand__number=number)
        services.decide_ruling(
            ruling_id=ruling.pk,
            decision=decided[0],
            result=decided[1],
            reason="ruled at the table",
            actor=cast.director,
        )


# --- Comparing a club with its copy --------------------------------------------------------------


@dataclass
class IdMaps:
    """Old id -> new id, matched by order (the import keeps each kind's id order)."""

    players: dict[int, int]
    leagues: dict[int, int]
    seasons: dict[int, int]
    games: dict[int, int]
    disputes: dict[int, int]
    rulings: dict[int, int]


def _pair(model, to_club: str, old: Club, new: Club, *fields: str) -> dict[int, int]:
    label = model._meta.verbose_name_plural
    old_rows = list(model.objects.filter(**{to_club: old}).order_by("id"))
    new_rows = list(model.objects.filter(**{to_club: new}).order_by("id"))
    assert len(old_rows) == len(new_rows), label
    for a, b in zip(old_rows, new_rows, strict=True):
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields], label
    return {a.pk: b.pk for a, b in zip(old_rows, new_rows, strict=True)}


def id_maps(old: Club, new: Club) -> IdMaps:
    return IdMaps(
        players=_pair(Player, "club", old, new, "name"),
        leagues=_pair(League, "club", old, new, "name"),
        seasons=_pair(Season, "league__club", old, new, "name", "starts_on"),
        games=_pair(Game, "club", old, new, "status", "started_at"),
        disputes=_pair(
            Dispute,
            "hand__game__club",
            old,
            new,
            *("status", "opened_at", "record", "ruling", "claim", "reason", "resolution_note"),
        ),
        rulings=_pair(
            HandRuling,
            "dispute__hand__game__club",
            old,
            new,
            *("index", "ruling", "status", "current", "result", "reason", "decided_at"),
        ),
    )


def mapped_table(table: dict[str, Any], maps: IdMaps, new_club: Club) -> dict[str, Any]:
    """A league or club table of the old club with its ids turned into the new club's."""
    table = copy.deepcopy(table)
    if "club" in table:
        table["club"] = new_club.pk
    if "league" in table:
        table["league"] = maps.leagues[table["league"]]
    if table["period"]["season"] is not None:
        table["period"]["season"] = maps.seasons[table["period"]["season"]]
    for row in table["rows"]:
        row["player"] = maps.players[row["player"]]
    # When the copy's ratings were brought up to date is the moment it was imported; both are
    # current (ratings_updating is compared).
    assert table["ratings_as_of"] is not None
    table["ratings_as_of"] = None
    return table


def mapped_scoreboard(board: dict[str, Any], maps: IdMaps) -> dict[str, Any]:
    board = copy.deepcopy(board)
    board["game"] = maps.games[board["game"]]
    for seat in board["seats"]:
        seat["player"] = maps.players[seat["player"]]
    return board


def mapped_refs(value: Any, maps: IdMaps) -> Any:
    """History before/after: the player and dispute ids they name, in the new club's ids."""
    if not isinstance(value, dict):
        return value
    value = dict(value)
    if "player" in value:
        value["player"] = maps.players[value["player"]]
    if "players" in value:
        value["players"] = [maps.players[p] for p in value["players"]]
    if "dispute" in value:
        value["dispute"] = maps.disputes[value["dispute"]]
    if "ruling" in value:
        value["ruling"] = maps.rulings[value["ruling"]]
    return value


def history_rows(
    game: Game, maps: IdMaps | None = None, users: dict[str, str] | None = None
) -> list[tuple]:
    """The game's history; with ``maps`` and ``users``, in the copy's ids and usernames."""
    rows = []
    for entry in selectors.history_of(game):
        before, after = entry.before, entry.after
        if maps is not None:
            before, after = mapped_refs(before, maps), mapped_refs(after, maps)
        actor = entry.actor.username if entry.actor else None
        actor = (users or {}).get(actor, actor)
        rows.append((entry.hand_number, entry.action, actor, entry.at, before, after, entry.reason))
    return rows


def rating_rows(club: Club, maps: IdMaps | None = None) -> list[tuple]:
    rows = []
    for e in RatingEvent.objects.filter(club=club).order_by("at", "game_id", "player_id"):
        player = maps.players[e.player_id] if maps else e.player_id
        game = maps.games[e.game_id] if maps else e.game_id
        rows.append((player, game, e.at, e.mu, e.sigma, e.ordinal, e.change))
    return rows


def tables(club: Club) -> list[dict[str, Any]]:
    """Every table the club shows: each league all-time and per season, and the club's."""
    result = []
    for league in League.objects.filter(club=club).order_by("id"):
        result.append(standings.league_table(league, standings.Period()))
        for season in league.seasons.order_by("id"):
            period = standings.period_for(league=league, season_id=season.pk)
            result.append(standings.league_table(league, period))
    result.append(standings.club_table(club, standings.Period()))
    return result


def assert_same_club(old: Club, new: Club, users: dict[str, str] | None = None) -> IdMaps:
    """The copy shows the same tables, scoreboards, history, seats and ratings as the original;
    ``users``: the copy's username for each of the original's that the import renamed."""
    maps = id_maps(old, new)
    old_tables, new_tables = tables(old), tables(new)
    assert len(old_tables) == len(new_tables) == 4
    for before, after in zip(old_tables, new_tables, strict=True):
        assert before["rows"], "every table has rows"
        assert mapped_table(before, maps, new) == {**after, "ratings_as_of": None}
    for old_id, new_id in maps.games.items():
        old_game, new_game = Game.objects.get(pk=old_id), Game.objects.get(pk=new_id)
        before, after = selectors.scoreboard(old_game), selectors.scoreboard(new_game)
        assert len(before["hands"]) == len(after["hands"])
        for hand_before, hand_after in zip(before["hands"], after["hands"], strict=True):
            assert hand_before == hand_after
        assert mapped_scoreboard(before, maps) == after
        assert (old_game.version, old_game.updated_at) == (new_game.version, new_game.updated_at)
        assert history_rows(old_game, maps, users) == history_rows(new_game)
        seats = ["seat", "total", "place", "is_winner", "points_taken", "moons", "queens", "gems"]
        assert [
            (maps.players[s.pop("player_id")], s)
            for s in GameSeat.objects.filter(game=old_game).values("player_id", *seats)
        ] == [
            (s.pop("player_id"), s)
            for s in GameSeat.objects.filter(game=new_game).values("player_id", *seats)
        ]
    assert rating_rows(old, maps) == rating_rows(new)
    assert rating_rows(new), "the finished games were rated"
    old_merges = PlayerMerge.objects.filter(club=old).order_by("id")
    new_merges = PlayerMerge.objects.filter(club=new).order_by("id")
    assert [(maps.players[m.source_id], maps.players[m.target_id], m.at) for m in old_merges] == [
        (m.source_id, m.target_id, m.at) for m in new_merges
    ]
    assert HistoryEntry.objects.filter(game__club=new).count() == (
        HistoryEntry.objects.filter(game__club=old).count()
    )
    return maps


def canonical(document: dict[str, Any]) -> dict[str, Any]:
    """A backup document with every id replaced by its rank among its kind (and no slug or
    export time), so that a club's export and its copy's export compare equal."""
    doc = copy.deepcopy(document)
    del doc["exported_at"]
    del doc["club"]["id"], doc["club"]["slug"]
    games = doc["games"]
    seasons = [s for league in doc["leagues"] for s in league["seasons"]]
    seats = [s for g in games for s in g["seats"]]
    disputes = [d for g in games for d in g["disputes"]]
    rulings = [r for d in disputes for r in d["rulings"]]

    def ranks(items: list[dict[str, Any]]) -> dict[int | None, int | None]:
        order = sorted(item["id"] for item in items)
        return {None: None} | {old: rank for rank, old in enumerate(order)}

    players, leagues, season_ranks = ranks(doc["players"]), ranks(doc["leagues"]), ranks(seasons)
    game_ranks, seat_ranks, dispute_ranks = ranks(games), ranks(seats), ranks(disputes)
    merge_ranks, ruling_ranks = ranks(doc["player_merges"]), ranks(rulings)
    # History entries by their place in the document: the import writes them game by game.
    entries = [e for g in games for e in g["history"]]
    entry_ranks = {entry["id"]: rank for rank, entry in enumerate(entries)}
    for entry in entries:
        entry["id"] = entry_ranks[entry["id"]]
    _canonical_nights(doc["nights"], players, leagues, game_ranks, entry_ranks, ranks)
    for player in doc["players"]:
        player["id"], player["merged_into"] = players[player["id"]], players[player["merged_into"]]
    for league in doc["leagues"]:
        league["id"] = leagues[league["id"]]
    for season in seasons:
        season["id"] = season_ranks[season["id"]]
    for game in games:
        game["id"] = game_ranks[game["id"]]
        game["league"], game["season"] = leagues[game["league"]], season_ranks[game["season"]]
        for seat in game["seats"]:
            seat["id"], seat["player"] = seat_ranks[seat["id"]], players[seat["player"]]
        for change in game.get("seat_changes", []):
            change["player"], change["replaced"] = (
                players[change["player"]],
                players[change["replaced"]],
            )
        for dispute in game["disputes"]:
            dispute["id"] = dispute_ranks[dispute["id"]]
            for ruling in dispute["rulings"]:
                ruling["id"] = ruling_ranks[ruling["id"]]
        for entry in game["history"]:
            for side in ("before", "after"):
                value = entry[side]
                if not isinstance(value, dict):
                    continue
                if "player" in value:
                    value["player"] = players[value["player"]]
                if "players" in value:
                    value["players"] = [players[p] for p in value["players"]]
                if "dispute" in value:
                    value["dispute"] = dispute_ranks[value["dispute"]]
                if "ruling" in value:
                    value["ruling"] = ruling_ranks[value["ruling"]]
    for merge in doc["player_merges"]:
        merge["id"] = merge_ranks[merge["id"]]
        merge["source"], merge["target"] = players[merge["source"]], players[merge["target"]]
        merge["seats_moved"] = [seat_ranks[s] for s in merge["seats_moved"]]
    return doc


def _canonical_nights(nights, players, leagues, games, entries, ranks) -> None:
    """Every id a night holds replaced by its rank (history entries: their place)."""
    rounds = [r for night in nights for r in night["rounds"]]
    night_ranks, round_ranks = ranks(nights), ranks(rounds)
    for night in nights:
        night["id"], night["league"] = night_ranks[night["id"]], leagues[night["league"]]
        for check_in in night["check_ins"]:
            check_in["player"] = players[check_in["player"]]
        for night_round in night["rounds"]:
            night_round["id"] = round_ranks[night_round["id"]]
            for row in night_round["standings"] or []:
                row["player"] = players[row["player"]]
            for table in night_round["tables"]:
                table["players"] = [players[p] for p in table["players"]]
                table["game"] = games[table["game"]]
        for correction in night["corrections"]:
            correction["entry"] = entries[correction["entry"]]


def row_counts() -> dict[str, int]:
    """Every table's row count of the scoring app, and the users'."""
    counted = [*apps.get_app_config("scoring").get_models(), get_user_model()]
    return {model.__name__: model.objects.count() for model in counted}


def renamed_in(document: dict[str, Any], users: dict[str, str]) -> dict[str, Any]:
    """The document with each username ``users`` renames renamed: what the copy exports."""
    document = copy.deepcopy(document)
    for kind in schema.ROW_KINDS:
        for column in kind.columns:
            if column.writes == schema.USERNAME:
                for _, row in kind.rows_of(document):
                    row[column.key] = users.get(row[column.key], row[column.key])
    return document


def imported_names(document: dict[str, Any], slug: str) -> dict[str, str]:
    """What an import under ``slug`` names each member of ``document`` who has an account
    here already: ``<username>@<slug>``."""
    return {m["username"]: f"{m['username']}@{slug}" for m in document["members"]}
