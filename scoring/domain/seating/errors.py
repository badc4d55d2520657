"""The draw's refusals: the engine's error type, so they reach HTTP as any engine refusal does."""

from __future__ import annotations

from typing import Any

from adjudication.engine import HeartsError


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the catalogue (makemessages knows this name) without Django, which
    the draw does not import: the service that calls the draw translates ``template``."""
    return message


class SeatingError(HeartsError):
    """A draw that cannot be made as asked, with a stable code and the field it concerns.

    Codes: ``too_few_players``, ``invalid_table_sizes``, ``no_table_layout``,
    ``invalid_rounds``, ``duplicate_player``, ``invalid_seeded_order``, ``invalid_history``.

    ``template`` is the English sentence with named placeholders, ``params`` their values:
    ``message`` is the two put together, in English.
    """

    def __init__(self, code: str, template: str, field: str | None = None, **params: Any):
        super().__init__(code, template.format(**params) if params else template, field)
        self.template = template
        self.params = params
