"""Leagues (a ruleset and a ranking declaration each) and their seasons."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from adjudication.services import ruleset_for
from hearts_site.errors import Conflict, DomainError
from scoring.domain.ranking import RANKING_KEYS, ranking_of
from scoring.models import Club, League, Season
from scoring.services.versions import tables_changed

CONFIRMATIONS = (0, 1)


def create_league(
    *,
    club: Club,
    name: str,
    ruleset: object,
    ranking: dict | None = None,
    confirmations: int = 0,
) -> League:
    """A league stores its full ruleset, its ranking declaration and who confirms a hand, each
    checked here."""
    rules = ruleset_for(ruleset)
    return League.objects.create(
        club=club,
        name=name,
        ruleset=rules.options(),
        ranking=_checked_ranking(ranking),
        confirmations=_checked_confirmations(confirmations),
    )


def _checked_confirmations(confirmations: object) -> int:
    """0: a hand counts once entered; 1: once a player at another seat confirms it."""
    if type(confirmations) is not int or confirmations not in CONFIRMATIONS:
        raise DomainError(
            "invalid_confirmations",
            _("confirmations is 0 (off) or 1 (one other seated player confirms each hand)."),
            "confirmations",
        )
    return confirmations


@transaction.atomic
def update_league(*, league: League, **changes: Any) -> League:
    """A league's name, ruleset, ranking or confirmations. Its ruleset may change only while it
    has no game: a game keeps the ruleset it started with, so one league's games would
    otherwise be played under two rulesets (start a new league instead). Its own ruleset sent
    again (as a preset name or options) changes nothing.

    The league's row is locked first, as ``create_game`` locks it: a game started meanwhile
    is either seen here or plays the ruleset this change leaves."""
    league = League.objects.select_for_update().get(pk=league.pk)
    if "ruleset" in changes:
        ruleset = ruleset_for(changes.pop("ruleset")).options()
        if ruleset != ruleset_for(league.ruleset).options():
            if league.games.exists():
                raise Conflict(
                    "league_has_games",
                    _(
                        "This league has games, and each game keeps the ruleset it started with "
                        "(its snapshot): its ruleset can no longer change. Start a new league "
                        "with the new ruleset."
                    ),
                    "ruleset",
                )
            changes["ruleset"] = ruleset
    if "ranking" in changes:
        changes["ranking"] = _checked_ranking(changes["ranking"])
    if "confirmations" in changes:  # games already started keep theirs (a snapshot)
        changes["confirmations"] = _checked_confirmations(changes["confirmations"])
    if not changes:
        return league
    for field, value in changes.items():
        setattr(league, field, value)
    league.save()
    tables_changed(league.club_id)
    return league


def create_season(*, league: League, name: str, starts_on, ends_on) -> Season:
    if ends_on < starts_on:
        raise DomainError("season_dates", _("A season ends on or after its start."), "ends_on")
    return Season.objects.create(league=league, name=name, starts_on=starts_on, ends_on=ends_on)


def _checked_ranking(ranking: object) -> dict:
    """The declaration as the league keeps it: only what was declared (the defaults fill the
    rest when a table is ranked), each key checked."""
    if ranking is None:
        return {}
    ranking_of(ranking)  # raises invalid_ranking naming the key
    unknown = sorted(set(ranking) - RANKING_KEYS)
    if unknown:
        raise DomainError(
            "invalid_ranking",
            _("unknown ranking key {key}").format(key=repr(unknown[0])),
            f"ranking.{unknown[0]}",
        )
    return dict(ranking)
