"""Reads of the adjudication side: presets described for clients."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from adjudication.engine import PRESETS, HeartsError, build_ruleset
from hearts_site.text.numbers import ascii_whole_number


def describe_preset(name: str, players: object = None) -> dict[str, Any]:
    """A preset, its source text and its full option set (for ``players`` seats, if given); its
    words (title, source, source text) in the active language."""
    preset = PRESETS[name]
    overrides: dict[str, Any] = {}
    if players is not None:
        count = ascii_whole_number(str(players).strip(), max_digits=6)
        if count is None:
            message = _("players must be a whole number")
            raise HeartsError("invalid_option", message, "players")
        overrides["players"] = count
    rules = build_ruleset(name, **overrides)
    return {
        "name": preset.name,
        "title": _(preset.title),
        "source": _(preset.source),
        "source_text": _(preset.source_text),
        "differs_from_standard": {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in preset.overrides.items()
        },
        "ruleset": rules.options(),
        "derived": rules.derived(),
    }
