"""A named ruleset (docs/rules.md, Presets): the options it sets, the cards it removes by player
count, and the source it follows. The presets themselves are in rules.py (``PRESETS``) and
family.py (the relatives of Hearts)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .words import gettext as _

#: Removed cards by player count under `standard`: the deck must divide evenly.
STANDARD_REMOVED: Mapping[int, tuple[str, ...]] = MappingProxyType(
    {3: ("2D",), 4: (), 5: ("2D", "2C"), 6: ("2C", "2D", "2S", "3C")}
)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named ruleset (docs/rules.md, Presets): the options it sets and the source text it
    follows."""

    name: str
    title: str
    source: str
    source_text: str
    overrides: Mapping[str, Any]
    removed_by_players: Mapping[int, tuple[str, ...]] = field(
        default_factory=lambda: STANDARD_REMOVED
    )

    def describe(self) -> dict[str, Any]:
        """The preset as a client reads it, its words in the active language."""
        from .rules import build_ruleset  # rules.py builds the presets from this module

        return {
            "name": self.name,
            "title": _(self.title),
            "source": _(self.source),
            "source_text": _(self.source_text),
            "differs_from_standard": dict(self.overrides),
            "ruleset": build_ruleset(self.name).options(),
        }
