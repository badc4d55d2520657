"""How a tournament night ranks its players: the night's formula (place points per table, such
as 4-2-1-0, or points per game scaled to a table of 4), its check, and the night's table round
by round, ordered with the league's tie-breaks and words (``ranking.rank``). No database."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hearts_site.errors import DomainError
from scoring.domain.ranking import criterion_of, rank

FORMULAS: dict[str, Any] = {
    "place_points": gettext_lazy("more place points (points for each place at a table)"),
    "scaled_points": gettext_lazy("fewer points per game, scaled to a table of 4"),
}
# Points for places 1, 2, … at a table of each size; a shared place shares its points.
DEFAULT_PLACE_POINTS: dict[str, list[int]] = {
    "3": [4, 2, 0],
    "4": [4, 2, 1, 0],
    "5": [4, 3, 2, 1, 0],
    "6": [5, 4, 3, 2, 1, 0],
}
DEFAULT_FORMULA: dict[str, Any] = {
    "criterion": "place_points",
    "place_points": DEFAULT_PLACE_POINTS,
}


def formula_of(declared: object) -> dict[str, Any]:
    """A night's formula, checked; the default fills what it leaves out."""
    if declared is not None and not isinstance(declared, dict):
        raise DomainError(
            "invalid_formula", _("formula is an object: criterion, place_points"), "formula"
        )
    formula = {**DEFAULT_FORMULA, **(declared or {})}
    if formula.keys() - DEFAULT_FORMULA.keys():
        raise DomainError(
            "invalid_formula", _("formula has criterion and place_points only"), "formula"
        )
    criterion_of(formula["criterion"], FORMULAS, "invalid_formula", "formula.criterion")
    points = formula["place_points"]
    if not isinstance(points, dict):
        raise DomainError(
            "invalid_formula", _("place_points gives a list per table size"), "formula.place_points"
        )
    checked = {}
    for size, places in {**DEFAULT_PLACE_POINTS, **points}.items():
        field = f"formula.place_points.{size}"
        if size not in DEFAULT_PLACE_POINTS:
            raise DomainError("invalid_formula", _("table sizes are 3 to 6"), field)
        if (
            not isinstance(places, list)
            or len(places) != int(size)
            or any(
                not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= 100 for p in places
            )
            or places != sorted(places, reverse=True)
        ):
            raise DomainError(
                "invalid_formula",
                _(
                    "a table of {size} gives {size} whole numbers from 0 to 100, best place first"
                ).format(size=size),
                field,
            )
        checked[size] = places
    return {"criterion": formula["criterion"], "place_points": checked}


def formula_words(formula: dict[str, Any]) -> str:
    """The formula as the night's table says it."""
    if formula["criterion"] == "scaled_points":
        return _("Fewer points per game, each game's points scaled to a table of 4.")
    tables = "; ".join(
        _("table of {size}: {points}").format(size=size, points="-".join(str(p) for p in places))
        for size, places in formula["place_points"].items()
    )
    return _("Place points at each table ({tables}); a shared place shares its points.").format(
        tables=tables
    )


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished game of the night: its round, each seat's player, total and place, and
    the hands it counted."""

    round: int
    players: tuple[int, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    hands: int = 0


def place_points(places: Sequence[int], table: Sequence[int]) -> list[float]:
    """Each seat's points for its place; seats sharing a place share the points of the places
    they cover (two tied first at 4-2-1-0 get 3 each)."""
    shared: list[float] = []
    for place in places:
        tied = sum(1 for p in places if p == place)
        covered = table[place - 1 : place - 1 + tied]
        shared.append(sum(covered) / tied)
    return shared


def night_table(
    results: Iterable[TableResult],
    names: dict[int, str],
    formula: dict[str, Any],
    ranking: dict[str, Any],
    up_to_round: int,
) -> list[dict[str, Any]]:
    """The night's table after round ``up_to_round``: every player named, ranked by the
    formula and then the league's tie-breaks (its ``min_games`` aside: a night ranks all)."""
    rows = {
        player: {
            "player": player,
            "name": name,
            "games": 0,
            "wins": 0,
            "place_points": 0.0,
            "scaled_total": 0.0,
            "total_points": 0,
            "hands": 0,
            "places": 0,
            "rating": None,
        }
        for player, name in names.items()
    }
    wins: dict[tuple[int, int], int] = defaultdict(int)
    for result in results:
        if result.round > up_to_round:
            continue
        points = place_points(result.places, formula["place_points"][str(len(result.players))])
        for seat, player in enumerate(result.players):
            row = rows[player]
            row["games"] += 1
            row["wins"] += result.places[seat] == 1
            row["place_points"] += points[seat]
            row["scaled_total"] += result.totals[seat] * 4 / len(result.players)
            row["total_points"] += result.totals[seat]
            row["hands"] += result.hands
            row["places"] += result.places[seat]
            for other, place in zip(result.players, result.places, strict=True):
                if result.places[seat] == 1 and place != 1:
                    wins[(player, other)] += 1
    for row in rows.values():
        games = row["games"] or 1
        row["place_points"] = round(row["place_points"], 2)
        row["scaled_points"] = round(row.pop("scaled_total") / games, 2)
        row["points_per_game"] = round(row["total_points"] / games, 2)
        row["average_place"] = round(row.pop("places") / games, 2)
    declared = {"criterion": formula["criterion"], "tie_breaks": ranking["tie_breaks"]}
    return rank(
        list(rows.values()),
        {**declared, "min_games": 0},
        lambda players: {k: v for k, v in wins.items() if k[0] in players and k[1] in players},
    )
