"""How a league ranks its players: the declaration (criterion, tie-breaks, minimum games), its
check, and the ordering it gives. No database here: head-to-head wins come from the caller."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hearts_site.errors import DomainError

# Each criterion and tie-break in words (lazy: read in the request's language, as a real string
# where it reaches JSON); the keys are codes.
CRITERIA: dict[str, Any] = {
    "win_rate": gettext_lazy("higher win rate"),
    "average_place": gettext_lazy("better (lower) average place"),
    "points_per_game": gettext_lazy("fewer points per game"),
    "total_points": gettext_lazy("fewer total points"),
    "rating": gettext_lazy("higher rating"),
}
TIE_BREAKS: dict[str, Any] = {
    **CRITERIA,
    "head_to_head": gettext_lazy("more head-to-head wins among the tied players"),
    "games": gettext_lazy("more games played"),
    "wins": gettext_lazy("more wins"),
    "shared": gettext_lazy("a shared place"),
}
DEFAULT_RANKING: dict[str, Any] = {
    "criterion": "average_place",
    "tie_breaks": ["points_per_game", "head_to_head", "games", "shared"],
    "min_games": 1,
}
RANKING_KEYS = frozenset(DEFAULT_RANKING)
SHARED_WIN_RULE = gettext_lazy(
    "A shared win (co-winners on equal lowest totals) counts as a win for each co-winner."
)


def ranking_of(declared: dict | None) -> dict[str, Any]:
    """A league's ranking declaration, checked; the default fills what it leaves out."""
    if declared is not None and not isinstance(declared, dict):
        raise DomainError(
            "invalid_ranking",
            _("ranking is an object: criterion, tie_breaks, min_games"),
            "ranking",
        )
    ranking = {**DEFAULT_RANKING, **(declared or {})}
    criterion_of(ranking["criterion"], CRITERIA, "invalid_ranking", "ranking.criterion")
    breaks = ranking["tie_breaks"]
    if not isinstance(breaks, list) or any(
        not isinstance(b, str) or b not in TIE_BREAKS for b in breaks
    ):
        raise DomainError(
            "invalid_ranking",
            _("tie_breaks lists some of: {tie_breaks}").format(tie_breaks=", ".join(TIE_BREAKS)),
            "ranking.tie_breaks",
        )
    games = ranking["min_games"]
    if not isinstance(games, int) or isinstance(games, bool) or not 0 <= games <= 10_000:
        raise DomainError(
            "invalid_ranking", _("min_games is a whole number from 0"), "ranking.min_games"
        )
    return {"criterion": ranking["criterion"], "tie_breaks": breaks, "min_games": games}


def criterion_of(value: object, criteria: dict[str, Any], code: str, field: str) -> str:
    """A declared criterion, checked: one of the codes of ``criteria`` (a league's or a night's)."""
    if not isinstance(value, str) or value not in criteria:
        raise DomainError(
            code,
            _("criterion must be one of: {criteria}").format(criteria=", ".join(criteria)),
            field,
        )
    return value


def described(ranking: dict[str, Any]) -> dict[str, Any]:
    """The declaration as a table shows it: its keys, and each in words."""
    return {
        **ranking,
        "criterion_text": str(CRITERIA[ranking["criterion"]]),
        "tie_break_texts": [str(TIE_BREAKS[b]) for b in ranking["tie_breaks"]],
        "shared_wins": str(SHARED_WIN_RULE),
    }


HeadToHead = Callable[[set[int]], dict[tuple[int, int], int]]


_ASCENDING = {"average_place", "points_per_game", "total_points", "scaled_points"}


def _key(name: str, row: dict[str, Any]) -> float:
    value = row.get(name)
    if name == "rating":
        value = value if value is not None else float("-inf")
    number = float(value or 0)
    return number if name in _ASCENDING else -number


def rank(
    rows: list[dict[str, Any]], ranking: dict[str, Any], head_to_head: HeadToHead
) -> list[dict[str, Any]]:
    """Order by the criterion, break ties in the declared order, and say what separated each
    row from the one above; players below ``min_games`` are listed after, as provisional.
    ``head_to_head(players)``: the wins of a over b, keyed (a, b), among those players."""
    eligible = [r for r in rows if r["games"] >= ranking["min_games"]]
    provisional = [r for r in rows if r["games"] < ranking["min_games"]]
    keys = list(dict.fromkeys([ranking["criterion"], *ranking["tie_breaks"]]))
    keys = [key for key in keys if key != "shared"]
    groups = _order(eligible, keys, head_to_head)
    ranked: list[dict[str, Any]] = []
    position = 0
    for group, separated_by in groups:
        position += 1
        rank = position
        for index, row in enumerate(group):
            row["rank"] = rank
            row["provisional"] = False
            row["separated_by"] = separated_by if index == 0 and ranked else None
            if index:
                row["separated_by"] = "shared"
            ranked.append(row)
        position += len(group) - 1
    provisional.sort(key=lambda r: (_key(ranking["criterion"], r), r["name"], r["player"]))
    for row in provisional:
        row.update(rank=None, provisional=True, separated_by=None)
    return ranked + provisional


def _order(rows, keys, head_to_head: HeadToHead):
    """Split tied groups key by key; returns (group, the key that separated it from above).

    ``head_to_head(players)`` is asked once, when its key comes, for the players still tied
    then (often none: the criterion and earlier tie-breaks settle most rows)."""
    result = [(rows, None)] if rows else []
    for key in keys:
        wins = None
        if key == "head_to_head":
            wins = head_to_head(
                {r["player"] for group, _ in result if len(group) > 1 for r in group}
            )
        refined = []
        for group, separated_by in result:
            if len(group) == 1:
                refined.append((group, separated_by))
                continue
            score = _h2h_scores(group, wins) if wins is not None else None

            def value(row, key=key, score=score):
                return -score[row["player"]] if score is not None else _key(key, row)

            ordered = sorted(group, key=lambda r: (value(r), r["name"], r["player"]))
            first = True
            current: list = []
            for row in ordered:
                if current and value(row) != value(current[0]):
                    refined.append((current, separated_by if first else key))
                    first = False
                    current = []
                current.append(row)
            refined.append((current, separated_by if first else key))
        result = refined
    return result


def _h2h_scores(group, wins) -> dict[int, int]:
    players = [r["player"] for r in group]
    return {a: sum(wins.get((a, b), 0) for b in players if b != a) for a in players}
