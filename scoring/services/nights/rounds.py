"""A night's rounds: drawn (a proposal, with its repeats and their lower bound), published
(the round's games made, one a table, seats in draw order), started (on the server's clock)
and ended."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from hearts_site.errors import Conflict, DomainError, NotFoundError
from scoring.domain.seating import SeatingError, plan_rounds, table_layout
from scoring.models import (
    CheckIn,
    Club,
    EventType,
    Game,
    Night,
    NightRound,
    NightStatus,
    NightTable,
    RoundStatus,
)
from scoring.selectors.access import scorer_players
from scoring.selectors.night_standings import standings_order
from scoring.services.games import create_game
from scoring.services.nights.check_ins import check_night_room
from scoring.services.nights.opening import round_end_of
from scoring.services.nights.results import (
    apply_decisions,
    check_closable,
    keep_standings,
    refuse_waiting,
)
from scoring.services.nights.round_over import end_for_round, still_playing
from scoring.services.nights.state import (
    check_open,
    locked_night,
    night_event,
    refuse_during_round,
    round_state,
    rounds_played,
)


def present_players(night: Night) -> list[int]:
    """Who the next round seats: checked in and not withdrawn, by player id."""
    rows = CheckIn.objects.filter(night=night, withdrawn_before=None)
    return sorted(rows.values_list("player_id", flat=True))


def played_tables(night: Night) -> list[list[list[str]]]:
    """The tables of the rounds already out, as the draw reads its history."""
    rounds = night.rounds.exclude(status=RoundStatus.PROPOSED).prefetch_related("tables")
    return [[[str(p) for p in t.players] for t in r.tables.all()] for r in rounds]


# A draw is made holding no lock, then kept if the night is as it was read; a check-in or a
# withdrawal meanwhile makes it draw again, at most this many times in all.
DRAW_ATTEMPTS = 3


@dataclass(frozen=True)
class DrawAsked:
    """What a draw is made from, read from the night: compared again under its lock."""

    number: int
    players: tuple[int, ...]
    history: tuple
    order: tuple[str, ...] | None
    scorers: frozenset[str] = field(compare=False)


def draw_round(
    *, club: Club, night_id: int, actor, seed: int | None = None, seeded: bool = False
) -> NightRound:
    """The next round's draw, as a proposal the director sees before it is published (a new
    draw replaces it, unlike it when another draw exists: ``_planned``). ``seeded``: the
    leaders together, by the night's standings so far. The draw is pure work, bounded by
    counts (scoring/domain/seating): it is made holding no lock, then kept under the night's
    lock if the night is still as it was read. So a draw never holds the night, and a draw
    whose process dies leaves nothing behind."""
    for _attempt in range(DRAW_ATTEMPTS):
        night = Night.objects.filter(pk=night_id, club_id=club.pk).first()
        if night is None:
            raise NotFoundError("night_not_found", _("No such night."), None)
        asked = _asked(night, seeded)
        used, plan = _planned(night, asked, seed)
        drawn = _kept(club, night_id, asked, plan, seeded, used)
        if drawn is not None:
            return drawn
    raise Conflict(
        "night_changed",
        _("Players were checked in or withdrawn while the round was drawn: draw again."),
        None,
    )


# Drawing again tries this many other seeds for a draw unlike the one proposed.
OTHER_SEEDS = 3


def _planned(night: Night, asked: DrawAsked, seed: int | None):
    """The seed used and its plan. Drawing again (no seed given, a draw proposed) tries the
    seeds after the proposal's until its first round differs, when another exists."""
    proposed = night.rounds.filter(status=RoundStatus.PROPOSED).first()
    if seed is not None or proposed is None:
        seeds = [(night.seed if seed is None else seed) * 1000 + asked.number]
    else:
        seeds = [proposed.seed + step for step in range(1, OTHER_SEEDS + 1)]
    shown = _table_sets([t.players for t in proposed.tables.all()]) if proposed else None
    for tried in seeds:
        plan = _plan(night, asked, tried)
        if _table_sets(plan.rounds[0]) != shown:
            break
    return tried, plan


def _table_sets(tables) -> set[frozenset[str]]:
    return {frozenset(str(p) for p in table) for table in tables}


def _plan(night: Night, asked: DrawAsked, seed: int):
    try:
        return plan_rounds(
            [str(p) for p in asked.players],
            1 if asked.order is not None else night.rounds_planned - asked.number + 1,
            night.table_sizes,
            history=asked.history,
            seed=seed,
            seeded_last=asked.order,
            scorers=asked.scorers,
        )
    except SeatingError as exc:  # the draw is pure Python: its words are translated here
        detail = _(exc.template).format(**exc.params)
        raise DomainError(exc.code, detail, exc.field) from None


def _asked(night: Night, seeded: bool) -> DrawAsked:
    """What the night's next draw is made from, once the night may be drawn."""
    check_open(night)
    refuse_during_round(
        night,
        _("Round {number} is being played: draw the next round between rounds, once it ends."),
    )
    number = rounds_played(night) + 1
    if number > night.rounds_planned:
        done = ngettext(
            "All {count} rounds were played.",
            "All {count} rounds were played.",
            night.rounds_planned,
        )
        raise Conflict("night_rounds_done", done.format(count=night.rounds_planned), None)
    players = present_players(night)
    check_night_room(night, "check_ins", coming=0)
    _check_layout(night, players)
    # The rounds still to play are planned together (fewer repeats over the night); the first
    # is this draw. A seeded round is planned alone: the leaders together now.
    order = None
    if seeded:
        ranked = [p for p in standings_order(night) if p in players]
        order = tuple(str(p) for p in ranked + [p for p in players if p not in ranked])
    history = tuple(tuple(tuple(t) for t in r) for r in played_tables(night))
    scorers = frozenset(str(p) for p in scorer_players(night.club_id, players))
    return DrawAsked(number, tuple(players), history, order, scorers)


@transaction.atomic
def _kept(
    club: Club, night_id: int, asked: DrawAsked, plan, seeded: bool, seed: int
) -> NightRound | None:
    """The plan's first round kept as the night's proposal, under the night's lock, when the
    night is still as ``asked`` read it; else None (draw again)."""
    night = locked_night(night_id, club.pk)
    if _asked(night, seeded) != asked:
        return None
    night.rounds.filter(status=RoundStatus.PROPOSED).delete()
    drawn = NightRound.objects.create(
        night=night,
        number=asked.number,
        repeats=plan.repeats,
        lower_bound=plan.lower_bound,
        planned=len(plan.rounds),
        seed=seed,
    )
    NightTable.objects.bulk_create(
        NightTable(round=drawn, number=index, players=[int(p) for p in table])
        for index, table in enumerate(plan.rounds[0], start=1)
    )
    return drawn


def _check_layout(night: Night, players: list[int]) -> None:
    """Refuse a draw no tables of the night's sizes can seat, saying how many are here."""
    if table_layout(len(players), night.table_sizes) is None:
        # Translators: between table sizes, as in "no tables of 4 or 5 seat them all".
        sizes = _(" or ").join(str(s) for s in night.table_sizes)
        few = len(players) < min(night.table_sizes)
        if few:
            refusal = ngettext(
                "{count} players are checked in: no tables of {sizes} seat them all "
                "(a table needs at least {least}).",
                "{count} players are checked in: no tables of {sizes} seat them all "
                "(a table needs at least {least}).",
                len(players),
            )
        else:
            refusal = ngettext(
                "{count} players are checked in: no tables of {sizes} seat them all.",
                "{count} players are checked in: no tables of {sizes} seat them all.",
                len(players),
            )
        raise DomainError(
            "too_few_players" if few else "no_table_layout",
            refusal.format(count=len(players), sizes=sizes, least=min(night.table_sizes)),
            "check_ins",
        )


def _round(night: Night, status: RoundStatus, doing: str, refusal: str) -> NightRound:
    found = night.rounds.filter(status=status).first()
    if found is None:
        raise Conflict("no_round_to_" + doing, refusal, None)
    return found


@transaction.atomic
def publish_round(*, club: Club, night_id: int, actor) -> NightRound:
    """The proposed draw made public: a game a table, named "Table N", its seats in draw order,
    under the league's ruleset at the table's size."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    drawn = _round(night, RoundStatus.PROPOSED, "publish", _("There is no round to publish."))
    tables = list(drawn.tables.all())
    players = {p.pk: p for p in club.players.filter(pk__in=[p for t in tables for p in t.players])}
    for table in tables:
        table.game = create_game(
            club=club,
            league=night.league,
            players=[players[p] for p in table.players],
            actor=actor,
            table=table.name,
            sized=True,
        )
    NightTable.objects.bulk_update(tables, ["game"])
    drawn.status = RoundStatus.PUBLISHED
    drawn.save(update_fields=["status"])
    night_event(EventType.ROUND_PUBLISHED, night, round=round_state(drawn))
    return drawn


@transaction.atomic
def start_round(
    *,
    club: Club,
    night_id: int,
    actor,
    round_minutes: int | None = None,
    round_hands: int | None = None,
) -> NightRound:
    """The published round starts now, by the server's clock. It ends as the night's rounds
    do, or as given here (minutes or hands, one of the two): a timed round at ``ends_at``,
    when each table finishes the hand in play; a round of hands after its hands."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    if round_minutes is None and round_hands is None:
        round_minutes, round_hands = night.round_minutes, night.round_hands
    minutes, hands = round_end_of(round_minutes, round_hands)
    started = _round(night, RoundStatus.PUBLISHED, "start", _("There is no round to start."))
    started.status = RoundStatus.PLAYING
    started.starts_at = timezone.now()
    started.minutes, started.hands = minutes, hands
    if minutes:
        started.ends_at = started.starts_at + timedelta(minutes=minutes)
    games = started.tables.values_list("game_id", flat=True)
    Game.objects.filter(pk__in=games).update(
        round_ends_at=started.ends_at,
        round_hands=hands,
        version=F("version") + 1,
        updated_at=timezone.now(),
    )
    started.save(update_fields=["status", "starts_at", "ends_at", "minutes", "hands"])
    night_event(EventType.ROUND_STARTED, night, round=round_state(started))
    return started


@transaction.atomic
def end_round(
    *,
    club: Club,
    night_id: int,
    actor,
    now_for_all: bool = False,
    settle: Iterable[Mapping[str, Any]] = (),
) -> NightRound:
    """The round over once its games are: each ends at its target, its round's hands, or with
    the hand in play at the bell, once every hand of it counts. ``now_for_all``: the director
    ends the tables still playing now, at the hands they have. No hand may wait: the refusal
    lists them, and ``settle`` carries the director's decision on each (``results``). The
    standings are kept as they stand now. The last round's end closes the night."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    playing = night.rounds.filter(status__in=(RoundStatus.PLAYING, RoundStatus.PUBLISHED))
    ended = playing.first()
    if ended is None:
        raise Conflict("no_round_to_end", _("No round is being played."), None)
    tables = list(ended.tables.select_related("game", "round"))
    busy = [t for t in tables if still_playing(t.game)]
    if busy and not now_for_all:
        names = ", ".join(t.name for t in busy)
        raise Conflict(
            "tables_still_playing",
            _(
                "Still playing: {names}. Wait for their last hand, or end the round now for them."
            ).format(names=names),
            None,
        )
    last = ended.number >= night.rounds_planned
    if last:  # the night closes too: every round's hands are settled first
        check_closable(night, settle, actor)
    else:
        apply_decisions(tables, settle, actor)
        refuse_waiting(
            tables,
            _(
                "Hands still wait: {hands}. Settle each (confirm it as director, or drop it, "
                "with a reason), or wait for the tables, before the round ends."
            ),
        )
    for table in tables:
        end_for_round(table.game_id, actor)
    ended.status = RoundStatus.OVER
    ended.ended_at = timezone.now()
    ended.save(update_fields=["status", "ended_at"])
    keep_standings(night, ended)
    night_event(EventType.ROUND_ENDED, night, round=round_state(ended))
    if last:
        night.status = NightStatus.CLOSED
        night.closed_at = ended.ended_at
        night.save(update_fields=["status", "closed_at"])
        night_event(EventType.NIGHT_CLOSED, night)
    return ended
