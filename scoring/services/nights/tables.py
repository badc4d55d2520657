"""One table of a round changed by its director while the round is out (issue 52): its time
extended with a reason, its game ended now at the hands it has, its seats changed
(``scoring/services/nights/seats.py``). Each under the night's lock, each a ``round.changed``
event (the round as it now is, and the change) and a line of the game's history."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError
from scoring.models import (
    Club,
    EventType,
    Game,
    GameStatus,
    HistoryEntry,
    Night,
    NightRound,
    NightTable,
    RoundStatus,
)
from scoring.services.games import locked_game
from scoring.services.nights.results import checked_reason, refuse_waiting
from scoring.services.nights.round_over import end_for_round, still_playing
from scoring.services.nights.state import (
    UNDER_WAY,
    check_open,
    locked_night,
    night_event,
    round_state,
)

#: The most a director adds to one table's time at once.
MOST_EXTRA_MINUTES = 120


def round_out(night: Night, refusal: str, field: str | None) -> NightRound:
    """The round whose tables are out (published or playing), else 409 ``no_round_out``."""
    found = night.rounds.filter(status__in=UNDER_WAY).first()
    if found is None:
        raise Conflict("no_round_out", refusal, field)
    return found


def table_of(night_round: NightRound, number: object) -> NightTable:
    """The round's table ``number``, else 400 ``unknown_table`` on ``table``."""
    found = None
    if isinstance(number, int) and not isinstance(number, bool):
        found = night_round.tables.select_related("game").filter(number=number).first()
    if found is None:
        raise DomainError(
            "unknown_table",
            _("Round {number} has no such table.").format(number=night_round.number),
            "table",
        )
    return found


def playing_game(table: NightTable) -> Game:
    """The table's game, locked, while it still has hands to play, else 409
    ``table_finished``."""
    game = locked_game(table.game_id, None)
    if game.status != GameStatus.IN_PROGRESS or not still_playing(game):
        raise Conflict(
            "table_finished",
            _("{table} has finished its round: nothing is left to change there.").format(
                table=table.name
            ),
            "table",
        )
    return game


def round_changed(
    night: Night,
    night_round: NightRound,
    kind: str,
    tables: list[int],
    *,
    players: tuple[int, ...] = (),
    minutes: int | None = None,
    reason: str = "",
) -> None:
    """``round.changed``: the round as it now is, and what changed (EventRoundChangeSerializer
    describes each field)."""
    change = {
        "kind": kind,
        "tables": tables,
        "players": list(players),
        "minutes": minutes,
        "reason": reason,
    }
    night_event(EventType.ROUND_CHANGED, night, round=round_state(night_round), change=change)


@transaction.atomic
def extend_table(
    *, club: Club, night_id: int, table: int, minutes: int, reason: str, actor
) -> NightTable:
    """One table of a timed round playing on after the bell: its bell moves ``minutes`` later
    (1 to ``MOST_EXTRA_MINUTES`` at a time, added to any earlier extension), with the
    director's reason. Refused once its round is over or the table has finished."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    playing = night.rounds.filter(status=RoundStatus.PLAYING).first()
    if playing is None:
        raise Conflict(
            "no_round_playing",
            _("No round is on the clock: a table's time is extended once its round started."),
            "table",
        )
    if playing.ends_at is None:
        raise Conflict(
            "round_not_timed",
            _("Round {number} ends after its hands, not at a time: no time to extend.").format(
                number=playing.number
            ),
            "minutes",
        )
    if not isinstance(minutes, int) or isinstance(minutes, bool):
        minutes = 0
    if not 1 <= minutes <= MOST_EXTRA_MINUTES:
        raise DomainError(
            "invalid_minutes",
            _("Extend a table by 1 to {most} minutes.").format(most=MOST_EXTRA_MINUTES),
            "minutes",
        )
    reason = checked_reason(reason, "reason")
    extended = table_of(playing, table)
    game = playing_game(extended)
    bell = (game.round_ends_at or playing.ends_at) + timedelta(minutes=minutes)
    Game.objects.filter(pk=game.pk).update(
        round_ends_at=bell, version=F("version") + 1, updated_at=timezone.now()
    )
    extended.extensions = [*extended.extensions, {"minutes": minutes, "reason": reason}]
    extended.save(update_fields=["extensions"])
    HistoryEntry.objects.create(
        game=game,
        action="table_extended",
        actor=actor,
        before={"round_ends_at": _utc(game.round_ends_at)},
        after={"round_ends_at": _utc(bell), "minutes": minutes},
        reason=reason,
    )
    round_changed(
        night,
        playing,
        kind="table_extended",
        tables=[extended.number],
        minutes=minutes,
        reason=reason,
    )
    return extended


@transaction.atomic
def finish_table(*, club: Club, night_id: int, table: int, reason: str, actor) -> NightTable:
    """One table's game ended now by its director, "round over" at the hands it has (none:
    abandoned), with the reason: a table that cannot play on while the others do. Refused
    while a hand of it waits (settle it first) and once it has finished."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    under_way = round_out(
        night, _("No round is out: a table is ended while its round is out."), "table"
    )
    reason = checked_reason(reason, "reason")
    ended = table_of(under_way, table)
    end_table_now(ended, reason, actor)
    round_changed(night, under_way, "table_finished", [ended.number], reason=reason)
    ended.game.refresh_from_db()  # as it ended: round over, or abandoned without a hand
    return ended


def end_table_now(table: NightTable, reason: str, actor) -> None:
    """The table's game over now (``end_for_round``), its history saying why; in the caller's
    transaction, the night locked."""
    game = playing_game(table)
    refuse_waiting(
        [table],
        _(
            "Hands still wait: {hands}. Settle each (confirm it as director, or drop it, with a "
            "reason) before the table ends."
        ),
    )
    HistoryEntry.objects.create(game=game, action="table_finished", actor=actor, reason=reason)
    end_for_round(game.pk, actor)
    table.finished_at = timezone.now()
    table.save(update_fields=["finished_at"])


def _utc(moment) -> str | None:
    return moment.isoformat() if moment is not None else None
