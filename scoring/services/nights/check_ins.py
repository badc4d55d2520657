"""Who plays a night: checked in (by a director, or by the player through the wall's QR code)
and withdrawn, at any time while the night is open. A change takes effect from the next round
not yet out, so no round already published or played changes: a late arrival checked in during
round N plays from round N + 1; a player withdrawn during round N plays it out, unless the
director says they leave now (their table's hands stand). A player's own check-in never undoes
a director: not a withdrawal, not a proposed draw."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from hearts_site.errors import Conflict, DomainError
from scoring.models import CheckIn, Club, EventType, Night, NightStatus, Player, RoundStatus
from scoring.services.nights.results import checked_reason
from scoring.services.nights.state import (
    check_open,
    locked_night,
    night_event,
    rounds_played,
)
from scoring.services.nights.tables import end_table_now, round_changed, round_out


def _player(club: Club, player_id: object) -> Player:
    """The club's player, its row locked (after the night's): two nights checking one player in
    at once take turns, so the second sees the first's check-in."""
    if not isinstance(player_id, int) or isinstance(player_id, bool):
        raise DomainError("unknown_player", _("No such player in this club."), "player")
    player = Player.objects.select_for_update().filter(club=club, pk=player_id).first()
    if player is None:
        raise DomainError("unknown_player", _("No such player in this club."), "player")
    if player.merged_into_id:
        raise DomainError(
            "player_merged",
            _("{player} was merged into another record; use that one.").format(player=player.name),
            "player",
        )
    return player


def check_night_room(night: Night, field: str, coming: int = 1) -> None:
    """At most ``HEARTS_MAX_NIGHT_PLAYERS`` players are checked in at a night at once: its
    draws, rounds and pages are sized for that."""
    most = settings.HEARTS_MAX_NIGHT_PLAYERS
    present = CheckIn.objects.filter(night=night, withdrawn_before=None).count()
    if present + coming > most:
        words = ngettext(
            "A night seats at most {most} players; {present} are checked in.",
            "A night seats at most {most} players; {present} are checked in.",
            most,
        )
        raise Conflict("night_full", words.format(most=most, present=present), field)


def _players_changed(
    type: EventType, night: Night, player: Player, from_round: int, **more: object
) -> None:
    """A proposed draw no longer seats who is here: it goes, and the director draws again.
    The change is an event of the night's, from the round it takes effect."""
    night.rounds.filter(status=RoundStatus.PROPOSED).delete()
    night_event(
        type, night, player={"id": player.pk, "name": player.name}, from_round=from_round, **more
    )


@transaction.atomic
def check_in(*, club: Club, night_id: int, player_id: int, actor, by_self: bool = False) -> CheckIn:
    """The player plays from the next round not yet out on. Refused twice, and while the
    player is checked in at another open night; by the player themself (``by_self``), also
    refused after a director withdrew them and while the next round is drawn
    (``refuse_self_check_in``)."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    player = _player(club, player_id)
    elsewhere = (
        CheckIn.objects.filter(player=player, withdrawn_before=None, night__status=NightStatus.OPEN)
        .exclude(night=night)
        .select_related("night")
        .first()
    )
    if elsewhere is not None:
        raise Conflict(
            "checked_in_elsewhere",
            _("{player} is checked in at {night}, still open: withdraw them there first.").format(
                player=player.name, night=elsewhere.night.name
            ),
            "player",
        )
    next_round = rounds_played(night) + 1
    existing = CheckIn.objects.filter(night=night, player=player).first()
    if by_self:
        refuse_self_check_in(night, player, existing)
    if existing is not None and existing.present:
        raise Conflict(
            "already_checked_in",
            _("{player} is already checked in.").format(player=player.name),
            "player",
        )
    check_night_room(night, "player")
    if existing is None:
        entry = CheckIn.objects.create(
            night=night, player=player, arrived_before=next_round, by_self=by_self
        )
    else:  # back after a withdrawal: plays again from the next round
        entry = existing
        entry.withdrawn_before, entry.arrived_before, entry.by_self = None, next_round, by_self
        entry.save(update_fields=["withdrawn_before", "arrived_before", "by_self"])
    _players_changed(EventType.NIGHT_CHECKED_IN, night, player, next_round, by_self=by_self)
    return entry


def refuse_self_check_in(night: Night, player: Player, existing: CheckIn | None) -> None:
    """What a player may not undo from their own phone (the wall's QR code): a director's
    withdrawal (only a director withdraws; a director checks them in again), nor a draw the
    director has proposed, which a check-in would discard (a director's check-in does, on
    purpose; the player checks in once the round ends, or asks the director)."""
    if existing is not None and not existing.present:
        raise Conflict(
            "withdrawn_by_director",
            _(
                "A director withdrew {player} from {night}: ask a director to check you in again."
            ).format(player=player.name, night=night.name),
            "player",
        )
    proposed = night.rounds.filter(status=RoundStatus.PROPOSED).first()
    if proposed is not None:
        raise Conflict(
            "round_drawn",
            _(
                "Round {number} is drawn already: ask a director to check you in, or check in "
                "again once it ends."
            ).format(number=proposed.number),
            "player",
        )


@transaction.atomic
def withdraw(
    *, club: Club, night_id: int, player_id: int, actor, now: bool = False, reason: str = ""
) -> CheckIn:
    """The player leaves before the next round not yet out; the rounds they played stay.
    During a round they play it out, unless ``now``: they leave now, and their table's game
    ends at the hands it has (its hands stand), with the director's reason."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    player = _player(club, player_id)
    entry = CheckIn.objects.filter(night=night, player=player).first()
    if entry is None or not entry.present:
        raise Conflict(
            "not_checked_in", _("{player} is not checked in.").format(player=player.name), "player"
        )
    if now:
        _leave_now(night, player, reason, actor)
    next_round = rounds_played(night) + 1
    entry.withdrawn_before = next_round
    entry.save(update_fields=["withdrawn_before"])
    _players_changed(EventType.NIGHT_WITHDRAWN, night, player, next_round)
    return entry


def _leave_now(night: Night, player: Player, reason: str, actor) -> None:
    """A player gone mid-round: their table of the round out ends now, "round over" at the
    hands it has (``end_table_now``), the reason kept. Refused when no round is out or the
    player sits at none of its tables."""
    under_way = round_out(
        night, _("No round is out: withdraw the player without leaving now."), "now"
    )
    table = next((t for t in under_way.tables.all() if player.pk in t.players), None)
    if table is None:
        raise Conflict(
            "not_seated",
            _("{player} sits at no table of round {number}.").format(
                player=player.name, number=under_way.number
            ),
            "now",
        )
    reason = checked_reason(reason, "reason")
    end_table_now(table, reason, actor)
    round_changed(night, under_way, "table_finished", [table.number], reason=reason)


@transaction.atomic
def check_in_many(*, club: Club, night_id: int, players: list[int], actor) -> list[CheckIn]:
    """Several players checked in by a director at once, in one transaction: each as
    ``check_in``; the first refusal (its field ``players.N``) checks in none of them."""
    if not players or len(set(players)) != len(players):
        raise DomainError("invalid_players", _("Choose each player once."), "players")
    check_night_room(locked_night(night_id, club.pk), "players", coming=len(players))
    entries = []
    for index, player_id in enumerate(players):
        try:
            entries.append(check_in(club=club, night_id=night_id, player_id=player_id, actor=actor))
        except DomainError as refusal:
            refusal.attr = f"players.{index}"
            raise
    return entries
