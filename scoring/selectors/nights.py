"""A tournament night as its pages, wall and API show it: who checked in, each round's tables
and games, the draw to publish or to sit at, and the night's standings round by round. A fixed
handful of queries whatever the size of the night."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from hearts_site.names import isolated_in
from scoring.domain.night_ranking import FORMULAS, TableResult, formula_words, night_table
from scoring.domain.ranking import TIE_BREAKS, ranking_of
from scoring.models import (
    CheckIn,
    Club,
    GameSeat,
    GameStatus,
    Night,
    NightRound,
    NightStatus,
    NightTable,
    RoundStatus,
)

# How a table's game ended, in words (lazy: a real string where it is read).
END_WORDS = {
    "target_reached": pgettext_lazy("how a game ended", "reached the target"),
    "single_hand": pgettext_lazy("how a game ended", "its single hand"),
    "round_over": pgettext_lazy("how a game ended", "round over"),
    "": "",
}


def club_nights(club: Club) -> QuerySet[Night]:
    return Night.objects.filter(club=club).select_related("league").order_by("-created_at", "-id")


def open_nights(club: Club) -> list[Night]:
    return list(club_nights(club).filter(status=NightStatus.OPEN))


def night_of(club: Club, night_id: int) -> Night | None:
    return club_nights(club).filter(pk=night_id).first()


def _tables(night: Night) -> tuple[list[NightRound], dict[int, list[NightTable]]]:
    rounds = list(night.rounds.order_by("number"))
    tables: dict[int, list[NightTable]] = {r.pk: [] for r in rounds}
    for table in NightTable.objects.filter(round__night=night).select_related("game"):
        tables[table.round_id].append(table)
    for listed in tables.values():
        listed.sort(key=lambda t: t.number)
    return rounds, tables


def _seats(tables: dict[int, list[NightTable]]) -> dict[int, list[GameSeat]]:
    games = [t.game_id for listed in tables.values() for t in listed if t.game_id]
    seats: dict[int, list[GameSeat]] = {g: [] for g in games}
    for seat in GameSeat.objects.filter(game_id__in=games).order_by("game_id", "seat"):
        seats[seat.game_id].append(seat)
    return seats


def _table(table: NightTable, names: dict[int, str], seats: list[GameSeat]) -> dict[str, Any]:
    game = table.game
    by_seat = {s.seat: s for s in seats}
    return {
        "number": table.number,
        "name": table.name,
        "game": table.game_id,
        "game_status": game.status if game else None,
        "end_reason": game.end_reason if game else "",
        "end_words": str(END_WORDS.get(game.end_reason, "")) if game else "",
        "hands_played": game.hands_played if game else 0,
        "seats": [
            {
                "seat": index,
                "player": player,
                "name": names[player]
                if player in names
                else _("Player {player}").format(player=player),
                "total": by_seat[index].total if index in by_seat else None,
                "place": by_seat[index].place if index in by_seat else None,
            }
            for index, player in enumerate(table.players)
        ],
    }


def _results(rounds, tables, seats) -> list[TableResult]:
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
                )
            )
    return results


def quality_words(night_round: NightRound) -> str:
    """The draw's quality in the reader's language: the pairs that meet again over the rounds
    it planned together, claiming "the least possible" only where it was proven."""
    repeats, least = night_round.repeats, night_round.lower_bound
    first, last = night_round.number, night_round.number + night_round.planned - 1
    if repeats == 0:
        if last > first:
            over = _("Over rounds {first} to {last}: no two players meet twice.")
            return over.format(first=first, last=last)
        return _("No two players meet twice.")
    if repeats == least:
        words = ngettext(
            "{count} pair meets twice, the least possible here.",
            "{count} pairs meet twice, the least possible here.",
            repeats,
        ).format(count=repeats)
    elif least == 0:
        words = ngettext("{count} pair meets twice.", "{count} pairs meet twice.", repeats).format(
            count=repeats
        )
    else:
        pairs = ngettext("{count} pair meets twice", "{count} pairs meet twice", repeats)
        words = ngettext(
            "{pairs} (at least {least} is unavoidable).",
            "{pairs} (at least {least} are unavoidable).",
            least,
        ).format(pairs=pairs.format(count=repeats), least=least)
    if last > first:
        return _("Over rounds {first} to {last}: {quality}").format(
            first=first, last=last, quality=words
        )
    return words


def _round(night_round, tables, names, seats) -> dict[str, Any]:
    return {
        "number": night_round.number,
        "status": night_round.status,
        "quality": quality_words(night_round),
        "repeats": night_round.repeats,
        "lower_bound": night_round.lower_bound,
        "minutes": night_round.minutes,
        "hands": night_round.hands,
        "starts_at": night_round.starts_at,
        "ends_at": night_round.ends_at,
        "ended_at": night_round.ended_at,
        "tables": [_table(t, names, seats.get(t.game_id, [])) for t in tables],
    }


def _players_by(
    number: int, check_ins: list[CheckIn], results: list[TableResult], names: dict[int, str]
) -> dict[int, str]:
    """The night's table after round ``number`` lists who had arrived by then, and whoever
    played a game by then (a player back after a withdrawal arrived again later)."""
    played = {p for r in results if r.round <= number for p in r.players}
    arrived = {c.player_id for c in check_ins if c.arrived_before <= number}
    return {p: name for p, name in names.items() if p in played or p in arrived}


def night_detail(night: Night) -> dict[str, Any]:
    """Everything the night's pages and its API show."""
    check_ins = list(CheckIn.objects.filter(night=night).select_related("player"))
    names = {c.player_id: c.player.name for c in check_ins}
    rounds, tables = _tables(night)
    seats = _seats(tables)
    shown = [_round(r, tables[r.pk], names, seats) for r in rounds]
    results = _results(rounds, tables, seats)
    ranking = ranking_of(night.league.ranking)
    finished = [r.number for r in rounds if r.status == RoundStatus.OVER]
    standings = [
        {
            "after_round": n,
            "rows": night_table(
                results, _players_by(n, check_ins, results, names), night.formula, ranking, n
            ),
        }
        for n in finished
    ]
    current = next((r for r in shown if r["status"] != RoundStatus.OVER), None)
    return {
        "night": night,
        "check_ins": [
            {
                "player": c.player_id,
                "name": c.player.name,
                "arrived_before": c.arrived_before,
                "withdrawn_before": c.withdrawn_before,
                "present": c.present,
                "by_self": c.by_self,
            }
            for c in sorted(check_ins, key=lambda c: (c.player.name.casefold(), c.player_id))
        ],
        "present": sum(1 for c in check_ins if c.present),
        "rounds": shown,
        "current": current,
        "rounds_over": len(finished),
        "standings": standings,
        "formula_words": formula_words(night.formula),
        "criterion_words": str(FORMULAS[night.formula["criterion"]]),
        "tie_break_words": [str(TIE_BREAKS[b]) for b in ranking["tie_breaks"] if b in TIE_BREAKS],
    }


def seat_words(current: dict[str, Any] | None, *, isolated: bool = False) -> list[str]:
    """The next draw, one line a player in name order: "Ada: table 3, seat 2" (seats from 1);
    for a page, ``isolated``: each name in ``<bdi>`` (hearts_site/names.py)."""
    if current is None or current["status"] == RoundStatus.PROPOSED:
        return []
    say = isolated_in if isolated else lambda words, **values: words.format(**values)
    lines = [
        (
            seat["name"],
            say(
                _("{name}: table {table}, seat {seat}"),
                name=seat["name"],
                table=table["number"],
                seat=seat["seat"] + 1,
            ),
        )
        for table in current["tables"]
        for seat in table["seats"]
    ]
    return [line for _name, line in sorted(lines, key=lambda pair: pair[0].casefold())]


def standings_order(night: Night) -> list[int]:
    """The players in the order of the night's latest standings (none before a round ends)."""
    standings = night_detail(night)["standings"]
    return [row["player"] for row in standings[-1]["rows"]] if standings else []
