"""A tournament night as its pages, wall and API show it: who checked in, each round's tables
and games, the draw to publish or to sit at, and the night's standings round by round. A fixed
handful of queries whatever the size of the night."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from hearts_site.text.names import isolated_in
from scoring.domain.night_ranking import FORMULAS, formula_words
from scoring.domain.ranking import TIE_BREAKS, ranking_of
from scoring.models import (
    CheckIn,
    Club,
    Game,
    GameSeat,
    Hand,
    Night,
    NightRound,
    NightStatus,
    NightTable,
    Player,
    RoundStatus,
)
from scoring.selectors.access import scorer_players
from scoring.selectors.names import pseudonym, shown_player, shown_player_name
from scoring.selectors.night_results import night_results
from scoring.selectors.night_standings import night_data, standings_of
from scoring.selectors.substitutes import change_words, seat_changes

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


def _table(
    table: NightTable,
    names: dict[int, str],
    seats: list[GameSeat],
    scorers: set[int],
    waiting: list[dict],
) -> dict[str, Any]:
    game = table.game
    by_seat = {s.seat: s for s in seats}
    return {
        "number": table.number,
        "name": table.name,
        "has_scorer": any(player in scorers for player in table.players),
        "game": table.game_id,
        "game_status": game.status if game else None,
        "end_reason": game.end_reason if game else "",
        "end_words": str(END_WORDS.get(game.end_reason, "")) if game else "",
        "hands_played": game.hands_played if game else 0,
        "hands_recorded": getattr(table, "hands_recorded", 0),
        "bell": game.round_ends_at if game else None,
        "extensions": table.extensions,
        "extra_minutes": sum(e.get("minutes", 0) for e in table.extensions),
        "finished_at": table.finished_at,
        "unsettled": waiting,
        "seats": [
            {
                "seat": index,
                "player": player,
                "name": _name(names, player),
                "total": by_seat[index].total if index in by_seat else None,
                "place": by_seat[index].place if index in by_seat else None,
                **_counts_to(by_seat.get(index), player, names),
            }
            for index, player in enumerate(table.players)
        ],
    }


def _name(names: dict[int, str], player: int) -> str:
    return shown_player_name(player, names[player]) if player in names else pseudonym(player)


def _counts_to(seat: GameSeat | None, player: int, names: dict[int, str]) -> dict[str, Any]:
    """Whom the seat's game counts to: its player, but a substitute's seat kept for who
    started it (the night's ``substitute_scores``)."""
    counted = seat.player_id if seat is not None else player
    return {"counts_to": counted, "counts_to_name": _name(names, counted)}


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


def scorer_warning(tables: list[dict[str, Any]]) -> str:
    """The tables of a round where nobody can enter hands, in words ("" when there are none)."""
    lacking = [table["name"] for table in tables if not table["has_scorer"]]
    if not lacking:
        return ""
    # Translators: between table names, as in "Nobody at Table 2, Table 5 can enter hands".
    listed = _(", ").join(lacking)
    return ngettext(
        "Nobody at {tables} can enter hands: no player there has a scorer's role in the club. "
        "Give one of them the role, or enter the table's hands yourself.",
        "Nobody at {tables} can enter hands: no player there has a scorer's role in the club. "
        "Give one player at each the role, or enter those tables' hands yourself.",
        len(lacking),
    ).format(tables=listed)


def _round(night_round, tables, names, seats, scorers, waiting) -> dict[str, Any]:
    shown = [
        _table(t, names, seats.get(t.game_id, []), scorers, waiting.get(t.game_id, []))
        for t in tables
    ]
    return {
        "number": night_round.number,
        "status": night_round.status,
        "quality": quality_words(night_round),
        "scorer_warning": scorer_warning(shown),
        "repeats": night_round.repeats,
        "lower_bound": night_round.lower_bound,
        "minutes": night_round.minutes,
        "hands": night_round.hands,
        "starts_at": night_round.starts_at,
        "ends_at": night_round.ends_at,
        "ended_at": night_round.ended_at,
        "tables": shown,
    }


def night_detail(night: Night) -> dict[str, Any]:
    """Everything the night's pages and its API show."""
    data = night_data(night)
    check_ins, names, rounds = data["check_ins"], data["names"], data["rounds"]
    tables, seats = data["tables"], data["seats"]
    seated = {p for listed in tables.values() for t in listed for p in t.players}
    scorers = scorer_players(night.club_id, seated)
    results = night_results(night, [t for listed in tables.values() for t in listed if t.game_id])
    waiting: dict[int, list[dict]] = {}
    for hand in results["unsettled"]:
        waiting.setdefault(hand["game"], []).append(hand)
    shown = [_round(r, tables[r.pk], names, seats, scorers, waiting) for r in rounds]
    ranking = ranking_of(night.league.ranking)
    current = next((r for r in shown if r["status"] != RoundStatus.OVER), None)
    return {
        "night": night,
        "check_ins": [
            _check_in(c)
            for c in sorted(check_ins, key=lambda c: (c.player.name.casefold(), c.player_id))
        ],
        "present": sum(1 for c in check_ins if c.present),
        "rounds": shown,
        "current": current,
        "rounds_over": sum(1 for r in rounds if r.status == RoundStatus.OVER),
        **standings_of(night, data),
        "results": results,
        "formula_words": formula_words(night.formula),
        "criterion_words": str(FORMULAS[night.formula["criterion"]]),
        "tie_break_words": [str(TIE_BREAKS[b]) for b in ranking["tie_breaks"] if b in TIE_BREAKS],
        "substitutions": substitutions(tables),
    }


def substitutions(tables: dict[int, list[NightTable]]) -> list[dict[str, Any]]:
    """The night's seats taken by a substitute after hands were recorded, round by round, each
    with its words: who played which hands, and whom the seat's game counts to."""
    by_game = {t.game_id: t for listed in tables.values() for t in listed if t.game_id}
    found = seat_changes(by_game)
    return [
        {
            "round": by_game[game].round.number,
            "table": by_game[game].number,
            "game": game,
            **change,
            "words": change_words(change),
        }
        for game in sorted(found, key=lambda g: (by_game[g].round.number, by_game[g].number))
        for change in found[game]
    ]


def _check_in(entry: CheckIn) -> dict[str, Any]:
    return {
        "player": entry.player_id,
        "name": shown_player(entry.player),
        "arrived_before": entry.arrived_before,
        "withdrawn_before": entry.withdrawn_before,
        "present": entry.present,
        "by_self": entry.by_self,
    }


def check_in_answer(night: Night, player_id: int) -> dict[str, Any]:
    """What a check-in or withdrawal changed: the player's check-in, how many are present,
    and whether a proposed draw still waits. A few rows whatever the size of the night."""
    entry = CheckIn.objects.select_related("player").get(night=night, player_id=player_id)
    return {
        "check_in": _check_in(entry),
        "present": CheckIn.objects.filter(night=night, withdrawn_before=None).count(),
        "proposed": night.rounds.filter(status=RoundStatus.PROPOSED).exists(),
    }


def seat_words(current: dict[str, Any] | None, *, isolated: bool = False) -> list[str]:
    """The next draw, one line a player in name order: "Ada: table 3, seat 2" (seats from 1);
    for a page, ``isolated``: each name in ``<bdi>`` (hearts_site/text/names.py)."""
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


def night_hands(night: Night) -> dict[int, list[dict[str, Any]]]:
    """Each game of the night's hands, in order, as the sheet prints them: the number, each
    seat's score, whether it is void and whether it counts yet. One query."""
    hands: dict[int, list[dict[str, Any]]] = {}
    rows = Hand.objects.filter(game__night_table__round__night=night).order_by("game_id", "number")
    for game_id, number, scores, void, state in rows.values_list(
        "game_id", "number", "scores", "is_void", "confirmation"
    ):
        hands.setdefault(game_id, []).append(
            {"number": number, "scores": scores, "is_void": void, "confirmation": state}
        )
    return hands


def seat_of(night: Night, player_id: int) -> dict[str, Any] | None:
    """Where a player sits in the night's round now published or being played: the round
    (its clock), the table, the seat (from 0), the game and the others at the table in seat
    order; None while no round is out, or when the player is not at one of its tables."""
    current = (
        night.rounds.filter(status__in=(RoundStatus.PUBLISHED, RoundStatus.PLAYING))
        .order_by("-number")
        .first()
    )
    if current is None:
        return None
    table = next((t for t in current.tables.all() if player_id in t.players), None)
    if table is None:
        return None
    names = dict(Player.objects.filter(pk__in=table.players).values_list("pk", "name"))
    bell = Game.objects.filter(pk=table.game_id).values_list("round_ends_at", flat=True).first()
    return {
        "round": current,
        # The table's own clock: the round's, moved by any extension the director gave it.
        "clock": {
            "number": current.number,
            "status": current.status,
            "ends_at": bell or current.ends_at,
            "hands": current.hands,
        },
        "table": table,
        "seat": table.players.index(player_id),
        "game": table.game_id,
        "others": [shown_player_name(pk, names[pk]) for pk in table.players if pk != player_id],
    }


def fix_choices(detail: dict[str, Any]) -> dict[str, Any]:
    """Who a director may move in the round drawn or out: its seated players (with their
    table), and the players checked in and seated nowhere in it."""
    current = detail["current"]
    tables = current["tables"] if current else []
    seated = [
        {"player": seat["player"], "name": seat["name"], "table": table["name"]}
        for table in tables
        for seat in table["seats"]
    ]
    at_tables = {seat["player"] for seat in seated}
    unseated = [c for c in detail["check_ins"] if c["present"] and c["player"] not in at_tables]
    return {"fix_seated": seated, "fix_unseated": unseated}
