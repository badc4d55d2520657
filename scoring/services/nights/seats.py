"""A round's seats fixed by its director after the draw (issue 52): two players swapped, or a
player checked in but not seated this round put in a seated player's place (who then sits
this round out, still checked in). Before publishing, the draw's tables change; once out, the
tables' games change too, as long as no hand was recorded at them (a hand stays with the
people who played it). The round's repeats are counted again."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError
from scoring.domain.night_tables import table_ruleset
from scoring.models import (
    CheckIn,
    Club,
    GameSeat,
    GameStatus,
    Hand,
    HistoryEntry,
    NightRound,
    NightTable,
    Player,
    RoundStatus,
)
from scoring.services.nights.state import check_open, locked_night
from scoring.services.nights.tables import round_changed


def fixed_round(night) -> NightRound:
    """The round whose seats may change: the proposed draw, or the round out."""
    found = night.rounds.exclude(status=RoundStatus.OVER).order_by("-number").first()
    if found is None:
        raise Conflict(
            "no_round_out", _("No round is drawn: there are no seats to change."), "players"
        )
    return found


def _two_players(club: Club, players: object) -> list[Player]:
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in players)
        or players[0] == players[1]
    ):
        raise DomainError("two_players", _("Choose two different players."), "players")
    found = {p.pk: p for p in Player.objects.filter(club=club, pk__in=players)}
    if len(found) != 2:
        raise DomainError("unknown_player", _("No such player in this club."), "players")
    return [found[p] for p in players]


@transaction.atomic
def swap_seats(*, club: Club, night_id: int, players: list[int], actor) -> NightRound:
    """The two players change places in the round drawn or out. One of them may be checked in
    and seated nowhere this round: they take the other's place, and the other sits out.
    Refused for a player neither seated nor checked in, for two players sitting out, and at a
    table that has recorded a hand."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    fixed = fixed_round(night)
    first, second = _two_players(club, players)
    tables = list(fixed.tables.select_related("game"))
    where = {p: t for t in tables for p in t.players}
    if first.pk not in where and second.pk not in where:
        raise Conflict(
            "not_seated",
            _("Neither {first} nor {second} sits at a table of round {number}.").format(
                first=first.name, second=second.name, number=fixed.number
            ),
            "players",
        )
    for player in (first, second):
        if player.pk not in where:
            check_free(night, player, fixed.number)
    touched = {t.pk: t for t in (where.get(first.pk), where.get(second.pk)) if t is not None}
    for table in touched.values():
        check_unplayed(table)
        table.players = [
            second.pk if p == first.pk else first.pk if p == second.pk else p for p in table.players
        ]
    NightTable.objects.bulk_update(list(touched.values()), ["players"])
    for table in touched.values():
        reseat_game(table, actor)
    # The draw planned the rounds ahead with these seats: its counts now say this round only.
    fixed.lower_bound, fixed.repeats = round_repeats(night, fixed, tables)
    fixed.planned = 1
    fixed.save(update_fields=["repeats", "lower_bound", "planned"])
    if fixed.status != RoundStatus.PROPOSED:
        numbers = sorted(t.number for t in touched.values())
        round_changed(night, fixed, "seats_swapped", numbers, players=(first.pk, second.pk))
    return fixed


def check_free(night, player: Player, number: int) -> None:
    """A player put into a round must be checked in (a late arrival checked in for the next
    round is brought forward to this one)."""
    entry = CheckIn.objects.filter(night=night, player=player, withdrawn_before=None).first()
    if entry is None:
        raise Conflict(
            "not_checked_in",
            _("{player} is not checked in.").format(player=player.name),
            "players",
        )
    if entry.arrived_before > number:
        entry.arrived_before = number
        entry.save(update_fields=["arrived_before"])


def check_unplayed(table: NightTable) -> None:
    if table.game_id is not None and table.game.status != GameStatus.IN_PROGRESS:
        raise Conflict(
            "table_finished",
            _("{table} has finished its round: nothing is left to change there.").format(
                table=table.name
            ),
            "players",
        )
    if table.game_id is not None and Hand.objects.filter(game_id=table.game_id).exists():
        raise Conflict(
            "table_started",
            _(
                "{table} has recorded a hand: its seats stay with the people who played it. "
                "End the table, or withdraw a player who must leave now."
            ).format(table=table.name),
            "players",
        )


def reseat_game(table: NightTable, actor) -> None:
    """The table's game seated as the table now is (it has no hand: its seats' results are
    all nothing yet), under the league's ruleset at its size, its history saying who sits
    where."""
    if table.game_id is None:
        return
    GameSeat.objects.filter(game_id=table.game_id).delete()
    GameSeat.objects.bulk_create(
        GameSeat(game_id=table.game_id, seat=seat, player_id=player)
        for seat, player in enumerate(table.players)
    )
    sized = {}
    if len(table.players) != len(table.game.totals):  # a move: the ruleset at the new size
        rules = table_ruleset(table.game.ruleset, len(table.players))
        sized = {
            "ruleset": rules.options(),
            "totals": [0] * rules.players,
            "gems": [0] * rules.players if rules.gems else None,
        }
    type(table.game).objects.filter(pk=table.game_id).update(
        version=F("version") + 1, updated_at=timezone.now(), **sized
    )
    HistoryEntry.objects.create(
        game_id=table.game_id,
        action="seats_changed",
        actor=actor,
        after={"players": list(table.players)},
    )


def round_repeats(night, fixed: NightRound, tables: list[NightTable]) -> tuple[int, int]:
    """Pairs meeting again over the rounds out before ``fixed`` (a bound no seating of it can
    go under), and with its tables."""
    earlier = NightTable.objects.filter(round__night=night, round__number__lt=fixed.number).exclude(
        round__status=RoundStatus.PROPOSED
    )
    met: Counter[tuple[int, int]] = Counter()
    for players in earlier.values_list("players", flat=True):
        met.update(combinations(sorted(players), 2))
    before = sum(times - 1 for times in met.values() if times > 1)
    for table in tables:
        met.update(combinations(sorted(table.players), 2))
    return before, sum(times - 1 for times in met.values() if times > 1)
