"""What the night's writes share: the night's row locked, where its rounds stand, its events."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, NotFoundError
from hearts_site.json import utc_text
from scoring.models import EventType, Night, NightRound, NightStatus, RoundStatus
from scoring.services.events import record_event

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


def night_state(night: Night) -> dict[str, Any]:
    return {
        "id": night.pk,
        "league": night.league_id,
        "name": night.name,
        "status": night.status,
        "rounds_planned": night.rounds_planned,
        "round_minutes": night.round_minutes,
        "round_hands": night.round_hands,
    }


def round_state(night_round: NightRound) -> dict[str, Any]:
    def when(moment):
        return utc_text(moment) if moment is not None else None

    return {
        "number": night_round.number,
        "status": night_round.status,
        "minutes": night_round.minutes,
        "hands": night_round.hands,
        "starts_at": when(night_round.starts_at),
        "ends_at": when(night_round.ends_at),
        "ended_at": when(night_round.ended_at),
        "tables": [
            {"number": t.number, "players": list(t.players), "game": t.game_id}
            for t in night_round.tables.all()
        ],
    }


def night_event(type: EventType, night: Night, **more: Any) -> None:
    """A night.* or round.* event: the night as it is now, and ``more``."""
    record_event(night.club_id, type, {"night": night_state(night), **more})
