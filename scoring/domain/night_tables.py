"""The tables a night may seat: the league's ruleset at another table size (the engine plays 3
to 6), its deck and passes following the size as the preset says. No database."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from adjudication.engine import HeartsError, Ruleset, build_ruleset
from hearts_site.errors import DomainError

TABLE_SIZES = (3, 4, 5, 6)
# Option values the size decides, unless the league changed them from its preset's.
_BY_SIZE = ("players", "removed_cards", "pass_schedule")


def table_ruleset(options: Mapping[str, Any], size: int) -> Ruleset:
    """The league's ruleset (``options``, spelled out) for a table of ``size``: the options
    that follow the player count are the preset's for that count."""
    spelled = dict(options)
    preset = spelled.pop("preset", "standard")
    kept = {k: v for k, v in spelled.items() if k not in _BY_SIZE}
    if size % 2 == 0:  # an even table passes across when the league does
        kept["pass_schedule"] = spelled.get("pass_schedule", ["left", "right", "across", "hold"])
        if spelled.get("players", 4) % 2:  # the league's own (odd) schedule has no across
            del kept["pass_schedule"]
    return build_ruleset(preset, players=size, **kept)


def table_sizes_of(options: Mapping[str, Any], declared: object) -> list[int]:
    """The table sizes a night's draw may use, 4 first when allowed, each checked playable
    under the league's ruleset; at least one."""
    if not isinstance(declared, list) or not declared:
        raise DomainError(
            "invalid_table_sizes", _("table_sizes lists table sizes, such as [4, 5]"), "table_sizes"
        )
    sizes = []
    for index, size in enumerate(declared):
        field = f"table_sizes.{index}"
        if not isinstance(size, int) or isinstance(size, bool) or size not in TABLE_SIZES:
            raise DomainError("invalid_table_sizes", _("A table seats 3 to 6 players."), field)
        try:
            table_ruleset(options, size)
        except HeartsError as exc:
            raise DomainError(
                "table_size_not_playable",
                _("The league's ruleset cannot seat {size}: {reason}.").format(
                    size=size, reason=exc.message
                ),
                field,
            ) from exc
        if size not in sizes:
            sizes.append(size)
    return sorted(sizes, key=lambda s: (s != 4, s))
