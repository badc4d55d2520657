"""Two more seat fixes after the draw (issue 52), beside the swap (seats.py): one player moved
to another table of the round (a free seat there, the table growing by one and theirs
shrinking, both within the night's table sizes), and one table's seats drawn again (its
players in a new order, not a turn of the old one, so each passes to someone new). Before
publishing or once out, at tables that have recorded no hand (a hand stays with the people
who played it); under the night's lock, the round's repeats counted again."""

from __future__ import annotations

import random
from itertools import permutations

from django.db import transaction
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict
from scoring.models import Club, NightRound, NightTable, RoundStatus
from scoring.services.nights.seats import (
    check_free,
    check_unplayed,
    fixed_round,
    reseat_game,
    round_repeats,
)
from scoring.services.nights.state import check_open, locked_night
from scoring.services.nights.substitutes import club_player
from scoring.services.nights.tables import round_changed, table_of


def _recounted(night, fixed: NightRound, touched: list[NightTable], kind: str, players) -> None:
    tables = list(fixed.tables.all())
    fixed.lower_bound, fixed.repeats = round_repeats(night, fixed, tables)
    fixed.planned = 1
    fixed.save(update_fields=["repeats", "lower_bound", "planned"])
    if fixed.status != RoundStatus.PROPOSED:
        round_changed(night, fixed, kind, sorted(t.number for t in touched), players=players)


@transaction.atomic
def move_player(*, club: Club, night_id: int, player: int, table: int, actor) -> NightRound:
    """``player`` (seated this round, or checked in and seated nowhere) takes a free seat at
    ``table``. Refused when it is their table already (same_table), when a table would leave
    the night's sizes (table_size) and at a table with a hand (table_started)."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    fixed = fixed_round(night)
    moving = club_player(club, player, "player")
    target = table_of(fixed, table)
    source = next((t for t in fixed.tables.select_related("game") if moving.pk in t.players), None)
    if source is not None and source.pk == target.pk:
        raise Conflict(
            "same_table",
            _("{player} sits at {table} already.").format(player=moving.name, table=target.name),
            "table",
        )
    if source is None:
        check_free(night, moving, fixed.number)
    sizes = set(night.table_sizes)
    for changed, size in ((target, len(target.players) + 1), (source, None)):
        if changed is not None and (size or len(changed.players) - 1) not in sizes:
            raise Conflict(
                "table_size",
                _("{table} would seat {count}: this night's tables seat {sizes}.").format(
                    table=changed.name,
                    count=size or len(changed.players) - 1,
                    sizes=", ".join(str(s) for s in sorted(sizes)),
                ),
                "table",
            )
    touched = [t for t in (source, target) if t is not None]
    for changed in touched:
        check_unplayed(changed)
    if source is not None:
        source.players = [p for p in source.players if p != moving.pk]
    target.players = [*target.players, moving.pk]
    NightTable.objects.bulk_update(touched, ["players"])
    for changed in touched:
        reseat_game(changed, actor)
    _recounted(night, fixed, touched, "seat_moved", (moving.pk,))
    return fixed


@transaction.atomic
def redraw_table(*, club: Club, night_id: int, table: int, actor) -> NightRound:
    """The seats of ``table`` drawn again: its players in an order no turn of the old one
    gives (so somebody passes to someone new). Refused at a table with a hand."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    fixed = fixed_round(night)
    redrawn = table_of(fixed, table)
    check_unplayed(redrawn)
    old = list(redrawn.players)
    turns = {tuple(old[i:] + old[:i]) for i in range(len(old))}
    others = [list(order) for order in permutations(old) if order not in turns]
    if not others:
        raise Conflict(
            "no_other_draw",
            _("{table} has no other seating.").format(table=redrawn.name),
            "table",
        )
    redrawn.players = random.SystemRandom().choice(others)
    redrawn.save(update_fields=["players"])
    reseat_game(redrawn, actor)
    _recounted(night, fixed, [redrawn], "table_redrawn", ())
    return fixed
