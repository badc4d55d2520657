"""Players: a person at the table, and the merge of two records of one person."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from hearts_site.errors import Conflict, DomainError
from scoring.models import (
    Club,
    Game,
    GameSeat,
    GameStatus,
    HistoryEntry,
    Player,
    PlayerMerge,
    SeatChange,
)
from scoring.services import events, totals
from scoring.services.accounts import carry_link
from scoring.services.versions import results_changed


@transaction.atomic
def create_player(*, club: Club, name: str, user=None) -> Player:
    """A player of ``club``, within its limit (:func:`check_room`)."""
    check_room(club, 1, "name")
    return Player.objects.create(club=club, name=name, user=user)


def check_room(club: Club, adding: int, field: str) -> None:
    """A club has at most ``HEARTS_MAX_CLUB_PLAYERS`` current players (merged records aside):
    its nights, draws and pages are sized for that. Counted under a lock of the club's row,
    so players added at once cannot pass it together."""
    list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True))
    most = settings.HEARTS_MAX_CLUB_PLAYERS
    current = Player.objects.filter(club=club, merged_into__isnull=True).count()
    if current + adding > most:
        words = ngettext(
            "A club has at most {most} players; it has {current}.",
            "A club has at most {most} players; it has {current}.",
            most,
        )
        raise Conflict("too_many_players", words.format(most=most, current=current), field)


def _games_played(player: Player) -> set[int]:
    """The games the player sat in, or played a seat of as a substitute or before one."""
    changes = SeatChange.objects.filter(Q(player=player) | Q(replaced=player))
    return {
        *GameSeat.objects.filter(player=player).values_list("game_id", flat=True),
        *changes.values_list("game_id", flat=True),
    }


def _move_substitutions(source: Player, target: Player) -> None:
    """The seats the source took or left as a substitute (``SeatChange``) follow it to the
    target; refused when both played one game, a seat each (they are two people)."""
    shared = sorted(_games_played(source) & _games_played(target))
    if shared:
        raise Conflict(
            "players_share_a_game",
            _("Both players sat in game {game}: they are two people.").format(game=shared[0]),
            "into",
        )
    SeatChange.objects.filter(player=source).update(player=target)
    SeatChange.objects.filter(replaced=source).update(replaced=target)


@transaction.atomic
def merge_players(*, source: Player, target: Player, actor, reason: str = "") -> PlayerMerge:
    """Two records of one person become one: the source's seats (and its account's link)
    move to the target. Refused when both sat in one game or are linked to two accounts (they
    are two people), or either was merged before."""
    if source.pk == target.pk:
        raise Conflict("same_player", _("A player cannot be merged into itself."), "into")
    # Lock both in id order: A-into-B racing B-into-A must queue, not deadlock.
    pair = Player.objects.select_for_update().filter(pk__in=[source.pk, target.pk])
    locked = {player.pk: player for player in pair.order_by("pk")}
    source, target = locked[source.pk], locked[target.pk]
    if source.club_id != target.club_id:
        raise Conflict("different_clubs", _("Both players must belong to one club."), "into")
    if source.merged_into_id or target.merged_into_id:
        raise Conflict("already_merged", _("One of these players was already merged."), "into")
    seats = GameSeat.objects.filter(player=source)
    game_ids = list(seats.values_list("game_id", flat=True).order_by("game_id"))
    # Lock the games in id order, as every other write to several games does.
    games = list(Game.objects.select_for_update().filter(pk__in=game_ids).order_by("pk"))
    shared = GameSeat.objects.filter(player=target, game_id__in=game_ids).values_list(
        "game_id", flat=True
    )
    if shared:
        raise Conflict(
            "players_share_a_game",
            _("Both players sat in game {game}: they are two people.").format(game=shared[0]),
            "into",
        )
    _move_substitutions(source, target)
    carry_link(source, target)
    moved = list(seats.values_list("pk", flat=True))
    GameSeat.objects.filter(pk__in=moved).update(player=target)
    source.merged_into = target
    source.save(update_fields=["merged_into"])
    merge = PlayerMerge.objects.create(
        club_id=source.club_id,
        source=source,
        target=target,
        seats_moved=moved,
        actor=actor,
        reason=reason,
    )
    for game in games:
        game.version += 1
        game.save(update_fields=["version", "updated_at"])
        HistoryEntry.objects.create(
            game=game,
            action="players_merged",
            actor=actor,
            before={"player": source.pk},
            after={"player": target.pk},
            reason=reason,
        )
    events.players_merged(merge, games)
    finished = [g.finished_at for g in games if g.status == GameStatus.FINISHED]
    if finished:
        totals.players_changed(source.club_id, {source.pk, target.pk})
        results_changed(source.club_id, since=min(finished))
    return merge


@transaction.atomic
def add_players(*, club: Club, names: list[str]) -> list[Player]:
    """Several players of ``club`` at once, all or none: a name given twice, or already a
    current player's here (``Ada`` and ``ada`` are one name), is refused (``duplicate_name``)
    naming it, so that a form sent twice does not seat two Adas. (``create_player`` alone, as
    the API's create uses it, takes any name: an import may need two.) Each name is 1 to 100
    characters with no space around it (``invalid_name``). The club's row is
    locked, so two lists sent at once are checked one after the other."""
    list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk", flat=True))
    seen: set[str] = set()
    current = Player.objects.filter(club=club, merged_into__isnull=True)
    taken = {name.casefold() for name in current.values_list("name", flat=True)}
    length = Player._meta.get_field("name").max_length
    if not names:
        raise DomainError("names_required", _("Give at least one name."), "names")
    for name in names:
        if not name or len(name) > length or name != name.strip():
            raise DomainError(
                "invalid_name",
                _("A name is 1 to {most} characters, not blank.").format(most=length),
                "names",
            )
        key = name.casefold()
        if key in seen or key in taken:
            if key in taken:
                said = _("{name} is a player here already.").format(name=name)
            else:
                said = _("{name} is in the list twice.").format(name=name)
            raise DomainError("duplicate_name", said, "names")
        seen.add(key)
    check_room(club, len(names), "names")
    return [Player.objects.create(club=club, name=name) for name in names]
