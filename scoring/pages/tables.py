"""The club and league tables as the pages show them: sorted by a column, with the headings'
links (the tables themselves come from scoring.selectors.standings)."""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Page
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from hearts_site.errors import DomainError
from scoring.models import League
from scoring.pages.params import int_param
from scoring.selectors import standings

# (key, heading, title, best first is descending)
# Lazy: a heading is read in the language of the request that renders the table.
LEAGUE_COLUMNS: list[tuple[str, Any, Any, bool]] = [
    ("rank", pgettext_lazy("column head: rank", "#"), gettext_lazy("Rank"), False),
    ("name", pgettext_lazy("column head", "Player"), gettext_lazy("Player"), False),
    ("games", pgettext_lazy("column head: games", "G"), gettext_lazy("Games played"), True),
    ("wins", pgettext_lazy("column head: wins", "W"), gettext_lazy("Wins"), True),
    ("win_rate", pgettext_lazy("column head: win rate", "Win"), gettext_lazy("Win rate"), True),
    (
        "average_place",
        pgettext_lazy("column head: average place", "Avg"),
        gettext_lazy("Average place"),
        False,
    ),
    (
        "points_per_game",
        pgettext_lazy("column head: points per game", "Pts/G"),
        gettext_lazy("Points per game"),
        False,
    ),
    (
        "rating",
        pgettext_lazy("column head", "Rating"),
        gettext_lazy("Rating: estimated skill, less a margin for doubt"),
        True,
    ),
]
SORT_KEYS = {column[0] for column in LEAGUE_COLUMNS}


def league_table(
    league: League, season_id: int | None
) -> tuple[dict[str, Any], int | None, str | None]:
    """The league's table for a season (None: every season), the season it shows, and a notice
    when the season asked for is not the league's, in which case every season is shown."""
    try:
        return standings.kept_league_table(league, season_id), season_id, None
    except DomainError as exc:
        return (
            standings.kept_league_table(league, None),
            None,
            _("{refusal} Showing every season.").format(refusal=exc.detail),
        )


#: The season picker's value for every season (no value at all means the current season).
ALL_SEASONS = "all"


def chosen_season(league: League, raw: str | None) -> int | None:
    """The season the league page shows: the one asked for, every season for ``all``, and
    the season running today when none is asked for (every season when none runs)."""
    if raw is None:
        current = standings.current_season(league)
        return current.pk if current else None
    return None if raw == ALL_SEASONS else int_param(raw)


NO_PLACE = "\N{EN DASH}"


def with_places(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with ``place``: the rank, marked ``=`` on every row that shares it ("3=" on
    both tied rows), a dash for a provisional row."""
    shared = Counter(row["rank"] for row in rows if row.get("rank"))
    return [
        {
            **row,
            "place": f"{row['rank']}{'=' if shared[row['rank']] > 1 else ''}"
            if row.get("rank")
            else NO_PLACE,
        }
        for row in rows
    ]


def page_links(query: QueryDict, games: Page) -> dict[str, str | None]:
    """The links to the newer and the older games, keeping the rest of the query string."""

    def link(number: int) -> str:
        kept = query.copy()
        kept["page"] = str(number)
        return f"?{kept.urlencode()}#games"

    return {
        "newer": link(games.previous_page_number()) if games.has_previous() else None,
        "older": link(games.next_page_number()) if games.has_next() else None,
    }


def sorted_table(
    table: dict[str, Any], sort: str, season_id: int | None, keep_all: bool = False
) -> dict[str, Any]:
    """The ranked and the provisional rows in the order ``sort`` asks for (``-wins``: most
    wins first; anything unknown: rank order), and the headings that sort by each column."""
    key, descending = sort.removeprefix("-"), sort.startswith("-")
    if key not in SORT_KEYS:
        key, descending = "rank", False
    rows = with_places(table["rows"])
    ranked = [row for row in rows if not row["provisional"]]
    provisional = [row for row in rows if row["provisional"]]
    return {
        "ranked": _sorted_rows(ranked, key, descending),
        "provisional": _sorted_rows(provisional, key, descending),
        "headers": _headers(key, descending, season_id or (ALL_SEASONS if keep_all else None)),
        "sort": ("-" if descending else "") + key,
    }


def _sorted_rows(rows: list[dict[str, Any]], key: str, descending: bool) -> list[dict[str, Any]]:
    """Reorder the table's rows for display; a missing value goes last either way."""
    if key == "rank":
        return list(reversed(rows)) if descending else list(rows)

    def value(row):
        v = row.get(key)
        return v.casefold() if isinstance(v, str) else v

    present = [r for r in rows if r.get(key) is not None]
    missing = [r for r in rows if r.get(key) is None]
    return sorted(present, key=value, reverse=descending) + missing


def _headers(key: str, descending: bool, season_id: int | str | None) -> list[dict[str, Any]]:
    """A heading a column, linking to the table sorted by it: the active column's link
    reverses its order, another's puts its best first. The season stays as chosen."""
    base = {"season": season_id} if season_id else {}
    headers = []
    for column, heading, title, best_descending in LEAGUE_COLUMNS:
        active = column == key
        link_descending = not descending if active else best_descending
        query = urlencode({**base, "sort": ("-" if link_descending else "") + column})
        headers.append(
            {
                "key": column,
                "heading": heading,
                "title": title,
                "href": f"?{query}",
                "active": active,
                "aria": ("descending" if descending else "ascending") if active else None,
            }
        )
    return headers
