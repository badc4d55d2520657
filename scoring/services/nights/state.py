"""What the night's writes share: the night's row locked, where its rounds stand, its events."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, NotFoundError
from scoring.models import EventType, Night, NightRound, NightStatus, RoundStatus
from scoring.selectors.night_results import FINAL, PROVISIONAL
from scoring.services.events import record_event, row_state

# A round between its publication and its end: its tables are fixed, its games may be played.
UNDER_WAY = (RoundStatus.PUBLISHED, RoundStatus.PLAYING)


def locked_night(night_id: int, club_id: int | None = None) -> Night:
    """The night's row, locked until the transaction ends (every write to a night takes it, so
    check-ins, draws and rounds of one night happen one after another)."""
    nights = Night.objects.select_for_update()
    if club_id is not None:
        nights = nights.filter(club_id=club_id)
    night = nights.filter(pk=night_id).first()
    if night is None:
        raise NotFoundError("night_not_found", _("No such night."), None)
    return night


def check_open(night: Night) -> None:
    if night.status != NightStatus.OPEN:
        raise Conflict(
            "night_closed",
            _("{night} is closed: nothing more can change.").format(night=night.name),
            None,
        )


def latest_round(night: Night) -> NightRound | None:
    return night.rounds.order_by("-number").first()


def round_under_way(night: Night) -> NightRound | None:
    return night.rounds.filter(status__in=UNDER_WAY).first()


def refuse_during_round(night: Night, refusal: str, field: str | None = None) -> None:
    """Refuse while a round's tables are out (published or playing): ``refusal`` is the whole
    sentence, translated, with ``{number}`` for the round's."""
    under_way = round_under_way(night)
    if under_way is not None:
        raise Conflict(
            "round_in_play",
            refusal.format(number=under_way.number),
            field,
        )


def rounds_played(night: Night) -> int:
    """Rounds whose tables went out (published, playing or over): a change now counts from the
    next one."""
    return night.rounds.exclude(status=RoundStatus.PROPOSED).count()


# What an event says of a night and of a round (EventNightSerializer and EventRoundSerializer
# describe each field).
NIGHT_STATE = (
    "id",
    "league",
    "name",
    "status",
    "rounds_planned",
    "round_minutes",
    "round_hands",
    "correction_minutes",
    "closed_at",
    "final_at",
)
ROUND_STATE = ("number", "status", "minutes", "hands", "starts_at", "ends_at", "ended_at")
TABLE_STATE = ("number", "players", "game")


def night_state(night: Night) -> dict[str, Any]:
    """The night as its events say it, with where its results stand: ``final`` once told so
    (``night.results_final``), else ``provisional``."""
    results = FINAL if night.final_at is not None else PROVISIONAL
    return {**row_state(night, NIGHT_STATE), "results": results}


def round_state(night_round: NightRound) -> dict[str, Any]:
    tables = [row_state(table, TABLE_STATE) for table in night_round.tables.all()]
    return {**row_state(night_round, ROUND_STATE), "tables": tables}


def night_event(type: EventType, night: Night, **more: Any) -> None:
    """A night.* or round.* event: the night as it is now, and ``more``."""
    record_event(night.club_id, type, {"night": night_state(night), **more})
