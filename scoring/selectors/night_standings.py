"""A night's standings, computed here and nowhere else (issue 49): by the night's formula, then
the league's tie-breaks (``night_ranking.night_table``), over the night's finished games.

Two views of them. After each round over, the standings as they stood when the round ended
(kept on the round then, so a later confirmation or correction never rewrites them), with
what has changed since. And the standings now, after the latest round over, counting every
hand that counts now: what the night page, the wall's leaders, the sheet's final table, the
API's ``latest`` and a seeded draw all read, so they give one order."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q

from scoring.domain.night_ranking import TableResult, night_table
from scoring.domain.ranking import ranking_of
from scoring.models import (
    CheckIn,
    GameSeat,
    GameStatus,
    Night,
    NightRound,
    NightTable,
    RoundStatus,
)
from scoring.selectors.names import shown_rows

# What a row of the standings says to an integrator (NightRowOutputSerializer documents each).
ROW_FIELDS = (
    "rank",
    "player",
    "name",
    "games",
    "wins",
    "place_points",
    "scaled_points",
    "total_points",
    "hands",
    "average_place",
    "separated_by",
)


def row_state(row: dict[str, Any]) -> dict[str, Any]:
    return {name: row[name] for name in ROW_FIELDS}


def table_results(rounds, tables, seats) -> list[TableResult]:
    """The night's finished games, round by round (an abandoned game has no result)."""
    results = []
    for night_round in rounds:
        if night_round.status == RoundStatus.PROPOSED:
            continue
        for table in tables[night_round.pk]:
            if table.game is None or table.game.status != GameStatus.FINISHED:
                continue
            kept = seats[table.game_id]
            results.append(
                TableResult(
                    round=night_round.number,
                    players=tuple(s.player_id for s in kept),
                    totals=tuple(s.total for s in kept),
                    places=tuple(s.place or len(kept) for s in kept),
                    hands=table.game.hands_played,
                )
            )
    return results


def _players_by(
    number: int, check_ins: list[CheckIn], results: list[TableResult], names: dict[int, str]
) -> dict[int, str]:
    """The night's table after round ``number`` lists who had arrived by then, and whoever
    played a game by then (a player back after a withdrawal arrived again later)."""
    played = {p for r in results if r.round <= number for p in r.players}
    arrived = {c.player_id for c in check_ins if c.arrived_before <= number}
    return {p: name for p, name in names.items() if p in played or p in arrived}


def criterion_value(night: Night, row: dict[str, Any]) -> float:
    """What ranks a row first: its place points, or its points a game scaled to a table of 4."""
    return row["place_points" if night.formula["criterion"] == "place_points" else "scaled_points"]


def changes(night: Night, kept: list[dict], now: list[dict]) -> list[dict[str, Any]]:
    """The players whose standing after a round moved since it ended: their place and value
    now, and then (None: not in the table then)."""
    then = {row["player"]: row for row in kept}
    moved = []
    for row in now:
        old = then.get(row["player"])
        value = criterion_value(night, row)
        was = None if old is None else criterion_value(night, old)
        if old is None or (old["rank"], was, old["games"]) != (row["rank"], value, row["games"]):
            moved.append(
                {
                    "player": row["player"],
                    "name": row["name"],
                    "rank": row["rank"],
                    "was_rank": None if old is None else old["rank"],
                    "value": value,
                    "was_value": was,
                }
            )
    return moved


def night_standings(
    night: Night,
    rounds: list[NightRound],
    tables: dict[int, list[NightTable]],
    seats: dict[int, list[GameSeat]],
    check_ins: list[CheckIn],
    names: dict[int, str],
) -> dict[str, Any]:
    """``standings``: after each round over, as kept when it ended (a round ended before the
    standings were kept: as it stands now), with ``changes`` since; ``latest``: the standings
    now, after the latest round over (None before a round is over)."""
    results = table_results(rounds, tables, seats)
    ranking = ranking_of(night.league.ranking)
    after, latest = [], None
    for night_round in rounds:
        if night_round.status != RoundStatus.OVER:
            continue
        number = night_round.number
        players = _players_by(number, check_ins, results, names)
        now = night_table(results, players, night.formula, ranking, number)
        kept = night_round.standings if night_round.standings is not None else now
        moved = changes(night, kept, now)
        after.append(
            {
                "after_round": number,
                "ended_at": night_round.ended_at,
                "rows": kept,
                "changes": moved,
                "marked": _marked(kept, moved),
            }
        )
        latest = {
            "after_round": number,
            "rows": now,
            "changes": moved,
            "marked": _marked(now, moved),
        }
    return {"standings": after, "latest": latest}


def _marked(rows: list[dict], moved: list[dict]) -> list[dict]:
    """The rows as the pages show them: each with ``change``, its move since the round ended
    (None when it did not move)."""
    by_player = {change["player"]: change for change in moved}
    return [{**row, "change": by_player.get(row["player"])} for row in rows]


def night_data(night: Night) -> dict[str, Any]:
    """What the night's views are made of, in a fixed handful of queries: its check-ins and
    names, its rounds, their tables (with games) and the games' seats."""
    check_ins = list(CheckIn.objects.filter(night=night).select_related("player"))
    rounds = list(night.rounds.order_by("number"))
    tables: dict[int, list[NightTable]] = {r.pk: [] for r in rounds}
    by_round = {r.pk: r for r in rounds}
    recorded = Count("game__hands", filter=Q(game__hands__is_void=False))
    found = NightTable.objects.filter(round__night=night).select_related("game")
    for table in found.annotate(hands_recorded=recorded):
        table.round = by_round[table.round_id]  # so a table names its round with no query
        tables[table.round_id].append(table)
    for listed in tables.values():
        listed.sort(key=lambda t: t.number)
    games = [t.game_id for listed in tables.values() for t in listed if t.game_id]
    seats: dict[int, list[GameSeat]] = {g: [] for g in games}
    for seat in GameSeat.objects.filter(game_id__in=games).order_by("game_id", "seat"):
        seats[seat.game_id].append(seat)
    return {
        "check_ins": check_ins,
        "names": {c.player_id: c.player.name for c in check_ins},
        "rounds": rounds,
        "tables": tables,
        "seats": seats,
    }


def standings_of(night: Night, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """``night_standings`` of the night (its data read here when not given)."""
    data = night_data(night) if data is None else data
    found = night_standings(
        night, data["rounds"], data["tables"], data["seats"], data["check_ins"], data["names"]
    )
    return {
        "standings": [_named(after) for after in found["standings"]],
        "latest": _named(found["latest"]) if found["latest"] else None,
    }


def _named(standing: dict[str, Any]) -> dict[str, Any]:
    """A standing's rows with their names as the reader may see them (ranked by the stored
    names before: a hidden name moves no row)."""
    shown = {key: shown_rows(standing[key]) for key in ("rows", "changes", "marked")}
    for row in shown["marked"]:
        if row["change"] is not None:
            row["change"] = shown_rows([row["change"]])[0]
    return {**standing, **shown}


def standings_order(night: Night) -> list[int]:
    """The players in the order of the night's standings now (none before a round ends)."""
    latest = standings_of(night)["latest"]
    return [row["player"] for row in latest["rows"]] if latest else []
