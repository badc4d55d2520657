"""A substitute into a seat of a round's game that has recorded hands (issue 52): a player
checked in and seated nowhere this round plays the seat from the next hand on; the player who
leaves it sits the rest of the round out, or leaves the night (``leaves``). Each hand keeps
who played each seat (``SeatChange``); the seat's game counts to whom the night's
``substitute_scores`` says (docs/rules.md, "A substitute at a table"). At a table with no hand
yet, a substitute is a plain seat change (``swap_seats``).

Under the night's lock, then the game's (at the version the director read, when given);
refused as a whole, nothing written: for a player already seated this round, a player not
checked in, a player who already played another seat of the game, and at a finished table."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError
from scoring.models import (
    Club,
    Game,
    GameSeat,
    Hand,
    HistoryEntry,
    Night,
    NightTable,
    Player,
    SeatChange,
    SubstituteScores,
)
from scoring.services.games import check_version
from scoring.services.nights.check_ins import withdraw
from scoring.services.nights.seats import check_free, round_repeats, swap_seats
from scoring.services.nights.state import check_open, locked_night
from scoring.services.nights.tables import playing_game, round_changed, round_out


def club_player(club: Club, player_id: object, field: str) -> Player:
    found = None
    if isinstance(player_id, int) and not isinstance(player_id, bool):
        found = Player.objects.filter(club=club, pk=player_id).first()
    if found is None:
        raise DomainError("unknown_player", _("No such player in this club."), field)
    return found


@transaction.atomic
def substitute(
    *,
    club: Club,
    night_id: int,
    player: int,
    replaces: int,
    actor,
    leaves: bool = False,
    game_version: int | None = None,
) -> NightTable:
    """``player`` takes ``replaces``'s seat in the round out, from the table's next hand on
    (from its first, a plain seat change, when it has none). ``leaves``: the replaced player
    is withdrawn from the night too (else they sit the round out, still checked in)."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    under_way = round_out(
        night, _("No round is out: a substitute takes a seat while its round is out."), "player"
    )
    incoming = club_player(club, player, "player")
    leaving = club_player(club, replaces, "replaces")
    if incoming.pk == leaving.pk:
        raise DomainError("two_players", _("Choose two different players."), "player")
    tables = list(under_way.tables.select_related("game"))
    table = next((t for t in tables if leaving.pk in t.players), None)
    if table is None:
        raise Conflict(
            "not_seated",
            _("{player} sits at no table of round {number}.").format(
                player=leaving.name, number=under_way.number
            ),
            "replaces",
        )
    seated = next((t for t in tables if incoming.pk in t.players), None)
    if seated is not None:
        raise Conflict(
            "already_seated",
            _("{player} already sits at {table} this round: a player has one seat.").format(
                player=incoming.name, table=seated.name
            ),
            "player",
        )
    check_free(night, incoming, under_way.number)
    game = playing_game(table)
    check_version(game, game_version)
    last = Hand.objects.filter(game=game).aggregate(last=Max("number"))["last"]
    if last is None:
        swap_seats(club=club, night_id=night.pk, players=[leaving.pk, incoming.pk], actor=actor)
    else:
        _substitute_from(night, table, game, incoming, leaving, last + 1, actor)
        under_way.lower_bound, under_way.repeats = round_repeats(night, under_way, tables)
        under_way.planned = 1
        under_way.save(update_fields=["repeats", "lower_bound", "planned"])
        round_changed(
            night,
            under_way,
            "seat_substituted",
            [table.number],
            players=(leaving.pk, incoming.pk),
        )
    if leaves:
        withdraw(club=club, night_id=night.pk, player_id=leaving.pk, actor=actor)
    table.refresh_from_db()
    return table


def _substitute_from(
    night: Night,
    table: NightTable,
    game: Game,
    incoming: Player,
    leaving: Player,
    from_hand: int,
    actor,
) -> None:
    """The seat's change kept from hand ``from_hand``, the table and the game seated as they
    now are, the game's history saying who plays the seat and whom it counts to."""
    seat = table.players.index(leaving.pk)
    others = SeatChange.objects.filter(game=game).exclude(seat=seat)
    played_elsewhere = {
        *GameSeat.objects.filter(game=game).exclude(seat=seat).values_list("player", flat=True),
        *others.values_list("player_id", flat=True),
        *others.values_list("replaced_id", flat=True),
    }
    if incoming.pk in played_elsewhere:  # back in the seat they left is no second seat
        raise Conflict(
            "two_seats",
            _(
                "{player} already played another seat of this game: a player has one seat "
                "of a game."
            ).format(player=incoming.name),
            "player",
        )
    SeatChange.objects.create(
        game=game, seat=seat, from_hand=from_hand, player=incoming, replaced=leaving, by=actor
    )
    counts_to = night.substitute_scores
    if counts_to == SubstituteScores.FINISHER:
        GameSeat.objects.filter(game=game, seat=seat).update(player=incoming)
    table.players = [incoming.pk if p == leaving.pk else p for p in table.players]
    table.save(update_fields=["players"])
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, updated_at=timezone.now())
    HistoryEntry.objects.create(
        game=game,
        hand_number=from_hand,
        action="seat_substituted",
        actor=actor,
        before={"seat": seat, "player": leaving.pk},
        after={
            "seat": seat,
            "player": incoming.pk,
            "from_hand": from_hand,
            "substitute_scores": counts_to,
        },
    )
