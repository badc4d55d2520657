"""The draw's refusals: the engine's error type, so they reach HTTP as any engine refusal does."""

from __future__ import annotations

from adjudication.engine import HeartsError


class SeatingError(HeartsError):
    """A draw that cannot be made as asked, with a stable code and the field it concerns.

    Codes: ``too_few_players``, ``invalid_table_sizes``, ``no_table_layout``,
    ``invalid_rounds``, ``duplicate_player``, ``invalid_seeded_order``, ``invalid_history``.
    """
