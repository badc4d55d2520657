"""A night's results (issue 49). A round does not end, nor the night close, while a hand of
it waits (for a confirmation, a query's ruling or a dispute's): the refusal names each, and
the director settles each one, confirming it as director or dropping it, always with a reason,
or waits for the table. The standings are kept as each round ends. Once the night is closed,
no hand of it waits and its correction window has closed, its results are final and told so
(``finalize_nights``, run by ``manage.py sweep``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError
from scoring.models import (
    Club,
    Dispute,
    DisputeStatus,
    EventType,
    Game,
    Night,
    NightRound,
    NightStatus,
    NightTable,
)
from scoring.selectors.night_results import (
    AWAITING,
    QUERIED,
    due_final,
    night_tables,
    unsettled_hands,
)
from scoring.selectors.night_standings import row_state, standings_of
from scoring.services.confirmations import confirm_for_table
from scoring.services.disputes import resolve_dispute
from scoring.services.hands import void_hand
from scoring.services.nights.state import check_open, locked_night, night_event

CONFIRM, DROP = "confirm", "drop"
DECISIONS = (CONFIRM, DROP)
REASON_LENGTH = 500


def waiting_words(unsettled: list[dict[str, Any]]) -> str:
    """The hands that wait, in words: "Table 2, hand 3: awaits confirmation; …"."""
    how = {
        AWAITING: _("Round {round}, {table}, hand {hand}: awaits confirmation"),
        QUERIED: _("Round {round}, {table}, hand {hand}: queried, a director rules"),
    }
    disputed = _("Round {round}, {table}, hand {hand}: disputed, a director rules")
    return "; ".join(
        how.get(h["state"], disputed).format(
            round=h["round"], table=h["table_name"], hand=h["hand"]
        )
        for h in unsettled
    )


def refuse_waiting(tables: Iterable[NightTable], refusal: str) -> None:
    """Refuse (409 ``hands_unsettled``) while a hand of these tables waits: ``refusal`` is the
    sentence, translated, with ``{hands}`` for the list."""
    unsettled = unsettled_hands(tables)
    if unsettled:
        raise Conflict("hands_unsettled", refusal.format(hands=waiting_words(unsettled)), "settle")


def checked_reason(given: object, field: str) -> str:
    """A director's reason, spaces folded: 1 to ``REASON_LENGTH`` characters, else 400
    ``reason_required`` on ``field``."""
    reason = " ".join(str(given or "").split())
    if not reason or len(reason) > REASON_LENGTH:
        raise DomainError(
            "reason_required",
            _("Say why, in 1 to {most} characters: the history keeps it.").format(
                most=REASON_LENGTH
            ),
            field,
        )
    return reason


def apply_decisions(
    tables: list[NightTable], decisions: Iterable[Mapping[str, Any]], actor
) -> None:
    """The director's decisions on waiting hands of these tables, one after another, in the
    caller's transaction; the first refusal undoes them all."""
    for index, decision in enumerate(decisions):
        _settle(tables, decision, actor, f"settle.{index}")


def _settle(tables: list[NightTable], decision: Mapping[str, Any], actor, field: str) -> None:
    """One waiting hand settled: confirmed as the director (a query or a dispute dismissed:
    the entry stands) or dropped (voided, its disputes dismissed), with the reason kept."""
    game_id, number = decision.get("game"), decision.get("hand")
    within = f"{field}." if field else ""
    waiting = {(h["game"], h["hand"]): h for h in unsettled_hands(tables)}
    hand = waiting.get((game_id, number))
    if hand is None:
        raise Conflict(
            "hand_settled",
            _("Game {game} has no hand {hand} waiting at this night: read it again.").format(
                game=game_id, hand=number
            ),
            field or None,
        )
    if decision.get("decision") not in DECISIONS:
        raise DomainError(
            "invalid_decision", _("A waiting hand is confirmed or dropped."), f"{within}decision"
        )
    reason = checked_reason(decision.get("reason"), f"{within}reason")
    if decision["decision"] == DROP:
        void_hand(game_id=game_id, number=number, reason=reason, actor=actor)
    elif hand["state"] == AWAITING:
        confirm_for_table(game_id=game_id, number=number, actor=actor, reason=reason)
    disputes = Dispute.objects.filter(
        hand__game_id=game_id, hand__number=number, status=DisputeStatus.OPEN
    )
    for dispute_id in disputes.order_by("id").values_list("pk", flat=True):
        resolve_dispute(dispute_id=dispute_id, decision="dismiss", note=reason, actor=actor)


@transaction.atomic
def settle_hand(
    *, club: Club, night_id: int, game: int, hand: int, decision: str, reason: str, actor
) -> dict[str, Any]:
    """A waiting hand of the night settled by its director (``_settle``), from the night page
    or the API; returns the hand as it was listed."""
    night = locked_night(night_id, club.pk)
    tables = night_tables(night)
    listed = {(h["game"], h["hand"]): h for h in unsettled_hands(tables)}.get((game, hand))
    _settle(tables, {"game": game, "hand": hand, "decision": decision, "reason": reason}, actor, "")
    return listed


def keep_standings(night: Night, ended: NightRound) -> None:
    """The standings as they stand when round ``ended`` ends, kept on it (the sheet's "after
    round N"), and the round's games touched, so the room's version (the wall's leaders
    follow the standings) moves."""
    latest = standings_of(night)["latest"]
    ended.standings = latest["rows"] if latest else []
    ended.save(update_fields=["standings"])
    touch_games(Game.objects.filter(night_table__round=ended))


def touch_games(games) -> None:
    """The games' ``updated_at`` moved (not their version: nothing of a game changed), so a
    room's version moves with what its night shows."""
    games.update(updated_at=Now())


def finalize_nights(now: datetime | None = None) -> int:
    """Make final the results of every closed night whose correction window has closed and
    no hand of which waits, each in its own transaction: ``final_at`` set and
    ``night.results_final`` told with the final standings. Returns how many."""
    now = now or timezone.now()
    due = Night.objects.filter(status=NightStatus.CLOSED, final_at__isnull=True)
    made = 0
    for night_id in due.order_by("closed_at", "id").values_list("pk", flat=True):
        made += _finalize(night_id, now)
    return made


@transaction.atomic
def _finalize(night_id: int, now: datetime) -> int:
    night = locked_night(night_id)
    tables = night_tables(night)
    if not due_final(night, unsettled_hands(tables), now):
        return 0
    night.final_at = now
    night.save(update_fields=["final_at"])
    touch_games(Game.objects.filter(night_table__in=tables))
    latest = standings_of(night)["latest"]
    rows = [row_state(row) for row in latest["rows"]] if latest else []
    night_event(EventType.NIGHT_RESULTS_FINAL, night, standings=rows)
    return 1


def check_closable(night: Night, decisions: Iterable[Mapping[str, Any]], actor) -> None:
    """Before the night closes: the director's decisions applied, and no hand of any round
    left waiting."""
    check_open(night)
    tables = night_tables(night)
    apply_decisions(tables, decisions, actor)
    refuse_waiting(
        tables,
        _(
            "Hands still wait: {hands}. Settle each (confirm it as director, or drop it, with a "
            "reason), or wait for the tables, before the night closes."
        ),
    )
