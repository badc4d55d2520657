"""A night opened for a league (its rounds, how a round ends, its tables and formula), and
closed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from hearts_site.errors import DomainError
from scoring.domain.night_ranking import formula_of
from scoring.domain.night_tables import table_sizes_of
from scoring.models import Club, EventType, League, Night, NightStatus, SubstituteScores
from scoring.models.nights import DEFAULT_CORRECTION_MINUTES
from scoring.services.nights.results import check_closable
from scoring.services.nights.state import check_open, locked_night, night_event, refuse_during_round

MAX_ROUNDS = 20
MAX_ROUND_MINUTES = 600
MAX_ROUND_HANDS = 100
MAX_CORRECTION_MINUTES = 7 * 24 * 60
NAME_LENGTH = Night._meta.get_field("name").max_length


def _whole(value: object, field: str, low: int, high: int, refusal: str) -> int:
    """``value`` when a whole number from ``low`` to ``high``; else refused with ``refusal``, a
    translated sentence with ``{low}`` and ``{high}``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        code = "invalid_round_length" if field.startswith("round_") else f"invalid_{field}"
        raise DomainError(code, refusal.format(low=low, high=high), field)
    return value


def round_end_of(round_minutes: object, round_hands: object) -> tuple[int | None, int | None]:
    """How a round ends: a time in minutes or a number of hands, exactly one, never zero."""
    if (round_minutes is None) == (round_hands is None):
        raise DomainError(
            "round_end_one_way",
            _("A round ends after some minutes or after some hands: give one of the two."),
            "round_minutes",
        )
    if round_minutes is not None:
        minutes = _("A round's minutes is a whole number from {low} to {high}.")
        return _whole(round_minutes, "round_minutes", 1, MAX_ROUND_MINUTES, minutes), None
    hands = _("A round's hands is a whole number from {low} to {high}.")
    return None, _whole(round_hands, "round_hands", 1, MAX_ROUND_HANDS, hands)


def open_night_for_league_id(*, club: Club, league: int, actor, **options) -> Night:
    """``open_night`` from the league's id an API request names: a league of another club
    (which may be private) is refused as one that does not exist."""
    row = League.objects.filter(club=club, pk=league).first()
    if row is None:
        raise DomainError("unknown_league", _("No such league in this club."), "league")
    return open_night(club=club, league=row, actor=actor, **options)


@transaction.atomic
def open_night(
    *,
    club: Club,
    league: League,
    name: str,
    rounds: int,
    actor,
    round_minutes: int | None = None,
    round_hands: int | None = None,
    table_sizes: list[int] | None = None,
    seed: int = 0,
    formula: dict | None = None,
    correction_minutes: int = DEFAULT_CORRECTION_MINUTES,
    substitute_scores: str = SubstituteScores.STARTER,
) -> Night:
    """A night of ``rounds`` rounds for the club's ``league``; tables of 4, and of the other
    ``table_sizes`` when the count needs them (3 and 5 by default, when the league's ruleset
    plays them). Its results stay provisional ``correction_minutes`` after it closes. A seat a
    substitute takes after hands were recorded counts to whom ``substitute_scores`` says."""
    if league.club_id != club.pk:
        raise DomainError("league_not_in_club", _("The league belongs to another club."), "league")
    name = " ".join(str(name or "").split())
    if not name or len(name) > NAME_LENGTH:
        raise DomainError(
            "invalid_name",
            _("A night's name has 1 to {most} characters.").format(most=NAME_LENGTH),
            "name",
        )
    _whole(
        rounds,
        "rounds",
        1,
        MAX_ROUNDS,
        _("The number of rounds is a whole number from {low} to {high}."),
    )
    minutes, hands = round_end_of(round_minutes, round_hands)
    if table_sizes is None:
        table_sizes = [4, 5, 3]
        playable = [s for s in table_sizes if _playable(league, s)]
        table_sizes = playable or [4]
    sizes = table_sizes_of(league.ruleset, table_sizes)
    _whole(seed, "seed", 0, 2**31 - 1, _("The draw's seed is a whole number from {low} to {high}."))
    _whole(
        correction_minutes,
        "correction_minutes",
        0,
        MAX_CORRECTION_MINUTES,
        _("The correction window is a whole number of minutes from {low} to {high}."),
    )
    _check_substitute_scores(substitute_scores)
    night = Night.objects.create(
        club=club,
        league=league,
        name=name,
        rounds_planned=rounds,
        round_minutes=minutes,
        round_hands=hands,
        table_sizes=sizes,
        seed=seed,
        formula=formula_of(formula),
        correction_minutes=correction_minutes,
        substitute_scores=substitute_scores,
        created_by=actor,
    )
    night_event(EventType.NIGHT_OPENED, night, table_sizes=sizes, formula=night.formula)
    return night


def _check_substitute_scores(value: object) -> None:
    """One of ``SubstituteScores``, else 400 on ``substitute_scores``."""
    if value not in SubstituteScores.values:
        raise DomainError(
            "invalid_substitute_scores",
            _("Choose whom a substituted seat counts to: its starter or its finisher."),
            "substitute_scores",
        )


def _playable(league: League, size: int) -> bool:
    try:
        table_sizes_of(league.ruleset, [size])
    except DomainError:
        return False
    return True


@transaction.atomic
def close_night(
    *, club: Club, night_id: int, actor, settle: Iterable[Mapping[str, Any]] = ()
) -> Night:
    """The night closed between rounds: no more check-ins, draws or rounds. No hand of it may
    wait: ``settle`` carries the director's decision on each (``results``)."""
    night = locked_night(night_id, club.pk)
    check_open(night)
    refuse_during_round(
        night, _("Round {number} is being played: close the night between rounds, once it ends.")
    )
    check_closable(night, settle, actor)
    night.rounds.filter(status="proposed").delete()
    night.status = NightStatus.CLOSED
    night.closed_at = timezone.now()
    night.save(update_fields=["status", "closed_at"])
    night_event(EventType.NIGHT_CLOSED, night)
    return night
